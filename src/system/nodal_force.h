#pragma once
// Nonlinear force elements between one DoF and ground: a spring whose force F(e) is any law of
// its extension e (the DoF's displacement or rotation), or a dashpot of degree p (the laws:
// system/force_laws.h; p = 1 is dry friction, F in [-c, c] at v = 0). They add
// g(u, v) = sum_k F_k e_k to M a + C v + K u; their tangent sits on the diagonal of a few rows,
// which is what lets a Newton iteration work in the space of these elements only
// (terms/nodal_force_term.cc).
#include "system/force_laws.h"

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
  std::function<double(double)> law;         // spring: F(e) [N or N m]
  double e_scale = 0;                        // spring: a small extension of this element [m or rad]
  std::function<double(double)> exact_slope; // spring: dF/de, where the law has it exactly
  double coefficient = 0, degree = 2;        // dashpot: c [N (s/m)^(p-1)] and p >= 1
  std::string unit = "N";                    // of its force in history_units.csv ("N m": a moment)

  bool is_dashpot() const { return kind == Kind::dashpot; }
  /// A dashpot of degree 1: Coulomb friction with the set-valued law at v = 0.
  bool is_dry_friction() const { return kind == Kind::dashpot && degree == 1; }
  /// The dashpot's degree p lies in (1, 2): its slope is infinite at v = 0, so Newton's method
  /// solves for the velocity as a function of the force instead (dashpot_velocity).
  bool solved_for_velocity() const { return kind == Kind::dashpot && degree > 1 && degree < 2; }
  DashpotLaw dashpot() const { return {coefficient, degree}; }
  /// A spring's dF/de at e: exact where the law has an exact derivative, else a central
  /// difference (force_laws.h).
  double slope(double e) const { return exact_slope ? exact_slope(e) : law_slope(law, e, e_scale); }
};

/// The nonlinear springs and dashpots of a system (SecondOrderSystem::parts; the same list on
/// every rank): g(u, v) = sum_k F_k(u_k or v_k) e_k joins the operator's forces.
struct NodalForces {
  std::vector<NodalForce> elements;
  /// Each element's DoF, in the list's order.
  std::vector<dealii::types::global_dof_index> dofs() const;
};

/// int_{e0}^{e1} F de by 8-point Gauss-Legendre quadrature: exact for polynomial laws up to
/// degree 15, and to round-off for smooth laws over one time step's change of extension.
double potential_increment(const NodalForce& spring, double e0, double e1);
/// The same quadrature's mean force int_0^1 F(e0 + xi (e1 - e0)) dxi, which is Gonzalez's
/// discrete gradient (Phi(e1) - Phi(e0)) / (e1 - e0) without the division (finite as e1 -> e0),
/// and, when `slope` is given, its derivative with respect to e1 there.
double mean_force(const NodalForce& spring, double e0, double e1, double* slope);

} // namespace hamdyn
