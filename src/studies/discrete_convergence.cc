#include "studies/discrete_convergence.h"

#include "core/input_error.h"
#include "studies/run_discrete.h"

#include <algorithm>

namespace hamdyn {

void DiscreteConvergence::check(const CaseParameters& c) const {
  const ConvergenceParameters& cv = c.convergence;
  if (cv.refine != ConvergenceParameters::Refine::dt)
    throw InputError("Convergence/Refine", cv.refine_name,
                     "a discrete system has no mesh to refine; expected dt");
}

ConvergenceLevel DiscreteConvergence::level(const CaseParameters& lc, MPI_Comm comm) const {
  ConvergenceLevel level;
  level.time_step = level.size = lc.time_step;
  level.dofs = lc.discrete->n();
  const std::ptrdiff_t index = convergence_history_index(
      discrete_history_columns(*lc.discrete).names, lc.convergence.history);
  integrate_discrete(lc, comm, [&](const std::vector<double>& row) {
    level.times.push_back(row[0]);
    level.history.push_back(row[index]);
  });
  return level;
}

double DiscreteConvergence::time_order(const CaseParameters& c) const {
  const bool moreau = std::any_of(c.discrete->dashpots.begin(), c.discrete->dashpots.end(),
                                  [](const DiscreteDashpot& d) { return d.degree < 2; });
  return moreau ? 1.0 : 2.0;
}

} // namespace hamdyn
