#pragma once
// Nonlinear force elements between one DoF and ground: a spring whose force F(e) is any law of
// its extension e (the DoF's displacement or rotation), or a dashpot of degree p whose force
// F(v) = c |v|^(p-1) sign(v) is the velocity derivative of Geradin & Rixen's dissipation
// function D = c |v|^p / p, homogeneous of degree p (its power F v = p D; Mechanical
// Vibrations, 3rd ed., sec. 1.6). p = 1 is dry (Coulomb) friction, set-valued at v = 0:
// F in [-c, c] there. They add g(u, v) = sum_k F_k e_k to M a + C v + K u; their tangent sits on
// the diagonal of a few rows, which is what lets a Newton iteration work in the space of these
// elements only (time/newmark_family.cc).
#include <deal.II/base/types.h>

#include <functional>
#include <string>
#include <vector>

namespace hamdyn {

struct NodalForce {
  enum class Kind { spring, dashpot };
  dealii::types::global_dof_index dof;
  std::string name; // its history column
  Kind kind = Kind::spring;
  std::function<double(double)> law;  // spring: F(e) [N or N m]
  double e_scale = 0;                 // spring: a small extension of this element [m or rad]
  double coefficient = 0, degree = 2; // dashpot: c [N (s/m)^(p-1)] and p >= 1

  bool is_dashpot() const { return kind == Kind::dashpot; }
  /// A dashpot of degree 1: Coulomb friction with the set-valued law at v = 0.
  bool is_dry_friction() const { return kind == Kind::dashpot && degree == 1; }
  /// The dashpot's degree p lies in (1, 2): its slope is infinite at v = 0, so Newton's method
  /// solves for the velocity as a function of the force instead (dashpot_velocity).
  bool solved_for_velocity() const { return kind == Kind::dashpot && degree > 1 && degree < 2; }
};

/// dF/de at e by a central difference with a step relative to |e| and to the element's e_scale
/// (the law is a user expression, which has no symbolic derivative): about 1e-10
/// relative accuracy, enough for Newton's quadratic convergence to 1e-10 tolerances.
double force_slope(const NodalForce& spring, double e);

/// int_{e0}^{e1} F de by 8-point Gauss-Legendre quadrature: exact for polynomial laws up to
/// degree 15, and to round-off for smooth laws over one time step's change of extension.
double potential_increment(const NodalForce& spring, double e0, double e1);
/// The same quadrature's mean force int_0^1 F(e0 + xi (e1 - e0)) dxi, which is Gonzalez's
/// discrete gradient (Phi(e1) - Phi(e0)) / (e1 - e0) without the division (finite as e1 -> e0),
/// and, when `slope` is given, its derivative with respect to e1 there.
double mean_force(const NodalForce& spring, double e0, double e1, double* slope);

/// A dashpot's force c |v|^(p-1) sign(v) (0 at v = 0 for dry friction: the set's middle) and its
/// slope c (p-1) |v|^(p-2) (p >= 2).
double dashpot_force(const NodalForce& dashpot, double v);
double dashpot_slope(const NodalForce& dashpot, double v);
/// The inverse law v(F) = sign(F) (|F| / c)^(1/(p-1)) and its slope, smooth for 1 < p < 2.
double dashpot_velocity(const NodalForce& dashpot, double force);
double dashpot_velocity_slope(const NodalForce& dashpot, double force);

} // namespace hamdyn
