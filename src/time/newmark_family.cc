#include "time/newmark_family.h"

#include "system/petsc_helpers.h"
#include <deal.II/lac/petsc_sparse_matrix.h>

#include <cmath>

namespace hamdyn {

namespace {

// J = c_m M + c_c C + c_k K with C = alpha M + beta K + listed dashpot entries (+ a damping
// matrix).
MatrixCombination effective_matrix(const SecondOrderSystem& s, double c_m, double c_c, double c_k) {
  MatrixCombination j;
  j.terms.emplace_back(c_m + c_c * s.damping_mass_factor, petsc_handle(s.mass));
  const double stiffness_factor = c_k + c_c * s.damping_stiffness_factor;
  if (stiffness_factor != 0)
    j.terms.emplace_back(stiffness_factor, petsc_handle(s.stiffness));
  if (s.has_damping_matrix && c_c != 0)
    j.terms.emplace_back(c_c, petsc_handle(s.damping_matrix));
  j.entries = s.extra_damping;
  j.entry_factor = c_c;
  return j;
}
} // namespace

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
  for (LA::Vector* v : {&x_m_, &x_k_, &rhs_})
    v->reinit(system_.locally_owned, system_.comm);
  if (system_.has_nonproportional_damping())
    x_c_.reinit(system_.locally_owned, system_.comm);
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
  system_.stiffness.vmult(rhs_, s.u);
  if (system_.has_damping()) {
    system_.damping_vmult(x_m_, s.v, x_k_);
    rhs_ += x_m_;
  }
  rhs_ *= -1.0;
  if (system_.load) {
    system_.load(s.t, s.f);
    rhs_ += s.f;
  }
  LineSchurSolver mass_solver; // freed before J is factored: the two never coexist
  mass_solver.factorize(effective_matrix(system_, 1, 0, 0));
  mass_solver.solve(rhs_, s.a);
  factored_dt_ = -1;
}

void NewmarkIntegrator::initialize_with_acceleration(State& s) {
  if (system_.load)
    system_.load(s.t, s.f);
  factored_dt_ = -1;
}

void NewmarkIntegrator::factor_effective_matrix(double dt) {
  solver_.factorize(effective_matrix(system_, 1 - p_.alpha_m, (1 - p_.alpha_f) * p_.gamma * dt,
                                     (1 - p_.alpha_f) * p_.beta * dt * dt));
  factored_dt_ = dt;
}

void NewmarkIntegrator::step(State& s, double dt) {
  if (dt != factored_dt_)
    factor_effective_matrix(dt);
  const double am = p_.alpha_m, af = p_.alpha_f, beta = p_.beta, gamma = p_.gamma;
  const double t_new = s.t + dt;

  // Arguments of M, C and K in eq. (8), x_m = am a_n, x_c = v_{n+1-af} - (1-af) gamma dt a_{n+1},
  // x_k = u_{n+1-af} - (1-af) beta dt^2 a_{n+1}, in one pass over the local arrays; the
  // proportional damping alpha M + beta K is folded into the M and K arguments.
  {
    const PetscInt n = static_cast<PetscInt>(system_.locally_owned.n_elements());
    const PetscScalar *u, *v, *a;
    PetscScalar *xm, *xk, *xc = nullptr;
    check_petsc(VecGetArrayRead(s.u, &u));
    check_petsc(VecGetArrayRead(s.v, &v));
    check_petsc(VecGetArrayRead(s.a, &a));
    check_petsc(VecGetArray(x_m_, &xm));
    check_petsc(VecGetArray(x_k_, &xk));
    if (system_.has_nonproportional_damping())
      check_petsc(VecGetArray(x_c_, &xc));
    const double cv = (1 - af) * dt, ca = (1 - af) * dt * dt * (0.5 - beta);
    const double cc = (1 - af) * dt * (1 - gamma);
    const double dm = system_.damping_mass_factor, dk = system_.damping_stiffness_factor;
    for (PetscInt i = 0; i < n; ++i) {
      const double x_c = v[i] + cc * a[i];
      xm[i] = am * a[i] + dm * x_c;
      xk[i] = u[i] + cv * v[i] + ca * a[i] + dk * x_c;
      if (xc)
        xc[i] = x_c;
    }
    check_petsc(VecRestoreArrayRead(s.u, &u));
    check_petsc(VecRestoreArrayRead(s.v, &v));
    check_petsc(VecRestoreArrayRead(s.a, &a));
    check_petsc(VecRestoreArray(x_m_, &xm));
    check_petsc(VecRestoreArray(x_k_, &xk));
    if (xc)
      check_petsc(VecRestoreArray(x_c_, &xc));
  }
  // rhs = (1-af) f_{n+1} + af f_n - M x_m - C x_c - K x_k
  system_.stiffness.vmult(rhs_, x_k_);
  if (am != 0 || system_.damping_mass_factor != 0)
    system_.mass.vmult_add(rhs_, x_m_);
  if (system_.has_nonproportional_damping())
    system_.nonproportional_damping_vmult_add(rhs_, x_c_);
  if (system_.load) {
    system_.load(t_new, f_new_);
    rhs_.sadd(-1.0, 1 - af, f_new_);
    rhs_.add(af, s.f);
    s.f.swap(f_new_);
  } else {
    rhs_ *= -1.0;
  }
  LA::Vector& a_new = x_m_; // x_m is no longer needed: reuse its storage
  solver_.solve(rhs_, a_new);

  // u, v, a at t_{n+1}
  {
    const PetscInt n = static_cast<PetscInt>(system_.locally_owned.n_elements());
    PetscScalar *u, *v, *a;
    const PetscScalar* an;
    check_petsc(VecGetArray(s.u, &u));
    check_petsc(VecGetArray(s.v, &v));
    check_petsc(VecGetArray(s.a, &a));
    check_petsc(VecGetArrayRead(a_new, &an));
    const double cua = dt * dt * (0.5 - beta), cun = dt * dt * beta;
    const double cva = dt * (1 - gamma), cvn = dt * gamma;
    for (PetscInt i = 0; i < n; ++i) {
      u[i] += dt * v[i] + cua * a[i] + cun * an[i];
      v[i] += cva * a[i] + cvn * an[i];
      a[i] = an[i];
    }
    check_petsc(VecRestoreArray(s.u, &u));
    check_petsc(VecRestoreArray(s.v, &v));
    check_petsc(VecRestoreArray(s.a, &a));
    check_petsc(VecRestoreArrayRead(a_new, &an));
  }
  s.t = t_new;
}

} // namespace hamdyn
