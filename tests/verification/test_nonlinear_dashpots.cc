// Dashpots of degree p (force c |v|^(p-1) sign v, dissipation function D = c |v|^p / p of
// Geradin & Rixen, Mechanical Vibrations, sec. 1.6) against references derived here. A light
// string (rho L << M) whose free end carries a mass M is, up to O(rho L / M), the oscillator
// M u'' + k u + F(u') = 0 with k = tau / L and M taken as M + rho L / 3 (Rayleigh).
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>

using namespace hamdyn;

namespace {
const double tension = 100, mass = 1, rho = 1e-5, amplitude = 0.047;
const double effective_mass = mass + rho / 3; // L = 1

std::vector<std::string> end_mass_case(const std::string& dashpot_law, double dt,
                                       double final_time) {
  return {"Model/Mass per length=" + std::to_string(rho),
          "Model/Tension=100",
          "Model/Viscous damping=0",
          "Right end/Support=free",
          "Right end/Point mass=1",
          "Right end/Spring=0", // the example case's linear spring and dashpot
          "Right end/Dashpot=0",
          "Right end/Dashpot law=" + dashpot_law,
          "Initial conditions/Displacement=" + std::to_string(amplitude) + "*x",
          "Discretization/Elements=20",
          "Discretization/Degree=1",
          "Time integration/Time step=" + std::to_string(dt),
          "Time integration/Final time=" + std::to_string(final_time),
          "Time integration/Nonlinear tolerance=1e-12"};
}

test_support::History run(const std::vector<std::string>& overrides) {
  return test_support::simulate(test_support::make_case(overrides), MPI_COMM_WORLD);
}

// M u'' + k u + c |u'|^(p-1) sign u' = 0 from (A, 0) by classical Runge-Kutta with `substeps`
// steps per output interval: u at times 0, dt, 2 dt, ... and the dissipated int c |u'|^p dt.
struct OdeSolution {
  std::vector<double> u;
  double dissipated = 0;
};
OdeSolution reference(double c, double p, double dt, std::size_t n, unsigned substeps) {
  const double k = tension, h = dt / substeps;
  auto f = [&](const std::array<double, 3>& y) {
    const double power = c * std::pow(std::abs(y[1]), p);
    const double force = y[1] == 0 ? 0 : power / y[1];
    return std::array<double, 3>{{y[1], -(k * y[0] + force) / effective_mass, power}};
  };
  auto axpy = [](const std::array<double, 3>& y, double a, const std::array<double, 3>& d) {
    return std::array<double, 3>{{y[0] + a * d[0], y[1] + a * d[1], y[2] + a * d[2]}};
  };
  std::array<double, 3> y{{amplitude, 0, 0}};
  OdeSolution s{{amplitude}};
  for (std::size_t i = 1; i < n; ++i) {
    for (unsigned j = 0; j < substeps; ++j) {
      const auto k1 = f(y), k2 = f(axpy(y, h / 2, k1)), k3 = f(axpy(y, h / 2, k2)),
                 k4 = f(axpy(y, h, k3));
      for (int q = 0; q < 3; ++q)
        y[q] += h / 6 * (k1[q] + 2 * k2[q] + 2 * k3[q] + k4[q]);
    }
    s.u.push_back(y[0]);
  }
  s.dissipated = y[2];
  return s;
}

} // namespace

// Coulomb friction F: each half cycle is a harmonic half oscillation about the point where the
// spring balances the friction, u = +-F/k on the side it starts from, so the amplitude falls by
// 2F/k per half cycle (4F/k per cycle) and the mass stops for good at the first turning point
// inside the dead band |u| <= F/k (Den Hartog, Mechanical Vibrations, sec. 8.1).
TEST(NonlinearDashpots, DryFrictionDecaysLinearlyAndSticksInTheDeadBand) {
  const double friction = 0.5, dead_band = friction / tension;
  std::vector<double> expected{amplitude}; // 0.047, -0.037, 0.027, -0.017, 0.007, 0.003
  while (std::abs(expected.back()) > dead_band)
    expected.push_back(2 * dead_band * (expected.back() > 0 ? 1 : -1) - expected.back());
  const auto h = run(end_mass_case(std::to_string(friction) + ",1", 2e-4, 2.0));
  const auto t = h.column("time"), u = h.column("u_right"), v = h.column("v_right");
  std::vector<double> turning{u[0]}, turning_time{0};
  for (std::size_t i = 1; i + 1 < u.size(); ++i)
    if ((u[i] - u[i - 1]) * (u[i + 1] - u[i]) <= 0 && u[i] != u[i - 1]) {
      turning.push_back(u[i]);
      turning_time.push_back(t[i]);
    }
  ASSERT_EQ(turning.size(), expected.size());
  double worst = 0, path = 0;
  for (std::size_t i = 0; i < turning.size(); ++i) {
    worst = std::max(worst, std::abs(turning[i] - expected[i]));
    if (i > 0)
      path += std::abs(expected[i] - expected[i - 1]);
  }
  test_support::report("dry friction: largest turning-point error / A", worst / amplitude);
  EXPECT_LT(worst, 5e-6 * amplitude);
  // It stays where it stopped: v = 0 and u unchanged to round-off for the remaining ~0.4 s.
  const double rest = u.back();
  EXPECT_LE(std::abs(rest), dead_band);
  EXPECT_NEAR(rest, expected.back(), 5e-6 * amplitude);
  for (std::size_t i = 0; i < u.size(); ++i)
    if (t[i] > turning_time.back() + 1e-3) {
      ASSERT_NEAR(u[i], rest, 1e-15) << "at t = " << t[i];
      ASSERT_NEAR(v[i], 0, 1e-15) << "at t = " << t[i];
    }
  // The work of a friction force F is F times the path (0.084 + 0.064 + ... + 0.004 m).
  EXPECT_NEAR(h.column("dissipated_energy").back(), friction * path, 1e-6 * friction * path);
  EXPECT_LT(test_support::largest_magnitude(h.column("energy_error")),
            1e-12 * 0.5 * tension * amplitude * amplitude);
  // The contact's force never exceeds F.
  EXPECT_LE(test_support::largest_magnitude(h.column("dashpot_force_right")),
            friction * (1 + 1e-10));
}

// Quadratic drag (p = 3) and p = 1.5 against a fine Runge-Kutta solution of the oscillator, and
// the power balance d(T + V)/dt = -p D: the ledger's dissipated energy is int F v dt of the
// reference, and its energy error (T + V + D - E0) vanishes.
TEST(NonlinearDashpots, DegreePAgainstTheOscillatorAndThePowerBalance) {
  const double c = 2, dt = 1e-4, final_time = 0.6;
  for (double p : {3.0, 1.5}) {
    const auto h = run(end_mass_case("2," + std::to_string(p), dt, final_time));
    const auto u = h.column("u_right");
    const OdeSolution ode = reference(c, p, dt, u.size(), 50);
    double difference = 0;
    for (std::size_t i = 0; i < u.size(); ++i)
      difference = std::max(difference, std::abs(u[i] - ode.u[i]));
    test_support::report("degree " + std::to_string(p) + ": largest |u - u_ode| / A",
                         difference / amplitude);
    EXPECT_LT(difference / amplitude, 5e-6); // O(dt^2) and O(rho L / M)
    const double dissipated = h.column("dissipated_energy").back();
    test_support::report("degree " + std::to_string(p) + ": dissipated, relative to the ODE's",
                         std::abs(dissipated - ode.dissipated) / ode.dissipated);
    EXPECT_NEAR(dissipated, ode.dissipated, 1e-6 * ode.dissipated);
    EXPECT_GT(ode.dissipated, 0.1 * 0.5 * tension * amplitude * amplitude); // it matters
    const double e0 = 0.5 * tension * amplitude * amplitude;
    EXPECT_LT(test_support::largest_magnitude(h.column("energy_error")), 1e-12 * e0);
    // d(T + V)/dt = -F v = -p D(v) with D = c |v|^p / p, at the steps' midpoints
    const auto t = h.column("time"), v = h.column("v_right"), T = h.column("kinetic_energy"),
               V = h.column("potential_energy");
    double worst = 0, scale = 0;
    for (std::size_t i = 1; i < t.size(); ++i) {
      const double rate = (T[i] + V[i] - T[i - 1] - V[i - 1]) / (t[i] - t[i - 1]);
      const double vm = 0.5 * (v[i] + v[i - 1]);
      const double minus_pD = -p * c * std::pow(std::abs(vm), p) / p;
      worst = std::max(worst, std::abs(rate - minus_pD));
      scale = std::max(scale, std::abs(minus_pD));
    }
    test_support::report("degree " + std::to_string(p) + ": power balance, relative",
                         worst / scale);
    EXPECT_LT(worst / scale, 5e-5); // the mid-step velocity's O(dt^2)
  }
}

TEST(NonlinearDashpots, DegreeTwoIsTheLinearDashpot) {
  const auto linear =
      run({"Right end/Support=free", "Right end/Point mass=0.005", "Right end/Dashpot=0",
           "Attachments/Dashpots=0.6:0.2; 0.3:0.05", "Time integration/Final time=0.02"});
  const auto law =
      run({"Right end/Support=free", "Right end/Point mass=0.005", "Right end/Dashpot=0",
           "Attachments/Dashpots=0.6:0.2,2; 0.3:0.05", "Time integration/Final time=0.02",
           "Time integration/Nonlinear tolerance=1e-13"});
  for (const char* column : {"u_right", "dissipated_energy"}) {
    const auto a = linear.column(column), b = law.column(column);
    double difference = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
      difference = std::max(difference, std::abs(a[i] - b[i]));
    test_support::report(std::string("p = 2 vs linear dashpot, relative difference in ") + column,
                         difference / test_support::largest_magnitude(a));
    EXPECT_LT(difference / test_support::largest_magnitude(a), 1e-10);
    EXPECT_GT(test_support::largest_magnitude(a), 0);
  }
}
