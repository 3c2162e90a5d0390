#include "time/newmark_family.h"

#include "system/petsc_helpers.h"
#include <deal.II/lac/petsc_sparse_matrix.h>

#include <cmath>

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
    : system_(system), p_(parameters) {
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
  LineSchurSolver mass_solver; // freed before J is factored: the two never coexist
  mass_solver.factorize(system_.linearization(1, 0, 0));
  mass_solver.solve(residual_, s.a);
  factored_dt_ = -1;
}

void NewmarkIntegrator::initialize_with_acceleration(State& s) {
  if (system_.load)
    system_.load(s.t, s.f);
  factored_dt_ = -1;
}

void NewmarkIntegrator::factor_effective_matrix(double dt) {
  solver_.factorize(system_.linearization(1 - p_.alpha_m, (1 - p_.alpha_f) * p_.gamma * dt,
                                          (1 - p_.alpha_f) * p_.beta * dt * dt));
  factored_dt_ = dt;
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
