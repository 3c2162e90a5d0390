#include "studies/run_cable_transient.h"

#include "core/failure_message.h"
#include "core/input_error.h"
#include "core/text.h"
#include "output/cable_series.h"
#include "output/history_rows.h"
#include "studies/cable_line.h"
#include "studies/cable_motion.h"
#include "studies/resume.h"
#include "studies/rows_run.h"
#include "studies/step_in_halves.h"
#include "studies/transient.h"
#include "time/time_grid.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace hamdyn {

namespace {
std::vector<double> flat(const std::vector<Vector2>& x) {
  std::vector<double> values;
  for (const Vector2& p : x)
    values.insert(values.end(), {p.x, p.z});
  return values;
}

std::vector<Vector2> points_of(const std::vector<double>& values) {
  std::vector<Vector2> x;
  for (std::size_t i = 0; i + 1 < values.size(); i += 2)
    x.push_back({values[i], values[i + 1]});
  return x;
}

} // namespace

NamedColumns cable_history_columns(const CableCase& cable) {
  NamedColumns columns;
  columns.add("time", "s");
  columns.add("midspan_x", "m");
  columns.add("midspan_z", "m");
  for (std::size_t k = 0; k < cable.point_masses.size(); ++k) {
    columns.add("mass" + std::to_string(k + 1) + "_x", "m");
    columns.add("mass" + std::to_string(k + 1) + "_z", "m");
  }
  columns.add("left_tension", "N");
  columns.add("right_tension", "N");
  // the ledger's columns as every run writes them: the dashpots' dissipated energy, the loads
  // (the weights) and springs in the potential, the external work the moving supports' (0
  // without)
  for (const char* energy :
       {"kinetic_energy", "potential_energy", "dissipated_energy", "external_work", "energy_error"})
    columns.add(energy, "J");
  return columns;
}

namespace {

// (f_x(t), f_z(t)) of two expressions in t
Vector2 pair_at(const std::array<ExpressionPtr, 2>& f, double t) {
  return {(*f[0])(0, t), (*f[1])(0, t)};
}

// A cable's transient as it steps: its chain, mass and state.
class CableStepper : public Stepper {
public:
  CableStepper(const CaseParameters& parameters, MPI_Comm communicator)
      : c_(parameters), comm_(communicator), line_(make_cable_line(*parameters.cable)),
        grid_(parameters.time_step, parameters.final_time),
        scheme_(ChainScheme::for_spectral_radius(parameters.spectral_radius)) {
    if (c_.cable->start_at_equilibrium)
      solve_cable_equilibrium(line_.chain);
    state_.x = line_.chain.nodes;
    state_.v.assign(state_.x.size(), Vector2{0, 0});
    // the moving supports: their nodes, where they are at rest and how they move
    const std::size_t last = state_.x.size() - 1;
    for (const auto& [node, motion] : {std::make_pair(std::size_t(0), c_.cable->left_motion),
                                       std::make_pair(last, c_.cable->right_motion)})
      if (motion)
        moving_.push_back({node, state_.x[node], motion});
    for (std::size_t k = 0; k < line_.held_nodes.size(); ++k)
      if (const auto& motion = c_.cable->held_motions[k])
        moving_.push_back({line_.held_nodes[k], state_.x[line_.held_nodes[k]], motion});
    std::vector<NodePosition> accelerations;
    for (const MovingSupport& m : moving_) {
      state_.v[m.node] = pair_at(m.motion->velocity, 0);
      accelerations.push_back({m.node, pair_at(m.motion->acceleration, 0)});
    }
    // Ground motion: in coordinates relative to the ground, whose translation changes no
    // element's length, every node carries -(M r)_i a_g(t) (Clough & Penzien, Dynamics of
    // Structures, 2nd ed., 1993, sec. 26-2), r = 1 in the ground's direction at every node
    // (the supports' too: a free node's inertia row reaches its held neighbour's)
    if (c_.ground_motion.active()) {
      std::vector<Vector2> r(state_.x.size(), Vector2{0, 0});
      for (Vector2& ri : r)
        ri[c_.cable->ground_direction] = 1;
      for (std::size_t i = 0; i < r.size(); ++i)
        ground_masses_.push_back(line_.mass.row_times(i, r));
    }
    start_chain(line_.chain, line_.mass, scheme_, state_, accelerations, ground_loads(0, 0));
    midspan_ = midspan_node(line_);
    initial_energy_ = line_.mass.kinetic_energy(state_.v) + potential_energy(line_.chain, state_.x);
    // (every rank holds the whole start; from here on, on two or more ranks, each steps its part)
    partition_ = ChainPartition::of(state_.x.size(), comm_);
  }

  MPI_Comm communicator() const override { return comm_; }
  unsigned long n_steps() const override { return grid_.n_steps; }
  unsigned long step() const override { return step_; }
  double time() const override { return state_.t; }
  double final_time() const override { return c_.final_time; }
  void advance() override {
    const double t1 = grid_.time(step_ + 1);
    step_in_halves([&] { return state_.t; }, [&](double t) { advance_to(t); }, t1, step_ + 1,
                   halved_steps_);
    state_.t = t1;
    ++step_;
    ++steps_made_;
  }

  // A step whose Newton iterations do not converge is made in halves (studies/step_in_halves.h):
  // where a cable passes through slack the motion is fast for a moment, and a 1e4-element hanging
  // cable with a mass let go failed there at the run's step (a tenth of it went through; so did
  // 2000 elements at the full step). step_chain leaves the state as it was when it throws.
  void advance_to(double t1) {
    ChainStep how;
    how.tolerance = c_.nonlinear_tolerance;
    how.kept = &jacobian_;
    how.scratch = &scratch_;
    how.scheme = scheme_;
    how.partition = &partition_;
    for (const MovingSupport& m : moving_) {
      const PlanePoint at = m.motion->at({m.rest.x, m.rest.z}, t1);
      how.moved.push_back({m.node, {at.x, at.z}});
    }
    how.loads = ground_loads(state_.t, t1);
    const unsigned iterations = step_chain(line_.chain, line_.mass, state_, t1 - state_.t, how);
    most_iterations_ = std::max(most_iterations_, iterations);
    iterations_ += iterations;
    external_work_ += how.support_work + how.load_work;
    dissipated_ += how.dissipated;
  }

  // A replicated chain's row is every rank's; a divided chain's is each part's share (a value at
  // a node from the part that owns it, 0 from the other; the energies' partial sums) summed over
  // the ranks, with a pending signal in the same reduction.
  std::vector<double> row(double stop_request, double* any_stop_request) const override {
    const ChainPartition& p = partition_;
    const auto at = [&](std::size_t node, double value) { return p.owns(node) ? value : 0.0; };
    std::vector<double> shares{at(midspan_, state_.x[midspan_].x),
                               at(midspan_, state_.x[midspan_].z)};
    for (const std::size_t node : line_.mass_nodes)
      shares.insert(shares.end(), {at(node, state_.x[node].x), at(node, state_.x[node].z)});
    const std::size_t n = state_.x.size();
    shares.push_back(at(0, line_.chain.elements.front().tension(chord(state_.x, 0))));
    shares.push_back(at(n - 1, line_.chain.elements.back().tension(chord(state_.x, n - 2))));
    shares.push_back(line_.mass.kinetic_energy(state_.v, p.begin, p.end));
    shares.push_back(potential_energy(line_.chain, state_.x, nullptr, p.begin, p.end,
                                      scratch_.lengths_of_state ? &scratch_.l0 : nullptr,
                                      scratch_.stiffness.empty() ? nullptr : &scratch_.stiffness));
    shares.push_back(stop_request);
    sum_over_parts(p, shares.data(), int(shares.size()));
    if (any_stop_request)
      *any_stop_request =
          p.distributed ? shares.back() : dealii::Utilities::MPI::sum(stop_request, comm_);
    shares.pop_back();
    const double potential = shares.back(), kinetic = shares[shares.size() - 2];
    std::vector<double> row{state_.t};
    row.insert(row.end(), shares.begin(), shares.end());
    row.insert(row.end(), {dissipated_, external_work_,
                           kinetic + potential + dissipated_ - external_work_ - initial_energy_});
    if (!std::all_of(row.begin(), row.end(), [](double x) { return std::isfinite(x); }))
      throw CollectiveFailure("the cable's state became non-finite at t = " +
                              format_number(state_.t) + " s: check the time step");
    return row;
  }

  std::string summary() const override {
    std::ostringstream text;
    text << "hamdyn run: " << grid_.n_steps << " steps of a cable of "
         << line_.chain.elements.size() << " elements ("
         << (scheme_.midpoint ? "energy-consistent midpoint rule"
                              : "generalized alpha, rho_inf = " + text_of(c_.spectral_radius))
         << ", " << (c_.cable->consistent_mass ? "consistent" : "lumped") << " mass, "
         << std::setprecision(3) << (steps_made_ ? double(iterations_) / double(steps_made_) : 0.0)
         << " Newton iterations a step on average and at most " << most_iterations_ << ", "
         << jacobian_.factorizations() << " Jacobians factored"
         << (halved_steps_ == 0 ? std::string()
                                : ", " + std::to_string(halved_steps_) + " steps retried in halves")
         << ")";
    return text.str();
  }

  void save(Checkpoint& checkpoint) const override {
    const ChainMotion s = gathered_state();
    checkpoint.set("cable_x", flat(s.x));
    checkpoint.set("cable_v", flat(s.v));
    if (!scheme_.midpoint)
      checkpoint.set("cable_a", flat(s.a));
    checkpoint.set("cable_t", state_.t);
    checkpoint.set("cable_initial_energy", initial_energy_);
    checkpoint.set("cable_external_work", external_work_);
    checkpoint.set("cable_dissipated", dissipated_);
    checkpoint.set("cable_jacobian", jacobian_.linearization(&partition_));
    checkpoint.set("step", double(step_));
  }
  void restore(const Checkpoint& checkpoint) override {
    const std::size_t n = 2 * state_.x.size();
    state_.x = points_of(checkpoint.numbers("cable_x", n));
    state_.v = points_of(checkpoint.numbers("cable_v", n));
    state_.a.clear();
    if (!scheme_.midpoint)
      state_.a = points_of(checkpoint.numbers("cable_a", n));
    state_.t = checkpoint.number("cable_t");
    scratch_.lengths_of_state = false; // (of the state before)
    initial_energy_ = checkpoint.number("cable_initial_energy");
    external_work_ = checkpoint.number("cable_external_work");
    dissipated_ = checkpoint.number("cable_dissipated");
    const std::vector<double>& point = checkpoint.numbers("cable_jacobian");
    if (!point.empty() && point.size() != 2 * n + 1)
      throw InputError("checkpoint.bin", "cable_jacobian",
                       "expected the linearization point of this case's chain (2 x " +
                           std::to_string(n) + " + 1 numbers)");
    jacobian_.restore(line_.chain, line_.mass, scheme_, point, &partition_);
    step_ = checked_step(checkpoint, "step", "cable_t", grid_.n_steps, c_.time_step, c_.final_time);
  }

  const CableLine& line() const { return line_; }
  /// The state with every node's values (gathered from the parts of a divided chain: collective).
  ChainMotion gathered_state() const {
    ChainMotion s = state_;
    gather_nodes(partition_, s.x);
    gather_nodes(partition_, s.v);
    if (!s.a.empty())
      gather_nodes(partition_, s.a);
    return s;
  }

private:
  /// The ground motion's loads over the step from t0 to t1 at the alpha level, -(M r)_i
  /// ((1 - af) a_g(t1) + af a_g(t0)) (the same instant at t0 = t1); empty without one.
  std::vector<Vector2> ground_loads(double t0, double t1) const {
    std::vector<Vector2> loads;
    if (ground_masses_.empty())
      return loads;
    const double a = c_.ground_motion.at_level(t0, t1, scheme_.alpha_f);
    for (const Vector2& m : ground_masses_)
      loads.push_back({-m.x * a, -m.z * a});
    return loads;
  }

  const CaseParameters& c_;
  MPI_Comm comm_;
  CableLine line_;
  TimeGrid grid_;
  ChainScheme scheme_;
  ChainMotion state_;
  ChainPartition partition_; // the nodes this rank steps
  std::size_t midspan_ = 0;
  unsigned long step_ = 0;
  unsigned most_iterations_ = 0;
  // Newton's iterations of the steps this process made (a step made in halves: theirs summed)
  unsigned long iterations_ = 0, steps_made_ = 0;
  ChainJacobian jacobian_; // kept across steps (modified Newton); its point in the checkpoint
  ChainScratch scratch_;   // step_chain's vectors, kept from step to step
  unsigned long halved_steps_ = 0; // steps retried in halves (this process's)
  double initial_energy_ = 0;
  // A support that moves: its node, where it is at rest, its motion.
  struct MovingSupport {
    std::size_t node;
    Vector2 rest;
    std::shared_ptr<const SupportMotion> motion;
  };
  std::vector<MovingSupport> moving_;
  std::vector<Vector2> ground_masses_; // (M r)_i of the ground motion's direction [kg]
  double external_work_ = 0; // by the moving supports and the ground motion since t = 0 [J]
  double dissipated_ = 0;    // by the dashpots since t = 0 [J]
};

// solution.pvd: the line at step 0, every Output/Snapshot interval steps and at the last; resumed,
// the series continues after the checkpoint's file.
class CableSnapshots : public RunOutput {
public:
  CableSnapshots(const CaseParameters& c, const CableStepper& stepper, const Checkpoint* resumed)
      : c_(c), stepper_(stepper),
        series_(c.output_directory, "solution", cable_marks(stepper.line(), *c.cable),
                stepper.communicator()) {
    if (resumed)
      series_.restore(resumed->numbers("cable_snapshot_times"));
  }
  void observe(unsigned long step, unsigned long n_steps, const std::vector<double>&) override {
    if (!snapshot_due(c_, step, n_steps))
      return;
    const CableChain& chain = stepper_.line().chain;
    const ChainMotion s = stepper_.gathered_state();
    series_.write(s.t, s.x, s.v, element_tensions(chain, s.x));
  }
  void save(Checkpoint& checkpoint) override {
    checkpoint.set("cable_snapshot_times", series_times(series_.records()));
  }

private:
  const CaseParameters& c_;
  const CableStepper& stepper_;
  CableSeries series_;
};

class CableTransientRun : public RowsRun {
public:
  CableTransientRun(const CaseParameters& c, MPI_Comm comm, const std::string& command = "run")
      : RowsRun(c, cable_history_columns(*c.cable), command), stepper_(c, comm) {}

  Stepper& stepper() override { return stepper_; }
  NamedValues results() const override {
    return largest_of([&](std::size_t k) { return columns_.units[k] == "m"; });
  }

private:
  RunOutput* open_series(const Checkpoint* resumed) override {
    snapshots_ = std::make_unique<CableSnapshots>(c_, stepper_, resumed);
    return snapshots_.get();
  }
  CableStepper stepper_;
  std::unique_ptr<CableSnapshots> snapshots_;
};
} // namespace

std::unique_ptr<TransientRun> make_cable_transient_run(const CaseParameters& c, MPI_Comm comm) {
  check_step_count(c);
  return std::make_unique<CableTransientRun>(c, comm);
}

std::unique_ptr<TransientRun> make_cable_history_run(const CaseParameters& c, MPI_Comm comm,
                                                     const std::string& command) {
  check_step_count(c);
  return std::make_unique<CableTransientRun>(c, comm, command);
}

void integrate_cable(const CaseParameters& c, MPI_Comm comm,
                     const std::function<void(const std::vector<double>& row)>& observe) {
  check_step_count(c);
  CableStepper run(c, comm);
  integrate_rows(run, observe);
}

} // namespace hamdyn
