#pragma once
// Natural modes K phi = omega^2 M phi with SLEPc (Krylov-Schur, shift-and-invert, MUMPS).
#include "system/second_order_system.h"

#include <vector>

namespace hamdyn {

struct Modes {
  std::vector<double> omega;      // rad/s, ascending
  std::vector<LA::Vector> shapes; // M-normalized: phi^T M phi = 1
};

/// The n lowest modes. `shift` must lie below the lowest eigenvalue omega^2 (a small negative
/// number makes K - shift M positive definite even with rigid-body modes).
Modes compute_modes(const SecondOrderSystem& system, unsigned int n, double shift);

} // namespace hamdyn
