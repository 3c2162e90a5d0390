#pragma once
// The one generalized-alpha of every system, central difference as its explicit member: its
// coefficients, the predictor (the coefficients
// of an ImplicitStep, time/implicit_step.h), the corrector and the retry of a step in halves;
// the system is the Operator, whose implicit_solve() is the one call a step makes of it (MFEM's
// SecondOrderTimeDependentOperator::ImplicitSolve). The line models' operator
// (terms/line_operator.h) and the discrete systems' (discrete/discrete_operator.h) are the two.
//
// Generalized-alpha (Chung & Hulbert, J. Appl. Mech. 60:371-375, 1993):
//   M a_{n+1-am} + C v_{n+1-af} + K u_{n+1-af} = (1-af) f_{n+1} + af f_n,          eq. (8)
//   u_{n+1} = u_n + dt v_n + dt^2 ((1/2 - beta) a_n + beta a_{n+1}),
//   v_{n+1} = v_n + dt ((1 - gamma) a_n + gamma a_{n+1}),
//   am = (2 rho - 1)/(rho + 1), af = rho/(rho + 1)                                 eq. (25)
//   gamma = 1/2 - am + af, beta = (1 - am + af)^2 / 4                             eqs. (17), (20)
// rho_inf = 1 gives am = af = 1/2, gamma = 1/2, beta = 1/4: Newmark's average acceleration
// (trapezoidal rule), which conserves the energy of an undamped linear system exactly.
// Central difference is the explicit member beta = 0, gamma = 1/2, am = af = 0; with a lumped
// mass J = M + dt/2 C needs no stiffness solve (Hughes, The Finite Element Method, sec. 9.1).
//
// An Operator has a State with a time t, and
//   bool allows_displacement_form() const;
//   void factor(const ImplicitStep&);                     J for the step's coefficients
//   void implicit_solve(State&, const ImplicitStep&, const NewmarkCorrection&);
//        y, and the state at the step's end by the correction (newmark_corrector, or entry by
//        entry as the solve makes y); or throws NewtonFailure leaving the state as it was
//   unsigned iterations() const, most_iterations() const;  of the last implicit_solve
//   void remember(), revert();                            its own state, for a retried step
//   void halving_started(const State&), halving_finished(State&);
#include "core/failure_message.h"
#include "time/implicit_step.h"

#include <algorithm>
#include <string>

namespace hamdyn {

NewmarkParameters generalized_alpha_parameters(double rho_infinity);
NewmarkParameters central_difference_parameters();

/// The coefficients of the step from t to t + dt (the predictor; time/implicit_step.h).
ImplicitStep newmark_predictor(const NewmarkParameters& p, double t, double dt,
                               bool displacement_form);
/// The corrector (NewmarkCorrection, time/implicit_step.h) on every entry of x.
void newmark_corrector(const NewmarkCorrection& c, const StateEntries& x);

template <class Operator>
class NewmarkScheme {
public:
  using State = typename Operator::State;

  NewmarkScheme(Operator& op, const NewmarkParameters& parameters) : op_(op), p_(parameters) {}

  const NewmarkParameters& parameters() const { return p_; }
  /// Factors J for steps of size dt now, as the first such step would.
  void prepare(double dt) {
    if (dt != factored_dt_)
      factor(newmark_predictor(p_, 0, dt, op_.allows_displacement_form()));
  }
  /// The operator's J is gone or stale (a new state, a restored checkpoint).
  void forget_factorization() { factored_dt_ = -1; }

  /// Advances s by dt (refactors J only when dt differs from the last step's). A step whose
  /// Newton iterations do not converge is made as two half steps, recursively, up to
  /// max_step_halvings times; then CollectiveFailure names the time and the cause.
  void step(State& s, double dt) { advance(s, dt, 0); }

  unsigned last_iterations() const { return last_iterations_; }
  /// The most Newton iterations any step took (0 on a linear system).
  unsigned most_iterations() const { return most_iterations_; }
  /// How many steps were retried as two half steps (counting nested halvings).
  unsigned long halved_steps() const { return halved_steps_; }
  /// The counters as a checkpoint holds them.
  void set_counters(unsigned last, unsigned most, unsigned long halved) {
    last_iterations_ = last;
    most_iterations_ = most;
    halved_steps_ = halved;
  }

private:
  void factor(const ImplicitStep& k) {
    op_.factor(k);
    factored_dt_ = k.dt;
  }

  void step_once(State& s, double dt) {
    const ImplicitStep k = newmark_predictor(p_, s.t, dt, op_.allows_displacement_form());
    if (dt != factored_dt_)
      factor(k);
    op_.implicit_solve(s, k, NewmarkCorrection(k)); // may throw, leaving s as it was
    last_iterations_ = op_.iterations();
    most_iterations_ = std::max(most_iterations_, op_.most_iterations());
    s.t = k.t_new();
  }

  void advance(State& s, double dt, unsigned halvings) {
    op_.remember();
    try {
      step_once(s, dt);
    } catch (const NewtonFailure& failure) {
      op_.revert();
      if (halvings == p_.max_step_halvings)
        throw CollectiveFailure(std::string(failure.what()) + ", with the step halved " +
                                std::to_string(halvings) +
                                " times; try a smaller Time integration/Time step or a larger "
                                "Nonlinear tolerance");
      ++halved_steps_;
      if (halvings == 0) // the mean velocity is that of the whole step
        op_.halving_started(s);
      advance(s, dt / 2, halvings + 1);
      advance(s, dt / 2, halvings + 1);
      if (halvings == 0)
        op_.halving_finished(s);
    }
  }

  Operator& op_;
  NewmarkParameters p_;
  double factored_dt_ = -1;
  unsigned last_iterations_ = 0, most_iterations_ = 0;
  unsigned long halved_steps_ = 0;
};

} // namespace hamdyn
