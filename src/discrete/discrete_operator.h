#pragma once
// A discrete system as the operator of the one generalized-alpha (time/newmark_scheme.h; Chung &
// Hulbert, J. Appl. Mech. 60:371, 1993): nonlinear springs and dashpots, the elements' forces
// alpha-averaged as
// (1 - alpha_f) F(q_n+1, v_n+1) + alpha_f F(q_n, v_n) (Erlicher, Bonaventura & Bursi, Comput.
// Mech. 28:83, 2002), each step solved by Newton's method on a_n+1. The constraints
// C q-dot + d(t) = 0 enter either
//  - with Lagrange multipliers: C q_n+1 = C q_0 - integral_0^t d (the constraint on positions,
//    which C constant makes exact) solved together with the equations of motion for a_n+1 and
//    lambda (the index-3 form, Arnold & Brüls, Multibody Syst. Dyn. 18:185, 2007), or
//  - in Gibbs-Appell form: a = a_p(t) + N z'' with C a_p = -d'(t) and N the constraints' null
//    space, Newton on the live accelerations z'' from N^T (M a + F - Q) = 0, which is
//    dG/dz'' = Q_z of G = 1/2 a^T M a (Naprstek & Fischer, eqs. 4-5); lambda afterwards from
//    C^T lambda = M a + F - Q.
// Both move alike to round-off when d = 0 (the holonomic case); for d != 0 the multipliers hold
// the positions exactly and Gibbs-Appell the accelerations, so they differ at the order of the
// scheme. The lambda a state carries is the one at its time, with the acceleration consistent
// with its q, q-dot (as at t = 0). Dashpots of degree p < 2 act with their force at the step's
// end (Moreau, Nonsmooth Mechanics and Applications, CISM 302, 1988), an unknown of the step.
#include "discrete/discrete_system.h"
#include "time/implicit_step.h"

#include <functional>

namespace hamdyn {

struct DiscreteState {
  double t = 0;
  DenseVector q, v, a, lambda;
  std::vector<double> dashpot_forces; // each dashpot's force (p < 2: an unknown of the step)
  double dissipated = 0, work = 0;    // the ledger's sums [J]
  double driving_work = 0;            // integral of -dL/dt dt, a rheonomic system's [J]
  DenseVector constraint_integral;    // integral_0^t d(s) ds of each constraint
};

class DiscreteOperator {
public:
  using State = DiscreteState;

  explicit DiscreteOperator(const DiscreteSystem& system);
  /// The state at t = 0: the case's q and q-dot, a and lambda from the equations of motion and
  /// C a + d'(0) = 0.
  DiscreteState initial_state();

  /// Newton's method works on the full residual in a_{n+1} (the plain form, q = 0).
  bool allows_displacement_form() const { return false; }
  /// Nothing to factor ahead: J is formed and solved by LU in every Newton iteration (a few
  /// dozen rows at most, and it changes with the elements' tangents).
  void factor(const ImplicitStep& /*step*/) {}
  /// Solves the step for y = -a_{n+1} (time/implicit_step.h), books into s what the step
  /// carries besides q, v and a (lambda at the step's end, the dashpots' forces, the ledger, the
  /// constraints' integral) and corrects q, v and a by `correction`; Gibbs-Appell's state is then
  /// projected back onto the constraints (project_onto_constraints). Throws NewtonFailure leaving
  /// s as it was.
  void implicit_solve(DiscreteState& s, const ImplicitStep& step,
                      const NewmarkCorrection& correction);
  unsigned iterations() const { return iterations_; }
  unsigned most_iterations() const { return iterations_; }
  void remember() { remembered_scale_ = acceleration_scale_; }
  void revert() { acceleration_scale_ = remembered_scale_; }
  void halving_started(const DiscreteState& /*s*/) {}
  void halving_finished(DiscreteState& /*s*/) {}

  /// The largest |a| so far, the scale of Newton's increments (kept in a checkpoint).
  double acceleration_scale() const { return acceleration_scale_; }
  void set_acceleration_scale(double scale) { acceleration_scale_ = scale; }

private:
  // R(a1) = M a_m + F_f - Q_f without the constraint forces, at q1, v1 from a1 by Newmark's
  // update; with `jacobian`, dR/da1.
  DenseVector residual(const NewmarkParameters& p, const DiscreteState& s0, const DenseVector& a1,
                       double h, double t1, DenseMatrix* jacobian, DenseVector& q1,
                       DenseVector& v1) const;
  void project_onto_constraints(DiscreteState& s) const;
  // lambda of the state (q, v) at t: M a + F - Q = C^T lambda with C a + b = 0
  DenseVector end_state_multipliers(const DenseVector& q, const DenseVector& v, double t,
                                    const std::vector<double>& dashpot_forces) const;
  // "; the mass matrix ... is becoming singular ..." when M(q, t)'s smallest eigenvalue has
  // fallen below 1 % of its initial one (a failure's cause, then: the rates grow as M^-1), else ""
  std::string mass_condition(const DenseVector& q, double t) const;
  const DiscreteSystem& system_;
  double initial_smallest_mass_ = 0; // M(q0, 0)'s smallest eigenvalue (with energies)
  DenseMatrix identity_;             // n x n, the momentum rows the multipliers keep
  double step_end_ = 0; // t1 of the last implicit_solve, the time the corrector's state has
  bool links_on_positions_ = false; // Gibbs-Appell's last step held the holonomic links on f
  DenseVector initial_cq_;          // the Equations' c . q(0)
  unsigned iterations_ = 0;
  double acceleration_scale_ = 0, remembered_scale_ = 0;
  std::vector<std::size_t> force_dashpots_; // the dashpots of degree p < 2
};

} // namespace hamdyn
