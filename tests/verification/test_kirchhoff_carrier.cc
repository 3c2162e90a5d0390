// The large-amplitude (Kirchhoff-Carrier) string rho u_tt = (tau + (EA / 2L) int u_x^2 dx) u_xx
// with fixed ends, released at rest in its first mode u = A sin(pi x / L): the shape is kept (the
// tension multiplies u_xx, which is proportional to u) and the amplitude follows Duffing's
// equation A'' + w0^2 A + eps A^3 = 0 with w0^2 = tau pi^2 / (rho L^2) and
// eps = EA pi^4 / (4 rho L^4) (Carrier, Q. Appl. Math. 3:157-165, 1945, eq. (10)). References
// derived here: its period by the complete elliptic integral, and the ledger's energy.
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

using namespace hamdyn;

namespace {
const double rho = 0.01, tension = 100, axial = 1.2e5, amplitude = 0.01; // L = 1

double carrier_period() {
  return test_support::duffing_period(tension * M_PI * M_PI / rho,
                                      axial * std::pow(M_PI, 4) / (4 * rho), amplitude);
}

std::string text(double x) {
  std::ostringstream s;
  s.precision(17);
  s << x;
  return s.str();
}

test_support::History run(unsigned elements, unsigned degree, double dt, double final_time,
                          const std::vector<std::string>& extra = {}) {
  std::vector<std::string> o = {"Model/Mass per length=" + std::to_string(rho),
                                "Model/Tension=100",
                                "Model/Axial stiffness=" + std::to_string(axial),
                                "Model/Viscous damping=0",
                                "Right end/Support=fixed",
                                "Initial conditions/Displacement=" + std::to_string(amplitude) +
                                    "*sin(pi*x)",
                                "Discretization/Elements=" + std::to_string(elements),
                                "Discretization/Degree=" + std::to_string(degree),
                                "Time integration/Time step=" + text(dt),
                                "Time integration/Final time=" + text(final_time),
                                "Time integration/Nonlinear tolerance=1e-12",
                                "Output/Probes=0.25, 0.5"};
  o.insert(o.end(), extra.begin(), extra.end());
  return test_support::simulate(test_support::make_case(o), MPI_COMM_WORLD);
}

// Four times the first minimum of the tension (u passes through zero a quarter period after the
// release), by a parabola through the three samples around it. The tension measures q = u^T K1 u,
// in which the discrete modes do not couple (K1 is proportional to K): the small higher-mode
// content of an interpolated P2 sine enters it squared, not linearly as it would a zero crossing.
double quarter_period_times_four(const test_support::History& h) {
  const auto t = h.column("time"), tension_column = h.column("tension");
  for (std::size_t i = 1; i + 1 < t.size(); ++i) {
    const double a = tension_column[i - 1], b = tension_column[i], c = tension_column[i + 1];
    if (b < a && b <= c) {
      const double shift = 0.5 * (a - c) / (a - 2 * b + c); // in steps, within (-1/2, 1/2]
      return 4 * (t[i] + shift * (t[i + 1] - t[i]));
    }
  }
  ADD_FAILURE() << "no minimum of the tension";
  return 0;
}
} // namespace

TEST(KirchhoffCarrier, PeriodConvergesAtOrderTwoInTimeToCarriersPeriod) {
  const double exact = carrier_period(); // 0.0181043 s, 9.5 % below the linear 0.02 s
  std::vector<double> periods;
  for (double dt : {2e-5, 1e-5, 5e-6})
    periods.push_back(quarter_period_times_four(run(40, 2, dt, 0.3 * exact)));
  const double ratio = (periods[0] - periods[1]) / (periods[1] - periods[2]);
  test_support::report("Kirchhoff-Carrier period error ratio (dt halved)", ratio);
  EXPECT_NEAR(ratio, 4.0, 0.2);
  const double extrapolated = periods[2] + (periods[2] - periods[1]) / 3;
  test_support::report("Kirchhoff-Carrier period, extrapolated relative error",
                       std::abs(extrapolated - exact) / exact);
  EXPECT_LT(std::abs(extrapolated - exact) / exact, 1e-7);
  EXPECT_GT((0.02 - exact) / 0.02, 0.03); // the stiffening is seen
}

TEST(KirchhoffCarrier, PeriodConvergesAtOrderTwoPInSpace) {
  const double exact = carrier_period();
  for (unsigned degree : {1u, 2u}) {
    std::vector<double> sizes, errors;
    // dt keeps the time error ((w dt)^2 / 12 relative: 4e-8, 2.5e-9) below the finest h's
    const double dt = degree == 1 ? 2e-6 : 5e-7;
    for (unsigned elements : {4u, 8u, 16u}) {
      sizes.push_back(1.0 / (elements * degree));
      errors.push_back(
          std::abs(quarter_period_times_four(run(elements * degree, degree, dt, 0.3 * exact)) -
                   exact) /
          exact);
      test_support::report("degree " + std::to_string(degree) + ", " +
                               std::to_string(elements * degree) +
                               " elements: relative period error",
                           errors.back());
    }
    const double order = test_support::observed_order(sizes, errors);
    test_support::report(
        "Kirchhoff-Carrier period, order in h for degree " + std::to_string(degree), order);
    EXPECT_NEAR(order, 2.0 * degree, 0.15);
  }
}

TEST(KirchhoffCarrier, StaysInItsFirstModeAndConservesEnergy) {
  const auto h = run(40, 1, 5e-5, 0.06);
  const auto quarter = h.column("u@0.25"), middle = h.column("u@0.5");
  double worst = 0;
  for (std::size_t i = 0; i < middle.size(); ++i)
    if (std::abs(middle[i]) > 1e-3 * amplitude)
      worst = std::max(worst, std::abs(quarter[i] / middle[i] - std::sin(M_PI / 4)));
  test_support::report("u(L/4) / u(L/2) - sin(pi/4), largest", worst);
  EXPECT_LT(worst, 1e-9);
  // V(0) = tau/2 q + (EA / 8L) q^2 with q = int u_x^2 dx = A^2 pi^2 / 2 (the FE q of the
  // interpolated sine is within O(h^2) of it)
  const double q = amplitude * amplitude * M_PI * M_PI / 2;
  const double v0 = 0.5 * tension * q + axial / 8 * q * q;
  EXPECT_NEAR(h.column("potential_energy")[0], v0, 2e-3 * v0);
  const auto tension_column = h.column("tension");
  EXPECT_NEAR(tension_column[0], tension + axial / 2 * q, 2e-3 * axial / 2 * q);
  const double error = test_support::largest_magnitude(h.column("energy_error"));
  test_support::report("Kirchhoff-Carrier relative energy error at rho_inf = 1", error / v0);
  EXPECT_LT(error / v0, 1e-11);
  const auto damped = run(40, 1, 5e-5, 0.06, {"Time integration/Spectral radius=0.6"});
  EXPECT_GT(test_support::largest_magnitude(damped.column("energy_error")) / v0, 1e-7);
}
