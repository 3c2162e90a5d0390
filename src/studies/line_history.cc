#include "studies/line_history.h"

#include "core/failure_message.h"
#include "core/input_error.h"
#include "core/text.h"
#include "terms/term_table.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>

namespace hamdyn {

namespace {
// A case's inputs that vary in time, each by its key: what a step's load and motion come from.
std::vector<std::pair<std::string, std::function<double(double)>>>
time_inputs(const CaseParameters& c) {
  std::vector<std::pair<std::string, std::function<double(double)>>> inputs;
  const auto add = [&](const std::string& key, const ExpressionPtr& e, double x) {
    if (e && !e->is_zero())
      inputs.emplace_back(key, [e, x](double t) { return (*e)(x, t); });
  };
  for (const double x : {0.0, 0.25, 0.5, 0.75, 1.0})
    add("Load/Distributed force", c.distributed_force, x * c.length);
  for (const auto* end : {&c.left, &c.right}) {
    const std::string name = end == &c.left ? "Left end/" : "Right end/";
    add(name + "Force", end->force, 0);
    add(name + "Moment", end->moment, 0);
  }
  for (const Attachment& a : c.forces)
    add("Attachments/Forces", a.expression, a.x);
  if (c.ground_motion.active())
    inputs.emplace_back(c.ground_motion.record ? "Ground motion/Acceleration file"
                                               : "Ground motion/Acceleration",
                        [&g = c.ground_motion](double t) { return g(t); });
  for (const MovingForce& f : c.moving_forces) {
    add("Moving loads/Forces", f.amplitude, 0);
    add("Moving loads/Forces", f.position, 0);
  }
  for (const MovingBody& b : c.moving_bodies)
    for (const ExpressionPtr& e : {b.position, b.velocity, b.acceleration})
      add(b.is_vehicle() ? "Moving loads/Oscillators" : "Moving loads/Masses", e, 0);
  return inputs;
}

// Which source a non-finite state likely comes from (only on the way out: sums of |x|, so NaN
// shows): first an input that is not finite, or past any physical scale, over the step that
// ended at state.t; else the inputs the load comes from.
std::string likely_source(const PreparedCase& pc, const EnergyLedger& ledger, const State& state,
                          unsigned long step) {
  const CaseParameters& c = pc.parameters;
  const auto inputs = time_inputs(c);
  const double t1 = state.t, t0 = step == 0 ? t1 : std::max(0.0, t1 - c.time_step);
  for (const auto& [key, value] : inputs)
    for (const double t : {t0, 0.5 * (t0 + t1), t1})
      if (const double v = value(t); !(std::abs(v) <= 1e150))
        return key + " is " + text_of(v) + " at t = " + text_of(t) +
               " s (its value, rate or position); expected expressions finite over the whole run";
  std::string loads;
  for (const auto& input : inputs)
    if (loads.find(input.first) == std::string::npos)
      loads += (loads.empty() ? "" : ", ") + input.first;
  loads = loads.empty() ? "" : " (check " + loads + ")";
  const bool motion_finite = std::isfinite(state.u.l1_norm()) && std::isfinite(state.v.l1_norm());
  const bool load_finite = state.f.size() == 0 || std::isfinite(state.f.l1_norm());
  if (!load_finite)
    return "the load is not finite there" + loads;
  if (!std::isfinite(ledger.external_work))
    return "the load's work overflows (the load is too large)" + loads;
  if (step == 0 && !motion_finite)
    return "check Initial conditions/Displacement and Velocity";
  return "check the parameters' scale (stiffnesses, Tension, Mass per length) and Time step" +
         loads;
}

bool ledger_finite(const EnergyLedger& ledger) {
  return std::isfinite(ledger.kinetic) && std::isfinite(ledger.potential) &&
         std::isfinite(ledger.dissipated) && std::isfinite(ledger.external_work);
}

} // namespace

LineHistory::LineHistory(const PreparedCase& pc) : pc_(pc), kinds_(kinds_by_column()) {
  const auto history = pc.model->history_functionals();
  functionals_ = history.ends;
  functionals_.insert(functionals_.end(), history.probes.begin(), history.probes.end());
  n_ends_ = static_cast<std::ptrdiff_t>(history.ends.size());
  for (std::size_t k = 0; k < functionals_.size(); ++k)
    if (functionals_[k].name == "reaction_left" || functionals_[k].name == "reaction_right")
      reactions_.push_back(k);
}

void LineHistory::advance_ground(double t0, double t1) {
  if (!pc_.parameters.ground_motion.active())
    return;
  // v_g += int a_g ds and d_g += h v_g + int (t1 - s) a_g ds over the step by Simpson's rule:
  // exact for an a_g quadratic over the step, O(h^4) otherwise
  const GroundMotion& g = pc_.parameters.ground_motion;
  const double h = t1 - t0, a0 = g(t0), a_mid = g(0.5 * (t0 + t1)), a1 = g(t1);
  ground_displacement_ += h * ground_velocity_ + h * h / 6 * (a0 + 2 * a_mid);
  ground_velocity_ += h / 6 * (a0 + 4 * a_mid + a1);
}

std::vector<double> LineHistory::row(const State& s, const EnergyLedger& ledger,
                                     double stop_request, double* any_stop_request) const {
  const CaseParameters& c = pc_.parameters;
  std::vector<double>& values = functional_values_;
  evaluate(functionals_, s, pc_.comm, stop_request, values); // one reduction for all
  if (any_stop_request)
    *any_stop_request = values.back();
  const auto ends = values.begin() + n_ends_, probes_end = values.end() - 1;
  std::vector<double> row;
  row.reserve(values.size() + 10);
  row.push_back(s.t);
  row.insert(row.end(), values.begin(), ends);
  for (double e :
       {ledger.kinetic, ledger.potential, ledger.dissipated, ledger.external_work, ledger.error()})
    row.push_back(e);
  row.insert(row.end(), ends, probes_end);
  for (const TermKind* kind : kinds_)
    kind->add_values(pc_.system, s, row);
  if (c.ground_motion.active()) {
    double base_shear = 0; // the supports' reactions, absolute (models/line_model.cc)
    for (const std::size_t k : reactions_)
      base_shear += values[k];
    row.insert(row.end(),
               {c.ground_motion(s.t), ground_velocity_, ground_displacement_, base_shear});
  }
  return row;
}

void LineHistory::save(Checkpoint& c) const {
  c.set("ground_velocity", ground_velocity_);
  c.set("ground_displacement", ground_displacement_);
}

void LineHistory::restore(const Checkpoint& c) {
  if (pc_.parameters.ground_motion.active()) {
    ground_velocity_ = c.number("ground_velocity");
    ground_displacement_ = c.number("ground_displacement");
  }
}

void check_initial_state(const PreparedCase& pc, const EnergyLedger& ledger, const State& s) {
  // At the start a (and the load in it) is checked too, once; later a non-finite a or f shows up
  // in the next step's energies and work.
  if (ledger_finite(ledger) && std::isfinite(s.a.l1_norm()))
    return;
  // the expressions at the cells' midpoints too (the vertices were checked up front): throws
  // when one of them is to blame; evaluated only now, so a case that starts well pays nothing
  std::vector<double> points;
  for (const auto& cell : pc.triangulation->active_cell_iterators())
    points.push_back(cell->center()[0]);
  check_expressions_finite(pc.parameters, points);
  throw InputError("the initial state is not finite (t = 0): " + likely_source(pc, ledger, s, 0));
}

void check_step_finite(const PreparedCase& pc, const EnergyLedger& ledger, const State& s,
                       unsigned long n) {
  if (!ledger_finite(ledger))
    throw CollectiveFailure("the state became non-finite at step " + std::to_string(n) +
                            " (t = " + text_of(s.t) + " s): " + likely_source(pc, ledger, s, n) +
                            "; the outputs hold the steps before it");
}

} // namespace hamdyn
