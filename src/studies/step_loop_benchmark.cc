#include "studies/step_loop_benchmark.h"

#include "core/case_parameters.h"
#include "studies/prepared_case.h"
#include "time/newmark_family.h"

#include <deal.II/base/mpi.h>

#include <chrono>
#include <cstdio>
#include <sys/resource.h>

namespace hamdyn {

void run_step_loop_benchmark(const std::string& model, unsigned long n_unknowns,
                             unsigned int n_steps, MPI_Comm comm) {
  ParameterFile file;
  declare_case_parameters(file);
  file.set("Discretization", "Degree", "1");
  file.set("Time integration", "Time step", "1e-5");
  if (model == "beam") { // two DoFs (w, theta) per node
    file.set("Discretization", "Elements", std::to_string(n_unknowns / 2));
    file.set("Model", "Type", "euler bernoulli beam");
    file.set("Left end", "Support", "clamped");
    file.set("Initial conditions", "Displacement", "0.01*x^2");
  } else {
    file.set("Discretization", "Elements", std::to_string(n_unknowns));
  }
  if (model == "nonlinear") { // the P1 string with four hardening springs, all of them working
    file.set("Attachments", "Nonlinear springs",
             "0.2:1e3*e + 1e9*e^3; 0.4:1e3*e + 1e9*e^3; 0.6:1e3*e + 1e9*e^3; 0.8:1e3*e + 1e9*e^3");
    file.set("Initial conditions", "Displacement", "0.01*sin(pi*x)");
  }
  CaseParameters c = parse_case_parameters(file, ".");

  MPI_Barrier(comm);
  const auto t0 = std::chrono::steady_clock::now();
  PreparedCase pc(c, comm);
  NewmarkIntegrator integrator(pc.system, generalized_alpha_parameters(c.spectral_radius));
  State state;
  integrator.allocate(state);
  pc.model->initial_conditions(state.u, state.v);
  integrator.initialize(state);
  integrator.step(state, c.time_step); // factors J; counted as set-up
  MPI_Barrier(comm);
  const auto t1 = std::chrono::steady_clock::now();
  for (unsigned int n = 0; n < n_steps; ++n)
    integrator.step(state, c.time_step);
  MPI_Barrier(comm);
  const auto t2 = std::chrono::steady_clock::now();

  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  const double rss_mb = usage.ru_maxrss / 1024.0;
  const double max_rss = dealii::Utilities::MPI::max(rss_mb, comm);
  const double sum_rss = dealii::Utilities::MPI::sum(rss_mb, comm);
  const double loop = std::chrono::duration<double>(t2 - t1).count();
  const double n_dofs = double(pc.system.locally_owned.size());
  if (dealii::Utilities::MPI::this_mpi_process(comm) == 0)
    std::printf("bench: %s, %.0f unknowns, %u steps, %u ranks: %.2f ns/unknown/step, "
                "step loop %.3f s, set-up %.3f s, peak memory %.0f MB per rank (%.0f MB total)\n",
                model == "beam"        ? "Hermite beam"
                : model == "nonlinear" ? "P1 string with 4 nonlinear springs"
                                       : "P1 string",
                n_dofs, n_steps, dealii::Utilities::MPI::n_mpi_processes(comm),
                loop * 1e9 / (n_dofs * n_steps), loop,
                std::chrono::duration<double>(t1 - t0).count(), max_rss, sum_rss);
}

} // namespace hamdyn
