// Nonlinear springs solved by Newton's method inside generalized-alpha, against references
// derived here: a light string (rho L << M) whose free end carries a mass M on a hardening spring
// is, up to O(rho L / M), Duffing's oscillator M u'' + (tau / L) u + h u^3 = 0. make_case starts
// from the built-in example, whose damping and linear end spring are switched off here.
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace hamdyn;

namespace {
const double tension = 100, length = 1, mass = 1, hardening = 1e6, amplitude = 0.05;
const double rho = 1e-5; // rho L / M = 1e-5

// The period of M u'' + (tau / L) u + h u^3 = 0 from rest at the amplitude.
double duffing_period(double effective_mass) {
  return test_support::duffing_period(tension / length / effective_mass, hardening / effective_mass,
                                      amplitude);
}

std::vector<std::string> duffing_case(double dt) {
  return {"Model/Mass per length=" + std::to_string(rho),
          "Model/Tension=100",
          "Right end/Support=free",
          "Model/Viscous damping=0",
          "Right end/Point mass=1",
          "Right end/Spring=0", // the example case's linear spring
          "Right end/Spring law=1e6*e^3",
          "Initial conditions/Displacement=0.05*x",
          "Discretization/Elements=20",
          "Discretization/Degree=1",
          "Time integration/Time step=" + std::to_string(dt),
          "Time integration/Final time=0.6",
          "Time integration/Nonlinear tolerance=1e-12"};
}

// Mean interval between downward zero crossings of u_right (linear interpolation: u'' = 0 there,
// so its error is third order in dt).
double measured_period(const test_support::History& h) {
  const auto t = h.column("time"), u = h.column("u_right");
  std::vector<double> crossings;
  for (std::size_t i = 1; i < u.size(); ++i)
    if (u[i - 1] > 0 && u[i] <= 0)
      crossings.push_back(t[i - 1] + (t[i] - t[i - 1]) * u[i - 1] / (u[i - 1] - u[i]));
  EXPECT_GE(crossings.size(), 3u);
  return (crossings.back() - crossings.front()) / double(crossings.size() - 1);
}
} // namespace

TEST(NonlinearSprings, DuffingPeriodConvergesAtOrderTwo) {
  std::vector<double> periods;
  for (double dt : {4e-4, 2e-4, 1e-4})
    periods.push_back(measured_period(
        test_support::simulate(test_support::make_case(duffing_case(dt)), MPI_COMM_WORLD)));
  const double ratio = (periods[0] - periods[1]) / (periods[1] - periods[2]);
  test_support::report("Duffing period error ratio (dt halved)", ratio);
  EXPECT_NEAR(ratio, 4.0, 0.3);
  // Richardson's extrapolation against Duffing's period with the string's mass lumped by
  // Rayleigh's quotient (M + rho L / 3, exact to first order in rho L / M).
  const double extrapolated = periods[2] + (periods[2] - periods[1]) / 3;
  const double exact = duffing_period(mass + rho * length / 3);
  test_support::report("Duffing period, extrapolated relative error",
                       std::abs(extrapolated - exact) / exact);
  EXPECT_LT(std::abs(extrapolated - exact) / exact, 1e-9);
  EXPECT_GT(std::abs(duffing_period(mass) - exact) / exact, 1e-6); // the string's mass is seen
}

TEST(NonlinearSprings, PotentialAndForceColumns) {
  const auto h =
      test_support::simulate(test_support::make_case(duffing_case(2e-4)), MPI_COMM_WORLD);
  // V(0) = tau/2 int u_x^2 dx + h A^4 / 4 (P1 interpolates the linear initial shape exactly)
  const double v0 =
      0.5 * tension * amplitude * amplitude / length + 0.25 * hardening * std::pow(amplitude, 4);
  EXPECT_NEAR(h.column("potential_energy")[0], v0, 1e-14 * v0);
  const auto u = h.column("u_right"), f = h.column("spring_force_right");
  for (std::size_t i = 0; i < u.size(); i += 97)
    EXPECT_NEAR(f[i], hardening * std::pow(u[i], 3), 1e-9 * hardening * std::pow(amplitude, 3));
}

TEST(NonlinearSprings, LinearLawGivesTheLinearSpring) {
  const std::vector<std::string> common = {
      "Right end/Support=free",           "Right end/Point mass=0.005",
      "Attachments/Springs=0.3:800",      "Initial conditions/Displacement=0.01*sin(2*x)",
      "Time integration/Final time=0.02", "Time integration/Nonlinear tolerance=1e-13"};
  auto with = [&](const std::vector<std::string>& extra) {
    auto o = common;
    o.insert(o.end(), extra.begin(), extra.end());
    return test_support::simulate(test_support::make_case(o), MPI_COMM_WORLD);
  };
  const auto linear = with({"Right end/Spring=2000", "Attachments/Dashpots=0.6:0.2"});
  const auto law = with({"Right end/Spring=0", "Right end/Spring law=2000*e",
                         "Attachments/Nonlinear springs=0.6:0*e", "Attachments/Dashpots=0.6:0.2"});
  const auto a = linear.column("u_right"), b = law.column("u_right");
  double difference = 0, scale = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    difference = std::max(difference, std::abs(a[i] - b[i]));
    scale = std::max(scale, std::abs(a[i]));
  }
  test_support::report("linear law vs linear spring, relative difference", difference / scale);
  EXPECT_LT(difference / scale, 1e-10);
  EXPECT_GT(scale, 1e-4);
}

// With at most 2 Newton iterations a step of 4e-4 s does not converge near the turning points;
// those steps are retried as two half steps, so the run completes and its period is closer to
// Duffing's than with the full steps everywhere. With 1 iteration no step size converges: the
// run stops after 10 halvings, naming the time and the element.
TEST(NonlinearSprings, StepsThatDoNotConvergeAreRetriedInHalves) {
  auto with_iterations = [](unsigned n) {
    auto o = duffing_case(4e-4);
    o.push_back("Time integration/Maximum Newton iterations=" + std::to_string(n));
    return test_support::make_case(o);
  };
  const double exact = duffing_period(mass + rho * length / 3);
  const double full = measured_period(test_support::simulate(with_iterations(20), MPI_COMM_WORLD));
  const double halved = measured_period(test_support::simulate(with_iterations(2), MPI_COMM_WORLD));
  test_support::report("period error with full steps", std::abs(full - exact) / exact);
  test_support::report("period error with steps retried in halves",
                       std::abs(halved - exact) / exact);
  EXPECT_LT(std::abs(halved - exact), 0.8 * std::abs(full - exact));
  try {
    test_support::simulate(with_iterations(1), MPI_COMM_WORLD);
    ADD_FAILURE() << "a Newton iteration limit of 1 cannot converge";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("spring_force_right"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("halved 10 times"), std::string::npos) << e.what();
  }
}

namespace {
// Largest |T + V + D - W - E0| of a run relative to its largest |T + V|.
double relative_energy_error(const test_support::History& h) {
  const auto error = h.column("energy_error"), T = h.column("kinetic_energy"),
             V = h.column("potential_energy");
  double worst = 0, scale = 0;
  for (std::size_t i = 0; i < error.size(); ++i) {
    worst = std::max(worst, std::abs(error[i]));
    scale = std::max(scale, std::abs(T[i] + V[i]));
  }
  return worst / scale;
}
} // namespace

// With rho_inf = 1 the springs apply Gonzalez's discrete gradient, so an undamped run conserves
// T + V (the potential int F de computed independently by the ledger) to the Newton tolerance:
// the Duffing string, and a cantilever (Euler-Bernoulli and Timoshenko) whose tip has hardening
// translational and rotational springs. rho_inf = 0.8 dissipates, as it should.
TEST(NonlinearSprings, UndampedRunsConserveEnergyAtRhoInfinityOne) {
  const double duffing = relative_energy_error(
      test_support::simulate(test_support::make_case(duffing_case(4e-4)), MPI_COMM_WORLD));
  test_support::report("Duffing string, relative energy error", duffing);
  EXPECT_LT(duffing, 1e-11);
  for (const char* type : {"euler bernoulli beam", "timoshenko beam"}) {
    std::vector<std::string> beam = {std::string("Model/Type=") + type,
                                     "Model/Mass per length=1",
                                     "Model/Bending stiffness=1",
                                     "Model/Shear stiffness=1000",
                                     "Model/Rotary inertia per length=1e-4",
                                     "Model/Viscous damping=0",
                                     "Left end/Support=clamped",
                                     "Right end/Support=free",
                                     "Right end/Spring=0",
                                     "Right end/Spring law=10*e+1e4*e^3",
                                     "Right end/Rotational spring law=0.5*theta+50*theta^3",
                                     "Initial conditions/Displacement=0.1*x^2",
                                     "Discretization/Elements=30",
                                     "Time integration/Time step=1e-3",
                                     "Time integration/Final time=2",
                                     "Time integration/Nonlinear tolerance=1e-12"};
    const auto history = test_support::simulate(test_support::make_case(beam), MPI_COMM_WORLD);
    // history_units.csv: a translational spring's force in N, a rotational one's moment in N m
    EXPECT_EQ(history.unit("spring_force_right"), "N");
    EXPECT_EQ(history.unit("spring_moment_right"), "N m");
    const double conserved = relative_energy_error(history);
    test_support::report(std::string(type) + " with hardening tip springs, relative energy error",
                         conserved);
    EXPECT_LT(conserved, 1e-11);
    beam.push_back("Time integration/Spectral radius=0.8");
    const double dissipated = relative_energy_error(
        test_support::simulate(test_support::make_case(beam), MPI_COMM_WORLD));
    test_support::report(std::string(type) + " with rho_inf = 0.8, relative energy change",
                         dissipated);
    EXPECT_GT(dissipated, 1e-6);
  }
}
