#pragma once
// A discrete system as a case file describes it (`Model/Type = discrete`, section `Discrete
// system` and `Constraints`): named generalized coordinates q, inertias whose displacement is a
// linear combination d . q of them, force elements (springs of any law F(e) and dashpots of
// degree p) whose extension is e = d . q, forces in t acting along d . q, and linear constraints
// sum_i c_i q-dot_i + d(t) = 0 (Naprstek & Fischer, eq. 2, with constant c), and links f(q, t) = 0
// or C(q, t) . q-dot + D(q, t) = 0 as expressions. Every seed of
// ../theory (Rimrott & Tabarrok's chains, Stutts' Examples 3.1/3.2 and gear train) is a short
// case in this form: T = 1/2 sum m (d . q-dot)^2, V = sum integral_0^e F de, and Lagrange's
// equations M q'' + sum d F(e) + sum d F_d(d . q-dot) = sum d f(t) + C^T lambda. Beside them, or
// instead, the energies as expressions of the coordinates (core/lagrange_equations.h): point
// masses at positions r(q, t), gravity, T(q, q-dot, t), V(q, t), D(q, q-dot, t) and generalized
// forces, whose equations add M(q, t) q'' + g(q, q-dot, t) to the elements'.
#include "core/expression.h"
#include "core/lagrange_equations.h"
#include "core/link_equations.h"

#include <memory>

#include <string>
#include <vector>

namespace hamdyn {

class ParameterFile;

/// An inertia, force element, force or constraint: its name and incidence row d over the
/// coordinates.
struct DiscreteItem {
  std::string name;
  std::vector<double> row;
};

struct DiscreteInertia : DiscreteItem {
  double value; // kg (a point mass) or kg m^2 (a rotary inertia)
};
struct DiscreteSpring : DiscreteItem {
  ExpressionPtr law;     // F(e) [N or N m], the force the element carries at extension e
  double e_scale = 1e-6; // a typical extension, for the law's numerical slope
};
struct DiscreteDashpot : DiscreteItem {
  double coefficient, degree; // F = c |v|^(p-1) sign(v), D = c |v|^p / p (Geradin & Rixen 1.6)
};
struct DiscreteForce : DiscreteItem {
  ExpressionPtr force; // f(t) [N or N m], a generalized force f d
};
struct DiscreteConstraint : DiscreteItem {
  ExpressionPtr rate; // d(t) in c . q-dot + d(t) = 0 [coordinate units / s]
};

enum class ConstraintMethod { multipliers, gibbs_appell };

struct DiscreteCase {
  std::vector<std::string> coordinates;
  std::vector<DiscreteInertia> inertias;
  std::vector<DiscreteSpring> springs;
  std::vector<DiscreteDashpot> dashpots;
  std::vector<DiscreteForce> forces;
  std::vector<DiscreteConstraint> constraints;
  ConstraintMethod method = ConstraintMethod::multipliers;
  std::vector<double> initial_q, initial_v;
  /// Points, gravity, T, V, D and generalized forces as expressions (Lagrange's equations with
  /// exact derivatives); null when the case has none of them.
  std::shared_ptr<const LagrangeEquations> energies;
  /// Holonomic links f(q, t) = 0 and non-holonomic links linear in the rates, as expressions
  /// (core/link_equations.h); null when the case has none. They follow the Equations in every
  /// list of constraints (rows of C, multipliers, history columns).
  std::shared_ptr<const LinkEquations> links;
  std::size_t n() const { return coordinates.size(); }
  std::size_t n_links() const { return links ? links->size() : 0; }
  /// The Equations' names, then the links'.
  std::vector<std::string> constraint_names() const;
};

/// Declares the `Discrete system` and `Constraints` entries (neutral defaults: nothing).
void declare_discrete_parameters(ParameterFile& f);

/// Reads and checks them: malformed or repeated names, elements on unknown coordinates, a mass
/// matrix that is singular on the motions the constraints allow, dependent constraints, initial
/// rates that break a constraint are InputError (exit 2), naming the parameter and the value.
DiscreteCase parse_discrete_case(const ParameterFile& f);

} // namespace hamdyn
