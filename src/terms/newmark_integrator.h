#pragma once
// The line models' integrator: the Newmark family's scheme (time/newmark_scheme.h, which knows
// no physics) on the line operator (terms/line_operator.h), with the state's mean velocity over
// each step for the energy ledger and the checkpoint records of earlier versions. It lives with
// the line operator, not in time/: time/ holds the integrators only.
#include "storage/checkpoint.h"
#include "terms/line_operator.h"
#include "time/implicit_step.h"
#include "time/newmark_scheme.h"

#include <string>
#include <vector>

namespace hamdyn {

class MovingBodyTerm;

class NewmarkIntegrator {
public:
  NewmarkIntegrator(const SecondOrderSystem& system, const NewmarkParameters& parameters);

  /// Allocates the state's vectors like the system's rows (all zero).
  void allocate(State& state) const;
  /// Given u and v at state.t, computes f and a from M a = f - C v - K u - g(u, v).
  void initialize(State& state);
  /// Given u, v and a at state.t (a system whose M is singular, e.g. an impulse dual with dashpot
  /// rows, cannot give a from the equation), computes f only.
  void initialize_with_acceleration(State& state);
  /// Advances the state by dt (refactors J only when dt differs from the last step's) and sets
  /// s.v_mean = (v_n + v_{n+1}) / 2 (with damping or a load: State::v_mean). A step
  /// whose Newton iterations do not converge is made as two half steps, recursively; a run that
  /// cannot go on throws std::runtime_error naming the time and the element.
  void step(State& state, double dt) { scheme_.step(state, dt); }

  /// Factors J for steps of size dt now, as the first such step would: a set-up failure shows
  /// before a run writes anything.
  void prepare(double dt) { scheme_.prepare(dt); }
  /// What the integrator carries from step to step besides the state (the friction elements'
  /// stick or slip, the tension J is factored with, the counters), for a checkpoint. restore()
  /// leaves J to be factored again by the next step or prepare().
  void save(Checkpoint& c) const;
  void restore(const Checkpoint& c);

  const NewmarkParameters& parameters() const { return scheme_.parameters(); }
  /// What the energy ledger adds beyond the linear forms (LineOperator::energy_terms).
  std::vector<const EnergyTerm*> energy_terms() const { return operator_.energy_terms(); }
  /// The most Newton iterations any step took (0 on a linear system).
  unsigned most_iterations() const { return scheme_.most_iterations(); }
  /// How many steps were retried as two half steps (counting nested halvings).
  unsigned long halved_steps() const { return scheme_.halved_steps(); }
  /// The first time a nonlinear spring's slope dF/de was negative (NaN: never), and which.
  double first_negative_slope_time() const;
  const std::string& first_negative_slope_element() const;
  /// The moving masses and vehicles (null without).
  const MovingBodyTerm* moving_bodies() const;
  /// J's factorization and its refined solves.
  const RefinedLinearizationSolver& solver() const { return operator_.solver(); }

private:
  LineOperator operator_;
  NewmarkScheme<LineOperator> scheme_;
};

} // namespace hamdyn
