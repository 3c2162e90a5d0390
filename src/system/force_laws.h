#pragma once
// The laws of point force elements, written once for the line models' nodal forces
// (system/nodal_force.h) and the discrete systems' springs and dashpots (discrete/
// discrete_system.h).
//
// A dashpot of degree p has the force F(v) = c |v|^(p-1) sign(v), the velocity derivative of
// Geradin & Rixen's dissipation function D = c |v|^p / p, homogeneous of degree p (its power
// F v = p D; Mechanical Vibrations, 3rd ed., sec. 1.6). p = 1 is dry (Coulomb) friction,
// set-valued at v = 0 (system/stick_slip.h).
#include <functional>

namespace hamdyn {

struct DashpotLaw {
  double coefficient = 0; // c [N (s/m)^(p-1)]
  double degree = 2;      // p >= 1

  /// c |v|^(p-1) sign(v); 0 at v = 0 (for dry friction, the middle of the set).
  double force(double v) const;
  /// dF/dv = c (p-1) |v|^(p-2), finite for p >= 2.
  double slope(double v) const;
  /// The inverse law v(F) = sign(F) (|F| / c)^(1/(p-1)) and dv/dF, both finite at rest for
  /// 1 < p < 2, where the force law's slope is infinite (Newton's method then solves for v).
  double velocity(double force) const;
  double velocity_slope(double force) const;
};

/// dF/de of a spring law F at e by a central difference with a step relative to |e| and to the
/// element's typical extension e_scale (the law is a user expression, which has no symbolic
/// derivative): about 1e-10 relative accuracy, enough for Newton's quadratic convergence to
/// 1e-10 tolerances.
double law_slope(const std::function<double(double)>& law, double e, double e_scale);

/// Gonzalez's discrete gradient of a spring's potential Phi along its extension (O. Gonzalez,
/// J. Nonlinear Sci. 6:449, 1996, eq. 13 in one variable): the mean force
/// int_0^1 F(e0 + xi (e1 - e0)) dxi = (Phi(e1) - Phi(e0)) / (e1 - e0), finite as e1 -> e0, by
/// 8-point Gauss-Legendre quadrature (exact for polynomial laws up to degree 15, and to round-off
/// for smooth laws over one time step's change of extension). With `d_mean` given, its derivative
/// by e1, int_0^1 xi F'(e0 + xi (e1 - e0)) dxi, from the law's `slope`.
double mean_law(const std::function<double(double)>& law,
                const std::function<double(double)>& slope, double e0, double e1, double* d_mean);

} // namespace hamdyn
