#include "terms/nodal_force_term.h"

#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <cmath>
#include <sstream>

#include "system/petsc_helpers.h"
#include "system/stick_slip.h"

namespace hamdyn {

void NodalForceTerm::start(State& s, LA::Vector* residual) {
  const auto& elements = elements_.elements;
  const std::size_t m = elements.size();
  const auto gathered = gather_entries({&s.u, &s.v}, elements_.dofs(), system_.comm);
  NodalForceState& state = s.terms.set(NodalForceState{});
  state.extensions.assign(gathered.begin(), gathered.begin() + std::ptrdiff_t(m));
  state.forces.resize(m);
  state.work.assign(m, 0.0);
  slip_direction_.assign(m, 0);
  for (std::size_t k = 0; k < m; ++k) {
    const double v = gathered[m + k];
    if (elements[k].is_dashpot()) {
      // A friction contact at rest starts stuck, with zero force until the first step finds the
      // force that holds it (a_0 is computed without it).
      state.forces[k] = elements[k].dashpot().force(v);
      slip_direction_[k] = slip_direction(v);
    } else
      state.forces[k] = elements[k].law(state.extensions[k]);
  }
  if (residual && m > 0) {
    const auto range = residual->local_range();
    for (std::size_t k = 0; k < m; ++k)
      if (elements[k].dof >= range.first && elements[k].dof < range.second)
        (*residual)(elements[k].dof) -= state.forces[k];
    residual->compress(dealii::VectorOperation::add);
  }
}

void NodalForceTerm::factored(const TermContext& context, const ImplicitStep& /*step*/) {
  // Z_j = J_lin^-1 e_{k_j} and S = U^T Z for the Newton iteration on the nodal forces.
  const auto dofs = elements_.dofs();
  const std::size_t m = dofs.size();
  z_.assign(m, {});
  s_matrix_.assign(m * m, 0.0);
  LA::Vector unit(system_.locally_owned, system_.comm), z(unit);
  for (std::size_t j = 0; j < m; ++j) {
    unit = 0;
    if (system_.locally_owned.is_element(dofs[j]))
      unit(dofs[j]) = 1;
    unit.compress(dealii::VectorOperation::insert);
    context.solver.solve(unit, z);
    const auto s_row = gather_entries(z, dofs, system_.comm); // S_ij = Z_j(k_i)
    std::copy(s_row.begin(), s_row.end(), s_matrix_.begin() + std::ptrdiff_t(j * m));
    // Z_j decays away from its element's DoF, by orders of magnitude per element when the step
    // is short against the periods of the mesh's modes (J is then nearly c_m M): a step's
    // update a -= sum_j c_j Z_j then touches only the elements' neighbourhoods.
    const double negligible = 1e-18 * z.linfty_norm();
    const PetscScalar* values = nullptr;
    check_petsc(VecGetArrayRead(z, &values));
    z_[j] = TrimmedColumn(values, system_.locally_owned.n_elements(), negligible);
    check_petsc(VecRestoreArrayRead(z, &values));
  }
}

struct NodalForceTerm::ElementStep {
  double dt;
  // At the elements' DoFs: u and v of the predictor a_{n+1} = -y0, and of the current iterate.
  std::vector<double> predictor_e, predictor_v, c, e, velocity, force;
  unsigned iterations = 0;
};

void NodalForceTerm::newton_on_elements(const State& s, const ImplicitStep& step,
                                        ElementStep& x) const {
  const NodalForceState& at_start = s.terms.get<NodalForceState>();
  const NewmarkParameters& p = *step.scheme;
  // With a = -y0 + Z c (y0 = J_lin^-1 r_lin, r_lin the residual without the nodal forces), the
  // residual of eq. (8) is U (c + g_af) exactly, since J_lin Z = U, where g_af is the force each
  // element applies over the step: (1-af) F_{n+1} + af F_n, or F_{n+1} for dry friction. So
  // Newton's method on the m equations h(c) = c + g_af(c) = 0, with e(c) = e~ + beta dt^2 S c and
  // v(c) = v~ + gamma dt S c at the elements' DoFs (e~, v~ those of the predictor), is Newton's
  // method on the whole step; its Jacobian is m x m. A dashpot with 1 < p < 2 (infinite slope at
  // v = 0) and a sticking contact use instead the row v(c) - v(F) = 0 with F = F_{n+1}(c), scaled
  // by 1 / (gamma dt S_kk) to a force.
  const auto& elements = elements_.elements;
  const std::size_t m = elements.size();
  const double af = p.alpha_f, bdt2 = p.beta * x.dt * x.dt, gdt = p.gamma * x.dt;
  auto S = [&](std::size_t k, std::size_t j) { return s_matrix_[j * m + k]; };
  std::vector<double> h(m), slope(m);
  dealii::FullMatrix<double> jacobian(m, m);
  dealii::Vector<double> newton_step(m), rhs(m);
  double increment = std::numeric_limits<double>::infinity();
  for (unsigned int iteration = 0;; ++iteration) {
    double residual = 0, scale = 0;
    for (std::size_t k = 0; k < m; ++k) {
      double sc = 0;
      for (std::size_t j = 0; j < m; ++j)
        sc += S(k, j) * x.c[j];
      x.e[k] = x.predictor_e[k] + bdt2 * sc;
      x.velocity[k] = x.predictor_v[k] + gdt * sc;
      const NodalForce& element = elements[k];
      const double velocity_row = 1 / (gdt * S(k, k));
      for (std::size_t j = 0; j < m; ++j)
        jacobian(k, j) = k == j ? 1.0 : 0.0;
      if (element.is_dry_friction() && slip_direction_[k] == 0) { // stuck: v_{n+1} = 0
        x.force[k] = -x.c[k];
        h[k] = velocity_row * x.velocity[k];
        for (std::size_t j = 0; j < m; ++j)
          jacobian(k, j) = velocity_row * gdt * S(k, j);
      } else if (element.is_dry_friction()) { // slipping: F = c sign(v)
        x.force[k] = element.coefficient * slip_direction_[k];
        h[k] = x.c[k] + x.force[k];
      } else if (element.solved_for_velocity()) {
        x.force[k] = -(x.c[k] + af * at_start.forces[k]) / (1 - af);
        h[k] = velocity_row * (x.velocity[k] - element.dashpot().velocity(x.force[k]));
        for (std::size_t j = 0; j < m; ++j)
          jacobian(k, j) = velocity_row * gdt * S(k, j);
        jacobian(k, k) += velocity_row * element.dashpot().velocity_slope(x.force[k]) / (1 - af);
      } else {
        // the force applied over the step and its derivative with respect to (S c)_k
        double applied = 0, d_applied = 0;
        if (element.is_dashpot()) {
          x.force[k] = element.dashpot().force(x.velocity[k]);
          applied = (1 - af) * x.force[k] + af * at_start.forces[k];
          d_applied = (1 - af) * gdt * element.dashpot().slope(x.velocity[k]);
        } else if (p.energy_consistent_springs) {
          x.force[k] = element.law(x.e[k]);
          applied = mean_force(element, at_start.extensions[k], x.e[k], &d_applied);
          d_applied *= bdt2;
        } else {
          x.force[k] = element.law(x.e[k]);
          applied = (1 - af) * x.force[k] + af * at_start.forces[k];
          d_applied = (1 - af) * bdt2 * element.slope(x.e[k]);
        }
        h[k] = x.c[k] + applied;
        for (std::size_t j = 0; j < m; ++j)
          jacobian(k, j) += d_applied * S(k, j);
      }
      if (element.solved_for_velocity() || (element.is_dry_friction() && slip_direction_[k] == 0))
        scale = std::max(scale, velocity_row * std::abs(x.predictor_v[k])); // h's terms' size
      residual = std::max(residual, std::abs(h[k]));
      scale =
          std::max({scale, std::abs(x.c[k]), std::abs(x.force[k]), std::abs(at_start.forces[k])});
    }
    const double tolerance = p.nonlinear_tolerance * scale;
    if (!std::isfinite(residual))
      throw NewtonFailure("the force of nonlinear element " + elements[0].name +
                          " and the others became non-finite at t = " + std::to_string(s.t + x.dt) +
                          " s; check the force laws");
    if (residual <= tolerance && (iteration > 0 ? increment <= tolerance : residual == 0)) {
      x.iterations += std::max(1u, iteration);
      return;
    }
    if (iteration == p.max_newton_iterations) {
      std::size_t worst = 0;
      for (std::size_t k = 1; k < m; ++k)
        if (std::abs(h[k]) > std::abs(h[worst]))
          worst = k;
      std::ostringstream message;
      message << "Newton's iterations did not converge at t = " << s.t + x.dt << " s: element "
              << elements[worst].name << " (extension " << x.e[worst] << ", velocity "
              << x.velocity[worst] << ", force residual " << h[worst] << " after " << iteration
              << " iterations)";
      throw NewtonFailure(message.str());
    }
    for (std::size_t k = 0; k < m; ++k)
      rhs[k] = -h[k];
    jacobian.gauss_jordan(); // inverts; m is the number of nonlinear elements
    jacobian.vmult(newton_step, rhs);
    increment = 0;
    for (std::size_t k = 0; k < m; ++k) {
      x.c[k] += newton_step[k];
      increment = std::max(increment, std::abs(newton_step[k]));
    }
  }
}

unsigned NodalForceTerm::correct(State& s, const ImplicitStep& step, const TermContext& /*context*/,
                                 const LA::Vector& /*r_lin*/, LA::Vector& y0) {
  const auto& elements = elements_.elements;
  const std::size_t m = elements.size();
  if (m == 0)
    return 0;
  NodalForceState& state = s.terms.edit<NodalForceState>();
  const NewmarkParameters& p = *step.scheme;
  const double dt = step.dt, q = step.q;
  const auto gathered = gather_entries({&s.u, &s.v, &s.a, &y0}, elements_.dofs(), system_.comm);
  ElementStep x;
  x.dt = dt;
  for (std::vector<double>* v : {&x.predictor_e, &x.predictor_v, &x.c, &x.e, &x.velocity, &x.force})
    v->assign(m, 0.0);
  for (std::size_t k = 0; k < m; ++k) {
    x.c[k] = -state.forces[k]; // first guess: each element's force as at t_n
    const double u = gathered[k], v = gathered[m + k], a = gathered[2 * m + k];
    const double y = gathered[3 * m + k]; // -a_{n+1} = q a_n + y
    x.predictor_e[k] =
        u + dt * v + dt * dt * (0.5 - p.beta - p.beta * q) * a - p.beta * dt * dt * y;
    x.predictor_v[k] = v + dt * (1 - p.gamma - p.gamma * q) * a - p.gamma * dt * y;
  }
  // The active set of the friction elements: a stuck contact whose holding force exceeds c
  // slips in that force's direction; a slipping one whose velocity would reverse sticks.
  const std::vector<int> start_directions = slip_direction_;
  settle_active_set(
      2 * m + 4, [&] { newton_on_elements(s, step, x); },
      [&] {
        bool changed = false;
        for (std::size_t k = 0; k < m; ++k)
          if (elements[k].is_dry_friction() &&
              switch_stick_slip(slip_direction_[k], x.force[k], x.velocity[k],
                                elements[k].coefficient, p.nonlinear_tolerance))
            changed = true;
        return changed;
      },
      [&] {
        slip_direction_ = start_directions;
        throw NewtonFailure(
            "the stick/slip states of the friction elements did not settle at t = " +
            std::to_string(s.t + dt) + " s");
      });
  for (std::size_t k = 0; k < m; ++k) {
    if (std::isnan(negative_slope_time_) && !elements[k].is_dashpot() &&
        elements[k].slope(x.e[k]) < 0) {
      negative_slope_time_ = s.t + dt;
      negative_slope_element_ = elements[k].name;
    }
    state.work[k] -= x.c[k] * (x.e[k] - state.extensions[k]); // the applied force is -c
  }
  state.extensions = x.e;
  state.forces = x.force;
  PetscScalar* a = nullptr; // y0 - Z c: the step with the elements' forces
  check_petsc(VecGetArray(y0, &a));
  for (std::size_t j = 0; j < m; ++j)
    z_[j].subtract_from(a, x.c[j]);
  check_petsc(VecRestoreArray(y0, &a));
  return x.iterations;
}

double NodalForceTerm::stored_energy(const State* previous, const State& now, double stored) const {
  const auto& elements = elements_.elements;
  const auto& at_end = now.terms.get<NodalForceState>().extensions;
  for (std::size_t k = 0; k < elements.size(); ++k)
    if (!elements[k].is_dashpot())
      stored += potential_increment(
          elements[k], previous ? previous->terms.get<NodalForceState>().extensions[k] : 0.0,
          at_end[k]);
  return stored;
}

double NodalForceTerm::add_dissipated(const State& now, double dissipated) const {
  const auto& elements = elements_.elements;
  const auto& work = now.terms.get<NodalForceState>().work;
  for (std::size_t k = 0; k < elements.size(); ++k)
    if (elements[k].is_dashpot())
      dissipated += work[k]; // correct()'s sum of F dx over the steps
  return dissipated;
}

void NodalForceTerm::save(Checkpoint& c) const {
  c.set("slip_direction", std::vector<double>(slip_direction_.begin(), slip_direction_.end()));
  c.set("negative_slope_element", negative_slope_element_);
  // slot 4 of the record the integrator writes first, the layout of earlier versions'
  // checkpoints (which resume): -1 for none, a checkpoint's numbers being finite
  std::vector<double> record = c.numbers("integrator");
  record.at(4) = std::isnan(negative_slope_time_) ? -1.0 : negative_slope_time_;
  c.set("integrator", record);
}

void NodalForceTerm::restore(const Checkpoint& c) {
  const auto& directions = c.numbers("slip_direction", elements_.elements.size());
  const double time = c.numbers("integrator", 5)[4];
  negative_slope_time_ = time < 0 ? std::numeric_limits<double>::quiet_NaN() : time;
  slip_direction_.assign(directions.begin(), directions.end());
  negative_slope_element_ = c.text("negative_slope_element");
}

TermKind nodal_force_kind() {
  return {
      "nonlinear springs, dashpots and friction at points",
      [](const SecondOrderSystem& system) -> std::unique_ptr<OperatorTerm> {
        return std::make_unique<NodalForceTerm>(system);
      },
      0, // first after the probes
      [](const SecondOrderSystem& system, NamedColumns& columns) {
        for (const NodalForce& e : system.parts.get<NodalForces>().elements)
          columns.add(e.name, e.unit);
      },
      [](const SecondOrderSystem& /*system*/, const State& s, std::vector<double>& row) {
        const auto& forces = s.terms.get<NodalForceState>().forces;
        row.insert(row.end(), forces.begin(), forces.end());
      },
      [](const State& s, Checkpoint& c) {
        const NodalForceState& state = s.terms.get<NodalForceState>();
        c.set("extensions", state.extensions);
        c.set("element_forces", state.forces);
        c.set("element_work", state.work);
      },
      [](State& s, const Checkpoint& c) {
        if (NodalForceState* state = s.terms.find<NodalForceState>()) {
          state->extensions = c.numbers("extensions", state->extensions.size());
          state->forces = c.numbers("element_forces", state->forces.size());
          state->work = c.numbers("element_work", state->work.size());
        }
      },
  };
}

} // namespace hamdyn
