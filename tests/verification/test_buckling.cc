// `hamdyn buckling` (K x = P K_g x) against critical loads whose equations the test derives:
// Euler's loads of the four classical support pairs, a cantilever with a rotational spring at its
// root, and the Timoshenko (Engesser) loads, P = P_E / (1 + P_E / kGA), with clamped-pinned from
// its own condition; a preload N shifts every load by N; what has no buckling load is bad input.
#include "core/case_parameters.h"
#include "core/input_error.h"
#include "studies/run_buckling.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

using namespace hamdyn;

namespace {
// EI = 2, L = 1.5: Euler's load pi^2 EI / (K L)^2.
constexpr double ei = 2, length = 1.5;

// The case written as a user writes one (declared defaults plus these keys), its loads computed
// by the study itself; every rank gets them.
std::vector<double> critical_loads(const std::string& type, const std::string& left,
                                   const std::string& right,
                                   const std::vector<std::string>& more = {}) {
  ParameterFile file;
  declare_case_parameters(file);
  std::vector<std::string> settings{"Model/Type=" + type,
                                    "Model/Length=1.5",
                                    "Model/Bending stiffness=2",
                                    "Model/Rotary inertia per length=0.01",
                                    "Left end/Support=" + left,
                                    "Right end/Support=" + right,
                                    "Discretization/Elements=60",
                                    "Discretization/Degree=3",
                                    "Buckling/Number of modes=2",
                                    "Buckling/Write shapes=false",
                                    "Output/Directory=buckling_test_output"};
  settings.insert(settings.end(), more.begin(), more.end());
  for (const std::string& s : settings)
    file.set(s);
  const CaseParameters c = parse_case_parameters(file, ".");
  std::vector<double> loads;
  for (const auto& [name, value] : run_buckling(c, file, MPI_COMM_WORLD, false).entries)
    loads.push_back(value);
  return loads;
}

// The smallest root of g in (a, b) where g changes sign once, by bisection.
double root_between(const std::function<double(double)>& g, double a, double b) {
  for (int it = 0; it < 200; ++it) {
    const double m = 0.5 * (a + b);
    (std::signbit(g(a)) == std::signbit(g(m)) ? a : b) = m;
  }
  return 0.5 * (a + b);
}

double euler_load(double k) {
  return M_PI * M_PI * ei / std::pow(k * length, 2);
}
} // namespace

TEST(Buckling, EulerLoadsOfTheFourClassicalPairs) {
  // clamped-pinned: w = A + Bx + C cos mu x + D sin mu x held at both ends with w'(0) = 0 and
  // w''(L) = 0 gives tan(mu L) = mu L; its first root 4.4934 makes K = pi / (mu L) = 0.6992.
  const double mu_l =
      root_between([](double x) { return std::tan(x) - x; }, M_PI + 1e-9, 1.5 * M_PI - 1e-9);
  EXPECT_NEAR(M_PI / mu_l, 0.699155, 1e-6);
  struct Pair {
    const char *left, *right;
    double k;
  };
  for (const Pair& p : {Pair{"clamped", "free", 2.0}, Pair{"pinned", "pinned", 1.0},
                        Pair{"clamped", "pinned", M_PI / mu_l}, Pair{"clamped", "clamped", 0.5}}) {
    const auto fe = critical_loads("euler bernoulli beam", p.left, p.right);
    const double exact = euler_load(p.k), error = std::abs(fe[0] - exact) / exact;
    test_support::report(std::string("Euler load, ") + p.left + "-" + p.right + ": relative error",
                         error);
    // 60 cubic Hermite elements: the discretization's error, O(h^4) (below)
    EXPECT_LT(error, 5e-7) << p.left << "-" << p.right;
  }
  // the second pinned-pinned load is 4 P_E (two half waves)
  const auto pinned = critical_loads("euler bernoulli beam", "pinned", "pinned");
  EXPECT_NEAR(pinned[1], 4 * euler_load(1), 1e-6 * pinned[1]);
  // halving h divides the error by 2^4 = 16 (Strang & Fix, Thm 6.1: order 2(p + 1 - m), p = 3,
  // m = 2): the error above is the elements', not the solver's
  const double exact = euler_load(0.5);
  std::vector<double> errors;
  for (const char* elements : {"Discretization/Elements=15", "Discretization/Elements=30"})
    errors.push_back(
        std::abs(critical_loads("euler bernoulli beam", "clamped", "clamped", {elements})[0] -
                 exact) /
        exact);
  test_support::report("clamped-clamped Euler load, error ratio from 15 to 30 elements",
                       errors[0] / errors[1]);
  EXPECT_NEAR(errors[0] / errors[1], 16, 0.5);
}

TEST(Buckling, CantileverWithRotationalSpringAtItsRoot) {
  // Held translation and a rotational spring k_r at x = 0, free at L: w(0) = 0,
  // -EI w''(0) + k_r w'(0) = 0, and at the free end the shear EI w''' + P w' = P B = 0 and
  // w''(L) = 0, so mu L tan(mu L) = k_r L / EI (mu^2 = P / EI).
  const double k_r = 10 * ei / length;
  const double mu_l = root_between([&](double x) { return x * std::tan(x) - k_r * length / ei; },
                                   1e-9, 0.5 * M_PI - 1e-9);
  const double exact = std::pow(mu_l / length, 2) * ei;
  const auto fe = critical_loads("euler bernoulli beam", "pinned", "free",
                                 {"Left end/Rotational spring=" + std::to_string(k_r)});
  const double error = std::abs(fe[0] - exact) / exact;
  test_support::report("cantilever on a rotational spring: relative error", error);
  EXPECT_LT(error, 2e-8);
  EXPECT_LT(fe[0], euler_load(2)); // softer than the clamped root
}

TEST(Buckling, TimoshenkoBeamsFollowEngesser) {
  const double kga = 40; // P_E / kGA from 0.05 to 0.4: shear matters
  const std::string shear = "Model/Shear stiffness=" + std::to_string(kga);
  auto engesser = [&](double p_e) { return p_e / (1 + p_e / kga); };
  struct Pair {
    const char *left, *right;
    double k;
  };
  for (const Pair& p : {Pair{"pinned", "pinned", 1.0}, Pair{"clamped", "free", 2.0},
                        Pair{"clamped", "clamped", 0.5}}) {
    const auto fe = critical_loads("timoshenko beam", p.left, p.right, {shear});
    const double exact = engesser(euler_load(p.k)), error = std::abs(fe[0] - exact) / exact;
    test_support::report(
        std::string("Engesser load, ") + p.left + "-" + p.right + ": relative error", error);
    EXPECT_LT(error, 1e-8) << p.left << "-" << p.right;
  }
  // clamped-pinned: tan(mu L) = (1 - P / kGA) mu L with mu^2 = P / (EI (1 - P / kGA))
  auto condition = [&](double p) {
    const double r = 1 - p / kga, mu_l = std::sqrt(p / (ei * r)) * length;
    return std::sin(mu_l) - r * mu_l * std::cos(mu_l); // tan x = r x without the poles
  };
  const double exact = root_between(condition, 0.8 * euler_load(0.7) / (1 + euler_load(0.7) / kga),
                                    engesser(euler_load(0.699155)) * 1.05);
  EXPECT_LT(std::abs(condition(exact)), 1e-9);
  const auto fe = critical_loads("timoshenko beam", "clamped", "pinned", {shear});
  const double error = std::abs(fe[0] - exact) / exact;
  test_support::report("Timoshenko clamped-pinned: relative error", error);
  EXPECT_LT(error, 1e-8);
}

TEST(Buckling, PreloadShiftsEveryLoad) {
  const auto free_of_load = critical_loads("euler bernoulli beam", "pinned", "pinned");
  for (double n : {-3.0, 4.0}) {
    const auto loaded = critical_loads("euler bernoulli beam", "pinned", "pinned",
                                       {"Model/Axial force=" + std::to_string(n)});
    for (std::size_t k = 0; k < 2; ++k)
      EXPECT_NEAR(loaded[k], free_of_load[k] + n, 1e-9 * free_of_load[k]) << "N = " << n;
  }
}

TEST(Buckling, MultiplesOfAnAxialForceVaryingAlongTheBeam) {
  // Buckling/Load = axial force: the multiples lambda of Model/Axial force. A clamped-free column
  // under its own weight, N = -(L - x) (q = 1 per length): Greenhill's critical weights solve
  // J_{-1/3}((2/3) sqrt(q L^3 / EI)) = 0 (Timoshenko & Gere, Theory of Elastic Stability, sec.
  // 2.13), the zeros bracketed on a grid and bisected in the test's own Bessel series.
  std::vector<double> exact;
  for (double a = 0.5; exact.size() < 2; a += 0.25)
    if (test_support::bessel_j(-1.0 / 3, a) * test_support::bessel_j(-1.0 / 3, a + 0.25) < 0) {
      const double z =
          root_between([](double s) { return test_support::bessel_j(-1.0 / 3, s); }, a, a + 0.25);
      exact.push_back(std::pow(1.5 * z, 2) * ei / std::pow(length, 3));
    }
  const auto lambda =
      critical_loads("euler bernoulli beam", "clamped", "free",
                     {"Model/Axial force=-(1.5 - x)", "Model/Rotary inertia per length=0",
                      "Buckling/Load=axial force"});
  for (std::size_t k = 0; k < 2; ++k) {
    test_support::report(
        "Greenhill's column, critical weight " + std::to_string(k + 1) + " (q L^3 / EI = " +
            std::to_string(exact[k] * std::pow(length, 3) / ei) + "): relative error",
        std::abs(lambda[k] / exact[k] - 1));
    // measured 4.3e-9 and 1.5e-7 (60 Hermite elements: the discretization's h^4)
    EXPECT_NEAR(lambda[k], exact[k], 1e-6 * exact[k]) << k;
  }
  // a uniform compression N = -3: its multiples are Euler's loads over 3
  const auto uniform = critical_loads("euler bernoulli beam", "pinned", "pinned",
                                      {"Model/Axial force=-3", "Buckling/Load=axial force"});
  const auto loads = critical_loads("euler bernoulli beam", "pinned", "pinned");
  for (std::size_t k = 0; k < 2; ++k)
    EXPECT_NEAR(uniform[k], loads[k] / 3, 1e-9 * loads[k]) << k;
  // a tension anywhere, or no axial force, has no multiple that buckles: bad input
  EXPECT_THROW(critical_loads("euler bernoulli beam", "clamped", "free",
                              {"Model/Axial force=1 - 2*x", "Buckling/Load=axial force"}),
               InputError);
  EXPECT_THROW(
      critical_loads("euler bernoulli beam", "pinned", "pinned", {"Buckling/Load=axial force"}),
      InputError);
}

TEST(Buckling, WhatHasNoBucklingLoadIsBadInput) {
  EXPECT_THROW(critical_loads("string", "fixed", "fixed"), InputError);
  EXPECT_THROW(critical_loads("euler bernoulli beam", "free", "pinned"), InputError);
  EXPECT_THROW(critical_loads("timoshenko beam", "free", "free"), InputError);
  // a spring to ground at the free end holds the pinned-free beam
  EXPECT_NO_THROW(critical_loads("euler bernoulli beam", "pinned", "free", {"Right end/Spring=5"}));
  // a preload beyond the first Euler load
  EXPECT_THROW(critical_loads("euler bernoulli beam", "pinned", "pinned",
                              {"Model/Axial force=" + std::to_string(-1.01 * euler_load(1))}),
               InputError);
  EXPECT_THROW(critical_loads(
                   "euler bernoulli beam", "pinned", "pinned",
                   {"Right end/Spring law=5*e^3", "Right end/Support=free", "Right end/Spring=1"}),
               InputError);
}
