#pragma once
// Natural modes K phi = omega^2 M phi with SLEPc (Krylov-Schur, shift-and-invert on the line's
// banded factorization), refined in extended precision.
#include "core/failure_message.h"
#include "system/second_order_system.h"

#include <functional>
#include <vector>

namespace hamdyn {

/// K is not positive definite: the structure has a mode with omega^2 < 0 (a compressive preload
/// at or beyond its buckling load). Raised on every rank alike; `lowest` is the lowest
/// eigenvalue found (NaN when the factorization of K - shift M already failed).
struct UnstableSystem : CollectiveFailure {
  UnstableSystem(const std::string& message, double lowest_eigenvalue)
      : CollectiveFailure(message), lowest(lowest_eigenvalue) {}
  double lowest;
};

struct Modes {
  std::vector<double> omega;      // rad/s, ascending
  std::vector<LA::Vector> shapes; // M-normalized: phi^T M phi = 1
  /// Each mode's residual in the energy norm, sqrt(r^T (K - shift M)^-1 r / phi^T K phi) with
  /// r = K phi - omega^2 M phi formed in extended precision; empty for a system without cell
  /// forms (an impulse dual), whose modes are not refined.
  std::vector<double> residual;
};

/// The size of the Krylov basis compute_modes keeps for n modes of a system of `dofs` DoFs.
std::size_t krylov_basis_size(std::size_t n, std::size_t dofs);

/// The n lowest modes. `shift` must lie below the lowest eigenvalue omega^2 (a small negative
/// number makes K - shift M positive definite even with rigid-body modes). For a system with cell
/// forms the eigensolver's pairs are refined (modal/mode_refinement.h): the frequencies keep the
/// discretization's digits at every mesh, where the shift-and-invert solve alone loses
/// eps * cond(K) (~eps N^4 for a beam).
/// `converged` (when given) is told the number of eigenpairs SLEPc has converged so far, after
/// each of its restarts, and `refining` when the refinement of that many pairs starts (progress
/// lines: thousands of modes take minutes).
Modes compute_modes(const SecondOrderSystem& system, unsigned int n, double shift,
                    const std::function<void(unsigned long)>& converged = {},
                    const std::function<void(std::size_t)>& refining = {});

} // namespace hamdyn
