#include "discrete/discrete_integrator.h"

#include "core/failure_message.h"

#include <deal.II/base/quadrature_lib.h>
#include <deal.II/lac/lapack_full_matrix.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace hamdyn {

namespace {
// x <- A^-1 b by LU (LAPACK): the systems are a few dozen unknowns at most.
DenseVector solve(const DenseMatrix& a, const DenseVector& b) {
  dealii::LAPACKFullMatrix<double> lu(a.m(), a.n());
  lu = a;
  lu.compute_lu_factorization();
  DenseVector x(b);
  lu.solve(x);
  return x;
}

// The saddle-point system [[A, -C^T], [C, 0]] [x; y] = [b; c].
std::pair<DenseVector, DenseVector> solve_with_constraints(const DenseMatrix& a,
                                                           const DenseMatrix& c,
                                                           const DenseVector& b,
                                                           const DenseVector& rhs_c) {
  const std::size_t n = a.m(), l = c.m();
  DenseMatrix block(n + l, n + l);
  DenseVector rhs(n + l);
  for (std::size_t i = 0; i < n; ++i) {
    rhs[i] = b[i];
    for (std::size_t j = 0; j < n; ++j)
      block(i, j) = a(i, j);
  }
  for (std::size_t r = 0; r < l; ++r) {
    rhs[n + r] = rhs_c[r];
    for (std::size_t j = 0; j < n; ++j) {
      block(n + r, j) = c(r, j);
      block(j, n + r) = -c(r, j);
    }
  }
  const DenseVector x = solve(block, rhs);
  DenseVector first(n), second(l);
  for (std::size_t i = 0; i < n; ++i)
    first[i] = x[i];
  for (std::size_t r = 0; r < l; ++r)
    second[r] = x[n + r];
  return {first, second};
}

// N^T A N and N^T b
DenseMatrix reduce(const DenseMatrix& a, const DenseMatrix& n) {
  DenseMatrix an(a.m(), n.n()), r(n.n(), n.n());
  a.mmult(an, n);
  n.Tmmult(r, an);
  return r;
}
} // namespace

DiscreteIntegrator::DiscreteIntegrator(const DiscreteSystem& system,
                                       const NewmarkParameters& parameters)
    : system_(system), p_(parameters) {}

DiscreteState DiscreteIntegrator::initial_state() {
  const DiscreteCase& c = system_.definition();
  const std::size_t n = c.n(), l = system_.n_constraints();
  DiscreteState s;
  s.q.reinit(n);
  s.v.reinit(n);
  for (std::size_t i = 0; i < n; ++i) {
    s.q[i] = c.initial_q[i];
    s.v[i] = c.initial_v[i];
  }
  s.constraint_integral.reinit(l);
  DenseVector springs, dashpots;
  system_.internal_forces(s.q, s.v, springs, dashpots);
  DenseVector b = system_.external_forces(0);
  b -= springs;
  b -= dashpots;
  DenseVector rate = system_.constraint_rate_derivatives(0);
  rate *= -1;
  std::tie(s.a, s.lambda) =
      solve_with_constraints(system_.mass(), system_.constraint_matrix(), b, rate);
  acceleration_scale_ = s.a.linfty_norm();
  initial_cq_.reinit(l);
  system_.constraint_matrix().vmult(initial_cq_, s.q);
  return s;
}

DenseVector DiscreteIntegrator::residual(const DiscreteState& s0, const DenseVector& a1, double h,
                                         double t1, DenseMatrix* jacobian, DenseVector& q1,
                                         DenseVector& v1) const {
  const std::size_t n = system_.n();
  const double am = p_.alpha_m, af = p_.alpha_f, beta = p_.beta, gamma = p_.gamma;
  q1.reinit(n);
  v1.reinit(n);
  for (std::size_t i = 0; i < n; ++i) {
    q1[i] = s0.q[i] + h * s0.v[i] + h * h * ((0.5 - beta) * s0.a[i] + beta * a1[i]);
    v1[i] = s0.v[i] + h * ((1 - gamma) * s0.a[i] + gamma * a1[i]);
  }
  DenseVector springs0, dashpots0, springs1, dashpots1;
  DenseMatrix stiffness(n, n), damping(n, n);
  system_.internal_forces(s0.q, s0.v, springs0, dashpots0);
  system_.internal_forces(q1, v1, springs1, dashpots1, jacobian ? &stiffness : nullptr,
                          jacobian ? &damping : nullptr);
  DenseVector a_m(n), r(n);
  for (std::size_t i = 0; i < n; ++i)
    a_m[i] = (1 - am) * a1[i] + am * s0.a[i];
  system_.mass().vmult(r, a_m);
  const DenseVector load0 = system_.external_forces(s0.t), load1 = system_.external_forces(t1);
  for (std::size_t i = 0; i < n; ++i)
    r[i] += (1 - af) * (springs1[i] + dashpots1[i] - load1[i]) +
            af * (springs0[i] + dashpots0[i] - load0[i]);
  if (jacobian) {
    jacobian->reinit(n, n);
    jacobian->add(1 - am, system_.mass());
    jacobian->add((1 - af) * beta * h * h, stiffness);
    jacobian->add((1 - af) * gamma * h, damping);
  }
  return r;
}

void DiscreteIntegrator::step(DiscreteState& s, double t1) {
  const std::size_t n = system_.n(), l = system_.n_constraints();
  const bool reduced = system_.definition().method == ConstraintMethod::gibbs_appell && l > 0;
  const double h = t1 - s.t, af = p_.alpha_f;
  // integral of d over the step (8-point Gauss-Legendre; d is an expression in t)
  DenseVector integral = s.constraint_integral;
  static const dealii::QGauss<1> rule(8);
  for (unsigned int k = 0; k < rule.size(); ++k) {
    const DenseVector d = system_.constraint_rates(s.t + h * rule.point(k)[0]);
    integral.add(h * rule.weight(k), d);
  }
  DenseVector target = initial_cq_; // C q_n+1 = C q_0 - integral_0^t1 d
  target -= integral;
  DenseVector a1 = s.a, lambda = s.lambda, q1, v1;
  if (reduced) { // a1 = a_p + N z'': start from the acceleration the constraints prescribe
    DenseVector rate = system_.constraint_rate_derivatives(t1);
    rate *= -1;
    const DenseVector particular = system_.least_norm_solution(rate);
    DenseVector live(n - l);
    system_.null_space().Tvmult(live, s.a);
    system_.null_space().vmult(a1, live);
    a1 += particular;
  }
  DenseMatrix jacobian;
  DenseVector r;
  unsigned iteration = 0;
  for (;; ++iteration) {
    if (iteration == p_.max_newton_iterations) {
      std::ostringstream message;
      message << "Newton's method did not converge in " << p_.max_newton_iterations
              << " iterations at t = " << t1
              << " s (discrete system): a smaller Time integration/Time step, or a larger "
                 "Maximum Newton iterations";
      throw CollectiveFailure(message.str()); // every rank solves the same system
    }
    r = residual(s, a1, h, t1, &jacobian, q1, v1);
    DenseVector increment;
    if (reduced) {
      DenseVector reduced_r(n - l);
      system_.null_space().Tvmult(reduced_r, r);
      reduced_r *= -1;
      const DenseVector dz = solve(reduce(jacobian, system_.null_space()), reduced_r);
      increment.reinit(n);
      system_.null_space().vmult(increment, dz);
    } else {
      DenseVector gap(l), rhs = r;
      rhs *= -1;
      DenseVector c_lambda(n);
      system_.constraint_matrix().Tvmult(c_lambda, lambda);
      rhs += c_lambda; // R - C^T lambda is the full residual
      system_.constraint_matrix().vmult(gap, q1);
      gap -= target;
      gap *= -1.0 / (p_.beta * h * h);
      DenseVector dlambda;
      std::tie(increment, dlambda) =
          solve_with_constraints(jacobian, system_.constraint_matrix(), rhs, gap);
      lambda += dlambda;
    }
    a1 += increment;
    // converged when the increment is round-off of the acceleration (a linear system: at once)
    // against the largest acceleration of the run so far: where a passes through zero, round-off
    // of the solve is not small against a itself
    acceleration_scale_ = std::max(acceleration_scale_, a1.linfty_norm());
    if (increment.linfty_norm() <= p_.nonlinear_tolerance * std::max(acceleration_scale_, 1e-300))
      break;
  }
  most_iterations_ = std::max(most_iterations_, iteration + 1);
  r = residual(s, a1, h, t1, nullptr, q1, v1);
  if (reduced || l == 0) // the constraint forces the step applied, C^T lambda = R
    lambda = system_.multipliers_from(r);
  // The ledger, booked as the forces the step applied times its displacement.
  DenseVector dq = q1, springs0, dashpots0, springs1, dashpots1;
  dq -= s.q;
  system_.internal_forces(s.q, s.v, springs0, dashpots0);
  system_.internal_forces(q1, v1, springs1, dashpots1);
  DenseVector load = system_.external_forces(t1), constraint_force(n);
  load *= 1 - af;
  load.add(af, system_.external_forces(s.t));
  system_.constraint_matrix().Tvmult(constraint_force, lambda);
  load += constraint_force;
  DenseVector dissipation = dashpots1;
  dissipation *= 1 - af;
  dissipation.add(af, dashpots0);
  s.dissipated += dissipation * dq;
  s.work += load * dq;
  // lambda at t1 itself, from the end state's equations of motion (the step's lambda above is
  // their alpha-weighted mean over the step): C^T lambda = M a1 + F(q1, v1) - Q(t1)
  DenseVector end_residual(n);
  system_.mass().vmult(end_residual, a1);
  end_residual += springs1;
  end_residual += dashpots1;
  end_residual -= system_.external_forces(t1);
  lambda = system_.multipliers_from(end_residual);
  s.q = q1;
  s.v = v1;
  s.a = a1;
  s.lambda = lambda;
  s.constraint_integral = integral;
  s.t = t1;
}

} // namespace hamdyn
