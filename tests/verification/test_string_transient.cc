// The released string (fixed at x = 0, mass M on spring K at x = L, undamped) against its exact
// modal series. The initial shape is a combination of exact eigenfunctions sin(b_k x), and the
// series recovers its coefficients by projection with the orthogonality
//   int rho phi_j phi_k dx + M phi_j(L) phi_k(L) = 0 (j != k),
// so a wrong end-mass term would show up as an error that does not converge.
#include "exact/string_frequencies.h"
#include "support/case_builder.h"

#include <deal.II/base/mpi.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

using namespace hamdyn;

namespace {
const exact::StringWithEndMass string{1.0, 0.01, 100.0, false, 0.005, 2000.0};
constexpr double final_time = 0.01;

std::string number(double x) {
  char b[40];
  std::snprintf(b, sizeof b, "%.17g", x);
  return b;
}

// u0 = 3e-3 sin(b1 x) - 1e-3 sin(b2 x) + 4e-4 sin(b3 x), v0 = 0.2 sin(b2 x)
struct InitialShape {
  std::string displacement, velocity;
  std::function<double(double)> u0, v0;
};

InitialShape initial_shape() {
  const auto w = exact::string_frequencies(string, 3);
  const double c = std::sqrt(string.tension / string.mass_per_length);
  const double b1 = w[0] / c, b2 = w[1] / c, b3 = w[2] / c;
  InitialShape s;
  s.displacement = "3e-3*sin(" + number(b1) + "*x) - 1e-3*sin(" + number(b2) + "*x) + 4e-4*sin(" +
                   number(b3) + "*x)";
  s.velocity = "0.2*sin(" + number(b2) + "*x)";
  s.u0 = [=](double x) {
    return 3e-3 * std::sin(b1 * x) - 1e-3 * std::sin(b2 * x) + 4e-4 * std::sin(b3 * x);
  };
  s.v0 = [=](double x) { return 0.2 * std::sin(b2 * x); };
  return s;
}

// Largest deviation of u(L, t) and u(0.5, t) from the series over the whole run.
double history_error(unsigned int elements, unsigned int degree, double dt,
                     const std::string& scheme = "generalized alpha",
                     const std::string& mass = "consistent") {
  const InitialShape shape = initial_shape();
  const auto c = test_support::make_case(
      {"Model/Viscous damping=0", "Initial conditions/Displacement=" + shape.displacement,
       "Initial conditions/Velocity=" + shape.velocity,
       "Discretization/Elements=" + std::to_string(elements),
       "Discretization/Degree=" + std::to_string(degree), "Discretization/Mass matrix=" + mass,
       "Time integration/Scheme=" + scheme, "Time integration/Time step=" + number(dt),
       "Time integration/Final time=" + number(final_time), "Output/Probes=0.5"});
  const test_support::History h = test_support::simulate(c, MPI_COMM_WORLD);
  const exact::StringModalSeries series(string, 6, shape.u0, shape.v0);
  const auto t = h.column("time"), u_right = h.column("u_right"), u_mid = h.column("u@0.5");
  double error = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    error = std::max(error, std::abs(u_right[i] - series.displacement(1.0, t[i])));
    error = std::max(error, std::abs(u_mid[i] - series.displacement(0.5, t[i])));
  }
  return error;
}
} // namespace

TEST(StringTransient, SeriesRecoversTheInitialShape) {
  const InitialShape shape = initial_shape();
  const exact::StringModalSeries series(string, 6, shape.u0, shape.v0);
  for (double x : {0.1, 0.5, 0.77, 1.0}) {
    EXPECT_NEAR(series.displacement(x, 0), shape.u0(x), 1e-15);
    EXPECT_NEAR(series.velocity(x, 0), shape.v0(x), 1e-13);
  }
}

TEST(StringTransient, SecondOrderInH) {
  std::vector<double> h, e;
  for (unsigned int n : {10u, 20u, 40u, 80u}) {
    h.push_back(1.0 / n);
    e.push_back(history_error(n, 1, 2e-6));
  }
  test_support::report("P1 history error order in h", test_support::observed_order(h, e));
  test_support::report("P1 history error, 80 elements", e.back());
  EXPECT_NEAR(test_support::observed_order(h, e), 2.0, 0.15);
  EXPECT_LT(e.back(), 2e-5);
}

TEST(StringTransient, FourthOrderInHForP2) {
  std::vector<double> h, e;
  for (unsigned int n : {4u, 8u, 16u}) {
    h.push_back(1.0 / n);
    e.push_back(history_error(n, 2, 1e-6));
  }
  test_support::report("P2 history error order in h", test_support::observed_order(h, e));
  EXPECT_NEAR(test_support::observed_order(h, e), 4.0, 0.3);
}

TEST(StringTransient, SpectralInP) {
  double previous = 1;
  for (unsigned int p = 1; p <= 4; ++p) {
    const double e = history_error(6, p, 1e-6);
    test_support::report("history error, 6 elements, degree " + std::to_string(p), e);
    EXPECT_LT(e, previous / 10) << "degree " << p;
    previous = e;
  }
  EXPECT_LT(previous, 1e-7);
}

TEST(StringTransient, SecondOrderInTimeGeneralizedAlpha) {
  std::vector<double> dt, e;
  for (double step : {1e-4, 5e-5, 2.5e-5}) {
    dt.push_back(step);
    e.push_back(history_error(20, 4, step));
  }
  test_support::report("generalized-alpha order in dt", test_support::observed_order(dt, e));
  EXPECT_NEAR(test_support::observed_order(dt, e), 2.0, 0.1);
}

TEST(StringTransient, SecondOrderInTimeCentralDifference) {
  std::vector<double> dt, e;
  for (double step : {4e-5, 2e-5, 1e-5}) {
    dt.push_back(step);
    e.push_back(history_error(20, 4, step, "central difference", "lumped"));
  }
  test_support::report("central-difference order in dt", test_support::observed_order(dt, e));
  EXPECT_NEAR(test_support::observed_order(dt, e), 2.0, 0.15);
}
