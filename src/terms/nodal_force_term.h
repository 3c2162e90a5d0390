#pragma once
// Nonlinear springs and dashpots to ground at single DoFs (system/nodal_force.h, NodalForces),
// dry friction among them, as a term of the line operator.
//
// They enter eq. (8) of Chung & Hulbert as the alpha-average of their forces,
// (1-af) g_{n+1} + af g_n (the form whose second-order accuracy Erlicher, Bonaventura & Bursi,
// Comput. Mech. 28:83-104, 2002, prove). Because their tangent is diagonal on m rows, J stays
// factored and the Newton iteration runs in R^m: with y = y0 - Z c (y0 the linear step's
// solution, Z_j = J^-1 e_{k_j}, made once per step size), a step costs m vector updates.
// With rho_inf = 1 a spring applies instead Gonzalez's discrete gradient, the mean of F over
// [e_n, e_{n+1}] = (Phi(e_{n+1}) - Phi(e_n)) / (e_{n+1} - e_n) (Gonzalez, J. Nonlinear Sci.
// 6:449-467, 1996, eq. (4.5)): its work over the step, times e_{n+1} - e_n, is exactly the change
// of its potential, so T + V is conserved as the trapezoidal rule conserves it for linear springs.
// Dry friction (a dashpot of degree 1) is set-valued at v = 0. Its force acts over the step at
// t_{n+1}, not alpha-averaged (averaging would let a sticking force oscillate about its mean),
// and the step is Moreau's (Moreau, CISM Courses and Lectures 302, 1988): the contact sticks,
// v_{n+1} = 0 exactly, when the force that needs is within c, and slips with F = c sign(v)
// otherwise; an active-set loop around Newton's method settles which (system/stick_slip.h).
#include "system/nodal_force.h"
#include "system/trimmed_column.h"
#include "terms/term_table.h"

#include <memory>

#include <limits>
#include <string>
#include <vector>

namespace hamdyn {

/// Its values in a state (State::terms), element by element in NodalForces' order: the
/// extension and force at t, and the work each has taken from the structure since the start, the
/// sum over steps of the force the step applied times the step's change of extension (a
/// dashpot's dissipated energy).
struct NodalForceState {
  std::vector<double> extensions, forces, work;
};

class NodalForceTerm : public OperatorTerm {
public:
  explicit NodalForceTerm(const SecondOrderSystem& system)
      : system_(system), elements_(system.parts.get<NodalForces>()) {}

  void factored(const TermContext& context, const ImplicitStep& step) override;
  void start(State& s, LA::Vector* residual) override;
  unsigned correct(State& s, const ImplicitStep& step, const TermContext& context,
                   const LA::Vector& r_lin, LA::Vector& y) override;
  bool corrects_steps() const override { return !elements_.elements.empty(); }
  void remember() override { remembered_directions_ = slip_direction_; }
  void revert() override { slip_direction_ = remembered_directions_; }
  /// The springs' int F de, booked step by step over the extensions of each step.
  double stored_energy(const State* previous, const State& now, double stored) const override;
  /// The dashpots' and friction's work F dx, which correct() books over the steps.
  double add_dissipated(const State& now, double dissipated) const override;
  void save(Checkpoint& c) const override;
  void restore(const Checkpoint& c) override;

  /// The first time a nonlinear spring's slope dF/de was negative (NaN: never), and which.
  double first_negative_slope_time() const { return negative_slope_time_; }
  const std::string& first_negative_slope_element() const { return negative_slope_element_; }

private:
  struct ElementStep;
  /// Newton's method on the m equations for given stick/slip states of the friction elements.
  void newton_on_elements(const State& s, const ImplicitStep& step, ElementStep& x) const;

  const SecondOrderSystem& system_;
  const NodalForces& elements_; // none: an empty list
  // Z_j = J^-1 e_{k_j} and S = U^T Z (m x m, row-major), per step size.
  std::vector<TrimmedColumn> z_; // this rank's entries of Z_j, the negligible ones left out
  std::vector<double> s_matrix_;
  // Friction elements: +1 or -1 while slipping that way, 0 while stuck (others: unused).
  std::vector<int> slip_direction_, remembered_directions_;
  double negative_slope_time_ = std::numeric_limits<double>::quiet_NaN();
  std::string negative_slope_element_;
};

/// The kind of the nonlinear springs, dashpots and friction (term_table.h): a term made also
/// without any (it keeps the records a run reports: the first negative slope); a history column
/// per element (its force, named by the element); the records `extensions`, `element_forces` and
/// `element_work`.
TermKind nodal_force_kind();

} // namespace hamdyn
