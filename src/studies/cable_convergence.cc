#include "studies/cable_convergence.h"

#include "core/input_error.h"
#include "studies/cable_line.h"
#include "studies/cable_modes.h"
#include "studies/run_cable_transient.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace hamdyn {

CaseParameters CableConvergence::prepared(const CaseParameters& c) const {
  CaseParameters p = c;
  p.n_elements = c.cable->n_elements;
  p.degree = 1;
  return p;
}

void CableConvergence::check(const CaseParameters& c) const {
  const ConvergenceParameters& cv = c.convergence;
  if (cv.refine == ConvergenceParameters::Refine::p)
    throw InputError("Convergence/Refine", cv.refine_name,
                     "a cable's elements are linear (two nodes); expected h, dt or h and dt");
  const bool refines_h = cv.refine == ConvergenceParameters::Refine::h ||
                         cv.refine == ConvergenceParameters::Refine::h_and_dt;
  const unsigned long finest =
      refines_h ? (unsigned long)(c.n_elements) << (cv.levels - 1) : c.n_elements;
  if (cv.n_frequencies > 0 && finest > most_elements_for_modes)
    throw InputError("Convergence/Levels", std::to_string(cv.levels),
                     "the finest level would have " + std::to_string(finest) +
                         " elements; a cable's frequencies take at most " +
                         std::to_string(most_elements_for_modes) +
                         " (dense eigenvalues): fewer levels or Elements, or Number of "
                         "frequencies = 0");
}

ConvergenceLevel CableConvergence::level(const CaseParameters& lc, MPI_Comm comm) const {
  // the level's cable: the case's with this level's elements
  auto cable = std::make_shared<CableCase>(*lc.cable);
  cable->n_elements = lc.n_elements;
  CaseParameters c = lc;
  c.cable = cable;
  ConvergenceLevel level;
  level.elements = lc.n_elements;
  level.degree = 1;
  level.time_step = lc.time_step;
  CableLine line = make_cable_line(*cable);
  double shortest = line.unstretched_length;
  for (const CableElement& e : line.chain.elements)
    shortest = std::min(shortest, e.rest_length);
  level.size = lc.convergence.refine == ConvergenceParameters::Refine::dt ? lc.time_step : shortest;
  for (const bool held : line.chain.held)
    level.dofs += held ? 0 : 2;
  // the order of the highest frequency, an axial wave across the shortest element
  level.frequency_scale = std::sqrt(cable->axial_stiffness / cable->mass_per_length) / shortest;
  if (lc.convergence.n_frequencies > 0) {
    solve_cable_equilibrium(line.chain);
    level.omega = chain_frequencies(line.chain, line.mass, lc.convergence.n_frequencies);
    level.residual.assign(level.omega.size(), 0.0); // dense LAPACK: at round-off
  }
  if (!lc.convergence.history.empty()) {
    const std::ptrdiff_t index =
        convergence_history_index(cable_history_columns(*cable).names, lc.convergence.history);
    integrate_cable(c, comm, [&](const std::vector<double>& row) {
      level.times.push_back(row[0]);
      level.history.push_back(row[std::size_t(index)]);
    });
  }
  return level;
}

} // namespace hamdyn
