#include "studies/run_transient.h"

#include "output/history_writer.h"
#include "output/vtu_series.h"
#include "studies/prepared_case.h"
#include "studies/transient.h"

#include <deal.II/base/mpi.h>

#include <cmath>
#include <iostream>

namespace hamdyn {

namespace {
void write_snapshot(const PreparedCase& pc, const State& s, VtuSeries& series) {
  const auto& owned = pc.system.locally_owned;
  const auto& relevant = pc.model->locally_relevant();
  LA::Vector u(owned, relevant, pc.comm), v(owned, relevant, pc.comm), a(owned, relevant, pc.comm);
  u = s.u;
  v = s.v;
  a = s.a;
  LA::Vector structure_u, structure_v, structure_a;
  pc.model->structure_part(u, structure_u);
  pc.model->structure_part(v, structure_v);
  pc.model->structure_part(a, structure_a);
  dealii::DataOut<1> out;
  pc.model->add_output_fields(out, structure_u, structure_v, structure_a);
  out.build_patches(pc.model->output_subdivisions());
  series.write(out, s.t);
}

// The displacement columns of history.csv (end and probe displacements, end rotations,
// oscillator displacements): what a batch summary reports the largest magnitude of.
bool is_displacement_column(const std::string& name) {
  for (const char* prefix : {"u_", "u@", "theta_", "oscillator_"})
    if (name.rfind(prefix, 0) == 0)
      return true;
  return false;
}
} // namespace

NamedValues run_transient(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                          bool report) {
  PreparedCase pc(c, comm);
  check_time_step(pc);
  prepare_output_directory(c.output_directory, file, comm);

  // The run streams its history and snapshots to disk as it goes (a long transient's states do
  // not fit in memory); what it returns are the largest magnitudes over the run.
  const std::vector<std::string> columns = history_columns(pc);
  CsvWriter history(c.output_directory + "/history.csv", columns, comm);
  VtuSeries series(c.output_directory, "solution", comm);
  std::vector<double> largest(columns.size(), 0.0);
  const auto n_steps = static_cast<unsigned long>(std::ceil(c.final_time / c.time_step - 1e-9));
  integrate(
      pc,
      [&](unsigned long n, const State& s, const std::vector<double>& row) {
        history.row(row);
        for (std::size_t k = 0; k < row.size(); ++k)
          largest[k] = std::isnan(row[k]) ? row[k] : std::max(largest[k], std::abs(row[k]));
        if (n == 0 || n == n_steps || (c.snapshot_interval > 0 && n % c.snapshot_interval == 0))
          write_snapshot(pc, s, series);
      },
      report);
  if (report && dealii::Utilities::MPI::this_mpi_process(comm) == 0)
    std::cout << "  ParaView: open " << c.output_directory << "/solution.pvd, apply Filters > "
              << "Warp By Scalar (Scalars: displacement, Normal 0 1 0, Use Normal), press Play"
              << std::endl;
  NamedValues results;
  for (std::size_t k = 0; k < columns.size(); ++k)
    if (is_displacement_column(columns[k]))
      results.add("max_abs_" + columns[k], largest[k]);
  for (std::size_t k = 0; k < columns.size(); ++k)
    if (columns[k] == "energy_error")
      results.add("max_abs_energy_error", largest[k]);
  return results;
}

} // namespace hamdyn
