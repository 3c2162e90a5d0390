#include "discrete/impulse_solution.h"

#include "reductions/dense_eigen.h"
#include "system/stick_slip.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace hamdyn {

namespace {
// The relative margin by which a stuck contact's force must exceed c before it slips: the dual
// has no Nonlinear tolerance of its own (its Newton iteration stops at 1e-13 of the impulses).
constexpr double stick_slip_tolerance = 1e-12;

// rows d of `items` as a matrix (one row per item)
template <class Items>
DenseMatrix incidence(const Items& items, std::size_t n) {
  DenseMatrix d(items.size(), n);
  for (std::size_t r = 0; r < items.size(); ++r)
    for (std::size_t i = 0; i < n; ++i)
      d(r, i) = items[r].row[i];
  return d;
}

std::string number_text(double x) {
  std::ostringstream text;
  text.precision(6);
  text << x;
  return text.str();
}
} // namespace

namespace {
// the momenta need M^-1: with constraints M need only be regular on their null space, here
// every coordinate must carry inertia
const DenseMatrix& regular_mass(const DiscreteSystem& system) {
  if (smallest_singular_ratio(system.mass()) < 1e-12)
    throw DualFailure("the impulse dual needs a regular mass matrix (the momenta M q-dot give "
                      "the velocities): give every coordinate an inertia");
  return system.mass();
}
} // namespace

ImpulseSolution::ImpulseSolution(const DiscreteSystem& system)
    : system_(system), fit_(regular_mass(system), system.constraint_matrix()),
      susceptance_(fit_.susceptance(incidence(system.definition().springs, system.n()))) {
  for (std::size_t k = 0; k < system.definition().dashpots.size(); ++k)
    if (system.definition().dashpots[k].degree < 2)
      force_dashpots_.push_back(k);
  initial_momentum_.reinit(system.n());
  system.mass().vmult(initial_momentum_, system.initial_velocities());
}

ImpulseState ImpulseSolution::initial_state() const {
  const DiscreteCase& c = system_.definition();
  const std::size_t n = c.n();
  ImpulseState s;
  s.q = system_.initial_displacements();
  s.v = system_.initial_velocities();
  s.S.reinit(c.springs.size());
  s.F.reinit(c.springs.size());
  s.e.reinit(c.springs.size());
  for (std::size_t j = 0; j < c.springs.size(); ++j) {
    s.e[j] = extension(c.springs[j].row, s.q);
    s.F[j] = system_.spring_force(j, s.e[j]); // S(0) = 0, S-dot(0) the initial forces
  }
  s.H.reinit(c.dashpots.size());
  s.G.reinit(c.dashpots.size());
  s.w.reinit(c.dashpots.size());
  for (std::size_t k = 0; k < c.dashpots.size(); ++k) {
    s.w[k] = extension(c.dashpots[k].row, s.v);
    s.G[k] = system_.dashpot(k).force(s.w[k]);
  }
  s.load_impulse.reinit(n);
  check_invertible(s);
  return s;
}

// q-dot = P (p0 + int Q - D_s^T S - D_d^T H) - W d(t): the impulse fit, eq. (28)
DenseVector ImpulseSolution::velocities(const ImpulseState& s, double t) const {
  const DiscreteCase& c = system_.definition();
  DenseVector momentum = initial_momentum_;
  momentum += s.load_impulse;
  for (std::size_t j = 0; j < c.springs.size(); ++j)
    for (std::size_t i = 0; i < c.n(); ++i)
      momentum[i] -= c.springs[j].row[i] * s.S[j];
  for (std::size_t k = 0; k < c.dashpots.size(); ++k)
    for (std::size_t i = 0; i < c.n(); ++i)
      momentum[i] -= c.dashpots[k].row[i] * s.H[k];
  return fit_.velocities(momentum, system_.constraint_rates(t));
}

void ImpulseSolution::check_invertible(const ImpulseState& s) const {
  for (std::size_t j = 0; j < s.e.size(); ++j) {
    const double slope = system_.spring_stiffness(j, s.e[j]);
    if (!(slope > 0))
      throw DualFailure(
          "the impulse dual stops at t = " + number_text(s.t) + " s: spring '" +
          system_.definition().springs[j].name + "' reaches the force F = " + number_text(s.F[j]) +
          " (extension " + number_text(s.e[j]) +
          "), where its slope dF/de = " + number_text(slope) +
          " is not positive: its law cannot be inverted there, so it has no compliance de/dF "
          "(the complementary form needs a monotone law over the run's forces)");
  }
}

void ImpulseSolution::step(ImpulseState& s, double t1) const {
  const DiscreteCase& c = system_.definition();
  const std::size_t n = c.n(), ns = c.springs.size(), nd = c.dashpots.size();
  const double h = t1 - s.t;
  ImpulseState next = s;
  next.t = t1;
  next.load_impulse.add(0.5 * h, system_.external_forces(s.t));
  next.load_impulse.add(0.5 * h, system_.external_forces(t1));
  const DenseVector v0 = velocities(s, s.t);
  // Each dashpot's unknown: its rate w1 (p >= 2, force G(w1)), or its force G1 (p < 2, where
  // G(w) has an infinite slope at w = 0; Moreau's time stepping as in the primal: the step's
  // impulse h G1, the rate law w(G1) = d . q-dot1, and for p = 1 sticking (d . q-dot1 = 0,
  // |G1| <= c) or slipping (G1 = c s) with the active set settled around Newton's method).
  std::vector<bool> by_force(nd, false);
  for (const std::size_t k : force_dashpots_)
    by_force[k] = true;
  std::vector<int> slip(nd, 0); // p = 1: 0 sticks, +-1 slips that way
  for (std::size_t k = 0; k < nd; ++k)
    slip[k] = slip_direction(s.w[k]);
  // Newton on x = (e1 of the springs; w1 or G1 of the dashpots); the rows are
  //   e1 - e0 - h/2 d . (q-dot0 + q-dot1) = 0, and w1 - d . q-dot1 = 0 (or its p < 2 forms).
  DenseMatrix jacobian(ns + nd, ns + nd);
  double scale = 1e-300, force_scale = 1e-300; // of the extensions and rates; of the forces G
  for (std::size_t j = 0; j < ns; ++j)
    scale = std::max(scale, std::abs(s.e[j]));
  for (std::size_t k = 0; k < nd; ++k) {
    scale = std::max(scale, std::abs(s.w[k]));
    force_scale =
        std::max({force_scale, std::abs(s.G[k]), by_force[k] ? c.dashpots[k].coefficient : 0.0});
  }
  // the forces F(e1), G(w1) and the impulses: trapezoidal, or h G1 for the dashpots by force
  auto update_impulses = [&] {
    for (std::size_t j = 0; j < ns; ++j) {
      next.F[j] = system_.spring_force(j, next.e[j]);
      next.S[j] = s.S[j] + h * system_.spring_mean_force(j, s.e[j], next.e[j]);
    }
    for (std::size_t k = 0; k < nd; ++k) {
      if (!by_force[k])
        next.G[k] = system_.dashpot(k).force(next.w[k]);
      next.H[k] = s.H[k] + (by_force[k] ? h * next.G[k] : 0.5 * h * (s.G[k] + next.G[k]));
    }
  };
  auto row_of = [&](std::size_t b) -> const std::vector<double>& {
    return b < ns ? c.springs[b].row : c.dashpots[b - ns].row;
  };
  settle_active_set(
      50,
      [&] {
        double previous = std::numeric_limits<double>::infinity();
        for (unsigned iteration = 0;; ++iteration) {
          update_impulses();
          const DenseVector v1 = velocities(next, t1);
          DenseVector residual(ns + nd);
          for (std::size_t j = 0; j < ns; ++j)
            residual[j] =
                next.e[j] - s.e[j] -
                0.5 * h * (extension(c.springs[j].row, v0) + extension(c.springs[j].row, v1));
          // d q-dot1 / d x_b = -P d_b dH_b/dx_b (springs: dS/de1 = h dF-bar/de1)
          for (std::size_t b = 0; b < ns + nd; ++b) {
            const std::size_t k = b - ns;
            double mean_slope = 0;
            if (b < ns)
              system_.spring_mean_force(b, s.e[b], next.e[b], &mean_slope);
            const double impulse_slope = b < ns ? h * mean_slope
                                         : by_force[k]
                                             ? h
                                             : 0.5 * h * system_.dashpot(k).slope(next.w[k]);
            DenseVector column(n), dv(n);
            for (std::size_t i = 0; i < n; ++i)
              column[i] = row_of(b)[i];
            fit_.projection().vmult(dv, column);
            dv *= -impulse_slope;
            for (std::size_t a = 0; a < ns + nd; ++a)
              jacobian(a, b) = (a == b && a < ns ? 1.0 : 0.0) -
                               (a < ns ? 0.5 * h : 1.0) * extension(row_of(a), dv);
          }
          for (std::size_t k = 0; k < nd; ++k) {
            const std::size_t a = ns + k;
            const double rate = extension(c.dashpots[k].row, v1);
            if (!by_force[k]) { // w1 - d . q-dot1
              residual[a] = next.w[k] - rate;
              jacobian(a, a) += 1;
            } else if (c.dashpots[k].degree > 1) { // w(G1) - d . q-dot1
              residual[a] = system_.dashpot(k).velocity(next.G[k]) - rate;
              jacobian(a, a) += system_.dashpot(k).velocity_slope(next.G[k]);
            } else if (slip[k] == 0) { // sticks: -d . q-dot1
              residual[a] = -rate;
            } else { // slips: G1 - c s
              residual[a] = next.G[k] - c.dashpots[k].coefficient * slip[k];
              for (std::size_t b = 0; b < ns + nd; ++b)
                jacobian(a, b) = a == b ? 1.0 : 0.0;
            }
          }
          residual *= -1;
          const DenseVector dx = solve_dense(jacobian, residual);
          double size = 0; // the increment against its unknown's scale
          for (std::size_t j = 0; j < ns; ++j) {
            next.e[j] += dx[j];
            scale = std::max(scale, std::abs(next.e[j]));
          }
          for (std::size_t k = 0; k < nd; ++k) {
            if (by_force[k]) {
              next.G[k] += dx[ns + k];
              force_scale = std::max(force_scale, std::abs(next.G[k]));
            } else {
              next.w[k] += dx[ns + k];
              scale = std::max(scale, std::abs(next.w[k]));
            }
          }
          for (std::size_t b = 0; b < ns + nd; ++b)
            size = std::max(size,
                            std::abs(dx[b]) / (b >= ns && by_force[b - ns] ? force_scale : scale));
          // converged: the increment is round-off of the unknowns, or it stopped shrinking at
          // round-off level (the velocities are differences of impulses that grow with time)
          if (size <= 1e-13 || (iteration >= 2 && size >= 0.5 * previous && size <= 1e-8))
            break;
          previous = size;
          if (iteration == 50) {
            std::ostringstream message;
            message << "the impulse dual's Newton iterations did not converge at t = " << t1
                    << " s: a smaller Time integration/Time step";
            throw CollectiveFailure(message.str());
          }
        }
      },
      [&] {
        update_impulses();
        const DenseVector v1 = velocities(next, t1);
        bool changed = false;
        for (const std::size_t k : force_dashpots_) {
          const DiscreteDashpot& d = c.dashpots[k];
          if (d.degree == 1 && switch_stick_slip(slip[k], next.G[k], extension(d.row, v1),
                                                 d.coefficient, stick_slip_tolerance))
            changed = true;
        }
        return changed;
      },
      [&] {
        throw CollectiveFailure("the impulse dual's dry-friction contacts found no consistent "
                                "stick and slip at t = " +
                                number_text(t1) + " s: a smaller Time integration/Time step");
      });
  update_impulses();
  next.v = velocities(next, t1);
  for (const std::size_t k : force_dashpots_)
    next.w[k] = extension(c.dashpots[k].row, next.v);
  for (std::size_t i = 0; i < n; ++i)
    next.q[i] = s.q[i] + 0.5 * h * (s.v[i] + next.v[i]);
  check_invertible(next);
  s = next;
}

DenseMatrix ImpulseSolution::compliance(const DenseVector& e) const {
  DenseMatrix c(e.size(), e.size());
  for (std::size_t j = 0; j < e.size(); ++j)
    c(j, j) = 1 / system_.spring_stiffness(j, e[j]);
  return c;
}

} // namespace hamdyn
