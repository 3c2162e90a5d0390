// A rigid mass travelling along a taut string from its fixed end against the continuum's exact
// solution, which is checked in its own limits first: hamdyn's moving mass, which meets the C0
// elements through a C1 field recovered from w (models/line_model.cc), converges to it in h (tied
// to the elements' own w_x, which jumps at every node, it did not: the quadratic string's midspan
// was 7.3e-2, 0.24, 0.56 and 0.87 of its largest value off at 20, 80, 320 and 1280 elements).
//
// The reference, derived here by d'Alembert's solution (the approach of Smith, J. Appl. Mech.
// 31:29-37, 1964, for a mass particle on a string). A string (tension T, rho, c^2 = T / rho) at
// rest, fixed at x = 0, carries a mass m entering at x = 0 at t = 0 with x(t) = v t, v < c,
// under gravity g. Until the wave sent ahead comes back from x = L (t < 2 L / (c + v)), ahead of
// the mass w = A(x - c t), behind it w = B(x - c t) + C(x + c t) with B(s) = -C(-s) (the fixed
// end). With gamma(t) = C((c + v) t) the wave the mass sends back at t, it returns to the mass
// reflected at the earlier time q t, q = (c - v) / (c + v). Continuity of w at the mass gives
// z(t) = gamma(t) - gamma(q t) = A((v - c) t), so z' = u(t) - q u(q t), u = gamma'; the jump of
// w_x there is -z' / (c - v) - (u(t) + u(q t)) / (c + v). Across a point moving at v the
// string's momentum gives (T - rho v^2) [w_x] for the force on the mass (rho v [w_t] + T [w_x],
// [w_t] = -v [w_x]), so
//   m z'' + beta z' = -m g - mu u(q t),   u(t) = z'(t) + q u(q t),
//   beta = 2 c T* / (c^2 - v^2),  mu = 2 c T* / (c + v)^2,  T* = T - rho v^2,
// a neutral delay equation with a proportional delay, started from z = z' = u = 0, integrated
// here by the classical Runge-Kutta method with the history interpolated linearly (2e-5 steps:
// 1e-9 of |z|, against 1e-5 steps). Checked in its own limits: with m = 0 (a force P = m g)
// z' tends to -P v c / (T (c + v)), the slope of a semi-infinite string under a moving force
// (here -0.026087 t; a moving force on 640 linear string elements gave -0.026069 at t = 1). The
// string's field follows: the midspan w(L/2, t) = z(tau), tau = (c t - L/2) / (c - v), for
// L/2 / c <= t <= 3 L / (2 c) (the front has passed, the reflection from x = L not yet).
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace hamdyn;

namespace {
struct StringAndMass {
  double tension = 1, rho = 1, m = 0.2, g = 1, v = 0.15;
  double c() const { return std::sqrt(tension / rho); }
};

/// z(t) on a uniform grid of step dt up to t_end, and the contact force on the string (+ in +w):
/// -m (z'' + g) = beta z' + mu u(q t).
struct Exact {
  double dt;
  std::vector<double> z, force;
  double at(const std::vector<double>& y, double t) const {
    const double s = t / dt;
    const std::size_t i = std::min<std::size_t>(std::size_t(s), y.size() - 2);
    return y[i] + (s - double(i)) * (y[i + 1] - y[i]);
  }
};

Exact exact_solution(const StringAndMass& p, double t_end, double dt) {
  const double c = p.c(), q = (c - p.v) / (c + p.v), t_star = p.tension - p.rho * p.v * p.v;
  const double beta = 2 * c * t_star / (c * c - p.v * p.v),
               mu = 2 * c * t_star / std::pow(c + p.v, 2);
  const std::size_t n = std::size_t(std::lround(t_end / dt));
  Exact e{dt, std::vector<double>(n + 1, 0.0), std::vector<double>(n + 1, 0.0)};
  std::vector<double> u(n + 1, 0.0), z_t(n + 1, 0.0);
  const auto u_delayed = [&](double t) { // u(q t), q t < t: already known
    const double s = q * t / dt;
    const std::size_t i = std::size_t(s);
    return i + 1 > n ? u[n] : u[i] + (s - double(i)) * (u[i + 1] - u[i]);
  };
  const auto accel = [&](double speed, double ud) {
    return (-p.m * p.g - beta * speed - mu * ud) / p.m;
  };
  for (std::size_t k = 0; k < n; ++k) {
    const double t = double(k) * dt, u0 = u_delayed(t), uh = u_delayed(t + dt / 2),
                 u1 = u_delayed(t + dt);
    const double k1z = z_t[k], k1v = accel(z_t[k], u0);
    const double k2z = z_t[k] + dt / 2 * k1v, k2v = accel(k2z, uh);
    const double k3z = z_t[k] + dt / 2 * k2v, k3v = accel(k3z, uh);
    const double k4z = z_t[k] + dt * k3v, k4v = accel(k4z, u1);
    e.z[k + 1] = e.z[k] + dt / 6 * (k1z + 2 * k2z + 2 * k3z + k4z);
    z_t[k + 1] = z_t[k] + dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    u[k + 1] = z_t[k + 1] + q * u_delayed(double(k + 1) * dt);
    e.force[k + 1] = beta * z_t[k + 1] + mu * u_delayed(double(k + 1) * dt);
  }
  return e;
}
} // namespace

TEST(MovingMassOnAString, ExactSolutionInItsLimits) {
  // With m -> 0 (m g = P fixed) the mass is a force, whose contact point sinks at the slope
  // -P v c / (T (c + v)) once the start has passed (z'' -> 0: m = 1e-4 settles within m / beta
  // = 5e-5 s); a finer step changes z by less than its error.
  StringAndMass p;
  p.m = 1e-4;
  p.g = 0.2 / p.m;
  const Exact force = exact_solution(p, 1.7, 1e-5);
  const double slope = (force.at(force.z, 1.7) - force.at(force.z, 1.0)) / 0.7;
  const double expected = -0.2 * p.v * p.c() / (p.tension * (p.c() + p.v));
  test_support::report("massless limit: slope of z against -P v c / (T (c + v)), relative",
                       std::abs(slope / expected - 1));
  EXPECT_LT(std::abs(slope / expected - 1), 1e-6);
  const Exact coarse = exact_solution(StringAndMass{}, 1.7, 2e-5),
              fine = exact_solution(StringAndMass{}, 1.7, 1e-5);
  const double change = std::abs(coarse.at(coarse.z, 1.7) - fine.at(fine.z, 1.7));
  test_support::report("the reference's z(1.7) at dt = 2e-5 against 1e-5", change);
  EXPECT_LT(change, 1e-9);
}

TEST(MovingMassOnAString, ConvergesToTheExactSolution) {
  // The mass m = 0.2 at v = 0.15 c on T = rho = L = 1 under g = 1 (the string's weight left
  // out), while the reflection from x = L has not reached it (t <= 1.7 < 2 L / (c + v)), on
  // quadratic and linear elements (Delta t = 1e-3, rho_inf = 1): the midspan against
  // w(L/2, t) = z(tau), and the contact force's mean over each 0.1 s against the reference's.
  // The force itself carries a ripple at the rate the mass crosses the nodes (about 0.1 m g at
  // every mesh: the recovered field's error changes along each element), which its means, and
  // the midspan, do not; the start (at t = 0 the support holds the mass, the string takes none
  // of its weight at once) is left out of the means.
  const StringAndMass p;
  const Exact e = exact_solution(p, 1.7, 2e-5);
  for (const int degree : {2, 1}) {
    std::vector<double> sizes, errors;
    double force_error = 0;
    for (const int elements : {20, 80, 320, 1280}) {
      const auto h = test_support::simulate(
          test_support::case_from_text(
              "subsection Output\n set Probes = 0.5\nend\n",
              {"Model/Type=string", "Model/Tension=1", "Model/Mass per length=1",
               "Discretization/Elements=" + std::to_string(elements),
               "Discretization/Degree=" + std::to_string(degree),
               "Moving loads/Masses=m: 0.2 @ 0.15*t", "Moving loads/Gravity=1",
               "Time integration/Time step=1e-3", "Time integration/Final time=1.7",
               "Time integration/Spectral radius=1"}),
          MPI_COMM_WORLD);
      const auto t = h.column("time"), w = h.column("u@0.5"), f = h.column("contact_force_m");
      double worst = 0;
      for (std::size_t i = 0; i < t.size(); ++i)
        if (t[i] <= 1.5) {
          const double tau = (p.c() * t[i] - 0.5) / (p.c() - p.v);
          worst = std::max(worst, std::abs(w[i] - (tau > 0 ? e.at(e.z, tau) : 0.0)));
        }
      force_error = 0;
      for (int window = 1; window < 17; ++window) { // [0.1, 0.2), ..., [1.6, 1.7)
        double mean = 0, exact_mean = 0;
        int count = 0;
        for (std::size_t i = 0; i < t.size(); ++i)
          if (t[i] >= 0.1 * window - 1e-9 && t[i] < 0.1 * (window + 1) - 1e-9) {
            mean += f[i];
            exact_mean += e.at(e.force, t[i]);
            ++count;
          }
        force_error = std::max(force_error, std::abs(mean - exact_mean) / count);
      }
      const double scale = std::abs(e.at(e.z, (1.5 * p.c() - 0.5) / (p.c() - p.v)));
      test_support::report("degree " + std::to_string(degree) + ", " + std::to_string(elements) +
                               " elements: midspan against the exact, / its largest",
                           worst / scale);
      test_support::report("  contact force's 0.1 s means against the exact's, / m g",
                           force_error / (p.m * p.g));
      sizes.push_back(1.0 / elements);
      errors.push_back(worst / scale);
    }
    const double order = test_support::observed_order(sizes, errors);
    test_support::report("degree " + std::to_string(degree) + ": observed order in h", order);
    for (std::size_t k = 1; k < errors.size(); ++k)
      EXPECT_GT(errors[k - 1] / errors[k], 2.5) << "degree " << degree << ", refinement " << k;
    EXPECT_GT(order, 0.9) << "degree " << degree;
    EXPECT_LT(errors.back(), 6e-4) << "degree " << degree;
    EXPECT_LT(force_error / (p.m * p.g), 5e-3) << "degree " << degree;
  }
}
