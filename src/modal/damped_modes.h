#pragma once
// Damped (complex) modes: the quadratic eigenproblem (lambda^2 M + lambda C + K) x = 0 by SLEPc's
// PEP (TOAR with shift-and-invert), for damping of any distribution (dashpots, oscillators,
// viscous and Rayleigh damping).
#include "system/second_order_system.h"

#include <complex>
#include <vector>

namespace hamdyn {

struct DampedModes {
  /// lambda = -zeta omega + i omega_d, one of each conjugate pair (Im lambda > 0) and each real
  /// (overdamped) eigenvalue, ascending in |lambda|
  std::vector<std::complex<double>> lambda;
  /// the eigenvectors' real and imaginary parts, scaled to a largest |x_i| of 1 (over every DoF)
  /// and rotated so that this entry is real and positive (studies may change the sign of both
  /// parts together: studies/modal_participation.h); zero in held rows
  std::vector<LA::Vector> shapes_re, shapes_im;
};

/// The n eigenvalues nearest the target `shift` [rad/s, real, below every |lambda| that matters:
/// a small negative number keeps K + shift C + shift^2 M regular for a structure free to move]
/// of a system with assembled M and K (Matrices::assembled). Collective.
DampedModes compute_damped_modes(const SecondOrderSystem& s, unsigned int n, double shift);

} // namespace hamdyn
