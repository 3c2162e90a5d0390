#include "studies/run_planar_beam_transient.h"

#include "core/expression.h"
#include "core/failure_message.h"
#include "core/input_error.h"
#include "core/text.h"
#include "output/plane_line_frame.h"
#include "output/poly_data_series.h"
#include "studies/planar_beam_alpha.h"
#include "studies/planar_beam_frames.h"
#include "studies/planar_beam_line.h"
#include "studies/planar_beam_motion.h"
#include "studies/resume.h"
#include "studies/rows_run.h"
#include "studies/step_in_halves.h"
#include "studies/transient.h"
#include "time/newmark_scheme.h"
#include "time/time_grid.h"

#include <deal.II/base/mpi.h>

#include <vtkPolyData.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace hamdyn {

NamedColumns planar_beam_history_columns() {
  NamedColumns columns;
  columns.add("time", "s");
  columns.add("end_x", "m");
  columns.add("end_z", "m");
  columns.add("end_rotation", "rad");
  columns.add("end_angular_velocity", "rad/s");
  columns.add("momentum_x", "kg m/s");
  columns.add("momentum_z", "kg m/s");
  columns.add("angular_momentum", "kg m^2/s");
  for (const char* energy :
       {"kinetic_energy", "potential_energy", "dissipated_energy", "external_work", "energy_error"})
    columns.add(energy, "J");
  return columns;
}

namespace {

// The line the run steps, from rest at the reference or its own static state, with the case's
// initial turn: the director interpolation's for the conserving midpoint rule
// (studies/planar_beam_motion.h), the rotation interpolation's for generalized alpha
// (studies/planar_beam_alpha.h).
struct PlanarBeamStart {
  PlanarBeamLine line;
  PlanarBeamMotion state;
};
PlanarBeamStart planar_beam_start(const PlanarBeamCase& c, bool midpoint) {
  PlanarBeamStart start{make_planar_beam_line(c, midpoint ? PlanarBeamInterpolation::directors
                                                          : PlanarBeamInterpolation::rotations),
                        {}};
  std::vector<double> q = start.line.reference;
  if (c.start_at_equilibrium) {
    check_statically_held(c, "Planar beam/Initial state = equilibrium");
    solve_planar_beam_static(c, start.line, q);
  }
  start.state = planar_beam_at_rest(q);
  set_rigid_velocity(start.line, start.state, 0, 0, c.initial_angular_velocity, c.hub_point().x,
                     c.hub_point().z);
  if (c.start_rotation_rate) {
    // the hub's rate at t = 0 on its clamped node's director
    const std::size_t hub = start.line.hub_node;
    const double rate = (*c.start_rotation_rate)(0, 0), theta = q[3 * hub + 2];
    start.state.w[2 * hub] = -rate * std::sin(theta);
    start.state.w[2 * hub + 1] = rate * std::cos(theta);
  }
  return start;
}

class PlanarBeamStepper : public Stepper {
public:
  PlanarBeamStepper(const CaseParameters& parameters, MPI_Comm communicator)
      : c_(parameters), comm_(communicator), midpoint_(parameters.spectral_radius == 1),
        scheme_(generalized_alpha_parameters(parameters.spectral_radius)),
        start_(planar_beam_start(*parameters.planar_beam, midpoint_)), line_(start_.line),
        inertia_(line_), state_(start_.state), grid_(parameters.time_step, parameters.final_time) {
    // Ground motion: in coordinates relative to the ground, which only translates, the motion
    // is the fixed base's under the load -M r a_g(t) (Clough & Penzien, Dynamics of Structures,
    // 2nd ed., 1993, sec. 26-2; exact at large motion too: a translating frame's only inertial
    // force), r = 1 in the ground's direction at every node; the held DoFs move with the ground
    if (c_.ground_motion.active()) {
      ground_masses_ = ground_masses(line_, inertia_, c_.planar_beam->ground_direction);
      for (std::size_t i = 0; i < ground_masses_.size(); ++i)
        ground_masses_[i] = line_.held[i] ? 0.0 : ground_masses_[i];
    }
    if (!midpoint_) {
      // the hub's angular acceleration at t = 0 on the clamped first node
      std::vector<MovedDof> held;
      if (const auto& acceleration = c_.planar_beam->start_rotation_acceleration)
        held.push_back({3 * line_.hub_node + 2, (*acceleration)(0, 0)});
      start_planar_beam_alpha(line_, inertia_, state_, held, ground_loads(0, 0));
    }
    initial_energy_ = kinetic_energy(line_, inertia_, state_) + potential_energy(line_, state_.q);
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
    state_.t = t1; // (the grid's time, not the steps' sum)
    ++step_;
    ++steps_made_;
  }

  // A step whose Newton iterations do not converge is made in halves (studies/step_in_halves.h);
  // step_planar_beam leaves the state as it was when it throws. Every rank steps the same line
  // alike, so every rank decides alike.
  void advance_to(double t1) {
    bool at_round_off = false;
    PlanarBeamDrive drive;
    if (const auto& rotation = c_.planar_beam->start_rotation)
      drive.moved.push_back(
          {3 * line_.hub_node + 2, line_.reference[3 * line_.hub_node + 2] + (*rotation)(0, t1)});
    drive.loads = ground_loads(state_.t, t1);
    PlanarBeamStepWork work;
    const double dt = t1 - state_.t;
    const unsigned iterations =
        midpoint_ ? step_planar_beam(line_, inertia_, state_, dt, c_.nonlinear_tolerance,
                                     &at_round_off, drive, &work)
                  : step_planar_beam_alpha(line_, inertia_, scheme_, state_, dt,
                                           c_.nonlinear_tolerance, &at_round_off, drive, &work);
    external_work_ += work.support + work.loads;
    dissipated_ += work.dissipated;
    steps_at_round_off_ += at_round_off ? 1 : 0;
    most_iterations_ = std::max(most_iterations_, iterations);
    iterations_ += iterations;
  }

  std::vector<double> row(double stop_request, double* any_stop_request) const override {
    if (any_stop_request)
      *any_stop_request = dealii::Utilities::MPI::sum(stop_request, comm_);
    const std::size_t end = line_.watched_node();
    const PlanarBeamMomenta p = momenta(line_, inertia_, state_);
    const double kinetic = kinetic_energy(line_, inertia_, state_),
                 potential = potential_energy(line_, state_.q);
    std::vector<double> row{state_.t,
                            state_.q[3 * end],
                            state_.q[3 * end + 1],
                            state_.q[3 * end + 2],
                            state_.angular_velocity(end),
                            p.x,
                            p.z,
                            p.angular,
                            kinetic,
                            potential,
                            dissipated_,
                            external_work_,
                            kinetic + potential + dissipated_ - external_work_ - initial_energy_};
    if (!std::all_of(row.begin(), row.end(), [](double x) { return std::isfinite(x); }))
      throw CollectiveFailure("the planar beam's state became non-finite at t = " +
                              format_number(state_.t) + " s: check the time step");
    return row;
  }

  std::string summary() const override {
    std::ostringstream text;
    const bool linear =
        std::any_of(line_.elements.begin(), line_.elements.end(),
                    [](const PlanarBeamElement& e) { return e.quadratic_energy(); });
    text << "hamdyn run: " << grid_.n_steps << " steps of " << planar_beam_description(line_)
         << (!midpoint_ ? " (generalized alpha, rho_inf = " + text_of(c_.spectral_radius) + ", "
             : linear   ? " (energy-conserving midpoint rule, director interpolation, the linear "
                          "members' forces at the midpoint, "
                      : " (energy- and momentum-conserving midpoint rule, director interpolation, ")
         << std::setprecision(3) << (steps_made_ ? double(iterations_) / double(steps_made_) : 0.0)
         << " Newton iterations a step on average and at most " << most_iterations_
         << (halved_steps_ == 0 ? std::string()
                                : ", " + std::to_string(halved_steps_) + " steps retried in halves")
         << (steps_at_round_off_ == 0
                 ? std::string()
                 : ", " + std::to_string(steps_at_round_off_) +
                       " steps ended at double precision's floor above Nonlinear tolerance")
         << ")";
    return text.str();
  }

  void save(Checkpoint& checkpoint) const override {
    checkpoint.set("planar_beam_q", state_.q);
    checkpoint.set("planar_beam_v", state_.v);
    checkpoint.set("planar_beam_w", state_.w);
    if (!midpoint_)
      checkpoint.set("planar_beam_a", state_.a);
    checkpoint.set("planar_beam_t", state_.t);
    checkpoint.set("planar_beam_initial_energy", initial_energy_);
    checkpoint.set("planar_beam_external_work", external_work_);
    checkpoint.set("planar_beam_dissipated", dissipated_);
    checkpoint.set("step", double(step_));
  }
  void restore(const Checkpoint& checkpoint) override {
    state_.q = checkpoint.numbers("planar_beam_q", state_.q.size());
    state_.v = checkpoint.numbers("planar_beam_v", state_.v.size());
    state_.w = checkpoint.numbers("planar_beam_w", state_.w.size());
    if (!midpoint_)
      state_.a = checkpoint.numbers("planar_beam_a", state_.a.size());
    state_.t = checkpoint.number("planar_beam_t");
    initial_energy_ = checkpoint.number("planar_beam_initial_energy");
    external_work_ = checkpoint.number("planar_beam_external_work");
    dissipated_ = checkpoint.number("planar_beam_dissipated");
    step_ = checked_step(checkpoint, "step", "planar_beam_t", grid_.n_steps, c_.time_step,
                         c_.final_time);
  }

  const PlanarBeamLine& line() const { return line_; }
  const PlanarBeamMotion& state() const { return state_; }

private:
  /// The ground motion's loads over the step from t0 to t1 at the scheme's level, -(M r)_i
  /// ((1 - af) a_g(t1) + af a_g(t0)): the midpoint rule's mean (af = 1/2); empty without one.
  std::vector<double> ground_loads(double t0, double t1) const {
    std::vector<double> loads;
    if (ground_masses_.empty())
      return loads;
    const double a = c_.ground_motion.at_level(t0, t1, scheme_.alpha_f);
    for (const double m : ground_masses_)
      loads.push_back(-m * a);
    return loads;
  }

  const CaseParameters& c_;
  MPI_Comm comm_;
  bool midpoint_;            // at rho_inf = 1; generalized alpha below
  NewmarkParameters scheme_; // (generalized alpha's)
  PlanarBeamStart start_;    // the line and the state, stepped in place
  const PlanarBeamLine& line_;
  PlanarBeamInertia inertia_;
  PlanarBeamMotion& state_;
  TimeGrid grid_;
  unsigned long step_ = 0;
  unsigned most_iterations_ = 0;
  unsigned long iterations_ = 0, steps_made_ = 0, halved_steps_ = 0;
  // steps whose iterations ended at the residual's round-off floor (a slender beam's)
  unsigned long steps_at_round_off_ = 0;
  double initial_energy_ = 0;
  std::vector<double> ground_masses_; // (M r)_i per DoF, 0 at the held ones [kg]; empty: none
  double external_work_ =
      0;                  // by the turning hub, the follower loads and the ground since t = 0 [J]
  double dissipated_ = 0; // by the dashpots since t = 0 [J]
};

// solution.pvd: the line at step 0, every Output/Snapshot interval steps and at the last;
// resumed, the series continues after the checkpoint's file.
class PlanarBeamSnapshots : public RunOutput {
public:
  PlanarBeamSnapshots(const CaseParameters& c, const PlanarBeamStepper& stepper,
                      const Checkpoint* resumed)
      : c_(c), stepper_(stepper), series_(c.output_directory, "solution", stepper.communicator()) {
    if (resumed)
      series_.restore(resumed->numbers("planar_beam_snapshot_times"));
  }
  void observe(unsigned long step, unsigned long n_steps, const std::vector<double>&) override {
    if (!snapshot_due(c_, step, n_steps))
      return;
    const PlanarBeamMotion& s = stepper_.state();
    if (!series_.writer()) {
      series_.write(s.t, nullptr);
      return;
    }
    const PlanarBeamLine& line = stepper_.line();
    PlaneLineFrame frame = planar_beam_frame(line, s.q);
    std::vector<Vector2> velocity, section;
    std::vector<double> rotation, angular_velocity;
    for (std::size_t i = 0; i < line.n_nodes(); ++i) {
      const double theta = s.q[3 * i + 2];
      velocity.push_back({s.v[2 * i], s.v[2 * i + 1]});
      // the section's direction n = (-sin theta, cos theta): glyphs draw the sections
      section.push_back({-std::sin(theta), std::cos(theta)});
      rotation.push_back(theta);
      angular_velocity.push_back(s.angular_velocity(i));
    }
    frame.point_vectors = {{"velocity", velocity}, {"section", section}};
    frame.point_scalars.push_back({"rotation", rotation});
    frame.point_scalars.push_back({"angular_velocity", angular_velocity});
    series_.write(s.t, plane_line_poly_data(frame).GetPointer());
  }
  void save(Checkpoint& checkpoint) override {
    checkpoint.set("planar_beam_snapshot_times", series_times(series_.records()));
  }

private:
  const CaseParameters& c_;
  const PlanarBeamStepper& stepper_;
  PolyDataSeries series_;
};

class PlanarBeamTransientRun : public RowsRun {
public:
  PlanarBeamTransientRun(const CaseParameters& c, MPI_Comm comm, const std::string& command)
      : RowsRun(c, planar_beam_history_columns(), command), stepper_(c, comm) {}

  Stepper& stepper() override { return stepper_; }
  NamedValues results() const override {
    return largest_of([&](std::size_t k) { return columns_.units[k] == "m"; });
  }

private:
  RunOutput* open_series(const Checkpoint* resumed) override {
    snapshots_ = std::make_unique<PlanarBeamSnapshots>(c_, stepper_, resumed);
    return snapshots_.get();
  }
  PlanarBeamStepper stepper_;
  std::unique_ptr<PlanarBeamSnapshots> snapshots_;
};
} // namespace

namespace {
// InputError for what a run does not take (before anything is written)
void check_planar_beam_run(const CaseParameters& c) {
  if (c.planar_beam->steady_rotation != 0)
    throw InputError("Planar beam/Steady rotation", text_of(c.planar_beam->steady_rotation),
                     "expected 0 for hamdyn run (static, modes and buckling take it): a run "
                     "turns the hub by Planar beam/Start rotation, e.g. Omega*t with Initial "
                     "angular velocity = Omega");
  if (c.spectral_radius < 1 && c.planar_beam->start_rotation &&
      !c.planar_beam->start_rotation_acceleration)
    throw InputError("Planar beam/Start rotation", c.planar_beam->start_rotation->text(),
                     "expected an expression hamdyn can differentiate twice in t (generalized "
                     "alpha starts from the hub's angular acceleration)");
  check_step_count(c);
}
} // namespace

std::unique_ptr<TransientRun> make_planar_beam_transient_run(const CaseParameters& c,
                                                             MPI_Comm comm) {
  check_planar_beam_run(c);
  return std::make_unique<PlanarBeamTransientRun>(c, comm, "run");
}

std::unique_ptr<TransientRun> make_planar_beam_history_run(const CaseParameters& c, MPI_Comm comm,
                                                           const std::string& command) {
  check_planar_beam_run(c);
  return std::make_unique<PlanarBeamTransientRun>(c, comm, command);
}

void integrate_planar_beam(const CaseParameters& c, MPI_Comm comm,
                           const std::function<void(const std::vector<double>& row)>& observe) {
  check_planar_beam_run(c);
  PlanarBeamStepper run(c, comm);
  integrate_rows(run, observe);
}

} // namespace hamdyn
