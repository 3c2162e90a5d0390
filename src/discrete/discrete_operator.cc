#include "discrete/discrete_operator.h"

#include "core/failure_message.h"
#include "core/input_error.h"
#include "core/text.h"
#include "discrete/energy_consistent_step.h"
#include "output/history_writer.h"
#include "reductions/dense_eigen.h"
#include "system/stick_slip.h"
#include "time/newmark_scheme.h"

#include <deal.II/base/quadrature_lib.h>
#include <deal.II/lac/lapack_full_matrix.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace hamdyn {

namespace {
bool all_finite(const DenseVector& x) {
  return std::all_of(x.begin(), x.end(), [](double v) { return std::isfinite(v); });
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
  const DenseVector q0 = system.initial_displacements();
  initial_cq_.reinit(system.n_equations());
  for (std::size_t r = 0; r < system.n_equations(); ++r)
    initial_cq_[r] = extension(system.definition().constraints[r].row, q0);
  identity_.reinit(system.n(), system.n());
  for (std::size_t i = 0; i < system.n(); ++i)
    identity_(i, i) = 1;
  if (system.energies() && system.n() > 0)
    initial_smallest_mass_ = generalized_eigenvalues(system.mass_at(q0, 0), identity_).front();
}

std::string DiscreteOperator::mass_condition(const DenseVector& q, double t) const {
  if (!system_.energies() || initial_smallest_mass_ <= 0)
    return "";
  const std::vector<double> now = generalized_eigenvalues(system_.mass_at(q, t), identity_);
  if (now.front() > 1e-2 * initial_smallest_mass_)
    return "";
  return "; the mass matrix M(q) is becoming singular there: its smallest eigenvalue is " +
         format_number(now.front()) + ", against " + format_number(initial_smallest_mass_) +
         " at t = 0 (the rates grow as M's inverse)";
}

namespace {
// Forces or energies not finite at the initial state are bad input, refused before anything is
// written (the mass matrix and the links are checked with the system: DiscreteSystem's
// constructor).
void refuse_bad_initial_state(const DiscreteSystem& system, const DenseVector& q,
                              const DenseVector& v, const DenseVector& springs,
                              const DenseVector& energy_forces, const DenseVector& load) {
  const DiscreteCase& c = system.definition();
  const std::string at = " at the initial state (t = 0, Discrete system/Initial displacements "
                         "and Initial velocities)";
  if (!all_finite(springs))
    throw InputError("Discrete system/Springs: a spring's force is not finite" + at +
                     "; expected laws finite there");
  if (!all_finite(load))
    throw InputError("Discrete system/Forces: a force is not finite" + at);
  if (!std::isfinite(system.potential_energy(q, 0)))
    throw InputError("Discrete system/Potential energy is " +
                     format_number(system.potential_energy(q, 0)) + at +
                     "; expected an expression finite there");
  if (!std::isfinite(system.kinetic_energy(q, v, 0)))
    throw InputError(inertia_keys(c) + ": the kinetic energy is not finite" + at +
                     "; expected expressions finite there");
  if (!all_finite(energy_forces))
    throw InputError("Discrete system/Potential energy, Kinetic energy or Dissipation function: "
                     "their forces (derivatives) are not finite" +
                     at + "; expected expressions differentiable there");
}
} // namespace

DiscreteState DiscreteOperator::initial_state() {
  const DiscreteCase& c = system_.definition();
  const std::size_t n = c.n();
  DiscreteState s;
  s.q = system_.initial_displacements();
  s.v = system_.initial_velocities();
  s.constraint_integral.reinit(system_.n_equations());
  DenseVector springs, dashpots;
  system_.internal_forces(s.q, s.v, springs, dashpots);
  const DenseVector load = system_.external_forces(0),
                    energy_forces = system_.energy_forces(s.q, s.v, 0);
  DenseVector b = load;
  b -= springs;
  b -= dashpots;
  b -= energy_forces;
  // dashpots of degree p < 2 start with the force of their initial rate (0 at rest: a contact at
  // rest starts sticking with no force, as the first step finds its holding force)
  s.dashpot_forces = system_.dashpot_forces(s.v);
  for (const std::size_t k : force_dashpots_)
    for (std::size_t i = 0; i < n; ++i)
      b[i] -= c.dashpots[k].row[i] * s.dashpot_forces[k];
  const DiscreteSystem::ConstraintRows rows = system_.constraints_at(s.q, &s.v, 0);
  const DenseMatrix mass = system_.mass_at(s.q, 0);
  refuse_bad_initial_state(system_, s.q, s.v, springs, energy_forces, load);
  std::tie(s.a, s.lambda) = solve_with_constraints(mass, rows.c, b, negated(rows.bias));
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
  const bool consistent = p.energy_consistent_springs;
  DenseVector springs0, dashpots0, springs1, dashpots1, springs(n);
  DenseMatrix stiffness(n, n), damping(n, n); // d(springs)/dq1, d(dashpots1)/dv1
  // The springs' share: alpha-averaged, or at rho_inf = 1 their discrete gradient (Gonzalez, J.
  // Nonlinear Sci. 6:449, 1996), with which T + V of the springs and inertias changes by exactly
  // the averaged external and dashpot work, as the line models' springs do (their end values are
  // then not needed).
  if (consistent) {
    system_.dashpot_forces_at(s0.v, dashpots0);
    system_.dashpot_forces_at(v1, dashpots1, jacobian ? &damping : nullptr);
    system_.mean_spring_forces(s0.q, q1, springs, jacobian ? &stiffness : nullptr);
  } else {
    system_.internal_forces(s0.q, s0.v, springs0, dashpots0);
    system_.internal_forces(q1, v1, springs1, dashpots1, jacobian ? &stiffness : nullptr,
                            jacobian ? &damping : nullptr);
    springs.add(1 - af, springs1, af, springs0);
    stiffness *= 1 - af;
  }
  DenseVector a_m(n), r(n);
  for (std::size_t i = 0; i < n; ++i)
    a_m[i] = (1 - am) * a1[i] + am * s0.a[i];
  system_.mass().vmult(r, a_m);
  const DenseVector load0 = system_.external_forces(s0.t), load1 = system_.external_forces(t1);
  for (std::size_t i = 0; i < n; ++i)
    r[i] += springs[i] + (1 - af) * (dashpots1[i] - load1[i]) + af * (dashpots0[i] - load0[i]);
  if (jacobian) {
    jacobian->reinit(n, n);
    jacobian->add(1 - am, system_.mass());
    jacobian->add(beta * h * h, stiffness);
    jacobian->add((1 - af) * gamma * h, damping);
  }
  if (const LagrangeEquations* energies = system_.energies()) {
    // the energies' share: their forces alpha-averaged as the elements' are, and their exact
    // tangents
    if (consistent && energies->is_natural()) {
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
      const bool natural = consistent && energies->is_natural();
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t k = 0; k < n; ++k) {
          const std::size_t ik = i * n + k;
          (*jacobian)(i, k) +=
              (natural ? (1 - am) * (d.mass[ik] + beta * h * h * d.inertia_q[ik]) : 0.0) +
              (1 - af) * (beta * h * h * d.forces_q[ik] + gamma * h * d.forces_v[ik]);
        }
    }
  }
  return r;
}

void DiscreteOperator::implicit_solve(DiscreteState& s, const ImplicitStep& step,
                                      const NewmarkCorrection& correction) {
  const NewmarkParameters& p = *step.scheme;
  const DiscreteCase& c = system_.definition();
  const std::size_t n = system_.n(), l = system_.n_constraints();
  const bool reduced = c.method == ConstraintMethod::gibbs_appell && l > 0;
  const double h = step.dt, t1 = step.t_new(), af = p.alpha_f;
  // integral of d over the step (8-point Gauss-Legendre; d is an expression in t), and the
  // positions' target C q_n+1 = C q_0 - integral_0^t1 d (deal.II asserts non-empty vectors)
  DenseVector integral = s.constraint_integral, target = initial_cq_;
  if (system_.n_equations() > 0) {
    static const dealii::QGauss<1> rule(8);
    for (unsigned int k = 0; k < rule.size(); ++k) {
      const DenseVector d = system_.constraint_rates(s.t + h * rule.point(k)[0]);
      integral.add(h * rule.weight(k), d);
    }
    target -= integral;
  }
  DenseVector a1 = s.a, lambda = s.lambda, q1, v1;
  step_end_ = t1;
  // The links' rows at the step's start, for the discrete gradient below.
  DiscreteSystem::ConstraintRows rows0;
  if (system_.has_links())
    rows0 = system_.constraints_at(s.q, &s.v, s.t);
  // The directions of the multipliers' forces: C (constant for the Equations) at the mean state
  // q_f, t_f, where generalized-alpha takes the other forces; at rho_inf = 1 a holonomic link's
  // is the discrete gradient of f (Gonzalez, Physica D 132:165, 1999, eq. 4.9 with the midpoint
  // gradient of J. Nonlinear Sci. 6:449, 1996, eq. 13): G . (q1 - q0) = f(q1) - f(q0), so that
  // over a step that keeps f = 0 the link's force does no work and T + V is kept. A scleronomic
  // non-holonomic link's (D = 0) is C_f less its part along the step's mean rate v-bar = (q1 -
  // q0) / h, G . v-bar = 0: C_f . v-bar is O(h^2) (C v = 0 at both ends), the link does no work
  // over the step as it does none in the flow, and T + V is kept with C(q1) v1 = 0 held.
  auto force_directions = [&](const DiscreteSystem::ConstraintRows& rows1) {
    if (!system_.has_links())
      return system_.constraint_matrix();
    DenseVector q_f(n);
    for (std::size_t i = 0; i < n; ++i)
      q_f[i] = (1 - af) * q1[i] + af * s.q[i];
    const DiscreteSystem::ConstraintRows mean =
        system_.constraints_at(q_f, nullptr, (1 - af) * t1 + af * s.t);
    DenseMatrix g = mean.c;
    if (!p.energy_consistent_springs)
      return g;
    DenseVector dq = q1;
    dq -= s.q;
    const double dq2 = dq.norm_sqr();
    for (std::size_t r = system_.n_equations(); r < l && dq2 > 0; ++r) {
      if (!rows1.on_positions[r] && mean.rate[r] != 0) // D != 0: the link works, rheonomically
        continue;
      double predicted = 0; // G . dq before the correction
      for (std::size_t i = 0; i < n; ++i)
        predicted += g(r, i) * dq[i];
      const double change = rows1.on_positions[r] ? rows1.position[r] - rows0.position[r] : 0.0;
      const double correction = (change - predicted) / dq2;
      for (std::size_t i = 0; i < n; ++i)
        g(r, i) += correction * dq[i];
    }
    return g;
  };
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
  const std::size_t nl = reduced ? 0 : l, nf = by_force.size();
  // Gibbs-Appell at rho_inf = 1 takes the holonomic links on positions, f(q1) = 0, as the
  // multipliers do: the energy-consistent step with the links' discrete gradient (Gonzalez,
  // Physica D 132:165, 1999) is then the step of both forms, and T + V is kept by either; at
  // rho_inf < 1 it holds every row on accelerations and projects after the step.
  links_on_positions_ = reduced && p.energy_consistent_springs;
  // each constraint row's position target: the Equations' c . q0 - integral d, a link's 0
  DenseVector target_of(l);
  for (std::size_t k = 0; k < system_.n_equations(); ++k)
    target_of[k] = target[k];
  const double bh2 = p.beta * h * h, gh = p.gamma * h;
  DiscreteSystem::ConstraintRows rows1;
  auto held_on_positions = [&](std::size_t k) {
    return rows1.on_positions[k] &&
           (!reduced || (links_on_positions_ && k >= system_.n_equations()));
  };
  DenseMatrix directions; // the multipliers' C_f
  unsigned iterations = 0;
  settle_active_set(
      50,
      [&] {
        for (unsigned iteration = 0;; ++iteration, ++iterations) {
          if (iteration == p.max_newton_iterations)
            throw NewtonFailure(not_converged(t1) + mass_condition(s.q, s.t));
          DenseMatrix jacobian;
          DenseVector r = residual(p, s, a1, h, t1, &jacobian, q1, v1);
          rows1 = system_.constraints_at(q1, &v1, t1);
          if (l > 0)
            directions = force_directions(rows1);
          if (nl > 0) {
            DenseVector c_lambda(n);
            directions.Tvmult(c_lambda, lambda);
            r -= c_lambda;
          }
          for (std::size_t f = 0; f < nf; ++f)
            for (std::size_t i = 0; i < n; ++i)
              r[i] += c.dashpots[by_force[f]].row[i] * forces[f];
          // The momentum rows kept: all of them with multipliers; Gibbs-Appell's N^T (M a + F - Q)
          // = 0 (Naprstek & Fischer, eqs. 4-5: dG/dz'' = Q_z in the quasi-accelerations z'' along
          // N), beside the links' C a1 + b = 0 at the step's end. N spans the motions the
          // constraint forces do not act on in the step, the null space of their directions C_f
          // at the mean state, as with multipliers (R = C_f^T lambda): N of C(q1) would let the
          // part of M a_n along C(q_n)^T, which the average a_m carries, act on the free motion,
          // an O(h) force (measured on the rolling disk: phi' off by 1.2e-3 over 5 s, first order).
          const DenseMatrix kept = reduced ? null_space_of(directions, n) : DenseMatrix();
          const DenseMatrix& projection = reduced ? kept : identity_;
          const std::size_t nm = projection.n();
          if (nm + l != n + nl)
            throw NewtonFailure("the constraints became dependent at t = " + std::to_string(t1) +
                                " s (discrete system)");
          const std::size_t size = n + nl + nf;
          DenseMatrix block(size, size), pj(nm, n);
          DenseVector rhs(size), pr(nm);
          projection.Tmmult(pj, jacobian);
          projection.Tvmult(pr, r);
          for (std::size_t a = 0; a < nm; ++a) {
            rhs[a] = -pr[a];
            for (std::size_t j = 0; j < n; ++j)
              block(a, j) = pj(a, j);
            for (std::size_t k = 0; k < nl; ++k) // -C_f^T lambda in the momentum rows
              block(a, n + k) = -directions(k, a);
          }
          for (std::size_t k = 0; k < l; ++k) {
            const std::size_t row = nm + k;
            if (reduced && !held_on_positions(k)) { // C a1 + b = 0
              double ca = rows1.bias[k];
              for (std::size_t j = 0; j < n; ++j) {
                block(row, j) = rows1.c(k, j);
                ca += rows1.c(k, j) * a1[j];
              }
              rhs[row] = -ca;
            } else if (rows1.on_positions[k]) { // the position f(q1) (or c . q1) on its target
              rhs[row] = -(rows1.position[k] - target_of[k]) / bh2;
              for (std::size_t j = 0; j < n; ++j)
                block(row, j) = rows1.residual_q(k, j);
            } else { // a non-holonomic link's rate C(q1) v1 + D(q1) = 0
              rhs[row] = -rows1.rate[k] / gh;
              for (std::size_t j = 0; j < n; ++j)
                block(row, j) = rows1.c(k, j) + bh2 / gh * rows1.residual_q(k, j);
            }
          }
          for (std::size_t f = 0; f < nf; ++f) {
            const std::size_t k = by_force[f], row = nm + l + f;
            const DiscreteDashpot& d = c.dashpots[k];
            DenseVector drow(n), pd(nm);
            for (std::size_t i = 0; i < n; ++i)
              drow[i] = d.row[i];
            projection.Tvmult(pd, drow);
            for (std::size_t a = 0; a < nm; ++a)
              block(a, n + nl + f) = pd[a]; // the force's share of the momentum rows
            const double rate = extension(d.row, v1);
            if (d.degree > 1) { // d . v1 - w(G) = 0
              rhs[row] = -(rate - system_.dashpot(k).velocity(forces[f]));
              for (std::size_t j = 0; j < n; ++j)
                block(row, j) = gh * d.row[j];
              block(row, n + nl + f) = -system_.dashpot(k).velocity_slope(forces[f]);
            } else if (slip[f] == 0) { // sticks: d . v1 = 0
              rhs[row] = -rate;
              for (std::size_t j = 0; j < n; ++j)
                block(row, j) = gh * d.row[j];
            } else { // slips: G = c s
              rhs[row] = -(forces[f] - d.coefficient * slip[f]);
              block(row, n + nl + f) = 1;
            }
          }
          DenseVector x;
          try {
            x = solve_dense(block, rhs);
          } catch (const dealii::ExceptionBase&) { // LAPACK found the step's matrix singular
            throw NewtonFailure("the step's matrix is singular at t = " + std::to_string(t1) +
                                " s (the mass matrix on the motions the constraints allow, or "
                                "the constraints' rows, lost rank)" +
                                mass_condition(s.q, s.t));
          }
          DenseVector increment(n);
          for (std::size_t j = 0; j < n; ++j)
            increment[j] = x[j];
          a1 += increment;
          for (std::size_t k = 0; k < nl; ++k)
            lambda[k] += x[n + k];
          for (std::size_t f = 0; f < nf; ++f)
            forces[f] += x[n + nl + f];
          // converged when the increment is round-off of the acceleration (a linear system: at
          // once), against the largest acceleration of the run so far: where a passes through zero,
          // round-off of the solve is not small against a itself. With multipliers the constraint
          // rows hold C q1 itself, and q1 = ... + beta h^2 a1 is known only to its last bits: an
          // increment that moves q1 by a few ulps is the floor of that position-level constraint
          // (it cannot fall below 1e-10 of a when beta h^2 a is small against q). Likewise an
          // increment that moves v1 = ... + gamma h a1 by a few ulps only is the floor of every
          // step: where large forces balance (a governor spinning at its relative equilibrium),
          // the accelerations are small against the round-off of the forces that make them.
          acceleration_scale_ = std::max(acceleration_scale_, a1.linfty_norm());
          const double eps = std::numeric_limits<double>::epsilon();
          const double position_floor =
              nl > 0 || links_on_positions_ ? 16 * eps * q1.linfty_norm() / (p.beta * h * h) : 0.0;
          const double rate_floor = 16 * eps * v1.linfty_norm() / (p.gamma * h);
          if (increment.linfty_norm() <=
              std::max({p.nonlinear_tolerance * std::max(acceleration_scale_, 1e-300),
                        position_floor, rate_floor}))
            break;
        }
        residual(p, s, a1, h, t1, nullptr, q1, v1);
        if (l > 0) {
          rows1 = system_.constraints_at(q1, &v1, t1);
          directions = force_directions(rows1);
        }
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
  // the constraint forces the step applied: C_f^T lambda, or Gibbs-Appell's R itself (N^T R = 0:
  // R is in the range of C^T, R = C^T lambda)
  DenseVector constraint_force(n);
  if (nl > 0) {
    directions.Tvmult(constraint_force, lambda);
  } else if (l > 0) {
    lambda = multipliers_from(directions, r);
    constraint_force = r;
  }
  // The ledger, booked as the forces the step applied times its displacement.
  DenseVector dq = q1, springs0, dashpots0, springs1, dashpots1;
  dq -= s.q;
  system_.internal_forces(s.q, s.v, springs0, dashpots0);
  system_.internal_forces(q1, v1, springs1, dashpots1);
  DenseVector load = system_.external_forces(t1);
  load *= 1 - af;
  load.add(af, system_.external_forces(s.t));
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
  // Q(t1) = C^T lambda and C a + b = 0, as at t = 0. (The step's lambda above is the
  // alpha-weighted mean over the step; and with d != 0, a1 of the multipliers' position-level
  // constraint alternates about the consistent one, as index-3 schemes' accelerations do.)
  // Without constraints there is no lambda, and no end-state solve (nor M(q1, t1), a full
  // evaluation of the energies' tangents) is spent on it; Gibbs-Appell's is solved after the
  // projection, at the state the step ends in (after the corrector, below).
  s.dashpot_forces = system_.dashpot_forces(v1);
  for (std::size_t f = 0; f < nf; ++f)
    s.dashpot_forces[by_force[f]] = forces[f];
  if (l > 0 && !reduced)
    lambda = end_state_multipliers(q1, v1, t1, s.dashpot_forces);
  s.lambda = lambda;
  s.constraint_integral = integral;
  const DenseVector y = negated(a1); // y = -a_{n+1}: the corrector makes the step's end from it
  StateEntries x;
  x.n = s.q.size();
  x.u = s.q.begin();
  x.v = s.v.begin();
  x.a = s.a.begin();
  x.y = y.begin();
  newmark_corrector(correction, x);
  if (system_.definition().method == ConstraintMethod::gibbs_appell &&
      system_.n_constraints() > 0) {
    project_onto_constraints(s);
    s.lambda = end_state_multipliers(s.q, s.v, step_end_, s.dashpot_forces);
  }
}

DenseVector
DiscreteOperator::end_state_multipliers(const DenseVector& q, const DenseVector& v, double t,
                                        const std::vector<double>& dashpot_forces) const {
  const std::size_t n = system_.n();
  DenseVector free_force = system_.external_forces(t), springs, dashpots;
  system_.internal_forces(q, v, springs, dashpots);
  free_force -= springs;
  free_force -= dashpots;
  free_force -= system_.energy_forces(q, v, t);
  for (const std::size_t k : force_dashpots_)
    for (std::size_t i = 0; i < n; ++i)
      free_force[i] -= system_.definition().dashpots[k].row[i] * dashpot_forces[k];
  const DiscreteSystem::ConstraintRows rows = system_.constraints_at(q, &v, t);
  return solve_with_constraints(system_.mass_at(q, t), rows.c, free_force, negated(rows.bias))
      .second;
}

void DiscreteOperator::project_onto_constraints(DiscreteState& s) const {
  // Gibbs-Appell moves on the accelerations the constraints allow, so its positions and rates
  // drift off them at the scheme's order; they are put back after each step (the coordinate
  // projection of Eich, SIAM J. Numer. Anal. 30:1467, 1993) in the metric of the mass matrix,
  // dx = -M^-1 A^T (A M^-1 A^T)^-1 r, the correction an impulse along the constraint forces
  // would make: the positions onto c . q = c . q0 - integral d and f(q, t) = 0 by such
  // Gauss-Newton steps, then the rates onto C(q, t) q-dot + D = 0 (linear in the rates: one
  // step). In this metric the change of T = 1/2 v^T M v is (C v)^T (...) rho, second order in
  // the drift rho (a Euclidean step's is first order). The prescribed motions are then held
  // exactly, as the multipliers hold them.
  const std::size_t n = system_.n(), l = system_.n_constraints(), ne = system_.n_equations();
  const double t = step_end_;
  DenseMatrix mass = system_.mass_at(s.q, t);
  dealii::LAPACKFullMatrix<double> mass_lu(n, n);
  mass_lu = mass;
  try {
    mass_lu.compute_lu_factorization();
  } catch (const std::exception&) {
    // M itself may be singular where the constraints make up for it (a rolling disk's wheel
    // angle with no inertia of its own: its rate is the centre's); the system's check refused
    // a mass singular on the motions the constraints allow, so M + w C^T C is definite. The
    // projection then takes that metric, w scaling C^T C to M's size.
    const DenseMatrix c = system_.constraints_at(s.q, nullptr, t).c;
    double mass_size = 0, c_size = 0;
    for (std::size_t i = 0; i < n; ++i) {
      mass_size = std::max(mass_size, std::abs(mass(i, i)));
      for (std::size_t r = 0; r < c.m(); ++r)
        c_size = std::max(c_size, c(r, i) * c(r, i));
    }
    const double w = c_size > 0 ? std::max(mass_size, 1e-300) / c_size : 0;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        for (std::size_t r = 0; r < c.m(); ++r)
          mass(i, j) += w * c(r, i) * c(r, j);
    mass_lu = mass;
    try {
      mass_lu.compute_lu_factorization();
    } catch (const std::exception&) {
      throw CollectiveFailure("the mass matrix M(q) is singular on the motions the constraints "
                              "allow at t = " +
                              text_of(t) +
                              " s (Discrete system/Kinetic energy, Inertias or Points): the "
                              "accelerations are not determined there");
    }
  }
  // -M^-1 A^T (A M^-1 A^T)^-1 r
  auto correction = [&](const DenseMatrix& a, const DenseVector& r) {
    const std::size_t m = a.m();
    DenseMatrix m_inverse_at(n, m), gram(m, m);
    for (std::size_t k = 0; k < m; ++k) {
      DenseVector column(n);
      for (std::size_t i = 0; i < n; ++i)
        column[i] = a(k, i);
      mass_lu.solve(column);
      for (std::size_t i = 0; i < n; ++i)
        m_inverse_at(i, k) = column[i];
    }
    a.mmult(gram, m_inverse_at);
    DenseVector dx(n);
    m_inverse_at.vmult(dx, solve_dense(gram, r));
    return negated(dx);
  };
  for (unsigned iteration = 0; iteration < 4; ++iteration) {
    const DiscreteSystem::ConstraintRows rows = system_.constraints_at(s.q, nullptr, t);
    std::vector<std::size_t> held;
    for (std::size_t r = 0; r < l; ++r)
      if (rows.on_positions[r])
        held.push_back(r);
    if (held.empty())
      break;
    DenseMatrix a(held.size(), n);
    DenseVector residual(held.size());
    double largest = 0, scale = 0;
    for (std::size_t k = 0; k < held.size(); ++k) {
      const std::size_t r = held[k];
      residual[k] = rows.position[r] - (r < ne ? initial_cq_[r] - s.constraint_integral[r] : 0.0);
      largest = std::max(largest, std::abs(residual[k]));
      for (std::size_t i = 0; i < n; ++i) {
        a(k, i) = rows.residual_q(r, i);
        scale = std::max(scale, std::abs(a(k, i) * s.q[i]));
      }
    }
    if (largest <= 4 * std::numeric_limits<double>::epsilon() * std::max(scale, 1e-300))
      break;
    s.q += correction(a, residual);
  }
  // the rates of the rows the step held on accelerations (not the links it held on positions,
  // whose rates the energy-consistent step leaves as the multipliers' step does)
  const DiscreteSystem::ConstraintRows rows = system_.constraints_at(s.q, &s.v, t);
  std::vector<std::size_t> on_rates;
  for (std::size_t r = 0; r < l; ++r)
    if (!(links_on_positions_ && r >= ne && rows.on_positions[r]))
      on_rates.push_back(r);
  if (on_rates.empty())
    return;
  DenseMatrix c(on_rates.size(), n);
  DenseVector rate(on_rates.size());
  for (std::size_t k = 0; k < on_rates.size(); ++k) {
    rate[k] = rows.rate[on_rates[k]];
    for (std::size_t i = 0; i < n; ++i)
      c(k, i) = rows.c(on_rates[k], i);
  }
  s.v += correction(c, rate);
}

} // namespace hamdyn
