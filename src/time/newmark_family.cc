#include "time/newmark_family.h"

#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "system/petsc_helpers.h"
#include <deal.II/lac/petsc_sparse_matrix.h>

namespace hamdyn {

NewmarkParameters generalized_alpha_parameters(double rho) {
  NewmarkParameters p;
  p.name = "generalized alpha";
  p.alpha_m = (2 * rho - 1) / (rho + 1);
  p.alpha_f = rho / (rho + 1);
  p.gamma = 0.5 - p.alpha_m + p.alpha_f;
  p.beta = 0.25 * std::pow(1 - p.alpha_m + p.alpha_f, 2);
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
  for (LA::Vector* v : {&s.u, &s.v, &s.a})
    v->reinit(system_.locally_owned, system_.comm);
  if (system_.load) // f stays empty without a load
    s.f.reinit(system_.locally_owned, system_.comm);
}

void NewmarkIntegrator::initialize(State& s) {
  // rhs = f - C v - K u
  system_.stiffness.vmult(residual_, s.u);
  if (system_.has_damping()) {
    system_.damping_vmult(mass_part_, s.v, stiffness_part_);
    residual_ += mass_part_;
  }
  residual_ *= -1.0;
  if (system_.load) {
    system_.load(s.t, s.f);
    residual_ += s.f;
  }
  update_element_forces(s);
  if (!system_.nodal_forces.empty()) {
    const auto range = residual_.local_range();
    for (std::size_t k = 0; k < system_.nodal_forces.size(); ++k)
      if (system_.nodal_forces[k].dof >= range.first && system_.nodal_forces[k].dof < range.second)
        residual_(system_.nodal_forces[k].dof) -= s.element_forces[k];
    residual_.compress(dealii::VectorOperation::add);
  }
  LineSchurSolver mass_solver; // freed before J is factored: the two never coexist
  mass_solver.factorize(system_.linearization(1, 0, 0));
  mass_solver.solve(residual_, s.a);
  factored_dt_ = -1;
}

void NewmarkIntegrator::initialize_with_acceleration(State& s) {
  if (system_.load)
    system_.load(s.t, s.f);
  update_element_forces(s);
  factored_dt_ = -1;
}

void NewmarkIntegrator::update_element_forces(State& s) const {
  const auto& elements = system_.nodal_forces;
  s.extensions = gather_entries(s.u, system_.nodal_force_dofs(), system_.comm);
  s.element_forces.resize(elements.size());
  for (std::size_t k = 0; k < elements.size(); ++k)
    s.element_forces[k] = elements[k].law(s.extensions[k]);
}

void NewmarkIntegrator::factor_effective_matrix(double dt) {
  solver_.factorize(system_.linearization(1 - p_.alpha_m, (1 - p_.alpha_f) * p_.gamma * dt,
                                          (1 - p_.alpha_f) * p_.beta * dt * dt));
  factored_dt_ = dt;
  // Z_j = J_lin^-1 e_{k_j} and S = U^T Z for the Newton iteration on the nodal forces.
  const auto dofs = system_.nodal_force_dofs();
  const std::size_t m = dofs.size();
  z_.resize(m);
  z_handles_.clear();
  LA::Vector unit(system_.locally_owned, system_.comm);
  std::vector<const LA::Vector*> columns;
  for (std::size_t j = 0; j < m; ++j) {
    unit = 0;
    if (system_.locally_owned.is_element(dofs[j]))
      unit(dofs[j]) = 1;
    unit.compress(dealii::VectorOperation::insert);
    z_[j].reinit(system_.locally_owned, system_.comm);
    solver_.solve(unit, z_[j]);
    z_handles_.push_back(z_[j]);
    columns.push_back(&z_[j]);
  }
  s_matrix_ = gather_entries(columns, dofs, system_.comm); // [j * m + i] = Z_j(k_i) = S_ij
}

std::vector<double> NewmarkIntegrator::solve_nodal_forces(State& s, double dt,
                                                          const LA::Vector& y0) {
  // With a = -y0 + Z c (y0 = J_lin^-1 r_lin, r_lin the residual without the nodal forces), the
  // residual of eq. (8) is U (c + g(a)) exactly, since J_lin Z = U. So Newton's method on
  // h(c) = c + (1-af) F(e(c)) + af F(e_n) = 0, e(c) = u~ + beta dt^2 a(c) at the elements' DoFs
  // (u~ the predictor u_n + dt v_n + dt^2 (1/2 - beta) a_n), is Newton's method on the whole
  // step; its Jacobian is I + (1-af) beta dt^2 diag(F'(e)) S, m x m.
  const auto& elements = system_.nodal_forces;
  const std::size_t m = elements.size();
  const double af = p_.alpha_f, bdt2 = p_.beta * dt * dt;
  const auto gathered =
      gather_entries({&s.u, &s.v, &s.a, &y0}, system_.nodal_force_dofs(), system_.comm);
  std::vector<double> predictor(m), c(m, 0.0), e(m), force(m), slope(m), h(m);
  for (std::size_t k = 0; k < m; ++k)
    predictor[k] = gathered[k] + dt * gathered[m + k] +
                   dt * dt * (0.5 - p_.beta) * gathered[2 * m + k] - bdt2 * gathered[3 * m + k];
  dealii::FullMatrix<double> jacobian(m, m);
  dealii::Vector<double> step(m), rhs(m);
  double increment = std::numeric_limits<double>::infinity();
  for (unsigned int iteration = 0;; ++iteration) {
    double residual = 0, scale = 0;
    for (std::size_t k = 0; k < m; ++k) {
      double sc = 0;
      for (std::size_t j = 0; j < m; ++j)
        sc += s_matrix_[j * m + k] * c[j];
      e[k] = predictor[k] + bdt2 * sc;
      force[k] = elements[k].law(e[k]);
      h[k] = c[k] + (1 - af) * force[k] + af * s.element_forces[k];
      residual = std::max(residual, std::abs(h[k]));
      scale = std::max({scale, std::abs(c[k]), std::abs(force[k]), std::abs(s.element_forces[k])});
    }
    const double tolerance = p_.nonlinear_tolerance * scale;
    if (!std::isfinite(residual))
      throw std::runtime_error(
          "the force of nonlinear element " + elements[0].name + " and the others became " +
          "non-finite at t = " + std::to_string(s.t + dt) + " s; check the spring laws");
    if (residual <= tolerance && (iteration > 0 ? increment <= tolerance : residual == 0)) {
      last_iterations_ = std::max(1u, iteration);
      break;
    }
    if (iteration == p_.max_newton_iterations) {
      std::size_t worst = 0;
      for (std::size_t k = 1; k < m; ++k)
        if (std::abs(h[k]) > std::abs(h[worst]))
          worst = k;
      std::ostringstream message;
      message << "Newton's iterations did not converge at t = " << s.t + dt << " s: element "
              << elements[worst].name << " (extension " << e[worst] << ", force residual "
              << h[worst] << " N after " << iteration
              << " iterations); try a smaller Time integration/Time step or a larger "
                 "Nonlinear tolerance";
      throw std::runtime_error(message.str());
    }
    for (std::size_t k = 0; k < m; ++k) {
      slope[k] = force_slope(elements[k], e[k]);
      for (std::size_t j = 0; j < m; ++j)
        jacobian(k, j) = (k == j ? 1.0 : 0.0) + (1 - af) * bdt2 * slope[k] * s_matrix_[j * m + k];
      rhs[k] = -h[k];
    }
    jacobian.gauss_jordan(); // inverts; m is the number of nonlinear elements
    jacobian.vmult(step, rhs);
    increment = 0;
    for (std::size_t k = 0; k < m; ++k) {
      c[k] += step[k];
      increment = std::max(increment, std::abs(step[k]));
    }
  }
  most_iterations_ = std::max(most_iterations_, last_iterations_);
  for (std::size_t k = 0; k < m; ++k)
    if (std::isnan(negative_slope_time_) && force_slope(elements[k], e[k]) < 0) {
      negative_slope_time_ = s.t + dt;
      negative_slope_element_ = elements[k].name;
    }
  s.extensions = e;
  s.element_forces = force;
  return c;
}

void NewmarkIntegrator::step(State& s, double dt) {
  if (dt != factored_dt_)
    factor_effective_matrix(dt);
  const double am = p_.alpha_m, af = p_.alpha_f, beta = p_.beta, gamma = p_.gamma;
  const double t_new = s.t + dt;

  // Predictor a_{n+1} = 0, and the arguments of M, C and K in eq. (8) at the alpha levels:
  //   a_am = am a_n,  v_af = v_n + (1-af) (1-gamma) dt a_n,
  //   u_af = u_n + (1-af) dt v_n + (1-af) dt^2 (1/2 - beta) a_n,
  // formed in one pass over the local arrays straight into the operator's product arguments.
  const bool mass_product = am != 0 || system_.damping_needs_mass_product();
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
    const double cv = (1 - af) * dt, ca = (1 - af) * dt * dt * (0.5 - beta);
    const double cc = (1 - af) * dt * (1 - gamma);
    for (PetscInt i = 0; i < n; ++i) {
      const double v_af = v[i] + cc * a[i];
      xm[i] = system_.mass_argument(am * a[i], v_af);
      xk[i] = system_.stiffness_argument(u[i] + cv * v[i] + ca * a[i], v_af);
      if (xc)
        xc[i] = v_af;
    }
    check_petsc(VecRestoreArrayRead(s.u, &u));
    check_petsc(VecRestoreArrayRead(s.v, &v));
    check_petsc(VecRestoreArrayRead(s.a, &a));
    check_petsc(VecRestoreArray(mass_part_, &xm));
    check_petsc(VecRestoreArray(stiffness_part_, &xk));
    if (xc)
      check_petsc(VecRestoreArray(v_af_, &xc));
  }
  // Corrector: the residual of eq. (8), r = M a_am + C v_af + K u_af - ((1-af) f_{n+1} + af f_n),
  // and a_{n+1} = a_{n+1} - J^-1 r with J = dr/da_{n+1} = (1-am) M + (1-af) gamma dt C
  // + (1-af) beta dt^2 K. The operator is linear, so this one Newton iteration is exact.
  system_.apply(mass_product ? &mass_part_ : nullptr, stiffness_part_, v_af_, residual_);
  if (system_.load) {
    system_.load(t_new, f_new_);
    residual_.sadd(1.0, -(1 - af), f_new_);
    residual_.add(-af, s.f);
    s.f.swap(f_new_);
  }
  LA::Vector& correction = mass_part_; // no longer needed: reuse its storage
  solver_.solve(residual_, correction);
  last_iterations_ = 1;
  if (!system_.nodal_forces.empty()) {
    std::vector<double> minus_c = solve_nodal_forces(s, dt, correction);
    for (double& x : minus_c)
      x = -x;
    check_petsc(VecMAXPY(correction, static_cast<PetscInt>(minus_c.size()), minus_c.data(),
                         z_handles_.data()));
  }

  // a_{n+1} = 0 - correction; u, v, a at t_{n+1}
  {
    const PetscInt n = static_cast<PetscInt>(system_.locally_owned.n_elements());
    PetscScalar *u, *v, *a;
    const PetscScalar* minus_an;
    check_petsc(VecGetArray(s.u, &u));
    check_petsc(VecGetArray(s.v, &v));
    check_petsc(VecGetArray(s.a, &a));
    check_petsc(VecGetArrayRead(correction, &minus_an));
    const double cua = dt * dt * (0.5 - beta), cun = dt * dt * beta;
    const double cva = dt * (1 - gamma), cvn = dt * gamma;
    for (PetscInt i = 0; i < n; ++i) {
      const double an = -minus_an[i];
      u[i] += dt * v[i] + cua * a[i] + cun * an;
      v[i] += cva * a[i] + cvn * an;
      a[i] = an;
    }
    check_petsc(VecRestoreArray(s.u, &u));
    check_petsc(VecRestoreArray(s.v, &v));
    check_petsc(VecRestoreArray(s.a, &a));
    check_petsc(VecRestoreArrayRead(correction, &minus_an));
  }
  s.t = t_new;
}

} // namespace hamdyn
