#include "studies/run_discrete.h"

#include "core/failure_message.h"
#include "core/input_error.h"
#include "discrete/discrete_integrator.h"
#include "output/history_writer.h"
#include "reductions/dense_eigen.h"
#include "studies/prepared_case.h"
#include "studies/transient.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

namespace hamdyn {

namespace {
std::vector<std::string> discrete_history_columns(const DiscreteCase& d) {
  std::vector<std::string> columns{"time"};
  for (const auto& q : d.coordinates)
    columns.push_back(q);
  for (const auto& q : d.coordinates)
    columns.push_back("v_" + q);
  for (const auto& s : d.springs)
    columns.push_back("force_" + s.name);
  for (const auto& s : d.dashpots)
    columns.push_back("dashpot_force_" + s.name);
  for (const auto& s : d.constraints)
    columns.push_back("lambda_" + s.name);
  for (const char* energy :
       {"kinetic_energy", "potential_energy", "dissipated_energy", "external_work", "energy_error"})
    columns.push_back(energy);
  return columns;
}

std::vector<double> history_row(const DiscreteSystem& system, const DiscreteState& s,
                                double initial_energy) {
  std::vector<double> row{s.t};
  row.insert(row.end(), s.q.begin(), s.q.end());
  row.insert(row.end(), s.v.begin(), s.v.end());
  for (double f : system.spring_forces(s.q))
    row.push_back(f);
  for (double f : system.dashpot_forces(s.v))
    row.push_back(f);
  row.insert(row.end(), s.lambda.begin(), s.lambda.end());
  const double kinetic = system.kinetic_energy(s.v), potential = system.potential_energy(s.q);
  row.insert(row.end(), {kinetic, potential, s.dissipated, s.work,
                         kinetic + potential + s.dissipated - s.work - initial_energy});
  return row;
}
} // namespace

NamedValues run_discrete_transient(const CaseParameters& c, const ParameterFile& file,
                                   MPI_Comm comm, bool report) {
  check_step_count(c);
  const DiscreteSystem system(*c.discrete); // every check before anything is written
  NewmarkParameters parameters = generalized_alpha_parameters(c.spectral_radius);
  parameters.nonlinear_tolerance = c.nonlinear_tolerance;
  parameters.max_newton_iterations = c.max_newton_iterations;
  DiscreteIntegrator integrator(system, parameters);
  DiscreteState state = integrator.initial_state();
  const auto output = prepare_output_directory(c.output_directory, file, comm);
  const std::vector<std::string> columns = discrete_history_columns(*c.discrete);
  CsvWriter history(c.output_directory + "/history.csv", columns, comm);
  const double initial_energy = system.kinetic_energy(state.v) + system.potential_energy(state.q);
  std::vector<double> largest(columns.size(), 0.0);
  auto record = [&] {
    const std::vector<double> row = history_row(system, state, initial_energy);
    for (std::size_t k = 0; k < row.size(); ++k)
      largest[k] = std::max(largest[k], std::abs(row[k]));
    if (!std::all_of(row.begin(), row.end(), [](double x) { return std::isfinite(x); }))
      throw CollectiveFailure("the state became non-finite at t = " + format_number(state.t) +
                              " s (discrete system): check the springs' laws and the time step");
    history.row(row);
  };
  record();
  const auto start = std::chrono::steady_clock::now();
  const unsigned long n_steps = step_count(c);
  for (unsigned long n = 1; n <= n_steps; ++n) {
    integrator.step(state, n == n_steps ? c.final_time : double(n) * c.time_step);
    record();
  }
  history.flush();
  if (report && dealii::Utilities::MPI::this_mpi_process(comm) == 0)
    std::printf("hamdyn run: %lu steps of a discrete system (generalized alpha, %zu coordinates, "
                "%zu constraints by %s, at most %u Newton iterations a step) in %.2f s\n",
                n_steps, system.n(), system.n_constraints(),
                c.discrete->method == ConstraintMethod::gibbs_appell ? "Gibbs-Appell"
                                                                     : "multipliers",
                integrator.most_iterations(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  NamedValues results;
  for (std::size_t k = 1; k <= system.n(); ++k)
    results.add("max_abs_" + columns[k], largest[k]);
  results.add("max_abs_energy_error", largest.back());
  return results;
}

NamedValues run_discrete_modes(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                               bool report) {
  const DiscreteSystem system(*c.discrete);
  const std::size_t n = system.n(), k = n - system.n_constraints();
  if (c.n_modes > k)
    throw InputError("Modes/Number of modes", std::to_string(c.n_modes),
                     "expected at most " + std::to_string(k) +
                         " (the coordinates less the constraints)");
  DenseVector q(n), v(n), springs, dashpots;
  for (std::size_t i = 0; i < n; ++i)
    q[i] = c.discrete->initial_q[i];
  DenseMatrix stiffness(n, n);
  system.internal_forces(q, v, springs, dashpots, &stiffness);
  // on the live coordinates z, q = N z: N^T K N z = omega^2 N^T M N z
  const DenseMatrix& null_space = system.null_space();
  DenseMatrix kn(n, k), mn(n, k), reduced_k(k, k), reduced_m(k, k);
  stiffness.mmult(kn, null_space);
  system.mass().mmult(mn, null_space);
  null_space.Tmmult(reduced_k, kn);
  null_space.Tmmult(reduced_m, mn);
  const std::vector<double> eigenvalues = generalized_eigenvalues(reduced_k, reduced_m);
  const auto output = prepare_output_directory(c.output_directory, file, comm);
  const bool root = report && dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  if (root)
    std::printf("modes of the discrete system linearized about its initial state (each spring's "
                "slope dF/de there, dashpots left out)%s\n%6s %22s %22s\n",
                system.n_constraints() > 0 ? ", on the motions the constraints allow" : "", "mode",
                "omega [rad/s]", "frequency [Hz]");
  CsvWriter csv(c.output_directory + "/modes.csv", {"mode", "omega", "frequency"}, comm);
  NamedValues results;
  // omega^2 within round-off of zero is a rigid-body motion (a free chain)
  const double round_off = 1e-10 * std::abs(eigenvalues.back());
  for (unsigned int m = 0; m < c.n_modes; ++m) {
    const double lambda = std::abs(eigenvalues[m]) <= round_off ? 0.0 : eigenvalues[m];
    // a negative omega^2: the initial state is not a stable equilibrium; no frequency
    const double omega = lambda >= 0 ? std::sqrt(lambda) : std::nan("");
    csv.row(std::vector<std::string>{std::to_string(m + 1), format_cell(omega),
                                     format_cell(omega / (2 * M_PI))});
    results.add("omega_" + std::to_string(m + 1), omega);
    if (root && lambda >= 0)
      std::printf("%6u %22.15g %22.15g\n", m + 1, omega, omega / (2 * M_PI));
    else if (root)
      std::printf("%6u   omega^2 = %g < 0: the initial state is not a stable equilibrium\n", m + 1,
                  lambda);
  }
  return results;
}

} // namespace hamdyn
