// The lumped-mass cable line stepped by the energy-consistent midpoint rule: a taut line's small
// vibration against the rule's exact discrete solution (the chain's mode sin(k pi i / N) at the
// midpoint rule's frequency (2/dt) atan(omega dt / 2)) and, by generalized alpha, against its
// scalar recurrence, T + V conserved to Newton's tolerance as a
// chain falls from the horizontal as a pendulum (slack elements included), and second order in
// dt.
#include "studies/cable_motion.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

using hamdyn::CableChain;
using hamdyn::ChainMotion;
using hamdyn::Vector2;

namespace {
/// n elements of unstretched length `length` / n, node 0 held at the origin, the others along +x
/// at `spacing`, at rest; the last node held when `both_ends`.
CableChain line(unsigned n, double length, double ea, double weight, double spacing, bool both_ends,
                bool tension_only, ChainMotion& s) {
  CableChain c;
  for (unsigned k = 0; k < n; ++k)
    c.elements.push_back({length / n, ea, tension_only});
  s = ChainMotion{};
  for (unsigned i = 0; i <= n; ++i) {
    s.x.push_back({i * spacing, 0});
    s.v.push_back({0, 0});
    c.held.push_back(i == 0 || (both_ends && i == n));
  }
  c.nodes = s.x;
  c.loads = hamdyn::gravity_loads(c.elements, weight);
  return c;
}

/// A taut line (pretension T over a span D: L0 = D / (1 + T/EA)) of n elements displaced in its
/// first mode sin(pi i / n) with amplitude 1e-7 D (its tension change, EA (A/D)^2 ~ 1e-14 EA, is
/// below what the tests resolve), at rest; `omega2` gets the chain's exact omega^2 for the mode:
/// (T/h)(2 - 2 cos q) / (m_e (2/3 + cos q / 3)) with the consistent mass, T/h (2 - 2 cos q) / m_e
/// with the lumped one (q = pi / n, m_e the element's mass).
struct TautLine {
  static constexpr unsigned n = 16;
  static constexpr double span = 10, ea = 1e5, tension = 200, rho_a = 0.5;
  static constexpr double amplitude = 1e-7 * span;
  ChainMotion s;
  CableChain chain;
  hamdyn::CableMass mass;
  double omega2;
  explicit TautLine(bool consistent) {
    const double length = span / (1 + tension / ea), h = span / n;
    chain = line(n, length, ea, 0, h, true, false, s);
    mass = hamdyn::cable_mass(chain.elements, rho_a, consistent);
    for (unsigned i = 0; i <= n; ++i)
      s.x[i].z = amplitude * std::sin(M_PI * i / n);
    const double m = rho_a * length / n, q = M_PI / n;
    omega2 =
        tension / h * (2 - 2 * std::cos(q)) / (m * (consistent ? 2.0 / 3 + std::cos(q) / 3 : 1.0));
  }
};
} // namespace

TEST(CableMotion, TautLineVibratesAtTheMidpointRulesFrequency) {
  for (const bool consistent : {false, true}) {
    TautLine t(consistent);
    ChainMotion& s = t.s;
    const double omega = std::sqrt(t.omega2), amplitude = TautLine::amplitude;
    const unsigned n = TautLine::n;
    const double dt = 0.02 * 2 * M_PI / omega;
    const double omega_h = 2 / dt * std::atan(omega * dt / 2);
    double worst = 0;
    for (unsigned step = 1; step <= 300; ++step) {
      hamdyn::step_chain(t.chain, t.mass, s, dt);
      worst = std::max(worst, std::abs(s.x[n / 2].z - amplitude * std::cos(omega_h * s.t)));
    }
    EXPECT_LT(worst, 1e-8 * amplitude) << "consistent mass " << consistent;
    hamdyn::test_support::report(
        std::string("cable line, taut first mode (") + (consistent ? "consistent" : "lumped") +
            " mass) against the midpoint rule's exact solution, largest error / amplitude",
        worst / amplitude);
  }
}

TEST(CableMotion, TautLineFollowsGeneralizedAlphasRecurrence) {
  // The taut line's first mode stepped by generalized alpha at rho_inf = 0.5: the mode is an
  // eigenvector of the (linear, at this amplitude) chain, so its midspan moves as the scalar
  // recurrence of Chung & Hulbert (J. Appl. Mech. 60, 1993, eqs. (3), (4), (8)) for q'' + omega^2
  // q = 0, with the parameters of their eq. (25) derived here, decaying as the scheme damps it
  const double rho = 0.5;
  const double am = (2 * rho - 1) / (rho + 1), af = rho / (rho + 1);
  const double gamma = 0.5 - am + af, beta = (1 - am + af) * (1 - am + af) / 4;
  hamdyn::ChainStep how;
  how.scheme = hamdyn::ChainScheme::for_spectral_radius(rho);
  TautLine t(true);
  ChainMotion& s = t.s;
  const double omega2 = t.omega2, omega = std::sqrt(omega2), amplitude = TautLine::amplitude;
  const unsigned n = TautLine::n;
  const double dt = 0.2 * 2 * M_PI / omega; // coarse: the damping shows
  hamdyn::start_chain(t.chain, t.mass, how.scheme, s);
  double u = 1, v = 0, a = -omega2, worst = 0;
  for (unsigned step = 1; step <= 100; ++step) {
    hamdyn::step_chain(t.chain, t.mass, s, dt, how);
    const double predictor = u + dt * v + dt * dt * (0.5 - beta) * a;
    const double a1 = -(am * a + omega2 * ((1 - af) * predictor + af * u)) /
                      ((1 - am) + omega2 * (1 - af) * beta * dt * dt);
    u = predictor + dt * dt * beta * a1;
    v += dt * ((1 - gamma) * a + gamma * a1);
    a = a1;
    worst = std::max(worst, std::abs(s.x[n / 2].z - amplitude * u));
  }
  EXPECT_LT(std::abs(u), 0.5) << "the mode decays over 100 steps of omega dt = 0.4 pi";
  EXPECT_LT(worst, 1e-8 * amplitude);
  hamdyn::test_support::report("cable line, taut first mode by generalized alpha (rho_inf 0.5) "
                               "against its scalar recurrence, largest error / amplitude",
                               worst / amplitude);
}

TEST(CableMotion, PendulumConservesEnergyAtSecondOrder) {
  // a 10 m chain held at one end, released from rest on the horizontal, unstressed: it falls
  // and swings; T + V stays constant to Newton's tolerance; also with tension-only elements
  // released slack (its nodes at 0.8 of their unstretched spacing), which snap taut
  const unsigned n = 20;
  const double length = 10, ea = 1e4, rho_a = 1, g = 9.81;
  for (const auto& [tension_only, consistent] :
       {std::pair{false, false}, std::pair{true, false}, std::pair{false, true}}) {
    ChainMotion s;
    const double spacing = (tension_only ? 0.8 : 1.0) * length / n;
    const CableChain c = line(n, length, ea, rho_a * g, spacing, false, tension_only, s);
    const auto masses = hamdyn::cable_mass(c.elements, rho_a, consistent);
    unsigned slack_to_taut = 0;                       // element steps from slack to taut
    const double scale = rho_a * g * length * length; // the weight's potential over the length
    const double e0 = masses.kinetic_energy(s.v) + hamdyn::potential_energy(c, s.x);
    double drift = 0;
    for (unsigned step = 1; step <= 1500; ++step) {
      const std::vector<Vector2> before = s.x;
      hamdyn::step_chain(c, masses, s, 1e-3);
      for (unsigned k = 0; k < n; ++k) {
        auto taut = [&](const std::vector<Vector2>& x) {
          return std::hypot(x[k + 1].x - x[k].x, x[k + 1].z - x[k].z) > length / n;
        };
        slack_to_taut += !taut(before) && taut(s.x);
      }
      const double e = masses.kinetic_energy(s.v) + hamdyn::potential_energy(c, s.x);
      drift = std::max(drift, std::abs(e - e0));
    }
    EXPECT_LT(drift, 1e-11 * scale)
        << "tension only " << tension_only << ", consistent mass " << consistent;
    hamdyn::test_support::report(
        std::string("cable pendulum") + (tension_only ? ", tension only, released slack" : "") +
            (consistent ? ", consistent mass" : "") + ": energy drift over 1500 steps / w L^2",
        drift / scale);
    if (tension_only) {
      EXPECT_GE(slack_to_taut, n); // each element went taut at least once
    }
    EXPECT_LT(s.x[n].z, -0.5 * length); // it has fallen
  }
  // order 2 in dt: the tip's position at t = 0.4 s for dt, dt/2, dt/4 against dt/32
  auto tip = [&](double dt) {
    ChainMotion s;
    const CableChain c = line(n, length, ea, rho_a * g, length / n, false, false, s);
    const auto masses = hamdyn::cable_mass(c.elements, rho_a, false);
    const unsigned steps = unsigned(std::lround(0.4 / dt));
    for (unsigned k = 0; k < steps; ++k)
      hamdyn::step_chain(c, masses, s, dt);
    return s.x[n];
  };
  const Vector2 reference = tip(2e-3 / 32);
  double previous = 0;
  for (const double dt : {2e-3, 1e-3, 5e-4}) {
    const Vector2 x = tip(dt);
    const double error = std::hypot(x.x - reference.x, x.z - reference.z);
    if (previous > 0) {
      EXPECT_NEAR(std::log2(previous / error), 2.0, 0.15) << "dt " << dt;
      hamdyn::test_support::report("cable pendulum, order in dt", std::log2(previous / error));
    }
    previous = error;
  }
}

TEST(CableMotion, FineLineStepsWhereItsJacobianIsIndefinite) {
  // 10^5 elements of 0.1 mm on a 10 m line released from the horizontal: EA/L_e dt^2 / m_i ~ 1e5,
  // so the first steps' Jacobian (the elements barely stretched, their discrete gradients'
  // geometric parts negative where they shorten) is indefinite; the pivoted band LU steps
  // through, and T + V stays constant to Newton's tolerance
  const unsigned n = 100000;
  const double length = 10, ea = 1e4, rho_a = 1, g = 9.81;
  ChainMotion s;
  const CableChain c = line(n, length, ea, rho_a * g, length / n, false, false, s);
  const auto masses = hamdyn::cable_mass(c.elements, rho_a, false);
  const double e0 = masses.kinetic_energy(s.v) + hamdyn::potential_energy(c, s.x);
  for (unsigned step = 1; step <= 5; ++step)
    hamdyn::step_chain(c, masses, s, 1e-3);
  const double drift = std::abs(masses.kinetic_energy(s.v) + hamdyn::potential_energy(c, s.x) - e0);
  EXPECT_LT(drift, 1e-11 * rho_a * g * length * length);
  hamdyn::test_support::report("cable pendulum at 10^5 elements: energy drift over 5 steps / w L^2",
                               drift / (rho_a * g * length * length));
  // the end nodes have fallen g t^2 / 2 (the line is still straight there: free fall)
  EXPECT_NEAR(s.x[n].z, -0.5 * g * s.t * s.t, 1e-9);
}
