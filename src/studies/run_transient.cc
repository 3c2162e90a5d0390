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
} // namespace

void run_transient(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm) {
  PreparedCase pc(c, comm);
  check_time_step(pc);
  prepare_output_directory(c.output_directory, file, comm);

  CsvWriter history(c.output_directory + "/history.csv", history_columns(pc), comm);
  VtuSeries series(c.output_directory, "solution", comm);
  const auto n_steps = static_cast<unsigned long>(std::ceil(c.final_time / c.time_step - 1e-9));
  integrate(
      pc,
      [&](unsigned long n, const State& s, const std::vector<double>& row) {
        history.row(row);
        if (n == 0 || n == n_steps || (c.snapshot_interval > 0 && n % c.snapshot_interval == 0))
          write_snapshot(pc, s, series);
      },
      /*show_progress=*/true);
  if (dealii::Utilities::MPI::this_mpi_process(comm) == 0)
    std::cout << "results in " << c.output_directory << "/: solution.pvd, history.csv, "
              << "used_parameters.prm\n"
              << "  ParaView: open " << c.output_directory << "/solution.pvd, apply Filters > "
              << "Warp By Scalar (Scalars: displacement, Normal 0 1 0, Use Normal), press Play"
              << std::endl;
}

} // namespace hamdyn
