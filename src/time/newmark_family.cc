#include "time/newmark_family.h"

#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "core/failure_message.h"
#include "system/banded_operator.h"
#include "system/petsc_helpers.h"
#include "system/stick_slip.h"
#include <deal.II/lac/petsc_sparse_matrix.h>

namespace hamdyn {

NewmarkParameters generalized_alpha_parameters(double rho) {
  NewmarkParameters p;
  p.name = "generalized alpha";
  p.alpha_m = (2 * rho - 1) / (rho + 1);
  p.alpha_f = rho / (rho + 1);
  p.gamma = 0.5 - p.alpha_m + p.alpha_f;
  p.beta = 0.25 * std::pow(1 - p.alpha_m + p.alpha_f, 2);
  p.energy_consistent_springs = rho == 1;
  return p;
}

NewmarkParameters central_difference_parameters() {
  NewmarkParameters p;
  p.name = "central difference";
  p.alpha_m = p.alpha_f = 0;
  p.beta = 0;
  p.gamma = 0.5;
  return p;
}

NewmarkIntegrator::NewmarkIntegrator(const SecondOrderSystem& system,
                                     const NewmarkParameters& parameters)
    : system_(system), p_(parameters), negative_slope_time_(std::nan("")) {
  for (LA::Vector* v : {&mass_part_, &stiffness_part_, &residual_})
    v->reinit(system_.locally_owned, system_.comm);
  if (system_.has_nonproportional_damping())
    v_af_.reinit(system_.locally_owned, system_.comm);
  if (system_.load)
    f_new_.reinit(system_.locally_owned, system_.comm);
}

void NewmarkIntegrator::allocate(State& s) const {
  for (LA::Vector* v : {&s.u, &s.v, &s.a, &s.v_mean})
    v->reinit(system_.locally_owned, system_.comm);
  if (system_.load) // f stays empty without a load
    s.f.reinit(system_.locally_owned, system_.comm);
}

void NewmarkIntegrator::initialize(State& s) {
  // rhs = f - C v - K u, with C v + K u = M (dm v) + K (u + dk v) + C_np v
  mass_part_ = s.v;
  mass_part_ *= system_.damping_mass_factor;
  stiffness_part_ = s.u;
  stiffness_part_.add(system_.damping_stiffness_factor, s.v);
  system_.apply(&mass_part_, stiffness_part_, s.v, residual_);
  residual_ *= -1.0;
  if (system_.load) {
    system_.load(s.t, s.f);
    residual_ += s.f;
  }
  update_element_forces(s);
  if (system_.axial_factor > 0) { // the large-amplitude string's force kappa q K1 u
    system_.tension_stiffness.vmult(mass_part_, s.u);
    s.stretch = s.u * mass_part_;
    residual_.add(-system_.axial_factor * s.stretch, mass_part_);
  }
  if (!system_.nodal_forces.empty()) {
    const auto range = residual_.local_range();
    for (std::size_t k = 0; k < system_.nodal_forces.size(); ++k)
      if (system_.nodal_forces[k].dof >= range.first && system_.nodal_forces[k].dof < range.second)
        residual_(system_.nodal_forces[k].dof) -= s.element_forces[k];
    residual_.compress(dealii::VectorOperation::add);
  }
  LineSchurSolver mass_solver; // freed before J is factored: the two never coexist
  factor_linearization(mass_solver, 1, 0, 0);
  mass_solver.solve(residual_, s.a);
  factored_dt_ = -1;
}

void NewmarkIntegrator::initialize_with_acceleration(State& s) {
  if (system_.load)
    system_.load(s.t, s.f);
  if (system_.axial_factor > 0) {
    system_.tension_stiffness.vmult(mass_part_, s.u);
    s.stretch = s.u * mass_part_;
  }
  update_element_forces(s);
  factored_dt_ = -1;
}

void NewmarkIntegrator::update_element_forces(State& s) {
  const auto& elements = system_.nodal_forces;
  const std::size_t m = elements.size();
  const auto gathered = gather_entries({&s.u, &s.v}, system_.nodal_force_dofs(), system_.comm);
  s.extensions.assign(gathered.begin(), gathered.begin() + m);
  s.element_forces.resize(m);
  s.element_work.assign(m, 0.0);
  slip_direction_.assign(m, 0);
  for (std::size_t k = 0; k < m; ++k) {
    const double v = gathered[m + k];
    if (elements[k].is_dashpot()) {
      // A friction contact at rest starts stuck, with zero force until the first step finds the
      // force that holds it (a_0 is computed without it).
      s.element_forces[k] = elements[k].dashpot().force(v);
      slip_direction_[k] = slip_direction(v);
    } else
      s.element_forces[k] = elements[k].law(s.extensions[k]);
  }
}

void NewmarkIntegrator::factor_linearization(LineSchurSolver& solver, double c_m, double c_c,
                                             double c_k, double c_tension) const {
  if (system_.axial_factor == 0) { // from the band storage: the assembled matrices may be gone
    BandedOperator::Rows j(system_.banded(), system_.banded_linearization(c_m, c_c, c_k));
    solver.factorize(j);
    return;
  }
  MatrixCombination j = system_.linearization(c_m, c_c, c_k); // kept for the Newton iteration
  if (c_tension != 0)
    j.terms.emplace_back(c_tension, petsc_handle(system_.tension_stiffness));
  solver.factorize(j);
}

void NewmarkIntegrator::factor_effective_matrix(double dt) {
  factor_linearization(solver_, 1 - p_.alpha_m, (1 - p_.alpha_f) * p_.gamma * dt,
                       (1 - p_.alpha_f) * p_.beta * dt * dt, axial_reference_ * p_.beta * dt * dt);
  factored_dt_ = dt;
  // Z_j = J_lin^-1 e_{k_j} and S = U^T Z for the Newton iteration on the nodal forces.
  const auto dofs = system_.nodal_force_dofs();
  const std::size_t m = dofs.size();
  z_.assign(m, {});
  s_matrix_.assign(m * m, 0.0);
  LA::Vector unit(system_.locally_owned, system_.comm), z(unit);
  for (std::size_t j = 0; j < m; ++j) {
    unit = 0;
    if (system_.locally_owned.is_element(dofs[j]))
      unit(dofs[j]) = 1;
    unit.compress(dealii::VectorOperation::insert);
    solver_.solve(unit, z);
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

namespace {
// Newton's iterations did not converge (or a force became non-finite): the step is retried with
// half its size.
struct NewtonFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// (every rank solves the same m equations from the same gathered values, and the large-amplitude
// string's norms and dot products are reductions: a failure is raised on all ranks at once)
} // namespace

struct NewmarkIntegrator::ElementStep {
  double dt;
  // At the elements' DoFs: u and v of the predictor a_{n+1} = -y0, and of the current iterate.
  std::vector<double> predictor_e, predictor_v, c, e, velocity, force;
  unsigned iterations = 0;
};

void NewmarkIntegrator::newton_on_elements(const State& s, ElementStep& x) const {
  // With a = -y0 + Z c (y0 = J_lin^-1 r_lin, r_lin the residual without the nodal forces), the
  // residual of eq. (8) is U (c + g_af) exactly, since J_lin Z = U, where g_af is the force each
  // element applies over the step: (1-af) F_{n+1} + af F_n, or F_{n+1} for dry friction. So
  // Newton's method on the m equations h(c) = c + g_af(c) = 0, with e(c) = e~ + beta dt^2 S c and
  // v(c) = v~ + gamma dt S c at the elements' DoFs (e~, v~ those of the predictor), is Newton's
  // method on the whole step; its Jacobian is m x m. A dashpot with 1 < p < 2 (infinite slope at
  // v = 0) and a sticking contact use instead the row v(c) - v(F) = 0 with F = F_{n+1}(c), scaled
  // by 1 / (gamma dt S_kk) to a force.
  const auto& elements = system_.nodal_forces;
  const std::size_t m = elements.size();
  const double af = p_.alpha_f, bdt2 = p_.beta * x.dt * x.dt, gdt = p_.gamma * x.dt;
  auto S = [&](std::size_t k, std::size_t j) { return s_matrix_[j * m + k]; };
  std::vector<double> h(m), slope(m);
  dealii::FullMatrix<double> jacobian(m, m);
  dealii::Vector<double> step(m), rhs(m);
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
        x.force[k] = -(x.c[k] + af * s.element_forces[k]) / (1 - af);
        h[k] = velocity_row * (x.velocity[k] - element.dashpot().velocity(x.force[k]));
        for (std::size_t j = 0; j < m; ++j)
          jacobian(k, j) = velocity_row * gdt * S(k, j);
        jacobian(k, k) += velocity_row * element.dashpot().velocity_slope(x.force[k]) / (1 - af);
      } else {
        // the force applied over the step and its derivative with respect to (S c)_k
        double applied = 0, d_applied = 0;
        if (element.is_dashpot()) {
          x.force[k] = element.dashpot().force(x.velocity[k]);
          applied = (1 - af) * x.force[k] + af * s.element_forces[k];
          d_applied = (1 - af) * gdt * element.dashpot().slope(x.velocity[k]);
        } else if (p_.energy_consistent_springs) {
          x.force[k] = element.law(x.e[k]);
          applied = mean_force(element, s.extensions[k], x.e[k], &d_applied);
          d_applied *= bdt2;
        } else {
          x.force[k] = element.law(x.e[k]);
          applied = (1 - af) * x.force[k] + af * s.element_forces[k];
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
          std::max({scale, std::abs(x.c[k]), std::abs(x.force[k]), std::abs(s.element_forces[k])});
    }
    const double tolerance = p_.nonlinear_tolerance * scale;
    if (!std::isfinite(residual))
      throw NewtonFailure("the force of nonlinear element " + elements[0].name +
                          " and the others became non-finite at t = " + std::to_string(s.t + x.dt) +
                          " s; check the force laws");
    if (residual <= tolerance && (iteration > 0 ? increment <= tolerance : residual == 0)) {
      x.iterations += std::max(1u, iteration);
      return;
    }
    if (iteration == p_.max_newton_iterations) {
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
    jacobian.vmult(step, rhs);
    increment = 0;
    for (std::size_t k = 0; k < m; ++k) {
      x.c[k] += step[k];
      increment = std::max(increment, std::abs(step[k]));
    }
  }
}

std::vector<double> NewmarkIntegrator::solve_nodal_forces(State& s, double dt, const LA::Vector& y0,
                                                          double q) {
  const auto& elements = system_.nodal_forces;
  const std::size_t m = elements.size();
  const auto gathered =
      gather_entries({&s.u, &s.v, &s.a, &y0}, system_.nodal_force_dofs(), system_.comm);
  ElementStep x;
  x.dt = dt;
  for (std::vector<double>* v : {&x.predictor_e, &x.predictor_v, &x.c, &x.e, &x.velocity, &x.force})
    v->assign(m, 0.0);
  for (std::size_t k = 0; k < m; ++k) {
    x.c[k] = -s.element_forces[k]; // first guess: each element's force as at t_n
    const double u = gathered[k], v = gathered[m + k], a = gathered[2 * m + k];
    const double y = gathered[3 * m + k]; // -a_{n+1} = q a_n + y (step_once)
    x.predictor_e[k] =
        u + dt * v + dt * dt * (0.5 - p_.beta - p_.beta * q) * a - p_.beta * dt * dt * y;
    x.predictor_v[k] = v + dt * (1 - p_.gamma - p_.gamma * q) * a - p_.gamma * dt * y;
  }
  // The active set of the friction elements: a stuck contact whose holding force exceeds c
  // slips in that force's direction; a slipping one whose velocity would reverse sticks. With
  // one contact this settles in at most two changes (v(F) is monotone); the limit guards against
  // cycling among several.
  const std::vector<int> start_directions = slip_direction_;
  for (unsigned pass = 0;; ++pass) {
    newton_on_elements(s, x);
    bool changed = false;
    for (std::size_t k = 0; k < m; ++k)
      if (elements[k].is_dry_friction() &&
          switch_stick_slip(slip_direction_[k], x.force[k], x.velocity[k], elements[k].coefficient,
                            p_.nonlinear_tolerance))
        changed = true;
    if (!changed)
      break;
    if (pass == 2 * m + 4) {
      slip_direction_ = start_directions;
      throw NewtonFailure("the stick/slip states of the friction elements did not settle at t = " +
                          std::to_string(s.t + dt) + " s");
    }
  }
  last_iterations_ = x.iterations;
  most_iterations_ = std::max(most_iterations_, last_iterations_);
  for (std::size_t k = 0; k < m; ++k) {
    if (std::isnan(negative_slope_time_) && !elements[k].is_dashpot() &&
        elements[k].slope(x.e[k]) < 0) {
      negative_slope_time_ = s.t + dt;
      negative_slope_element_ = elements[k].name;
    }
    s.element_work[k] -= x.c[k] * (x.e[k] - s.extensions[k]); // the applied force is -c
  }
  s.extensions = x.e;
  s.element_forces = x.force;
  return x.c;
}

void NewmarkIntegrator::solve_axial_tension(State& s, double dt, const LA::Vector& r_lin,
                                            LA::Vector& minus_a) {
  const double am = p_.alpha_m, af = p_.alpha_f, beta = p_.beta, bdt2 = beta * dt * dt;
  const double kappa = system_.axial_factor;
  const LA::SparseMatrix& k1 = system_.tension_stiffness;
  if (axial_[0].size() == 0)
    for (LA::Vector& v : axial_)
      v.reinit(system_.locally_owned, system_.comm);
  LA::Vector &predictor = axial_[0], &w_new = axial_[1], &w_old = axial_[2], &r = axial_[3],
             &x = axial_[4], &z = axial_[5];
  // u_{n+1} = u~ - beta dt^2 minus_a with u~ = u_n + dt v_n + dt^2 (1/2 - beta) a_n
  predictor = s.u;
  predictor.add(dt, s.v, dt * dt * (0.5 - beta), s.a);
  k1.vmult(w_old, s.u);
  const double q_old = s.u * w_old;
  const bool gonzalez = p_.energy_consistent_springs;
  double q_new = 0, increment = std::numeric_limits<double>::infinity();
  for (unsigned int iteration = 0;; ++iteration) {
    x = predictor;
    x.add(-bdt2, minus_a); // u_{n+1}
    k1.vmult(w_new, x);
    q_new = x * w_new;
    const double a_coefficient = gonzalez ? kappa * (q_old + q_new) / 4 : (1 - af) * kappa * q_new;
    const double b_coefficient = gonzalez ? kappa * (q_old + q_new) / 4 : af * kappa * q_old;
    const double a_slope = gonzalez ? kappa / 4 : (1 - af) * kappa; // dA/dq
    // r = r_lin + J_lin a + A w_new + B w_old, J_lin a = -J_lin minus_a formed by products
    system_.mass.vmult(r, minus_a);
    r *= -(1 - am);
    system_.stiffness.vmult(x, minus_a);
    r.add(-(1 - af) * bdt2, x);
    if (system_.has_damping()) {
      system_.damping_vmult(x, minus_a, z);
      r.add(-(1 - af) * p_.gamma * dt, x);
    }
    const double scale = std::max({r.linfty_norm(), std::abs(a_coefficient) * w_new.linfty_norm(),
                                   std::abs(b_coefficient) * w_old.linfty_norm()});
    r += r_lin;
    r.add(a_coefficient, w_new, b_coefficient, w_old);
    const double residual = r.linfty_norm(), tolerance = p_.nonlinear_tolerance;
    if (!std::isfinite(residual))
      throw NewtonFailure("the large-amplitude string's tension became non-finite at t = " +
                          std::to_string(s.t + dt) + " s");
    // residual relative to the forces, increment relative to a_{n+1}
    if (residual <= tolerance * scale && (iteration > 0 ? increment <= tolerance : residual == 0)) {
      last_iterations_ = std::max(1u, iteration);
      break;
    }
    if (iteration == 4) { // slow: the tension drifted from the factored one's, refactor
      axial_reference_ = a_coefficient;
      factor_effective_matrix(dt);
    }
    if (iteration == p_.max_newton_iterations) {
      std::ostringstream message;
      message << "Newton's iterations did not converge at t = " << s.t + dt
              << " s: the large-amplitude string (tension " << kappa * q_new
              << " N above Tension, relative residual " << residual / scale << " after "
              << iteration << " iterations)";
      throw NewtonFailure(message.str());
    }
    // delta a = -(J_ref + g w w^T)^-1 r by Sherman-Morrison with x = J_ref^-1 r, z = J_ref^-1 w:
    // delta a = -(x - z g (w.x) / (1 + g w.z)), so minus_a += x - coefficient z.
    const double g = 2 * bdt2 * a_slope;
    solver_.solve(r, x);
    solver_.solve(w_new, z);
    x.add(-g * (w_new * x) / (1 + g * (w_new * z)), z);
    minus_a += x;
    increment = x.linfty_norm() / std::max(minus_a.linfty_norm(), 1e-300);
  }
  s.stretch = q_new;
  most_iterations_ = std::max(most_iterations_, last_iterations_);
}

void NewmarkIntegrator::save(Checkpoint& c) const {
  c.set("integrator",
        std::vector<double>{axial_reference_, double(last_iterations_), double(most_iterations_),
                            double(halved_steps_),
                            std::isnan(negative_slope_time_) ? -1.0 : negative_slope_time_});
  c.set("slip_direction", std::vector<double>(slip_direction_.begin(), slip_direction_.end()));
  c.set("negative_slope_element", negative_slope_element_);
}

void NewmarkIntegrator::restore(const Checkpoint& c) {
  const auto& values = c.numbers("integrator", 5);
  const auto& directions = c.numbers("slip_direction", system_.nodal_forces.size());
  axial_reference_ = values[0];
  last_iterations_ = unsigned(values[1]);
  most_iterations_ = unsigned(values[2]);
  halved_steps_ = static_cast<unsigned long>(values[3]);
  negative_slope_time_ = values[4] < 0 ? std::nan("") : values[4]; // -1: none (a checkpoint's
                                                                   // numbers are finite)
  slip_direction_.assign(directions.begin(), directions.end());
  negative_slope_element_ = c.text("negative_slope_element");
  factored_dt_ = -1;
}

void NewmarkIntegrator::step(State& s, double dt) {
  advance(s, dt, 0);
}

void NewmarkIntegrator::advance(State& s, double dt, unsigned halvings) {
  const std::vector<int> directions = slip_direction_;
  try {
    step_once(s, dt); // leaves s as it was when it throws
  } catch (const NewtonFailure& failure) {
    slip_direction_ = directions;
    if (halvings == p_.max_step_halvings)
      throw CollectiveFailure(std::string(failure.what()) + ", with the step halved " +
                              std::to_string(halvings) +
                              " times; try a smaller Time integration/Time step or a larger "
                              "Nonlinear tolerance");
    ++halved_steps_;
    if (halvings == 0) { // the mean velocity is that of the whole step
      if (v_start_.size() == 0)
        v_start_.reinit(system_.locally_owned, system_.comm);
      v_start_ = s.v; // (step_once leaves s as it was when it throws)
    }
    advance(s, dt / 2, halvings + 1);
    advance(s, dt / 2, halvings + 1);
    if (halvings == 0) {
      s.v_mean = v_start_;
      s.v_mean += s.v;
      s.v_mean *= 0.5;
    }
  }
}

void NewmarkIntegrator::step_once(State& s, double dt) {
  if (dt != factored_dt_)
    factor_effective_matrix(dt);
  const double am = p_.alpha_m, af = p_.alpha_f, beta = p_.beta, gamma = p_.gamma;
  const double t_new = s.t + dt;

  // Predictor a_{n+1} = 0, and the arguments of M, C and K in eq. (8) at the alpha levels:
  //   a_am = am a_n,  v_af = v_n + (1-af) (1-gamma) dt a_n,
  //   u_af = u_n + (1-af) dt v_n + (1-af) dt^2 (1/2 - beta) a_n,
  // then the residual r of eq. (8) at the predictor and a_{n+1} = -J^-1 r with
  // J = dr/da_{n+1} = (1-am) M + (1-af) gamma dt C + (1-af) beta dt^2 K (the operator is linear,
  // so this one Newton iteration is exact).
  //
  // The a_n term of u_af is not multiplied by K. A consistent a_0 = M^-1 (f_0 - K u_0) of an
  // initial displacement on a fine mesh carries the highest modes' accelerations, omega_max^2
  // times the round-off of u_0 (up to 1e13 at 10^5 Hermite elements); at rho_inf = 1 they never
  // decay, and dt^2 a_n in u_af swamps u_n (by 10^5 there), so that every later K product rounds
  // away the elastic forces. With (1-af) beta dt^2 K = J - (1-am) M - (1-af) gamma dt C and
  // q = (1/2 - beta) / beta, the same step is
  //   a_{n+1} = -q a_n - J^-1 r',
  //   r' = M (am - q (1-am)) a_n + C (v_af - q (1-af) gamma dt a_n)
  //        + K (u_n + (1-af) dt v_n) - f_af,
  // where K acts on displacements only: the displacement form of the step (Newmark's effective
  // stiffness, Bathe, Finite Element Procedures, 1996, sec. 9.2.4), in which a_n meets M and C
  // alone. Central difference (beta = 0) and the large-amplitude string, whose Newton iteration
  // works on the full residual, keep the first form.
  const bool displacement_form = beta > 0 && system_.axial_factor == 0;
  const double q = displacement_form ? (0.5 - beta) / beta : 0;
  const double mass_coefficient = am - q * (1 - am);
  const bool mass_product = mass_coefficient != 0 || system_.damping_needs_mass_product();
  {
    const PetscInt n = static_cast<PetscInt>(system_.locally_owned.n_elements());
    const PetscScalar *u, *v, *a;
    PetscScalar *xm, *xk, *xc = nullptr;
    check_petsc(VecGetArrayRead(s.u, &u));
    check_petsc(VecGetArrayRead(s.v, &v));
    check_petsc(VecGetArrayRead(s.a, &a));
    check_petsc(VecGetArray(mass_part_, &xm));
    check_petsc(VecGetArray(stiffness_part_, &xk));
    if (system_.has_nonproportional_damping())
      check_petsc(VecGetArray(v_af_, &xc));
    const double cv = (1 - af) * dt;
    const double ca = displacement_form ? 0 : (1 - af) * dt * dt * (0.5 - beta);
    const double cc = (1 - af) * dt * (1 - gamma) - q * (1 - af) * gamma * dt;
    const double dm = system_.damping_mass_factor, dk = system_.damping_stiffness_factor;
    // the product arguments of SecondOrderSystem::apply, a + dm v and u + dk v
    for (PetscInt i = 0; i < n; ++i) {
      const double v_af = v[i] + cc * a[i];
      xm[i] = mass_coefficient * a[i] + dm * v_af;
      xk[i] = (u[i] + cv * v[i] + ca * a[i]) + dk * v_af;
    }
    if (xc)
      for (PetscInt i = 0; i < n; ++i)
        xc[i] = v[i] + cc * a[i];
    check_petsc(VecRestoreArrayRead(s.u, &u));
    check_petsc(VecRestoreArrayRead(s.v, &v));
    check_petsc(VecRestoreArrayRead(s.a, &a));
    check_petsc(VecRestoreArray(mass_part_, &xm));
    check_petsc(VecRestoreArray(stiffness_part_, &xk));
    if (xc)
      check_petsc(VecRestoreArray(v_af_, &xc));
  }
  system_.apply(mass_product ? &mass_part_ : nullptr, stiffness_part_, v_af_, residual_);
  if (system_.load) {
    system_.load(t_new, f_new_);
    residual_.sadd(1.0, -(1 - af), f_new_);
    residual_.add(-af, s.f);
  }
  LA::Vector& correction = mass_part_;  // no longer needed: reuse its storage
  solver_.solve(residual_, correction); // J^-1 r': a_{n+1} = -q a_n - correction
  last_iterations_ = 1;
  if (system_.axial_factor > 0)
    solve_axial_tension(s, dt, residual_, correction); // may throw
  if (!system_.nodal_forces.empty()) {
    const std::vector<double> c = solve_nodal_forces(s, dt, correction, q); // may throw
    PetscScalar* a = nullptr; // correction: minus sum_j c_j Z_j
    check_petsc(VecGetArray(correction, &a));
    for (std::size_t j = 0; j < c.size(); ++j)
      z_[j].subtract_from(a, c[j]);
    check_petsc(VecRestoreArray(correction, &a));
  }
  if (system_.load)
    s.f.swap(f_new_); // only now: a step that throws leaves the state as it was

  // a_{n+1} = -q a_n - y (y = correction), and u, v at t_{n+1} with a_{n+1} substituted:
  //   u_{n+1} = u_n + dt v_n + dt^2 (1/2 - beta - beta q) a_n - beta dt^2 y,
  //   v_{n+1} = v_n + dt (1 - gamma - gamma q) a_n - gamma dt y;
  // in the displacement form the first a_n coefficient vanishes, and at rho_inf = 1 both do:
  // the highest modes' accelerations never touch u and v (the trapezoidal rule on u and v).
  {
    const PetscInt n = static_cast<PetscInt>(system_.locally_owned.n_elements());
    PetscScalar *u, *v, *a, *v_mean;
    const PetscScalar* y;
    check_petsc(VecGetArray(s.u, &u));
    check_petsc(VecGetArray(s.v, &v));
    check_petsc(VecGetArray(s.a, &a));
    check_petsc(VecGetArray(s.v_mean, &v_mean));
    check_petsc(VecGetArrayRead(correction, &y));
    const double cua = dt * dt * (0.5 - beta - beta * q), cuy = dt * dt * beta;
    const double cva = dt * (1 - gamma - gamma * q), cvy = dt * gamma;
    for (PetscInt i = 0; i < n; ++i) {
      const double an = -(q * a[i] + y[i]), v_old = v[i];
      u[i] += dt * v[i] + cua * a[i] - cuy * y[i];
      v[i] += cva * a[i] - cvy * y[i];
      a[i] = an;
      v_mean[i] = (v[i] + v_old) * 0.5;
    }
    check_petsc(VecRestoreArray(s.u, &u));
    check_petsc(VecRestoreArray(s.v, &v));
    check_petsc(VecRestoreArray(s.a, &a));
    check_petsc(VecRestoreArray(s.v_mean, &v_mean));
    check_petsc(VecRestoreArrayRead(correction, &y));
  }
  s.t = t_new;
}

} // namespace hamdyn
