#include "discrete/discrete_operator.h"

#include "core/input_error.h"
#include "discrete/energy_consistent_step.h"
#include "system/stick_slip.h"
#include "terms/operator_term.h"

#include <deal.II/base/quadrature_lib.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace hamdyn {

namespace {

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
  const DenseVector x = solve_dense(block, rhs);
  DenseVector first(n), second(l);
  for (std::size_t i = 0; i < n; ++i)
    first[i] = x[i];
  for (std::size_t r = 0; r < l; ++r)
    second[r] = x[n + r];
  return {first, second};
}

// -v, also for an empty v (deal.II's operator*= asserts a non-empty vector).
DenseVector negated(DenseVector v) {
  for (double& x : v)
    x = -x;
  return v;
}

std::string not_converged(double t) {
  std::ostringstream message;
  message << "Newton's method did not converge at t = " << t << " s (discrete system)";
  return message.str();
}
} // namespace

DiscreteOperator::DiscreteOperator(const DiscreteSystem& system) : system_(system) {
  for (std::size_t k = 0; k < system.definition().dashpots.size(); ++k)
    if (system.definition().dashpots[k].degree < 2)
      force_dashpots_.push_back(k);
  initial_cq_.reinit(system.n_constraints());
  if (system.n_constraints() > 0) // (deal.II's products assert a non-empty matrix)
    system.constraint_matrix().vmult(initial_cq_, system.initial_displacements());
}

DiscreteState DiscreteOperator::initial_state() {
  const DiscreteCase& c = system_.definition();
  const std::size_t n = c.n(), l = system_.n_constraints();
  DiscreteState s;
  s.q = system_.initial_displacements();
  s.v = system_.initial_velocities();
  s.constraint_integral.reinit(l);
  DenseVector springs, dashpots;
  system_.internal_forces(s.q, s.v, springs, dashpots);
  DenseVector b = system_.external_forces(0);
  b -= springs;
  b -= dashpots;
  b -= system_.energy_forces(s.q, s.v, 0);
  // dashpots of degree p < 2 start with the force of their initial rate (0 at rest: a contact at
  // rest starts sticking with no force, as the first step finds its holding force)
  s.dashpot_forces = system_.dashpot_forces(s.v);
  for (const std::size_t k : force_dashpots_)
    for (std::size_t i = 0; i < n; ++i)
      b[i] -= c.dashpots[k].row[i] * s.dashpot_forces[k];
  const DenseVector rate = negated(system_.constraint_rate_derivatives(0));
  std::tie(s.a, s.lambda) =
      solve_with_constraints(system_.mass_at(s.q, 0), system_.constraint_matrix(), b, rate);
  acceleration_scale_ = s.a.linfty_norm();
  return s;
}

DenseVector DiscreteOperator::residual(const NewmarkParameters& p, const DiscreteState& s0,
                                       const DenseVector& a1, double h, double t1,
                                       DenseMatrix* jacobian, DenseVector& q1,
                                       DenseVector& v1) const {
  const std::size_t n = system_.n();
  const double am = p.alpha_m, af = p.alpha_f, beta = p.beta, gamma = p.gamma;
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
  if (const LagrangeEquations* energies = system_.energies()) {
    // the energies' share: their forces alpha-averaged as the elements' are, and their exact
    // tangents
    if (p.energy_consistent_springs && energies->is_natural()) {
      // rho_inf = 1: T + V kept exactly (discrete/energy_consistent_step.h); the tangent below,
      // the averaged form's, has the same leading term M / 2
      r += energy_consistent_residual(*energies, s0.q, s0.v, q1, v1, s0.t, h);
    } else {
      // M(q, t) a at generalized-alpha's mean state: a_m = (1 - alpha_m) a1 + alpha_m a0 is the
      // acceleration at t_(n+1-alpha_f) to O(h^2) (Chung & Hulbert, eq. 6), where the
      // configuration is q_f = (1 - alpha_f) q1 + alpha_f q0; M at either end would be O(h) off
      // when alpha_m != alpha_f (rho_inf < 1) and the scheme of order 1
      DenseVector q_f(n), a_mean(n);
      for (std::size_t i = 0; i < n; ++i) {
        q_f[i] = (1 - af) * q1[i] + af * s0.q[i];
        a_mean[i] = (1 - am) * a1[i] + am * s0.a[i];
      }
      const double t_f = (1 - af) * t1 + af * s0.t;
      LagrangeEquations::Forces f0, f1, mean;
      energies->forces(q_f.begin(), nullptr, a_mean.begin(), t_f, mean);
      energies->forces(s0.q.begin(), s0.v.begin(), nullptr, s0.t, f0);
      energies->forces(q1.begin(), v1.begin(), nullptr, t1, f1);
      for (std::size_t i = 0; i < n; ++i)
        r[i] += mean.inertia[i] +
                (1 - af) * (f1.conservative[i] + f1.dissipative[i] - f1.applied[i]) +
                af * (f0.conservative[i] + f0.dissipative[i] - f0.applied[i]);
      if (jacobian) {
        LagrangeEquations::Tangents d;
        energies->tangents(q_f.begin(), nullptr, a_mean.begin(), t_f, d);
        for (std::size_t i = 0; i < n; ++i)
          for (std::size_t k = 0; k < n; ++k)
            (*jacobian)(i, k) +=
                (1 - am) * d.mass[i * n + k] + (1 - af) * beta * h * h * d.inertia_q[i * n + k];
      }
    }
    if (jacobian) { // the forces' tangents at the step's end (the mean state's M above)
      LagrangeEquations::Tangents d;
      energies->tangents(q1.begin(), v1.begin(), a1.begin(), t1, d);
      const bool consistent = p.energy_consistent_springs && energies->is_natural();
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t k = 0; k < n; ++k) {
          const std::size_t ik = i * n + k;
          (*jacobian)(i, k) +=
              (consistent ? (1 - am) * (d.mass[ik] + beta * h * h * d.inertia_q[ik]) : 0.0) +
              (1 - af) * (beta * h * h * d.forces_q[ik] + gamma * h * d.forces_v[ik]);
        }
    }
  }
  return r;
}

const DenseVector& DiscreteOperator::implicit_solve(DiscreteState& s, const ImplicitStep& step) {
  const NewmarkParameters& p = *step.scheme;
  const DiscreteCase& c = system_.definition();
  const std::size_t n = system_.n(), l = system_.n_constraints();
  const bool reduced = c.method == ConstraintMethod::gibbs_appell && l > 0;
  const double h = step.dt, t1 = step.t_new(), af = p.alpha_f;
  // integral of d over the step (8-point Gauss-Legendre; d is an expression in t), and the
  // positions' target C q_n+1 = C q_0 - integral_0^t1 d (deal.II asserts non-empty vectors)
  DenseVector integral = s.constraint_integral, target = initial_cq_;
  if (l > 0) {
    static const dealii::QGauss<1> rule(8);
    for (unsigned int k = 0; k < rule.size(); ++k) {
      const DenseVector d = system_.constraint_rates(s.t + h * rule.point(k)[0]);
      integral.add(h * rule.weight(k), d);
    }
    target -= integral;
  }
  DenseVector a1 = s.a, lambda = s.lambda, q1, v1;
  // T maps the acceleration unknowns to a1: the identity, or Gibbs-Appell's null space N with
  // a1 = a_p + N z'' (a_p the acceleration the constraints prescribe, C a_p = -d')
  DenseMatrix map(n, reduced ? n - l : n);
  if (reduced) {
    map = system_.null_space();
    DenseVector rate = system_.constraint_rate_derivatives(t1);
    rate *= -1;
    const DenseVector particular = system_.least_norm_solution(rate);
    DenseVector live(n - l);
    map.Tvmult(live, s.a);
    map.vmult(a1, live);
    a1 += particular;
  } else {
    for (std::size_t i = 0; i < n; ++i)
      map(i, i) = 1;
  }
  // Dashpots of degree p < 2 act by their force G at t1 (Moreau's time stepping), an unknown of
  // its own: for 1 < p < 2 with the rate law d . v = w(G), smooth where the force law's slope is
  // infinite; for p = 1 (dry friction) set-valued, sticking (d . v = 0, |G| <= c) or slipping
  // (G = c s, s the sign of the slip), the active set settled around Newton's method.
  const std::vector<std::size_t>& by_force = force_dashpots_;
  DenseVector forces(by_force.size());
  for (std::size_t f = 0; f < by_force.size(); ++f)
    forces[f] = s.dashpot_forces[by_force[f]];
  std::vector<int> slip(by_force.size(), 0); // p = 1: 0 sticks, +-1 slips that way
  for (std::size_t f = 0; f < by_force.size(); ++f) {
    const DiscreteDashpot& d = c.dashpots[by_force[f]];
    slip[f] = slip_direction(extension(d.row, s.v));
  }
  const std::size_t na = map.n(), nl = reduced ? 0 : l, nf = by_force.size();
  unsigned iterations = 0;
  settle_active_set(
      50,
      [&] {
        for (unsigned iteration = 0;; ++iteration, ++iterations) {
          if (iteration == p.max_newton_iterations)
            throw NewtonFailure(not_converged(t1));
          DenseMatrix jacobian;
          DenseVector r = residual(p, s, a1, h, t1, &jacobian, q1, v1);
          DenseVector c_lambda(n);
          if (l > 0)
            system_.constraint_matrix().Tvmult(c_lambda, lambda);
          r -= c_lambda;
          for (std::size_t f = 0; f < nf; ++f)
            for (std::size_t i = 0; i < n; ++i)
              r[i] += c.dashpots[by_force[f]].row[i] * forces[f];
          // the block system in (acceleration unknowns, lambda, G)
          DenseMatrix block(na + nl + nf, na + nl + nf);
          DenseVector rhs(na + nl + nf);
          DenseMatrix jt(n, na), tjt(na, na);
          jacobian.mmult(jt, map);
          map.Tmmult(tjt, jt);
          DenseVector tr(na);
          map.Tvmult(tr, r);
          for (std::size_t a = 0; a < na; ++a) {
            rhs[a] = -tr[a];
            for (std::size_t b = 0; b < na; ++b)
              block(a, b) = tjt(a, b);
          }
          for (std::size_t k = 0; k < nl; ++k) { // multipliers: -C^T in the momentum rows, C q1 = g
            DenseVector cq(l);
            system_.constraint_matrix().vmult(cq, q1);
            rhs[na + k] = -(cq[k] - target[k]) / (p.beta * h * h);
            for (std::size_t i = 0; i < n; ++i) {
              block(i, na + k) = -system_.constraint_matrix()(k, i);
              block(na + k, i) = system_.constraint_matrix()(k, i);
            }
          }
          for (std::size_t f = 0; f < nf; ++f) {
            const std::size_t k = by_force[f], row = na + nl + f;
            const DiscreteDashpot& d = c.dashpots[k];
            DenseVector dt(na);
            DenseVector drow(n);
            for (std::size_t i = 0; i < n; ++i)
              drow[i] = d.row[i];
            map.Tvmult(dt, drow);
            for (std::size_t a = 0; a < na; ++a)
              block(a, row) = dt[a]; // T^T d: the force's share of the momentum rows
            const double rate = extension(d.row, v1);
            if (d.degree > 1) { // d . v1 - w(G) = 0
              rhs[row] = -(rate - system_.dashpot(k).velocity(forces[f]));
              for (std::size_t a = 0; a < na; ++a)
                block(row, a) = p.gamma * h * dt[a];
              block(row, row) = -system_.dashpot(k).velocity_slope(forces[f]);
            } else if (slip[f] == 0) { // sticks: d . v1 = 0
              rhs[row] = -rate;
              for (std::size_t a = 0; a < na; ++a)
                block(row, a) = p.gamma * h * dt[a];
            } else { // slips: G = c s
              rhs[row] = -(forces[f] - d.coefficient * slip[f]);
              block(row, row) = 1;
            }
          }
          const DenseVector x = solve_dense(block, rhs);
          DenseVector da(na), increment(n);
          for (std::size_t a = 0; a < na; ++a)
            da[a] = x[a];
          map.vmult(increment, da);
          a1 += increment;
          for (std::size_t k = 0; k < nl; ++k)
            lambda[k] += x[na + k];
          for (std::size_t f = 0; f < nf; ++f)
            forces[f] += x[na + nl + f];
          // converged when the increment is round-off of the acceleration (a linear system: at
          // once), against the largest acceleration of the run so far: where a passes through zero,
          // round-off of the solve is not small against a itself. With multipliers the constraint
          // rows hold C q1 itself, and q1 = ... + beta h^2 a1 is known only to its last bits: an
          // increment that moves q1 by a few ulps is the floor of that position-level constraint
          // (it cannot fall below 1e-10 of a when beta h^2 a is small against q).
          acceleration_scale_ = std::max(acceleration_scale_, a1.linfty_norm());
          const double position_floor = nl > 0 ? 16 * std::numeric_limits<double>::epsilon() *
                                                     q1.linfty_norm() / (p.beta * h * h)
                                               : 0.0;
          if (increment.linfty_norm() <=
              std::max(p.nonlinear_tolerance * std::max(acceleration_scale_, 1e-300),
                       position_floor))
            break;
        }
        residual(p, s, a1, h, t1, nullptr, q1, v1);
      },
      [&] {
        bool changed = false;
        for (std::size_t f = 0; f < nf; ++f) {
          const DiscreteDashpot& d = c.dashpots[by_force[f]];
          if (d.degree == 1 && switch_stick_slip(slip[f], forces[f], extension(d.row, v1),
                                                 d.coefficient, p.nonlinear_tolerance))
            changed = true;
        }
        return changed;
      },
      [&] {
        throw NewtonFailure("the dry-friction contacts of the discrete system found no consistent "
                            "stick and slip at t = " +
                            std::to_string(t1) + " s");
      });
  iterations_ = iterations + 1;
  DenseVector r = residual(p, s, a1, h, t1, nullptr, q1, v1);
  for (std::size_t f = 0; f < nf; ++f)
    for (std::size_t i = 0; i < n; ++i)
      r[i] += c.dashpots[by_force[f]].row[i] * forces[f];
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
  if (system_.n_constraints() > 0)
    system_.constraint_matrix().Tvmult(constraint_force, lambda);
  load += constraint_force;
  DenseVector dissipation = dashpots1;
  dissipation *= 1 - af;
  dissipation.add(af, dashpots0);
  for (std::size_t f = 0; f < nf; ++f)
    for (std::size_t i = 0; i < n; ++i)
      dissipation[i] += c.dashpots[by_force[f]].row[i] * forces[f];
  if (const LagrangeEquations* energies = system_.energies()) {
    // the dissipation function's forces and the generalized forces, as the step averaged them
    LagrangeEquations::Forces f0, f1;
    energies->forces(s.q.begin(), s.v.begin(), s.a.begin(), s.t, f0);
    energies->forces(q1.begin(), v1.begin(), a1.begin(), t1, f1);
    for (std::size_t i = 0; i < n; ++i) {
      dissipation[i] += (1 - af) * f1.dissipative[i] + af * f0.dissipative[i];
      load[i] += (1 - af) * f1.applied[i] + af * f0.applied[i];
    }
  }
  s.dissipated += dissipation * dq;
  if (system_.is_rheonomic()) // the work that drives the motion, -dL/dt, by the trapezoidal rule
    s.driving_work -=
        0.5 * h *
        (system_.energy_parts(s.q, s.v, s.t).dl_dt + system_.energy_parts(q1, v1, t1).dl_dt);
  s.work += load * dq;
  // lambda at t1 itself, with the acceleration consistent with the end state: M a + F(q1, v1) -
  // Q(t1) = C^T lambda and C a = -d'(t1), as at t = 0. (The step's lambda above is the
  // alpha-weighted mean over the step; and with d != 0, a1 of the multipliers' position-level
  // constraint alternates about the consistent one, as index-3 schemes' accelerations do.)
  // Without constraints there is no lambda, and no end-state solve (nor M(q1, t1), a full
  // evaluation of the energies' tangents) is spent on it.
  if (l > 0) {
    DenseVector free_force = system_.external_forces(t1);
    free_force -= springs1;
    free_force -= dashpots1;
    free_force -= system_.energy_forces(q1, v1, t1);
    for (std::size_t f = 0; f < nf; ++f)
      for (std::size_t i = 0; i < n; ++i)
        free_force[i] -= c.dashpots[by_force[f]].row[i] * forces[f];
    const DenseVector rate = negated(system_.constraint_rate_derivatives(t1));
    lambda = solve_with_constraints(system_.mass_at(q1, t1), system_.constraint_matrix(),
                                    free_force, rate)
                 .second;
  }
  s.dashpot_forces = system_.dashpot_forces(v1);
  for (std::size_t f = 0; f < nf; ++f)
    s.dashpot_forces[by_force[f]] = forces[f];
  s.lambda = lambda;
  s.constraint_integral = integral;
  y_ = negated(a1); // y = -a_{n+1}: the corrector makes q, v and a of the step's end from it
  return y_;
}

void DiscreteOperator::with_entries(DiscreteState& s, const DenseVector& y,
                                    const std::function<void(const StateEntries&)>& f) const {
  StateEntries x;
  x.n = s.q.size();
  x.u = s.q.begin();
  x.v = s.v.begin();
  x.a = s.a.begin();
  x.y = y.begin();
  f(x);
}

} // namespace hamdyn
