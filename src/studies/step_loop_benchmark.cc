#include "studies/step_loop_benchmark.h"

#include "core/case_parameters.h"
#include "output/history_writer.h"
#include "studies/benchmark_figures.h"
#include "studies/prepared_case.h"
#include "studies/transient.h"

#include <deal.II/base/mpi.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace hamdyn {

namespace {
// The benchmark's P1 strings, as bench/reference_newmark_loop.cc has them (both at rho_inf = 1,
// fixed at x = 0 with a point mass on a spring at x = L).
struct StringCase {
  // the time step is 1 in the unit 10^step_exponent s (the final time: steps in that unit)
  const char *length, *mass_per_length, *viscous_damping, *end_mass, *end_spring, *step_exponent,
      *displacement, *probe;
};
// `string` (and the beam's and the nonlinear springs' base): damping 0.02 per second of M.
constexpr StringCase damped{"1", "0.01", "0.02", "0.005", "2000", "e-5", "0.005*x", "0.5"};
// `wave`, the case of issue 49: undamped, its values ahead of the front decay through the
// subnormals.
constexpr StringCase wave{"2", "0.5", "0", "0.5", "100", "e-6", "x/2", "1"};

CaseParameters benchmark_case(const std::string& model, unsigned long n_unknowns,
                              unsigned int n_steps) {
  const StringCase& string = model == "wave" ? wave : damped;
  ParameterFile file;
  declare_case_parameters(file);
  file.set("Discretization", "Degree", "1");
  file.set("Time integration", "Time step", std::string("1") + string.step_exponent);
  file.set("Time integration", "Final time", std::to_string(n_steps) + string.step_exponent);
  file.set("Model", "Length", string.length);
  file.set("Model", "Mass per length", string.mass_per_length);
  file.set("Model", "Tension", "100");
  file.set("Model", "Viscous damping", string.viscous_damping);
  // free: the end moves on its spring (Support's default, pinned, would hold it and leave the
  // mass and the spring out)
  file.set("Right end", "Support", "free");
  file.set("Right end", "Point mass", string.end_mass);
  file.set("Right end", "Spring", string.end_spring);
  file.set("Output", "Probes", string.probe);
  if (model == "beam") { // two DoFs (w, theta) per node
    file.set("Discretization", "Elements", std::to_string(n_unknowns / 2));
    file.set("Model", "Type", "euler bernoulli beam");
    file.set("Model", "Bending stiffness", "1");
    file.set("Left end", "Support", "clamped");
    file.set("Initial conditions", "Displacement", "0.01*x^2");
  } else {
    file.set("Discretization", "Elements", std::to_string(n_unknowns));
    file.set("Initial conditions", "Displacement", string.displacement);
  }
  if (model == "nonlinear") { // the P1 string with four hardening springs, all of them working
    file.set("Attachments", "Nonlinear springs",
             "0.2:1e3*e + 1e9*e^3; 0.4:1e3*e + 1e9*e^3; 0.6:1e3*e + 1e9*e^3; 0.8:1e3*e + 1e9*e^3");
    file.set("Initial conditions", "Displacement", "0.01*sin(pi*x)");
  }
  return parse_case_parameters(file, ".");
}
} // namespace

void run_step_loop_benchmark(const std::string& model, unsigned long n_unknowns,
                             unsigned int n_steps, MPI_Comm comm) {
  const CaseParameters c = benchmark_case(model, n_unknowns, n_steps);
  const bool root = dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  // The rows go to a scratch history.csv as `hamdyn run` writes them (snapshots are left out:
  // how many a run writes is the user's choice, Output/Snapshot interval).
  std::string scratch;
  if (root) {
    const char* tmp = std::getenv("TMPDIR");
    scratch = std::string(tmp && *tmp ? tmp : "/tmp") + "/hamdyn-bench-XXXXXX";
    if (mkdtemp(scratch.data()) == nullptr)
      throw std::runtime_error("cannot create a scratch directory for the benchmark's history");
  }

  MPI_Barrier(comm);
  const auto t0 = std::chrono::steady_clock::now();
  PreparedCase pc(c, comm, matrices_for_run(c)); // as `hamdyn run` does
  check_time_step(pc);
  pc.system.release_assembled_matrices(); // as `hamdyn run` does
  Transient run(pc); // a_0 and J factored, as `hamdyn run` before its first step
  double stepping = 0, rows = 0;
  {
    CsvWriter history(scratch + "/history.csv", history_columns(pc).names, comm);
    history.row(run.row());
    MPI_Barrier(comm);
    const auto t1 = std::chrono::steady_clock::now();
    const double to_first_step = dealii::Utilities::MPI::max(seconds_since_process_start(), comm);
    while (!run.finished()) {
      const auto a = std::chrono::steady_clock::now();
      run.advance();
      const auto b = std::chrono::steady_clock::now();
      history.row(run.row());
      stepping += std::chrono::duration<double>(b - a).count();
      rows += std::chrono::duration<double>(std::chrono::steady_clock::now() - b).count();
    }
    history.flush();
    MPI_Barrier(comm);
    const auto t2 = std::chrono::steady_clock::now();

    const PeakMemory memory = peak_memory(comm);
    const double loop = std::chrono::duration<double>(t2 - t1).count();
    const double n_dofs = double(pc.system.locally_owned.size());
    stepping = dealii::Utilities::MPI::max(stepping, comm);
    rows = dealii::Utilities::MPI::max(rows, comm);
    if (root)
      std::printf(
          "bench: %s, %.0f unknowns, %u steps of `hamdyn run` (integrator, energy ledger, "
          "history rows), %u ranks: %.2f ns/unknown/step (%.2f us per step: %.2f us the step "
          "and its energies, %.2f us the history row), set-up %.3f s (%.2f s from process "
          "start to the first step), peak memory %.0f MiB per rank (%.0f MiB total)\n",
          model == "beam"        ? "Hermite beam"
          : model == "nonlinear" ? "P1 string with 4 nonlinear springs"
          : model == "wave"      ? "undamped P1 string (wave)"
                                 : "damped P1 string",
          n_dofs, n_steps, dealii::Utilities::MPI::n_mpi_processes(comm),
          loop * 1e9 / (n_dofs * n_steps), loop * 1e6 / n_steps, stepping * 1e6 / n_steps,
          rows * 1e6 / n_steps, std::chrono::duration<double>(t1 - t0).count(), to_first_step,
          memory.per_rank_mb, memory.total_mb);
  }
  if (root)
    std::filesystem::remove_all(scratch);
}

} // namespace hamdyn
