#include "studies/modes_benchmark.h"

#include "core/case_parameters.h"
#include "studies/benchmark_figures.h"
#include "studies/natural_modes.h"
#include "studies/prepared_case.h"

#include <deal.II/base/mpi.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>

namespace hamdyn {

void run_modes_benchmark(unsigned long n_unknowns, unsigned int n_modes, MPI_Comm comm) {
  ParameterFile file;
  declare_case_parameters(file); // the defaults: a string fixed at both ends
  file.set("Discretization", "Degree", "1");
  file.set("Discretization", "Elements", std::to_string(n_unknowns));
  file.set("Model", "Length", "1");
  file.set("Model", "Mass per length", "0.01");
  file.set("Model", "Tension", "100");
  file.set("Modes", "Number of modes", std::to_string(n_modes));
  file.set("Modes", "Write shapes", "false");
  const CaseParameters c = parse_case_parameters(file, ".");

  MPI_Barrier(comm);
  const auto t0 = std::chrono::steady_clock::now();
  PreparedCase pc(c, comm, Matrices::band_from_cells); // as `hamdyn modes` does
  check_number_of_modes(pc);
  const double scale = pc.model->frequency_scale();
  pc.release_mesh();
  MPI_Barrier(comm);
  const auto t1 = std::chrono::steady_clock::now();
  const double to_solver = dealii::Utilities::MPI::max(seconds_since_process_start(), comm);
  const Modes modes = natural_modes(pc.system, c, n_modes, scale);
  MPI_Barrier(comm);
  const auto t2 = std::chrono::steady_clock::now();
  const PeakMemory memory = peak_memory(comm);
  const double exact = M_PI * std::sqrt(100 / 0.01); // pi c / L
  if (dealii::Utilities::MPI::this_mpi_process(comm) == 0)
    std::printf("bench: modes of a P1 string fixed at both ends, %u unknowns, %u modes, %u ranks: "
                "set-up %.3f s (%.2f s from process start), eigensolver and refinement %.3f s, "
                "omega_1 relative error %.1e (exact pi c / L; the P1 error is %.1e), peak memory "
                "%.0f MiB per rank (%.0f MiB total; getrusage ru_maxrss: the whole process)\n",
                unsigned(pc.system.locally_owned.size()), n_modes,
                dealii::Utilities::MPI::n_mpi_processes(comm),
                std::chrono::duration<double>(t1 - t0).count(), to_solver,
                std::chrono::duration<double>(t2 - t1).count(), modes.omega[0] / exact - 1,
                std::pow(M_PI / double(n_unknowns), 2) / 24, memory.per_rank_mb, memory.total_mb);
}

} // namespace hamdyn
