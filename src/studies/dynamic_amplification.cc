#include "studies/dynamic_amplification.h"

#include "core/text.h"
#include "studies/precision_floor.h"
#include "system/banded_operator.h"
#include "system/line_schur_solver.h"
#include "system/linear_functional.h"
#include "system/moving_contact.h"
#include "system/refined_static_solve.h"
#include "time/time_grid.h"

#include <deal.II/lac/vector.h>

#include <algorithm>
#include <cmath>

namespace hamdyn {

NamedValues dynamic_amplification(const PreparedCase& pc, const std::vector<std::string>& names,
                                  const std::vector<double>& largest) {
  NamedValues results;
  const CaseParameters& c = pc.parameters;
  const SecondOrderSystem& s = pc.system;
  // the loads as (amplitude at t, position at t)
  std::vector<std::pair<std::function<double(double)>, std::function<double(double)>>> loads;
  for (const MovingForce& f : c.moving_forces)
    loads.emplace_back([a = f.amplitude](double t) { return (*a)(0, t); },
                       [x = f.position](double t) { return (*x)(0, t); });
  if (c.gravity > 0)
    for (const MovingBody& b : c.moving_bodies)
      loads.emplace_back([w = -b.mass * c.gravity](double) { return w; },
                         [x = b.position](double t) { return (*x)(0, t); });
  const MovingBodies* moving = s.parts.find<MovingBodies>(); // w's shape along the line
  if (loads.empty() || !moving)
    return results;
  LineSchurSolver stiffness;
  try {
    BandedOperator::Rows k(s.banded(), s.banded_linearization(0, 0, 1));
    stiffness.factorize(k);
  } catch (const NotPositiveDefinite&) {
    return results; // a free body has no static deflection
  }
  const TimeGrid grid(c.time_step, c.final_time);
  LA::Vector weights(s.locally_owned, s.comm), influence(s.locally_owned, s.comm);
  HistoryFunctionals history = pc.model->history_functionals();
  history.ends.insert(history.ends.end(), history.probes.begin(), history.probes.end());
  for (const LinearFunctional& f : history.ends) {
    const auto named = std::find(names.begin(), names.end(), f.name);
    if (named == names.end() || !is_displacement(f))
      continue;
    weights = 0;
    for (std::size_t j = 0; j < f.dofs.size(); ++j)
      if (s.locally_owned.is_element(f.dofs[j]))
        weights(f.dofs[j]) += f.of_u[j];
    weights.compress(dealii::VectorOperation::add);
    const double uncertainty = refined_static_solve(s, stiffness, weights, influence);
    constexpr double worth_a_warning = 1e-6;
    if (!(uncertainty <= worth_a_warning))
      results.warnings.push_back("daf_" + f.name + " may be off by " + text_of(uncertainty) +
                                 " relative or more (the refinement of its static value, K^-1 l, "
                                 "stalled there): " +
                                 finer_than_double_precision);
    const dealii::Vector<double> g(influence); // on every rank
    double worst = 0;
    for (unsigned long n = 0; n <= grid.n_steps; ++n) {
      const double t = grid.time(n);
      double value = 0;
      for (const auto& [amplitude, position] : loads) {
        const ContactShape shape = moving->contact_shape(position(t));
        for (std::size_t j = 0; j < shape.dofs.size(); ++j)
          value += amplitude(t) * g[shape.dofs[j]] * shape.n[j];
      }
      worst = std::max(worst, std::abs(value));
    }
    if (worst > 0)
      results.add("daf_" + f.name, largest[std::size_t(named - names.begin())] / worst);
  }
  return results;
}

} // namespace hamdyn
