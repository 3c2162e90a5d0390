#include "studies/transient.h"

#include "core/failure_message.h"
#include "core/input_error.h"
#include "output/energy_ledger.h"
#include "studies/progress.h"
#include "system/linear_functional.h"
#include "time/stability_limit.h"

#include <deal.II/base/mpi.h>

#include <cmath>
#include <cstdio>
#include <sstream>

namespace hamdyn {

namespace {
NewmarkParameters scheme_parameters(const CaseParameters& c) {
  NewmarkParameters p = c.scheme == Scheme::central_difference
                            ? central_difference_parameters()
                            : generalized_alpha_parameters(c.spectral_radius);
  p.nonlinear_tolerance = c.nonlinear_tolerance;
  p.max_newton_iterations = c.max_newton_iterations;
  return p;
}
} // namespace

std::vector<std::string> history_columns(const PreparedCase& pc) {
  const auto functionals = pc.model->history_functionals();
  std::vector<std::string> columns{"time"};
  for (const auto& f : functionals.ends)
    columns.push_back(f.name);
  for (const char* e :
       {"kinetic_energy", "potential_energy", "dissipated_energy", "external_work", "energy_error"})
    columns.push_back(e);
  for (const auto& f : functionals.probes)
    columns.push_back(f.name);
  for (const NodalForce& e : pc.system.nodal_forces)
    columns.push_back(e.name);
  if (pc.system.axial_factor > 0)
    columns.push_back("tension");
  return columns;
}

void check_time_step(const PreparedCase& pc) {
  if (pc.parameters.scheme != Scheme::central_difference)
    return;
  const double limit = central_difference_critical_step(pc.system);
  if (pc.parameters.time_step > limit) {
    std::ostringstream value, allowed;
    value << pc.parameters.time_step;
    allowed << "central difference is guaranteed stable only for a time step <= " << limit
            << " s (2/omega_max of this mesh, with omega_max bounded above by Gershgorin's "
               "theorem; exact for uniform P1)";
    throw InputError("Time integration/Time step", value.str(), allowed.str());
  }
}

namespace {
// The ledger's sums are reductions over every entry of u, v and f that each step makes anyway:
// a non-finite entry anywhere makes one of them non-finite on every rank at once, so all ranks
// stop together (no extra pass, no extra reduction, no rank left waiting).
void check_finite(const EnergyLedger& ledger, const State& state, unsigned long step) {
  // At the start a (and the load in it) is checked too, once; later a non-finite a or f shows up
  // in the next step's energies and work.
  const bool acceleration_finite = step > 0 || std::isfinite(state.a.l1_norm());
  if (acceleration_finite && std::isfinite(ledger.kinetic) && std::isfinite(ledger.potential) &&
      std::isfinite(ledger.dissipated) && std::isfinite(ledger.external_work))
    return;
  // Only on the way out: which source is likely (sums of |x|, so NaN shows)
  const bool motion_finite = std::isfinite(state.u.l1_norm()) && std::isfinite(state.v.l1_norm());
  const bool load_finite = state.f.size() == 0 || std::isfinite(state.f.l1_norm());
  std::ostringstream message;
  message << "the state became non-finite at step " << step << " (t = " << state.t << " s): ";
  if (!std::isfinite(ledger.external_work) || !load_finite)
    message << "the load is not finite there (check Load/Distributed force, the ends' Force and "
               "Moment and Attachments/Forces)";
  else if (step == 0 && !motion_finite)
    message << "check Initial conditions/Displacement and Velocity";
  else
    message << "check the parameters' scale (stiffnesses, Tension, Mass per length) and Time step";
  message << "; the outputs hold the steps before it";
  throw CollectiveFailure(message.str());
}
} // namespace

unsigned long integrate(const PreparedCase& pc, const StepObserver& observe, bool show_progress) {
  const CaseParameters& c = pc.parameters;
  NewmarkIntegrator integrator(pc.system, scheme_parameters(c));
  State state, previous;
  integrator.allocate(state);
  integrator.allocate(previous);
  pc.model->initial_conditions(state.u, state.v);
  integrator.initialize(state);
  EnergyLedger ledger(pc.system);
  ledger.start(state);

  const auto history = pc.model->history_functionals();
  std::vector<LinearFunctional> functionals = history.ends;
  functionals.insert(functionals.end(), history.probes.begin(), history.probes.end());
  const auto n_ends = static_cast<std::ptrdiff_t>(history.ends.size());
  auto row_of = [&](const State& s) {
    const auto values = evaluate(functionals, s, pc.comm); // one reduction for all of them
    std::vector<double> row{s.t};
    row.insert(row.end(), values.begin(), values.begin() + n_ends);
    for (double e : {ledger.kinetic, ledger.potential, ledger.dissipated, ledger.external_work,
                     ledger.error()})
      row.push_back(e);
    row.insert(row.end(), values.begin() + n_ends, values.end());
    row.insert(row.end(), s.element_forces.begin(), s.element_forces.end());
    if (pc.system.axial_factor > 0) // tau + (EA / 2L) int u_x^2 dx
      row.push_back(c.tension + pc.system.axial_factor * s.stretch);
    return row;
  };
  check_finite(ledger, state, 0);
  observe(0, state, row_of(state));

  const double dt = c.time_step;
  const auto n_steps = static_cast<unsigned long>(std::ceil(c.final_time / dt - 1e-9));
  Progress progress(show_progress && dealii::Utilities::MPI::this_mpi_process(pc.comm) == 0,
                    n_steps, c.final_time);
  bool negative_slope_reported = false;
  for (unsigned long n = 1; n <= n_steps; ++n) {
    previous.t = state.t;
    previous.v = state.v;
    previous.extensions = state.extensions;
    if (pc.system.load)
      previous.f = state.f;
    integrator.step(state, n == n_steps ? c.final_time - state.t : dt);
    state.t = (n == n_steps) ? c.final_time : double(n) * dt; // no drift from summing dt
    ledger.record_step(previous, state);
    check_finite(ledger, state, n); // before the row: what was written stays finite
    observe(n, state, row_of(state));
    if (!negative_slope_reported && !std::isnan(integrator.first_negative_slope_time())) {
      negative_slope_reported = true; // allowed (softening, snap-through), said once
      if (dealii::Utilities::MPI::this_mpi_process(pc.comm) == 0)
        std::printf("\nhamdyn: note: %s has a negative slope dF/de from t = %.9g s\n",
                    integrator.first_negative_slope_element().c_str(),
                    integrator.first_negative_slope_time());
    }
    progress.update(n, state.t);
  }
  progress.finish(
      "hamdyn run: " + std::to_string(n_steps) + " steps (" + integrator.parameters().name + ", " +
      std::to_string(pc.system.locally_owned.size()) + " DoFs, " +
      std::to_string(dealii::Utilities::MPI::n_mpi_processes(pc.comm)) + " ranks" +
      (pc.system.nodal_forces.empty() && pc.system.axial_factor == 0
           ? std::string()
           : ", at most " + std::to_string(integrator.most_iterations()) +
                 " Newton iterations per step") +
      (integrator.halved_steps() == 0
           ? std::string()
           : ", " + std::to_string(integrator.halved_steps()) + " steps retried in halves") +
      ")");
  return n_steps;
}

} // namespace hamdyn
