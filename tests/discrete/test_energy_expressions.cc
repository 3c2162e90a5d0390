// Discrete systems written by their energies (Discrete system/Points, Gravity, Kinetic energy,
// Potential energy, Dissipation function, Generalized forces), through the case file and the loop
// of `hamdyn run`, against references derived here: a Runge-Kutta solve of the double
// pendulum's equations, the linearized frequencies of a pendulum on a cart, the relative
// equilibrium and frequency of a bead on a rotating hoop, and the same linear oscillator
// written with elements.
#include "discrete/discrete_equilibrium.h"
#include "discrete/discrete_system.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>

namespace {
using namespace hamdyn;
using test_support::History;

const std::string double_pendulum = R"(subsection Model
  set Type = discrete
end
subsection Discrete system
  set Coordinates = th1, th2
  set Points = m1: 1 @ sin(th1), -cos(th1); m2: 2 @ sin(th1) + 0.5*sin(th2), -cos(th1) - 0.5*cos(th2)
  set Gravity = 0, -9.81
  set Initial displacements = th1: 1; th2: 0.5
end
subsection Time integration
  set Time step = 1e-3
  set Final time = 10
end
)";

// Every digit of x (std::to_string keeps 6 decimals).
std::string digits(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

// A bead of 0.1 kg on a hoop of radius 0.5 m turning at 10 rad/s about the vertical.
const std::string rotating_hoop = R"(subsection Model
  set Type = discrete
end
subsection Discrete system
  set Coordinates = th
  set Points = bead: 0.1 @ 0.5*sin(th)*cos(10*t), 0.5*sin(th)*sin(10*t), -0.5*cos(th)
  set Gravity = 0, 0, -9.81
end
)";

// A cart of 2 kg on a spring of 50 N/m carrying a pendulum of 0.5 kg on a rod of 0.4 m
// (cases/seeds/cart_pendulum.prm).
const std::string cart_pendulum = R"(subsection Model
  set Type = discrete
end
subsection Discrete system
  set Coordinates = x, th
  set Points = cart: 2 @ x, 0; bob: 0.5 @ x + 0.4*sin(th), -0.4*cos(th)
  set Gravity = 0, -9.81
  set Potential energy = 0.5*50*x^2
end
)";

// `text` with `line` added to its last subsection.
std::string with_last_line(const std::string& text, const std::string& line) {
  return text.substr(0, text.rfind("end\n")) + line + "\nend\n";
}

History run(const std::string& text, const std::vector<std::string>& sets) {
  return test_support::simulate_discrete(test_support::case_from_text(text, sets), MPI_COMM_WORLD);
}

// The double pendulum's equations solved for the accelerations (Goldstein, Poole & Safko, 3rd
// ed., problem 1.21's Lagrangian) and integrated by the classical Runge-Kutta method at h.
std::array<double, 4> pendulum_by_runge_kutta(double t_end, double h) {
  const double m1 = 1, m2 = 2, l1 = 1, l2 = 0.5, g = 9.81;
  auto f = [&](const std::array<double, 4>& y) {
    const double d = y[0] - y[1], c = std::cos(d), s = std::sin(d);
    const double a11 = (m1 + m2) * l1 * l1, a12 = m2 * l1 * l2 * c, a22 = m2 * l2 * l2;
    const double b1 = -m2 * l1 * l2 * s * y[3] * y[3] - (m1 + m2) * g * l1 * std::sin(y[0]);
    const double b2 = m2 * l1 * l2 * s * y[2] * y[2] - m2 * g * l2 * std::sin(y[1]);
    const double det = a11 * a22 - a12 * a12;
    return std::array<double, 4>{
        {y[2], y[3], (a22 * b1 - a12 * b2) / det, (a11 * b2 - a12 * b1) / det}};
  };
  std::array<double, 4> y{{1, 0.5, 0, 0}};
  const auto n = static_cast<long>(std::lround(t_end / h));
  for (long k = 0; k < n; ++k) {
    auto add = [&](const std::array<double, 4>& a, double w) {
      std::array<double, 4> r;
      for (int i = 0; i < 4; ++i)
        r[i] = y[i] + w * a[i];
      return r;
    };
    const auto k1 = f(y), k2 = f(add(k1, h / 2)), k3 = f(add(k2, h / 2)), k4 = f(add(k3, h));
    for (int i = 0; i < 4; ++i)
      y[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
  return y;
}

TEST(EnergyExpressions, DoublePendulumFollowsTheOdeAtOrderTwo) {
  const std::array<double, 4> reference = pendulum_by_runge_kutta(2, 1e-4);
  for (const char* rho : {"1", "0.8"}) { // the energy-consistent step and generalized-alpha
    std::vector<double> errors;
    for (const double dt : {2e-3, 1e-3, 5e-4}) {
      const History h =
          run(double_pendulum,
              {"Time integration/Final time=2", "Time integration/Time step=" + std::to_string(dt),
               std::string("Time integration/Spectral radius=") + rho});
      const auto th1 = h.column("th1"), th2 = h.column("th2");
      errors.push_back(
          std::max(std::abs(th1.back() - reference[0]), std::abs(th2.back() - reference[1])));
    }
    for (std::size_t k = 1; k < errors.size(); ++k)
      EXPECT_NEAR(std::log2(errors[k - 1] / errors[k]), 2, 0.1)
          << "rho_inf = " << rho << ": " << errors[k - 1] << " " << errors[k];
    EXPECT_LT(errors.back(), 2e-5) << rho;
    test_support::report(
        std::string("double pendulum: |th - RK4| at t = 2 s, dt = 5e-4, rho_inf = ") + rho,
        errors.back());
  }
}

// At rho_inf = 1 the step is Gonzalez's discrete gradient (J. Nonlinear Sci. 6:449, 1996) in
// the momentum form: T + V of the double pendulum, whose inertia depends on th1 - th2, stays
// constant to Newton's tolerance (1e-12) over 10 s (energy_error against the largest kinetic
// energy);
// at rho_inf = 0.9 it drifts at O(dt^2), as generalized-alpha does.
TEST(EnergyExpressions, DoublePendulumKeepsItsEnergyAtRhoOne) {
  const History kept = run(double_pendulum, {"Time integration/Nonlinear tolerance=1e-12"});
  const double largest_kinetic = test_support::largest_magnitude(kept.column("kinetic_energy"));
  const double kept_error = test_support::largest_magnitude(kept.column("energy_error"));
  EXPECT_LT(kept_error, 1e-10 * largest_kinetic);
  test_support::report("double pendulum, rho_inf = 1: largest |energy_error| / largest T over 10 s",
                       kept_error / largest_kinetic);
  const History damped = run(
      double_pendulum, {"Time integration/Spectral radius=0.9", "Time integration/Final time=2"});
  EXPECT_GT(test_support::largest_magnitude(damped.column("energy_error")),
            1e3 * kept_error); // numerical dissipation, as expected of rho_inf < 1
}

// A small oscillation in the first linearized mode of the cart pendulum (cases/seeds/
// cart_pendulum.prm): its period is 2 pi / w1 of det(K - w^2 M) = 0.
TEST(EnergyExpressions, CartPendulumOscillatesAtItsLinearizedFrequency) {
  const double mc = 2, m = 0.5, l = 0.4, k = 50, g = 9.81;
  const double a11 = mc + m, a12 = m * l, a22 = m * l * l, k1 = k, k2 = m * g * l;
  const double det = a11 * a22 - a12 * a12, b = k1 * a22 + k2 * a11;
  const double w2 = (b - std::sqrt(b * b - 4 * det * k1 * k2)) / (2 * det);
  // (K - w^2 M) x = 0: x = (w^2 a12, k1 - w^2 a11), scaled to th = 1e-5
  const double x0 = 1e-5 * w2 * a12 / (k1 - w2 * a11);
  const double period = 2 * M_PI / std::sqrt(w2);
  const History h =
      run(cart_pendulum, {"Discrete system/Initial displacements=x: " + digits(x0) + "; th: 1e-5",
                          "Time integration/Time step=1e-4",
                          "Time integration/Final time=" + std::to_string(2.2 * period)});
  const auto t = h.column("time"), th = h.column("th");
  std::vector<double> crossings; // downward, linearly interpolated (a sine is straight there)
  for (std::size_t n = 1; n < th.size(); ++n)
    if (th[n - 1] > 0 && th[n] <= 0)
      crossings.push_back(t[n - 1] + (t[n] - t[n - 1]) * th[n - 1] / (th[n - 1] - th[n]));
  ASSERT_EQ(crossings.size(), 2u);
  EXPECT_NEAR((crossings[1] - crossings[0]) / period, 1, 1e-6);
  test_support::report("cart pendulum: measured / linearized period - 1",
                       (crossings[1] - crossings[0]) / period - 1);
}

// A bead on a hoop of radius R turning at W about the vertical (rheonomic: the position depends on
// t; T = 1/2 m R^2 (th'^2 + W^2 sin^2 th) holds the transport term T0): the relative equilibrium
// cos th0 = g / (W^2 R), and small oscillations about it at W sin th0.
TEST(EnergyExpressions, BeadOnARotatingHoopHasItsRelativeEquilibriumAndFrequency) {
  const double r = 0.5, w = 10, g = 9.81, th0 = std::acos(g / (w * w * r));
  const std::string& points = rotating_hoop;
  const std::string energies = R"(subsection Model
  set Type = discrete
end
subsection Discrete system
  set Coordinates = th
  set Kinetic energy = 0.5*0.1*0.5^2*(v_th^2 + 10^2*sin(th)^2)
  set Potential energy = -0.1*9.81*0.5*cos(th)
end
)";
  const History still =
      run(points, {"Discrete system/Initial displacements=th: " + digits(th0),
                   "Time integration/Time step=1e-3", "Time integration/Final time=1"});
  for (const double th : still.column("th"))
    ASSERT_NEAR(th, th0, 1e-12);
  const double period = 2 * M_PI / (w * std::sin(th0));
  const std::vector<std::string> sets{
      "Discrete system/Initial displacements=th: " + digits(th0 + 1e-5),
      "Time integration/Time step=1e-4",
      "Time integration/Final time=" + std::to_string(2.2 * period)};
  const History by_points = run(points, sets), by_energies = run(energies, sets);
  const auto t = by_points.column("time"), th = by_points.column("th");
  const auto th_energies = by_energies.column("th");
  std::vector<double> crossings;
  for (std::size_t n = 1; n < th.size(); ++n) {
    ASSERT_NEAR(th[n], th_energies[n], 1e-13); // T written out by hand: the same equation
    if (th[n - 1] > th0 && th[n] <= th0)
      crossings.push_back(t[n - 1] + (t[n] - t[n - 1]) * (th[n - 1] - th0) / (th[n - 1] - th[n]));
  }
  ASSERT_EQ(crossings.size(), 2u);
  EXPECT_NEAR((crossings[1] - crossings[0]) / period, 1, 1e-6);
}

// The free-spinning governor (cases/seeds/centrifugal_governor.prm): phi is cyclic, so the spin
// momentum p = J(th) phi' is kept, and T + V with it; at fixed p the arms oscillate about the
// relative equilibrium th0 at w^2 = V_R''(th0) / (2 m L^2), V_R = -2 m g L cos(th) + p^2 / (2
// J(th)) Routh's amended potential (Meirovitch, Methods of Analytical Dynamics, sec. 4.8), J = I0 +
// 2 m L^2 sin(th)^2; steadily spinning at W, cos(th0) = g / (L W^2).
TEST(EnergyExpressions, GovernorKeepsItsSpinAndOscillatesAsRouthSays) {
  const double m = 1, l = 0.3, i0 = 0.05, g = 9.81, w = 10;
  const auto j = [&](double th) { return i0 + 2 * m * l * l * std::sin(th) * std::sin(th); };
  const std::string governor = test_support::seed_case("centrifugal_governor.prm");
  const History h = run(governor, {"Time integration/Final time=2"});
  const auto th = h.column("th"), v_phi = h.column("v_phi"), kinetic = h.column("kinetic_energy"),
             potential = h.column("potential_energy");
  double spin = 0, energy = 0;
  for (std::size_t n = 0; n < th.size(); ++n) {
    spin = std::max(spin, std::abs(j(th[n]) * v_phi[n] - j(th[0]) * v_phi[0]));
    energy = std::max(energy, std::abs(kinetic[n] + potential[n] - kinetic[0] - potential[0]));
  }
  test_support::report("governor: largest change of the spin momentum [kg m^2/s]", spin);
  test_support::report("governor: largest change of T + V [J]", energy);
  EXPECT_LT(spin, 1e-12 * j(th[0]) * v_phi[0]); // the discrete gradient keeps it (O(dt^2) off
                                                // when its correction acted along phi too)
  EXPECT_LT(energy, 1e-12 * kinetic[0]);
  // small oscillations at fixed p about th0
  const double th0 = std::acos(g / (l * w * w)), p = j(th0) * w;
  const double dj = 2 * m * l * l * std::sin(2 * th0), ddj = 4 * m * l * l * std::cos(2 * th0);
  const double stiffness =
      2 * m * g * l * std::cos(th0) -
      p * p / 2 * (ddj / (j(th0) * j(th0)) - 2 * dj * dj / std::pow(j(th0), 3));
  const double period = 2 * M_PI / std::sqrt(stiffness / (2 * m * l * l));
  const double start = th0 + 1e-5;
  const History small =
      run(governor, {"Discrete system/Initial displacements=th: " + digits(start),
                     "Discrete system/Initial velocities=phi: " + digits(p / j(start)),
                     "Time integration/Time step=1e-4",
                     "Time integration/Final time=" + std::to_string(2.2 * period)});
  const auto t = small.column("time"), angle = small.column("th");
  std::vector<double> crossings;
  for (std::size_t n = 1; n < angle.size(); ++n)
    if (angle[n - 1] > th0 && angle[n] <= th0)
      crossings.push_back(t[n - 1] +
                          (t[n] - t[n - 1]) * (angle[n - 1] - th0) / (angle[n - 1] - angle[n]));
  ASSERT_EQ(crossings.size(), 2u);
  test_support::report("governor: period about the relative equilibrium against Routh's",
                       (crossings[1] - crossings[0]) / period - 1);
  EXPECT_NEAR((crossings[1] - crossings[0]) / period, 1, 1e-6);
}

// Rheonomic systems close their ledger on Jacobi's h = T2 - T0 + V less the drive's work
// integral -dL/dt dt (Meirovitch, Methods of Analytical Dynamics, eq. 4.85): the bead on the
// turning hoop (L free of t: h itself is constant while T + V is not) and a pendulum whose pivot
// is shaken vertically (L depends on t: the drive does work). energy_error falls at order 2.
TEST(EnergyExpressions, RheonomicSystemsCloseOnJacobisEnergy) {
  const std::string hoop = with_last_line(rotating_hoop, "  set Initial displacements = th: 0.6");
  const std::string shaken = R"(subsection Model
  set Type = discrete
end
subsection Discrete system
  set Coordinates = th
  set Points = bob: 0.2 @ 0.3*sin(th), 0.02*cos(15*t) - 0.3*cos(th)
  set Gravity = 0, -9.81
  set Initial displacements = th: 0.4
end
)";
  for (const std::string* text : {&hoop, &shaken}) {
    std::vector<double> errors;
    double varies = 0, drive = 0;
    for (const char* dt : {"1e-3", "5e-4"}) {
      const History h = run(*text, {"Time integration/Final time=2",
                                    std::string("Time integration/Time step=") + dt});
      errors.push_back(test_support::largest_magnitude(h.column("energy_error")));
      const auto kinetic = h.column("kinetic_energy"), potential = h.column("potential_energy");
      for (std::size_t n = 0; n < kinetic.size(); ++n)
        varies = std::max(varies, std::abs(kinetic[n] + potential[n] - kinetic[0] - potential[0]));
      drive = test_support::largest_magnitude(h.column("driving_work"));
    }
    EXPECT_NEAR(std::log2(errors[0] / errors[1]), 2, 0.15) << errors[0] << " " << errors[1];
    EXPECT_LT(errors[1], 3e-5 * varies); // T + V is far from constant, h is not (measured 9e-6)
    if (text == &hoop)
      EXPECT_LT(drive, 1e-14);
    else
      EXPECT_GT(drive, 1e3 * errors[1]);
    test_support::report(text == &hoop ? "hoop: largest |energy_error| / T + V's swing, dt = 5e-4"
                                       : "shaken pendulum: the same",
                         errors[1] / varies);
  }
}

// m x'' + c x' + k x = F cos(2t) written by its energies and by elements: the same equations,
// so the same history and ledger to round-off.
TEST(EnergyExpressions, ALinearOscillatorIsTheSameWrittenEitherWay) {
  const std::string head = "subsection Model\n  set Type = discrete\nend\nsubsection Discrete "
                           "system\n  set Coordinates = x\n  set Initial displacements = x: 0.1\n";
  const std::string energies = head + "  set Kinetic energy = 0.5*3*v_x^2\n"
                                      "  set Potential energy = 0.5*200*x^2\n"
                                      "  set Dissipation function = 0.5*1.5*v_x^2\n"
                                      "  set Generalized forces = F: 4*cos(2*t) @ x\nend\n";
  const std::string elements = head + "  set Inertias = m: 3 @ x\n  set Springs = k: 200*e @ x\n"
                                      "  set Dashpots = c: 1.5 @ x\n"
                                      "  set Forces = F: 4*cos(2*t) @ x\nend\n";
  const std::vector<std::string> sets{"Time integration/Final time=2",
                                      "Time integration/Spectral radius=0.8"};
  const History a = run(energies, sets), b = run(elements, sets);
  const double energy = test_support::largest_magnitude(b.column("potential_energy")) +
                        test_support::largest_magnitude(b.column("kinetic_energy"));
  for (const char* column : {"x", "v_x", "kinetic_energy", "potential_energy", "dissipated_energy",
                             "external_work", "energy_error"}) {
    const auto x = a.column(column), y = b.column(column);
    // energies against the largest energy (energy_error is round-off of it)
    const double scale =
        std::string(column).find("_") != std::string::npos && std::string(column) != "v_x"
            ? energy
            : test_support::largest_magnitude(y);
    for (std::size_t n = 0; n < x.size(); ++n)
      ASSERT_NEAR(x[n], y[n], 1e-12 * scale) << column << " at row " << n;
  }
}

std::vector<LinearizedMode> modes_of(const std::string& text,
                                     const std::vector<std::string>& sets = {},
                                     DenseVector* equilibrium = nullptr) {
  const CaseParameters c = test_support::case_from_text(text, sets);
  const DiscreteSystem system(*c.discrete);
  const DiscreteLinearization l = linearize_about_equilibrium(system);
  if (equilibrium)
    *equilibrium = l.equilibrium;
  return linearized_modes(l);
}

// A particle in a frame turning at W (Meirovitch, Methods of Analytical Dynamics, sec. 6.6):
// T = 1/2 ((x' - W y)^2 + (y' + W x)^2), V = 1/2 (x^2 + 2 y^2). With s = lambda^2 the
// characteristic equation is s^2 + (p + q + 4 W^2) s + p q = 0, p = 1 - W^2, q = 2 - W^2: at
// W = 3 both s < 0 although V - T0 has a maximum (gyroscopic stabilization), at W = 1.2 one s > 0
// (divergence).
TEST(EnergyExpressions, GyroscopicModesStabilizeAndDiverge) {
  for (const double w : {3.0, 1.2}) {
    const std::string text = "subsection Model\n  set Type = discrete\nend\nsubsection Discrete "
                             "system\n  set Coordinates = x, y\n  set Kinetic energy = "
                             "0.5*((v_x - " +
                             digits(w) + "*y)^2 + (v_y + " + digits(w) +
                             "*x)^2)\n  set Potential energy = 0.5*x^2 + y^2\nend\n";
    const double p = 1 - w * w, q = 2 - w * w, b = p + q + 4 * w * w;
    const double root = std::sqrt(b * b - 4 * p * q);
    const double s1 = (-b - root) / 2, s2 = (-b + root) / 2; // s1 < s2
    const std::vector<LinearizedMode> modes = modes_of(text);
    ASSERT_EQ(modes.size(), 2u);
    if (s2 < 0) { // both oscillate
      EXPECT_NEAR(modes[0].omega, std::sqrt(-s2), 1e-12);
      EXPECT_NEAR(modes[1].omega, std::sqrt(-s1), 1e-12);
      EXPECT_EQ(modes[0].growth_rate + modes[1].growth_rate, 0);
    } else { // one diverges at sqrt(s2)
      EXPECT_EQ(modes[0].omega, 0);
      EXPECT_NEAR(modes[0].growth_rate, std::sqrt(s2), 1e-12);
      EXPECT_NEAR(modes[1].omega, std::sqrt(-s1), 1e-12);
    }
  }
}

// Modes about the equilibrium Newton's method finds: the cart pendulum's closed-form pair from a
// displaced start, the hoop's W sin th0 about its relative equilibrium, and the double pendulum
// started near the inverted position reports that equilibrium unstable, growing at the rate of
// -det(K - s M) = 0's positive root.
TEST(EnergyExpressions, ModesAboutTheEquilibriumFromTheInitialState) {
  const double mc = 2, m = 0.5, l = 0.4, k = 50, g = 9.81;
  const double a11 = mc + m, a12 = m * l, a22 = m * l * l, k2 = m * g * l;
  const double det = a11 * a22 - a12 * a12, b = k * a22 + k2 * a11;
  const double root = std::sqrt(b * b - 4 * det * k * k2);
  DenseVector at;
  const std::string cart =
      with_last_line(cart_pendulum, "  set Initial displacements = x: 0.05; th: 0.6");
  const auto cart_modes = modes_of(cart, {}, &at);
  EXPECT_LT(at.linfty_norm(), 1e-15);
  EXPECT_NEAR(cart_modes[0].omega, std::sqrt((b - root) / (2 * det)), 1e-13);
  EXPECT_NEAR(cart_modes[1].omega, std::sqrt((b + root) / (2 * det)), 1e-13);
  const std::string hoop = with_last_line(rotating_hoop, "  set Initial displacements = th: 1.2");
  const double th0 = std::acos(9.81 / (100 * 0.5));
  const auto hoop_modes = modes_of(hoop, {}, &at);
  EXPECT_NEAR(at[0], th0, 1e-15);
  EXPECT_NEAR(hoop_modes[0].omega, 10 * std::sin(th0), 1e-13);
  // inverted first rod (th1 = pi), second hanging (th2 = 0): M = [3, -1; -1, 0.5] there
  // (cos(th1 - th2) = -1), K = diag(-3 g, g); det(K + s M) = 0 with s = lambda^2 is
  // s^2/2 + 3/2 g s - 3 g^2 = 0, s = g (-3/2 +- sqrt(33)/2)
  const auto inverted =
      modes_of(double_pendulum, {"Discrete system/Initial displacements=th1: 2.9; th2: 0.1"}, &at);
  EXPECT_NEAR(at[0], M_PI, 1e-15);
  EXPECT_NEAR(at[1], 0, 1e-15);
  EXPECT_EQ(inverted[0].omega, 0);
  EXPECT_NEAR(inverted[0].growth_rate, std::sqrt(g * (-1.5 + std::sqrt(33) / 2)), 1e-13);
  EXPECT_NEAR(inverted[1].omega, std::sqrt(g * (1.5 + std::sqrt(33) / 2)), 1e-13);
  EXPECT_EQ(inverted[1].growth_rate, 0);
}

// Modes of the free-spinning governor (cases/seeds/centrifugal_governor.prm, released at th = 0.8
// spinning at 10 rad/s): phi is cyclic (its angle leaves T only through sin^2 + cos^2), so modes
// holds its momentum p = J(0.8) 10 and linearizes about the minimum of Routh's amended potential
// V_R = -2 m g L cos(th) + p^2 / (2 J(th)) (Meirovitch, secs. 4.8 and 6.7), found here by
// Newton's method on V_R' with V_R'' in closed form: w^2 = V_R''(th0) / (2 m L^2), and phi's drift
// is a zero mode. With a torsion spring on phi it is not cyclic: the static equilibrium.
TEST(EnergyExpressions, GovernorModesAboutTheRelativeEquilibriumAtItsMomentum) {
  const double m = 1, l = 0.3, i0 = 0.05, g = 9.81, ml2 = m * l * l;
  const auto j = [&](double th) { return i0 + 2 * ml2 * std::sin(th) * std::sin(th); };
  const double p = j(0.8) * 10;
  const auto slope = [&](double th) { // V_R'
    return 2 * m * g * l * std::sin(th) - p * p * 2 * ml2 * std::sin(2 * th) / (2 * j(th) * j(th));
  };
  const auto curvature = [&](double th) { // V_R''
    const double dj = 2 * ml2 * std::sin(2 * th), ddj = 4 * ml2 * std::cos(2 * th);
    return 2 * m * g * l * std::cos(th) - p * p * ddj / (2 * j(th) * j(th)) +
           p * p * dj * dj / std::pow(j(th), 3);
  };
  double th0 = 0.8;
  for (int k = 0; k < 30; ++k)
    th0 -= slope(th0) / curvature(th0);
  const std::string governor = test_support::seed_case("centrifugal_governor.prm");
  DenseVector at;
  const auto modes = modes_of(governor, {}, &at);
  ASSERT_EQ(modes.size(), 2u);
  EXPECT_NEAR(at[1], th0, 1e-14);
  EXPECT_EQ(modes[0].omega, 0);
  EXPECT_EQ(modes[0].growth_rate, 0);
  const double omega = std::sqrt(curvature(th0) / (2 * ml2));
  test_support::report("governor: Routh frequency, relative error", modes[1].omega / omega - 1);
  EXPECT_NEAR(modes[1].omega / omega, 1, 1e-13);
  EXPECT_EQ(modes[1].growth_rate, 0);

  // a torsion spring on the spindle: phi no longer cyclic, the arms hang (th = 0) at rest
  const auto held = modes_of(governor, {"Discrete system/Potential energy=0.5*20*phi^2"}, &at);
  EXPECT_NEAR(at[1], 0, 1e-14);
  EXPECT_NEAR(held[0].omega, std::sqrt(g / l), 1e-12);
  EXPECT_NEAR(held[1].omega, std::sqrt(20 / i0), 1e-12); // J(0) = I0
}

TEST(EnergyExpressions, BadInputNamesTheParameterAndTheValue) {
  const std::string head =
      "subsection Model\n  set Type = discrete\nend\nsubsection Discrete system\n"
      "  set Coordinates = th1, th2\n";
  auto expect = [&](const std::string& body, const std::string& parameter, const std::string& why) {
    const std::string message = test_support::discrete_case_error(head + body + "end\n");
    EXPECT_NE(message.find(parameter), std::string::npos) << message;
    EXPECT_NE(message.find(why), std::string::npos) << message;
  };
  expect("  set Points = m1: 1 @ sin(th3), -cos(th1)\n", "Discrete system/Points",
         "undefined variable 'th3'");
  expect("  set Points = m1: 1 @ sin(th1), -cos(th1); m2: 1 @ th2\n", "Discrete system/Points",
         "as many for every point");
  expect("  set Points = m1: -1 @ sin(th1), -cos(th1)\n", "Discrete system/Points", "mass >= 0");
  // a massless point is allowed (a pivot), but then nothing here carries inertia
  expect("  set Points = m1: 0 @ sin(th1), -cos(th1)\n", "Discrete system/Points",
         "the mass matrix at the initial state is singular");
  expect("  set Points = m1: 1 @ sin(th1), -cos(th1)\n  set Gravity = 0, -9.81, 0\n",
         "Discrete system/Gravity", "expected 2 finite numbers");
  expect("  set Gravity = 0, -9.81\n  set Kinetic energy = v_th1^2 + v_th2^2\n",
         "Discrete system/Gravity", "there are none");
  // th2 moves nothing: M singular at the initial state
  expect("  set Points = m1: 1 @ sin(th1), -cos(th1)\n", "Kinetic energy", "singular");
  expect("  set Kinetic energy = v_th1^2 + v_th2^2*v_th1\n", "Discrete system/Kinetic energy",
         "depends on the rate v_th2");
  expect("  set Kinetic energy = v_th1^2 + v_th2^2\n  set Potential energy = v_th1\n",
         "Discrete system/Potential energy", "undefined variable 'v_th1'");
  expect("  set Kinetic energy = v_th1^2 + v_th2^2\n  set Generalized forces = F: 1 @ th3\n",
         "Discrete system/Generalized forces", "'th3' is not a coordinate");
  expect("  set Kinetic energy = v_th1^2 + v_th2^2\n  set Generalized forces = th1: 1 @ th1\n"
         "  set Points = th1: 1 @ th1\n",
         "Discrete system/Generalized forces", "already used");
}

} // namespace
