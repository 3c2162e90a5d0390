#include "time/newmark_family.h"

#include "time/petsc_helpers.h"
#include <deal.II/lac/petsc_sparse_matrix.h>

#include <cmath>

namespace hamdyn {

namespace {

// J = c_m M + c_c C + c_k K as a new PETSc matrix; M, C, K share one sparsity pattern.
Mat combine(const SecondOrderSystem& s, double c_m, double c_c, double c_k) {
  Mat j = nullptr;
  check_petsc(MatDuplicate(petsc_handle(s.mass), MAT_COPY_VALUES, &j));
  check_petsc(MatScale(j, c_m));
  if (s.has_damping && c_c != 0)
    check_petsc(MatAXPY(j, c_c, petsc_handle(s.damping), SAME_NONZERO_PATTERN));
  if (c_k != 0)
    check_petsc(MatAXPY(j, c_k, petsc_handle(s.stiffness), SAME_NONZERO_PATTERN));
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
  for (LA::Vector* v : {&x_m_, &x_c_, &x_k_, &rhs_, &f_new_, &a_new_})
    v->reinit(system_.locally_owned, system_.comm);
}

void NewmarkIntegrator::allocate(State& s) const {
  for (LA::Vector* v : {&s.u, &s.v, &s.a, &s.f})
    v->reinit(system_.locally_owned, system_.comm);
}

void NewmarkIntegrator::initialize(State& s) {
  if (system_.load)
    system_.load(s.t, s.f);
  else
    s.f = 0;
  // rhs = f - C v - K u
  system_.stiffness.vmult(rhs_, s.u);
  if (system_.has_damping)
    system_.damping.vmult_add(rhs_, s.v);
  rhs_.sadd(-1.0, 1.0, s.f);
  LineSchurSolver mass_solver;
  mass_solver.factorize(petsc_handle(system_.mass));
  mass_solver.solve(rhs_, s.a);
  factored_dt_ = -1;
}

void NewmarkIntegrator::factor_effective_matrix(double dt) {
  Mat j = combine(system_, 1 - p_.alpha_m, (1 - p_.alpha_f) * p_.gamma * dt,
                  (1 - p_.alpha_f) * p_.beta * dt * dt);
  solver_.factorize(j);
  check_petsc(MatDestroy(&j));
  factored_dt_ = dt;
}

void NewmarkIntegrator::step(State& s, double dt) {
  if (dt != factored_dt_)
    factor_effective_matrix(dt);
  const double am = p_.alpha_m, af = p_.alpha_f, beta = p_.beta, gamma = p_.gamma;
  const double t_new = s.t + dt;

  // Arguments of M, C and K in eq. (8), in one pass over the local arrays.
  {
    const PetscInt n = static_cast<PetscInt>(system_.locally_owned.n_elements());
    const PetscScalar *u, *v, *a;
    PetscScalar *xm, *xc, *xk;
    check_petsc(VecGetArrayRead(s.u, &u));
    check_petsc(VecGetArrayRead(s.v, &v));
    check_petsc(VecGetArrayRead(s.a, &a));
    check_petsc(VecGetArray(x_m_, &xm));
    check_petsc(VecGetArray(x_c_, &xc));
    check_petsc(VecGetArray(x_k_, &xk));
    const double cv = (1 - af) * dt, ca = (1 - af) * dt * dt * (0.5 - beta);
    const double cc = (1 - af) * dt * (1 - gamma);
    for (PetscInt i = 0; i < n; ++i) {
      xm[i] = am * a[i];
      xc[i] = v[i] + cc * a[i];
      xk[i] = u[i] + cv * v[i] + ca * a[i];
    }
    check_petsc(VecRestoreArrayRead(s.u, &u));
    check_petsc(VecRestoreArrayRead(s.v, &v));
    check_petsc(VecRestoreArrayRead(s.a, &a));
    check_petsc(VecRestoreArray(x_m_, &xm));
    check_petsc(VecRestoreArray(x_c_, &xc));
    check_petsc(VecRestoreArray(x_k_, &xk));
  }
  // rhs = (1-af) f_{n+1} + af f_n - M x_m - C x_c - K x_k
  system_.stiffness.vmult(rhs_, x_k_);
  if (am != 0)
    system_.mass.vmult_add(rhs_, x_m_);
  if (system_.has_damping)
    system_.damping.vmult_add(rhs_, x_c_);
  if (system_.load) {
    system_.load(t_new, f_new_);
    rhs_.sadd(-1.0, 1 - af, f_new_);
    rhs_.add(af, s.f);
    s.f.swap(f_new_);
  } else {
    rhs_ *= -1.0;
  }
  solver_.solve(rhs_, a_new_);

  // u, v, a at t_{n+1}
  {
    const PetscInt n = static_cast<PetscInt>(system_.locally_owned.n_elements());
    PetscScalar *u, *v, *a;
    const PetscScalar* an;
    check_petsc(VecGetArray(s.u, &u));
    check_petsc(VecGetArray(s.v, &v));
    check_petsc(VecGetArray(s.a, &a));
    check_petsc(VecGetArrayRead(a_new_, &an));
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
    check_petsc(VecRestoreArrayRead(a_new_, &an));
  }
  s.t = t_new;
}

} // namespace hamdyn
