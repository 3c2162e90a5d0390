#include "studies/run_transient.h"

#include "core/input_error.h"
#include "output/energy_ledger.h"
#include "output/history_writer.h"
#include "output/point_functionals.h"
#include "output/vtu_series.h"
#include "studies/prepared_case.h"
#include "studies/progress.h"
#include "time/newmark_family.h"
#include "time/stability_limit.h"

#include <deal.II/base/mpi.h>

#include <cmath>
#include <sstream>

namespace hamdyn {

namespace {
void write_snapshot(const PreparedCase& pc, const State& s, VtuSeries& series) {
  const auto& owned = pc.system.locally_owned;
  const auto& relevant = pc.model->locally_relevant();
  LA::Vector u(owned, relevant, pc.comm), v(owned, relevant, pc.comm), a(owned, relevant, pc.comm);
  u = s.u;
  v = s.v;
  a = s.a;
  dealii::DataOut<1> out;
  pc.model->add_output_fields(out, u, v, a);
  out.build_patches(pc.parameters.degree);
  series.write(out, s.t);
}
} // namespace

void run_transient(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm) {
  PreparedCase pc(c, comm);
  const bool explicit_scheme = c.scheme == Scheme::central_difference;
  if (explicit_scheme) {
    const double limit = central_difference_critical_step(pc.system);
    if (c.time_step > limit) {
      std::ostringstream allowed;
      allowed << "central difference is stable only for a time step <= " << limit
              << " s (2/omega_max of this mesh)";
      throw InputError("Time integration/Time step", file.get("Time integration", "Time step"),
                       allowed.str());
    }
  }
  prepare_output_directory(c.output_directory, file, comm);
  const bool root = dealii::Utilities::MPI::this_mpi_process(comm) == 0;

  NewmarkIntegrator integrator(pc.system, explicit_scheme
                                              ? central_difference_parameters()
                                              : generalized_alpha_parameters(c.spectral_radius));
  State state, previous;
  integrator.allocate(state);
  integrator.allocate(previous);
  pc.model->initial_conditions(state.u, state.v);
  integrator.initialize(state);
  EnergyLedger ledger(pc.system);
  ledger.start(state);

  const auto functionals = pc.model->history_functionals();
  std::vector<std::string> columns{"time"};
  for (std::size_t k = 0; k < 6; ++k)
    columns.push_back(functionals[k].name);
  for (const char* e :
       {"kinetic_energy", "potential_energy", "dissipated_energy", "external_work", "energy_error"})
    columns.push_back(e);
  for (std::size_t k = 6; k < functionals.size(); ++k)
    columns.push_back(functionals[k].name);
  CsvWriter history(c.output_directory + "/history.csv", columns, comm);
  auto record = [&](const State& s) {
    const auto values = evaluate(functionals, s, comm);
    std::vector<double> row{s.t};
    row.insert(row.end(), values.begin(), values.begin() + 6);
    for (double e : {ledger.kinetic, ledger.potential, ledger.dissipated, ledger.external_work,
                     ledger.error()})
      row.push_back(e);
    row.insert(row.end(), values.begin() + 6, values.end());
    history.row(row);
  };
  VtuSeries series(c.output_directory, "solution", comm);
  record(state);
  write_snapshot(pc, state, series);

  // The last step is shortened, if needed, to end exactly at the final time.
  const double dt = c.time_step;
  const auto n_steps = static_cast<unsigned long>(std::ceil(c.final_time / dt - 1e-9));
  Progress progress(root, n_steps, c.final_time);
  for (unsigned long n = 1; n <= n_steps; ++n) {
    previous.t = state.t;
    previous.v = state.v;
    if (pc.system.load)
      previous.f = state.f;
    const double step = (n == n_steps) ? c.final_time - state.t : dt;
    integrator.step(state, step);
    state.t = (n == n_steps) ? c.final_time : double(n) * dt; // no drift from summing dt
    ledger.record_step(previous, state);
    record(state);
    if ((c.snapshot_interval > 0 && n % c.snapshot_interval == 0) || n == n_steps)
      write_snapshot(pc, state, series);
    progress.update(n, state.t);
  }
  progress.finish("hamdyn run: " + std::to_string(n_steps) + " steps (" +
                  integrator.parameters().name + ", " +
                  std::to_string(pc.system.locally_owned.size()) + " DoFs, " +
                  std::to_string(dealii::Utilities::MPI::n_mpi_processes(comm)) + " ranks)");
  if (root)
    std::cout << "results in " << c.output_directory << "/: solution.pvd (open in ParaView), "
              << "history.csv, used_parameters.prm" << std::endl;
}

} // namespace hamdyn
