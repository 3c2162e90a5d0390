#pragma once
// A discrete system's time integrator: the one generalized-alpha (time/newmark_scheme.h) on the
// discrete operator (discrete/discrete_operator.h), stepping to the time grid's instants.
#include "discrete/discrete_operator.h"
#include "storage/checkpoint.h"
#include "time/newmark_scheme.h"

namespace hamdyn {

class DiscreteIntegrator {
public:
  DiscreteIntegrator(const DiscreteSystem& system, const NewmarkParameters& parameters)
      : system_(system), operator_(system), scheme_(operator_, parameters) {}
  /// The state at t = 0 (DiscreteOperator::initial_state).
  DiscreteState initial_state() { return operator_.initial_state(); }
  /// Advances `s` to the time t1 (> s.t), which it then holds exactly; throws CollectiveFailure
  /// naming the time when Newton's method does not converge with the step halved.
  void step(DiscreteState& s, double t1) {
    scheme_.step(s, t1 - s.t);
    s.t = t1;
  }
  unsigned most_iterations() const { return scheme_.most_iterations(); }
  /// How many steps were retried as two half steps (counting nested halvings).
  unsigned long halved_steps() const { return scheme_.halved_steps(); }

  /// Everything a run carries to its next step, the state and the integrator's own scales, into
  /// a checkpoint; restore() is the reverse on an integrator built for the same case, and
  /// throws InputError when the checkpoint's sizes are another system's.
  void save(const DiscreteState& s, Checkpoint& c) const;
  DiscreteState restore(const Checkpoint& c);

private:
  const DiscreteSystem& system_;
  DiscreteOperator operator_;
  NewmarkScheme<DiscreteOperator> scheme_;
};

} // namespace hamdyn
