#include "studies/transient.h"

#include "core/failure_message.h"
#include "core/input_error.h"
#include "core/text.h"
#include "output/energy_ledger.h"
#include "studies/progress.h"
#include "studies/resume.h"
#include "studies/stop_on_signals.h"
#include "system/linear_functional.h"
#include "terms/moving_body_term.h"
#include "terms/term_table.h"
#include "time/scheme_parameters.h"
#include "time/stability_limit.h"
#include "time/time_grid.h"

#include <deal.II/base/mpi.h>

#include <cmath>
#include <cstdio>
#include <sstream>

namespace hamdyn {

NamedColumns history_columns(const PreparedCase& pc) {
  const auto functionals = pc.model->history_functionals();
  NamedColumns columns;
  columns.add("time", "s");
  for (const auto& f : functionals.ends)
    columns.add(f.name, f.unit);
  for (const char* e :
       {"kinetic_energy", "potential_energy", "dissipated_energy", "external_work", "energy_error"})
    columns.add(e, "J");
  for (const auto& f : functionals.probes)
    columns.add(f.name, f.unit);
  for (const TermKind* kind : kinds_by_column())
    kind->add_columns(pc.system, columns);
  if (pc.parameters.ground_motion.active()) {
    columns.add("ground_acceleration", "m/s^2");
    columns.add("ground_velocity", "m/s");
    columns.add("ground_displacement", "m");
    columns.add("base_shear", "N");
  }
  return columns;
}

// An initial shape far beyond physical scale is an expression gone wrong (a pole on the line
// that the nodes just miss, 1/(x - 0.5) giving 1e16 m; a factor 1e200): no string or beam moves
// a million times its length, or at a million lengths per period of its fundamental mode.
void check_initial_scale(const PreparedCase& pc, const LA::Vector& u, const LA::Vector& v) {
  const CaseParameters& c = pc.parameters;
  const double largest_u = u.linfty_norm(), largest_v = v.linfty_norm();
  const double u_bound = 1e6 * c.length, v_bound = u_bound * pc.model->frequency_scale();
  if (c.initial_displacement && !(largest_u <= u_bound))
    throw InputError("Initial conditions/Displacement", c.initial_displacement->text(),
                     "reaches " + text_of(largest_u) +
                         " m at a node, more than 10^6 times the length " + text_of(c.length) +
                         " m; expected a displacement of physical scale (an expression with a "
                         "pole on the line gives this)");
  if (c.initial_velocity && !(largest_v <= v_bound))
    throw InputError("Initial conditions/Velocity", c.initial_velocity->text(),
                     "reaches " + text_of(largest_v) + " m/s at a node, more than " +
                         text_of(v_bound) +
                         " m/s (10^6 lengths times the fundamental angular frequency); expected a "
                         "velocity of physical scale (an expression with a pole on the line "
                         "gives this)");
}

unsigned long step_count(const CaseParameters& c) {
  return TimeGrid(c.time_step, c.final_time).n_steps;
}

bool checkpoint_due(const CaseParameters& c, unsigned long n, unsigned long n_steps) {
  return c.checkpoint_interval > 0 && n % c.checkpoint_interval == 0 && n != 0 && n != n_steps;
}

void check_step_count(const CaseParameters& c) {
  const double ratio = c.final_time / c.time_step;
  if (!(ratio <= 1e9)) // also an overflowing ratio
    throw InputError("Time integration/Time step", text_of(c.time_step),
                     "gives " + text_of(ratio) + " steps to the Final time " +
                         text_of(c.final_time) + " s; at most 1e9 steps are allowed");
  if (step_count(c) == 0)
    throw InputError("Time integration/Final time", text_of(c.final_time),
                     "gives no time step; expected a final time above 0");
}

Matrices matrices_for_run(const CaseParameters& c) {
  return c.scheme == Scheme::generalized_alpha && !(c.axial_stiffness > 0) &&
                 !c.viscous_damping_needs_own_matrix()
             ? Matrices::band_from_cells
             : Matrices::assembled;
}

void check_time_step(const PreparedCase& pc) {
  check_step_count(pc.parameters);
  if (pc.parameters.scheme != Scheme::central_difference)
    return;
  const double limit = central_difference_critical_step(pc.system);
  if (pc.parameters.time_step > limit) {
    std::ostringstream allowed;
    allowed << "central difference is guaranteed stable only for a time step <= " << limit
            << " s (2/omega_max of this mesh, with omega_max bounded above by Gershgorin's "
               "theorem; exact for uniform P1)";
    throw InputError("Time integration/Time step", text_of(pc.parameters.time_step), allowed.str());
  }
}

Transient::Transient(const PreparedCase& pc)
    : LineStepper(pc), integrator_(pc.system, newmark_parameters(pc.parameters)),
      ledger_(pc.system, integrator_.energy_terms()), history_(pc) {
  check_free_dofs(pc);
  integrator_.allocate(state_);
  if (pc.system.load) // the ledger reads only t, f and the terms' values of the step before
    previous_.f.reinit(pc.system.locally_owned, pc.comm);
  pc.model->initial_conditions(state_.u, state_.v);
  check_initial_scale(pc, state_.u, state_.v);
  integrator_.initialize(state_);
  integrator_.prepare(pc.parameters.time_step); // a factorization failure shows before writing
  ledger_.start(state_);
  check_initial_state(pc, ledger_, state_);
}

void Transient::advance() {
  previous_.t = state_.t;
  previous_.terms = state_.terms; // the nodal forces' extensions (NodalForceTerm::stored_energy)
  if (pc_.system.load)
    previous_.f = state_.f;
  const unsigned long n = step_ + 1;
  integrator_.step(state_, grid_.step_size(n, state_.t));
  state_.t = grid_.time(n);
  step_ = n;
  history_.advance_ground(previous_.t, state_.t);
  ledger_.record_step(previous_, state_);
  // The ledger's sums are reductions over every entry of u, v and f that each step makes anyway:
  // a non-finite entry anywhere makes one of them non-finite on every rank at once, so all ranks
  // stop together (no extra pass, no extra reduction, no rank left waiting).
  check_step_finite(pc_, ledger_, state_, n);
}

std::vector<double> Transient::row(double stop_request, double* any_stop_request) const {
  return history_.row(state_, ledger_, stop_request, any_stop_request);
}

std::string Transient::take_note() {
  const RefinedLinearizationSolver& solver = integrator_.solver();
  constexpr double worth_a_warning = 1e-6; // as the studies' precision warnings
  if (!solve_precision_reported_ && !(solver.remaining_error() <= worth_a_warning)) {
    solve_precision_reported_ = true; // said once, after the first step
    const unsigned k = solver.corrections();
    return "the step's solves may be off by " + text_of(solver.remaining_error()) + " relative " +
           (k == 0 ? std::string("(their refinement does not converge here)")
                   : "after " + std::to_string(k) + " refinements each (unrefined " +
                         text_of(solver.unrefined_error()) + ")") +
           ": the step is so long against the mesh's highest periods that J = c_m M + c_k K "
           "loses M in double precision; fewer elements or a shorter Time integration/Time "
           "step give more accurate values";
  }
  const MovingBodyTerm* moving = integrator_.moving_bodies();
  if (moving && !contact_loss_reported_ && !std::isnan(moving->first_contact_loss_time())) {
    contact_loss_reported_ = true; // bilateral contact: the run goes on, said once
    return "the contact force of " + moving->first_contact_loss_body() +
           " changed sign at t = " + text_of(moving->first_contact_loss_time()) +
           " s: it would lose contact there (the contact is bilateral; history.csv: "
           "contact_lost_" +
           moving->first_contact_loss_body() + ")";
  }
  if (negative_slope_reported_ || std::isnan(integrator_.first_negative_slope_time()))
    return "";
  negative_slope_reported_ = true; // allowed (softening, snap-through), said once
  return integrator_.first_negative_slope_element() + " has a negative slope dF/de from t = " +
         text_of(integrator_.first_negative_slope_time()) + " s";
}

std::string Transient::summary() const {
  return "hamdyn run: " + std::to_string(grid_.n_steps) + " steps (" +
         integrator_.parameters().name + ", " + std::to_string(pc_.system.locally_owned.size()) +
         " DoFs, " + std::to_string(dealii::Utilities::MPI::n_mpi_processes(pc_.comm)) + " ranks" +
         (integrator_.most_iterations() == 0
              ? std::string()
              : ", at most " + std::to_string(integrator_.most_iterations()) +
                    " Newton iterations per step") +
         (integrator_.halved_steps() == 0
              ? std::string()
              : ", " + std::to_string(integrator_.halved_steps()) + " steps retried in halves") +
         (integrator_.solver().corrections() == 0
              ? std::string()
              : ", each solve refined " + std::to_string(integrator_.solver().corrections()) +
                    " times") +
         ")";
}

void LineStepper::save_step(Checkpoint& c) const {
  c.set("step", double(step_));
  c.set("n_steps", double(grid_.n_steps));
  c.set("time", state_.t);
}

void LineStepper::restore_step(const Checkpoint& c) {
  if (c.number("n_steps") != double(grid_.n_steps))
    throw InputError("the checkpoint was written for " + text_of(c.number("n_steps")) +
                     " steps and this case has " + std::to_string(grid_.n_steps) +
                     " (its Time step or Final time changed)");
  const CaseParameters& p = pc_.parameters;
  step_ = checked_step(c, "step", "time", grid_.n_steps, p.time_step, p.final_time);
  state_.t = c.number("time");
}

void Transient::save(Checkpoint& c) const {
  save_step(c);
  for (const TermKind& kind : term_kinds())
    kind.save_state(state_, c);
  c.set("negative_slope_reported", double(negative_slope_reported_));
  c.set("contact_loss_reported", double(contact_loss_reported_));
  history_.save(c);
  c.set("u", state_.u, pc_.comm);
  c.set("v", state_.v, pc_.comm);
  c.set("a", state_.a, pc_.comm);
  if (pc_.system.load)
    c.set("f", state_.f, pc_.comm);
  ledger_.save(c);
  integrator_.save(c);
}

void Transient::restore(const Checkpoint& c) {
  restore_step(c);
  for (const TermKind& kind : term_kinds())
    kind.restore_state(state_, c);
  negative_slope_reported_ = c.number("negative_slope_reported") != 0;
  contact_loss_reported_ = c.has("contact_loss_reported") && c.number("contact_loss_reported") != 0;
  history_.restore(c);
  c.get("u", state_.u);
  c.get("v", state_.v);
  c.get("a", state_.a);
  if (pc_.system.load)
    c.get("f", state_.f);
  ledger_.restore(c);
  integrator_.restore(c);
  integrator_.prepare(pc_.parameters.time_step); // J with the restored tension reference
}

} // namespace hamdyn
