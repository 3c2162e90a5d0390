#include "studies/run_discrete.h"

#include "core/failure_message.h"
#include "core/input_error.h"
#include "discrete/discrete_equilibrium.h"
#include "discrete/discrete_integrator.h"
#include "discrete/impulse_solution.h"
#include "output/history_rows.h"
#include "output/history_writer.h"
#include "output/output_directory.h"
#include "output/point_series.h"
#include "reductions/dense_eigen.h"
#include "storage/checkpoint.h"
#include "studies/prepared_case.h"
#include "studies/progress.h"
#include "studies/resume.h"
#include "studies/rows_run.h"
#include "studies/stop_on_signals.h"
#include "studies/transient.h"
#include "time/scheme_parameters.h"
#include "time/time_grid.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <sstream>

namespace hamdyn {

NamedColumns discrete_history_columns(const DiscreteCase& d) {
  // A coordinate is a length or an angle as the case defines it, and so are the rates, the
  // elements' forces (or moments) and the multipliers: hamdyn gives those no unit.
  NamedColumns columns;
  columns.add("time", "s");
  for (const auto& q : d.coordinates)
    columns.add(q, "");
  for (const auto& q : d.coordinates)
    columns.add("v_" + q, "");
  for (const auto& s : d.springs)
    columns.add("force_" + s.name, "");
  for (const auto& s : d.dashpots)
    columns.add("dashpot_force_" + s.name, "");
  for (const std::string& name : d.constraint_names())
    columns.add("lambda_" + name, "");
  for (const char* energy :
       {"kinetic_energy", "potential_energy", "dissipated_energy", "external_work"})
    columns.add(energy, "J");
  if (d.energies && d.energies->is_rheonomic())
    for (const char* energy : {"kinetic_energy_0", "kinetic_energy_1", "kinetic_energy_2",
                               "jacobi_energy", "driving_work"})
      columns.add(energy, "J");
  columns.add("energy_error", "J");
  return columns;
}

namespace {
std::vector<double> history_row(const DiscreteSystem& system, const DiscreteState& s,
                                double initial_energy) {
  std::vector<double> row{s.t};
  row.insert(row.end(), s.q.begin(), s.q.end());
  row.insert(row.end(), s.v.begin(), s.v.end());
  for (double f : system.spring_forces(s.q))
    row.push_back(f);
  row.insert(row.end(), s.dashpot_forces.begin(), s.dashpot_forces.end());
  row.insert(row.end(), s.lambda.begin(), s.lambda.end());
  const double kinetic = system.kinetic_energy(s.q, s.v, s.t),
               potential = system.potential_energy(s.q, s.t);
  row.insert(row.end(), {kinetic, potential, s.dissipated, s.work});
  const double energy = system.energy_function(s.q, s.v, s.t);
  if (system.is_rheonomic()) {
    const LagrangeEquations::EnergyParts parts = system.energy_parts(s.q, s.v, s.t);
    row.insert(row.end(), {parts.t0, parts.t1, parts.t2, energy, s.driving_work});
  }
  // the energy function's balance: T + V, or Jacobi's h, against dissipation and work
  row.push_back(energy + s.dissipated - s.work - s.driving_work - initial_energy);
  return row;
}
} // namespace

namespace {
// The stiffness linearized about the initial state (each spring's slope dF/de there).
DenseMatrix initial_tangent_stiffness(const DiscreteSystem& system) {
  const std::size_t n = system.n();
  DenseVector springs, dashpots;
  DenseMatrix stiffness(n, n);
  system.internal_forces(system.initial_displacements(), DenseVector(n), springs, dashpots,
                         &stiffness);
  return stiffness;
}

// Eigenvalues within round-off of zero (1e-10 of the largest) set to zero: a free chain's
// rigid-body motion, a dual's self-stress state.
std::vector<double> without_round_off(std::vector<double> eigenvalues) {
  const double round_off = eigenvalues.empty() ? 0 : 1e-10 * std::abs(eigenvalues.back());
  for (double& lambda : eigenvalues)
    if (std::abs(lambda) <= round_off)
      lambda = 0;
  return eigenvalues;
}

// omega^2 of K x = omega^2 M x on the constraints' null space, ascending.
std::vector<double> primal_eigenvalues(const DiscreteSystem& system) {
  const DenseMatrix stiffness = initial_tangent_stiffness(system);
  return without_round_off(generalized_eigenvalues(system.on_null_space(stiffness),
                                                   system.on_null_space(system.mass())));
}

// The positive angular frequencies of omega^2 in ascending order.
std::vector<double> nonzero_frequencies(const std::vector<double>& eigenvalues) {
  std::vector<double> omega;
  for (double lambda : eigenvalues)
    if (lambda > 0)
      omega.push_back(std::sqrt(lambda));
  return omega;
}
} // namespace

namespace {
// A discrete system's transient as it steps: the system, its integrator and state. Built (every
// check) before anything is written.
class DiscreteStepper : public Stepper {
public:
  DiscreteStepper(const CaseParameters& parameters, MPI_Comm communicator)
      : c_(parameters), comm_(communicator), system_(*parameters.discrete),
        integrator_(system_, newmark_parameters(parameters)), state_(integrator_.initial_state()),
        grid_(parameters.time_step, parameters.final_time),
        initial_energy_(system_.energy_function(state_.q, state_.v, 0)) {}

  MPI_Comm communicator() const override { return comm_; }
  unsigned long n_steps() const override { return grid_.n_steps; }
  unsigned long step() const override { return step_; }
  double time() const override { return state_.t; }
  double final_time() const override { return c_.final_time; }
  void advance() override {
    ++step_;
    integrator_.step(state_, grid_.time(step_));
  }

  // The small system is solved alike on every rank, so its row is too; only a pending signal
  // needs a reduction.
  std::vector<double> row(double stop_request, double* any_stop_request) const override {
    std::vector<double> row = history_row(system_, state_, initial_energy_);
    if (!std::all_of(row.begin(), row.end(), [](double x) { return std::isfinite(x); }))
      throw CollectiveFailure("the state became non-finite at t = " + format_number(state_.t) +
                              " s (discrete system): check the springs' laws and the time step");
    if (any_stop_request)
      *any_stop_request = dealii::Utilities::MPI::sum(stop_request, comm_);
    return row;
  }

  std::string summary() const override {
    std::ostringstream text;
    text << "hamdyn run: " << grid_.n_steps << " steps of a discrete system (generalized alpha, "
         << system_.n() << (system_.n() == 1 ? " coordinate, " : " coordinates, ")
         << system_.n_constraints()
         << (system_.n_constraints() == 1 ? " constraint" : " constraints") << " by "
         << (c_.discrete->method == ConstraintMethod::gibbs_appell ? "Gibbs-Appell" : "multipliers")
         << ", at most " << integrator_.most_iterations() << " Newton iterations a step";
    if (integrator_.halved_steps() > 0)
      text << ", " << integrator_.halved_steps() << " steps retried in halves";
    text << ")";
    return text.str();
  }

  void save(Checkpoint& checkpoint) const override {
    integrator_.save(state_, checkpoint);
    checkpoint.set("step", double(step_));
  }
  void restore(const Checkpoint& checkpoint) override {
    state_ = integrator_.restore(checkpoint);
    step_ =
        checked_step(checkpoint, "step", "discrete_t", grid_.n_steps, c_.time_step, c_.final_time);
  }

  std::size_t n_coordinates() const { return system_.n(); }

private:
  const CaseParameters& c_;
  MPI_Comm comm_;
  const DiscreteSystem system_;
  DiscreteIntegrator integrator_;
  DiscreteState state_;
  TimeGrid grid_;
  unsigned long step_ = 0;
  double initial_energy_;
};

// points.pvd of a system with Points: written at step 0, every Output/Snapshot interval steps and
// at the last, from the row's q and v; resumed, the series continues after the checkpoint's file.
class PointsOutput : public RunOutput {
public:
  PointsOutput(const CaseParameters& c, const LagrangeEquations& energies, MPI_Comm comm,
               const Checkpoint* resumed)
      : c_(c), energies_(energies), series_(c.output_directory, energies.point_names(),
                                            energies.point_masses(), energies.dimension(), comm) {
    if (resumed)
      series_.restore(resumed->numbers("points_times"));
  }
  void observe(unsigned long step, unsigned long n_steps, const std::vector<double>& row) override {
    if (!snapshot_due(c_, step, n_steps))
      return;
    const std::size_t n = energies_.n(); // row: time, q, v, ...
    std::vector<double> positions, velocities;
    energies_.points(&row[1], &row[1 + n], row[0], positions, velocities);
    series_.write(row[0], positions, velocities);
  }
  void save(Checkpoint& checkpoint) override {
    checkpoint.set("points_times", series_times(series_.records()));
  }

private:
  const CaseParameters& c_;
  const LagrangeEquations& energies_;
  PointSeries series_;
};

// A discrete system's transient with its history.csv and largest values.
class DiscreteTransientRun : public RowsRun {
public:
  DiscreteTransientRun(const CaseParameters& c, MPI_Comm comm)
      : RowsRun(c, discrete_history_columns(*c.discrete)), stepper_(c, comm) {}

  Stepper& stepper() override { return stepper_; }
  NamedValues results() const override {
    return largest_of([&](std::size_t k) { return k <= stepper_.n_coordinates(); });
  }

private:
  RunOutput* open_series(const Checkpoint* resumed) override {
    if (!c_.discrete->energies || c_.discrete->energies->point_names().empty())
      return nullptr;
    points_ = std::make_unique<PointsOutput>(c_, *c_.discrete->energies, stepper_.communicator(),
                                             resumed);
    return points_.get();
  }
  DiscreteStepper stepper_;
  std::unique_ptr<PointsOutput> points_;
};
} // namespace

std::unique_ptr<TransientRun> make_discrete_transient_run(const CaseParameters& c, MPI_Comm comm) {
  check_step_count(c);
  return std::make_unique<DiscreteTransientRun>(c, comm);
}

void integrate_discrete(const CaseParameters& c, MPI_Comm comm,
                        const std::function<void(const std::vector<double>& row)>& observe) {
  check_step_count(c);
  DiscreteStepper run(c, comm);
  integrate_rows(run, observe);
}

NamedValues run_discrete_modes(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                               bool report) {
  const DiscreteSystem system(*c.discrete);
  for (std::size_t k = 0; system.has_links() && k < c.discrete->links->size(); ++k)
    if (!c.discrete->links->link(k).holonomic)
      throw InputError(c.discrete->links->link(k).text.parameter, c.discrete->links->link(k).name,
                       "modes of a system with a non-holonomic link are not formed (the "
                       "linearization in its quasi-velocities is not implemented); expected "
                       "holonomic links or Constraints/Equations for modes");
  const std::size_t k = system.n() - system.n_constraints();
  // the default Number of modes may ask for more than a small system has: then all of its modes
  // (said below); a number the case sets beyond them is bad input
  const bool all_modes = c.n_modes > k && !file.is_set("Modes", "Number of modes");
  const auto n_modes = all_modes ? static_cast<unsigned int>(k) : c.n_modes;
  if (n_modes > k)
    throw InputError("Modes/Number of modes", std::to_string(c.n_modes),
                     "expected at most " + std::to_string(k) +
                         " (the coordinates less the constraints)");
  const DiscreteLinearization linearization = linearize_about_equilibrium(system);
  const std::vector<LinearizedMode> modes = linearized_modes(linearization);
  const auto output = prepare_output_directory(c.output_directory, file, comm);
  const bool root = report && dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  if (root) {
    std::string at;
    for (std::size_t i = 0; i < system.n(); ++i)
      at += (i ? ", " : "") + c.discrete->coordinates[i] + " = " +
            format_number(linearization.equilibrium[i]);
    std::string steady; // the cyclic coordinates' momenta and steady rates
    for (std::size_t a = 0; a < linearization.cyclic.size(); ++a) {
      const std::size_t i = linearization.cyclic[a];
      const std::string& name = c.discrete->coordinates[i];
      steady += (a ? "; " : "") + name + " at the momentum p_" + name + " = " +
                format_number(linearization.momenta[a]) + " (v_" + name + " = " +
                format_number(linearization.rates[i]) + ")";
    }
    std::printf("modes of the discrete system linearized about the %s Newton's method finds from "
                "its initial state (%u iterations%s): %s\n",
                steady.empty() ? "equilibrium" : "relative equilibrium (a steady motion)",
                linearization.iterations, system.is_rheonomic() ? ", at t = 0" : "", at.c_str());
    if (!steady.empty())
      std::printf("cyclic coordinates held at their initial momenta (Routh's amended potential; "
                  "each adds a zero mode, its drift): %s\n",
                  steady.c_str());
    std::printf("each spring's slope dF/de there, dashpots and the dissipation function left "
                "out%s%s\n",
                linearization.has_gyroscopic() ? ", gyroscopic terms kept (complex eigenvalues)"
                                               : "",
                system.n_constraints() > 0 ? ", on the motions the constraints allow" : "");
    if (all_modes)
      std::printf("all %u modes of the system (the coordinates less the constraints; Modes/Number "
                  "of modes = %u is the default)\n",
                  n_modes, c.n_modes);
    std::printf("%6s %22s %22s %22s\n", "mode", "omega [rad/s]", "frequency [Hz]",
                "growth rate [1/s]");
  }
  CsvWriter csv(c.output_directory + "/modes.csv", {"mode", "omega", "frequency", "growth_rate"},
                comm);
  NamedValues results;
  unsigned growing = 0;
  for (unsigned int m = 0; m < n_modes; ++m) {
    const LinearizedMode& mode = modes[m];
    csv.row(std::vector<std::string>{std::to_string(m + 1), format_cell(mode.omega),
                                     format_cell(mode.omega / (2 * M_PI)),
                                     format_cell(mode.growth_rate)});
    results.add("omega_" + std::to_string(m + 1), mode.omega);
    results.add("growth_rate_" + std::to_string(m + 1), mode.growth_rate);
    growing += mode.growth_rate > 0 ? 1 : 0;
    if (root)
      std::printf("%6u %22.15g %22.15g %22.15g\n", m + 1, mode.omega, mode.omega / (2 * M_PI),
                  mode.growth_rate);
  }
  if (root && growing > 0)
    std::printf("the equilibrium is unstable: %u mode(s) grow (growth rate > 0)\n", growing);
  return results;
}

NamedValues run_discrete_compare(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                                 bool report) {
  check_step_count(c);
  const DiscreteSystem system(*c.discrete);
  const std::size_t n = system.n();
  // Every method runs to the end before anything is written (a dual that stops is one line).
  std::vector<double> times;
  std::vector<std::vector<double>> histories(3); // per method: q at every time, row-major
  for (const ConstraintMethod method :
       {ConstraintMethod::multipliers, ConstraintMethod::gibbs_appell}) {
    DiscreteCase definition = *c.discrete;
    definition.method = method;
    const DiscreteSystem variant(definition);
    DiscreteIntegrator integrator(variant, newmark_parameters(c));
    DiscreteState state = integrator.initial_state();
    auto& history = histories[method == ConstraintMethod::multipliers ? 0 : 1];
    history.insert(history.end(), state.q.begin(), state.q.end());
    if (method == ConstraintMethod::multipliers)
      times.push_back(0);
    const TimeGrid grid(c.time_step, c.final_time);
    for (unsigned long k = 1; k <= grid.n_steps; ++k) {
      integrator.step(state, grid.time(k));
      history.insert(history.end(), state.q.begin(), state.q.end());
      if (method == ConstraintMethod::multipliers)
        times.push_back(state.t);
    }
  }
  // The impulse dual (and the frequencies beside it) takes constant inertias, extensions linear
  // in q and constant linear constraints: energies and links as expressions are none of these.
  const bool with_dual = system.energies() == nullptr && !system.has_links();
  std::vector<double> primal, dual_frequencies;
  if (with_dual) {
    const ImpulseSolution dual(system);
    ImpulseState impulses = dual.initial_state();
    histories[2].insert(histories[2].end(), impulses.q.begin(), impulses.q.end());
    for (std::size_t k = 1; k < times.size(); ++k) {
      dual.step(impulses, times[k]);
      histories[2].insert(histories[2].end(), impulses.q.begin(), impulses.q.end());
    }
    // frequencies linearized about the initial state: K, M on the null space; C(e0), B of the
    // dual
    primal = nonzero_frequencies(primal_eigenvalues(system));
    dual_frequencies = nonzero_frequencies(without_round_off(
        generalized_eigenvalues(dual.susceptance(), dual.compliance(dual.initial_state().e))));
  }

  const auto output = prepare_output_directory(c.output_directory, file, comm);
  const bool root = report && dealii::Utilities::MPI::this_mpi_process(comm) == 0;
  const std::vector<std::string>& names = c.discrete->coordinates;
  if (with_dual) {
    CsvWriter csv(c.output_directory + "/compare.csv", {"mode", "primal", "dual"}, comm);
    for (std::size_t m = 0; m < std::max(primal.size(), dual_frequencies.size()); ++m)
      csv.row(std::vector<std::string>{
          std::to_string(m + 1), format_cell(m < primal.size() ? primal[m] : std::nan("")),
          format_cell(m < dual_frequencies.size() ? dual_frequencies[m] : std::nan(""))});
  }
  std::vector<std::string> columns{"time"};
  const std::size_t n_methods = with_dual ? 3 : 2;
  for (const char* method : {"primal_", "gibbs_appell_", "dual_"})
    for (const auto& q : names)
      if (method != std::string("dual_") || with_dual)
        columns.push_back(method + q);
  CsvWriter csv(c.output_directory + "/compare_history.csv", columns, comm);
  for (std::size_t k = 0; k < times.size(); ++k) {
    std::vector<double> row{times[k]};
    for (std::size_t m = 0; m < n_methods; ++m)
      row.insert(row.end(), histories[m].begin() + long(k * n),
                 histories[m].begin() + long((k + 1) * n));
    csv.row(row);
  }
  NamedValues results;
  if (root && !with_dual)
    std::printf("no impulse dual: the case's %s as expressions (%s) are outside its "
                "assumptions (constant inertias, extensions linear in q, constant linear "
                "constraints)\n",
                system.energies() ? "energies" : "links",
                system.energies() ? "configuration-dependent inertia, extensions nonlinear in q"
                                  : "constraints whose rows depend on q or t");
  if (root && with_dual) {
    std::printf("nonzero angular frequencies linearized about the initial state [rad/s]\n%6s "
                "%22s %22s\n",
                "mode", "primal", "impulse dual");
    for (std::size_t m = 0; m < std::max(primal.size(), dual_frequencies.size()); ++m)
      std::printf("%6zu %22s %22s\n", m + 1,
                  m < primal.size() ? format_number(primal[m]).c_str() : "-",
                  m < dual_frequencies.size() ? format_number(dual_frequencies[m]).c_str() : "-");
    std::printf("histories over %zu steps, largest differences relative to the coordinate's "
                "largest |q|:\n%12s %24s %24s\n",
                times.size() - 1, "coordinate", "Gibbs-Appell - primal", "dual - primal");
  }
  if (root && !with_dual)
    std::printf("histories over %zu steps, largest differences relative to the coordinate's "
                "largest |q|:\n%12s %24s\n",
                times.size() - 1, "coordinate", "Gibbs-Appell - primal");
  for (std::size_t i = 0; i < n; ++i) {
    double largest = 0, reduced = 0, impulse = 0;
    for (std::size_t k = 0; k < times.size(); ++k) {
      const double p = histories[0][k * n + i];
      largest = std::max(largest, std::abs(p));
      reduced = std::max(reduced, std::abs(histories[1][k * n + i] - p));
      if (with_dual)
        impulse = std::max(impulse, std::abs(histories[2][k * n + i] - p));
    }
    const double scale = largest > 0 ? largest : 1;
    results.add("largest_difference_gibbs_appell_" + names[i], reduced / scale);
    if (with_dual)
      results.add("largest_difference_dual_" + names[i], impulse / scale);
    if (root && with_dual)
      std::printf("%12s %24.6e %24.6e\n", names[i].c_str(), reduced / scale, impulse / scale);
    else if (root)
      std::printf("%12s %24.6e\n", names[i].c_str(), reduced / scale);
  }
  return results;
}

} // namespace hamdyn
