// The continuum's exact solution for a rigid mass travelling along a taut string from its fixed
// end, checked in its own limits: the reference a rigid moving mass on a C0 model must converge
// to. hamdyn's does not yet (README, Moving loads: measured against this reference, the quadratic
// string's midspan is off by 7.3e-2, 0.24, 0.56 and 0.87 of its largest value at 20, 80, 320 and
// 1280 elements, Delta t = 1e-3).
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

#include <cmath>
#include <string>
#include <vector>

using namespace hamdyn;

namespace {
struct StringAndMass {
  double tension = 1, rho = 1, m = 0.2, g = 1, v = 0.15;
  double c() const { return std::sqrt(tension / rho); }
};

/// z(t) on a uniform grid of step dt up to t_end.
struct Exact {
  double dt;
  std::vector<double> z;
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
  Exact e{dt, std::vector<double>(n + 1, 0.0)};
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
