// hamdyn static against closed forms derived here from the beam and string equations: a
// cantilever under a uniform load and a tip force (Euler-Bernoulli, EI w'''' = q; Timoshenko,
// with the shear deflection P x / kGA), a string under a uniform load (T w'' = -q), the supports'
// reactions from the equilibrium of the whole structure, a load taken at Static/Load time, a
// hardening spring's equilibrium by load steps, and the cases it refuses.
#include "core/failure_message.h"
#include "core/input_error.h"
#include "studies/static_equilibrium.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

using namespace hamdyn;

namespace {
std::map<std::string, double> equilibrium(const CaseParameters& c) {
  check_static_case(c);
  PreparedCase pc(c, MPI_COMM_WORLD, Matrices::band_from_cells);
  const StaticEquilibrium e = static_equilibrium(pc);
  EXPECT_LT(e.uncertainty, 1e-12);
  std::map<std::string, double> values;
  for (std::size_t k = 0; k < e.names.size(); ++k)
    values[e.names[k]] = e.values[k];
  return values;
}

const char* const cantilever = "subsection Model\n set Type = euler bernoulli beam\n"
                               " set Length = 1.5\n set Bending stiffness = 2\n"
                               " set Mass per length = 1\nend\n";
} // namespace

TEST(StaticEquilibrium, CantileverUnderUniformLoadAndTipForce) {
  // w(x) = q x^2 (6 L^2 - 4 L x + x^2) / (24 EI) + P x^2 (3 L - x) / (6 EI); the clamp holds
  // the load: reaction -(q L + P), moment -(q L^2 / 2 + P L). Cubic Hermite elements are exact
  // at the nodes for any load (their shape functions solve EI w'''' = 0; Tong 1969).
  const double l = 1.5, ei = 2, q = 3, p = 0.5;
  const auto v = equilibrium(test_support::case_from_text(
      cantilever,
      {"Left end/Support=clamped", "Right end/Support=free", "Right end/Force=0.5",
       "Load/Distributed force=3", "Discretization/Elements=10", "Output/Probes=0.75"}));
  auto w = [&](double x) {
    return q * x * x * (6 * l * l - 4 * l * x + x * x) / (24 * ei) +
           p * x * x * (3 * l - x) / (6 * ei);
  };
  const double tip = w(l);
  EXPECT_NEAR(v.at("u_right"), tip, 1e-13 * tip);
  EXPECT_NEAR(v.at("u@0.75"), w(0.75), 1e-13 * tip);
  EXPECT_NEAR(v.at("theta_right"), q * l * l * l / (6 * ei) + p * l * l / (2 * ei), 1e-13 * tip);
  EXPECT_NEAR(v.at("reaction_left"), -(q * l + p), 1e-12 * (q * l + p));
  EXPECT_NEAR(v.at("moment_reaction_left"), -(q * l * l / 2 + p * l), 1e-12 * (q * l * l));
  EXPECT_EQ(v.at("u_left"), 0.0);
  EXPECT_EQ(v.count("v_right"), 0u); // a velocity is no static column
  test_support::report("static Euler-Bernoulli cantilever, tip deflection relative error",
                       std::abs(v.at("u_right") - tip) / tip);
}

TEST(StaticEquilibrium, TimoshenkoCantileverAddsTheShearDeflection) {
  // w(L) = P L^3 / (3 EI) + P L / kGA; cubic w and quadratic theta are the exact solution's
  // polynomials, so degree 3 elements hold it.
  const double l = 1.5, ei = 2, kga = 40, p = 0.5;
  const auto v = equilibrium(test_support::case_from_text(
      cantilever,
      {"Model/Type=timoshenko beam", "Model/Shear stiffness=40",
       "Model/Rotary inertia per length=0.01", "Left end/Support=clamped", "Right end/Support=free",
       "Right end/Force=0.5", "Discretization/Elements=8", "Discretization/Degree=3"}));
  const double tip = p * l * l * l / (3 * ei) + p * l / kga;
  EXPECT_NEAR(v.at("u_right"), tip, 1e-12 * tip);
  EXPECT_NEAR(v.at("theta_right"), p * l * l / (2 * ei), 1e-12 * tip);
  EXPECT_NEAR(v.at("reaction_left"), -p, 1e-12 * p);
}

TEST(StaticEquilibrium, StringUnderUniformLoadAtLoadTime) {
  // T w'' = -q, w(0) = w(L) = 0: w = q x (L - x) / (2 T), each support holding q L / 2. The
  // load 2.5 t taken at Static/Load time = 2 s is q = 5 N/m.
  const double l = 2, tension = 100, q = 5;
  const auto v = equilibrium(test_support::case_from_text(
      "subsection Model\n set Length = 2\n set Tension = 100\n set Mass per length = 0.5\nend\n",
      {"Left end/Support=fixed", "Right end/Support=fixed", "Load/Distributed force=2.5*t",
       "Static/Load time=2", "Discretization/Elements=8", "Discretization/Degree=1",
       "Output/Probes=0.5, 1"}));
  auto w = [&](double x) { return q * x * (l - x) / (2 * tension); };
  EXPECT_NEAR(v.at("u@0.5"), w(0.5), 1e-14);
  EXPECT_NEAR(v.at("u@1"), w(1), 1e-14);
  EXPECT_NEAR(v.at("reaction_left"), -q * l / 2, 1e-12);
  EXPECT_NEAR(v.at("reaction_right"), -q * l / 2, 1e-12);
}

TEST(StaticEquilibrium, HardeningEndSpringByLoadSteps) {
  // A string (T = 100 N, L = 1 m) fixed at x = 0, its free end on a spring F(e) = 50 e + 2e4 e^3
  // under an end force P = 10 N: the string is straight (w = e x / L) and the end's balance
  // T e / L + F(e) = P has one root, found here by bisection; the fixed end holds -T e / L.
  const double tension = 100, p = 10;
  auto spring = [](double e) { return 50 * e + 2e4 * e * e * e; };
  double low = 0, high = 1;
  for (int it = 0; it < 200; ++it) {
    const double mid = 0.5 * (low + high);
    (tension * mid + spring(mid) < p ? low : high) = mid;
  }
  const double e = 0.5 * (low + high);
  const auto v = equilibrium(test_support::case_from_text(
      "subsection Model\n set Tension = 100\n set Mass per length = 0.5\nend\n",
      {"Left end/Support=fixed", "Right end/Support=free", "Right end/Spring law=50*e + 2e4*e^3",
       "Right end/Force=10", "Discretization/Elements=16", "Output/Probes=0.25"}));
  EXPECT_NEAR(v.at("u_right"), e, 1e-12 * e);
  EXPECT_NEAR(v.at("u@0.25"), 0.25 * e, 1e-12 * e);
  EXPECT_NEAR(v.at("spring_force_right"), spring(e), 1e-11 * p);
  EXPECT_NEAR(v.at("reaction_left"), -tension * e, 1e-11 * p);
  EXPECT_GT(2e4 * e * e * e, 0.4 * spring(e)); // the cubic term carries half the force (e = 0.05)
  test_support::report("static hardening end spring, end displacement relative error",
                       std::abs(v.at("u_right") - e) / e);
}

TEST(StaticEquilibrium, StopsAtTheLimitLoadOfASofteningSpring) {
  // T = 1 N and F(e) = 50 e - 2e4 e^3 at the end of a 1 m string: the end's balance
  // (T / L + 50) e - 2e4 e^3 = P peaks at e* = sqrt(51 / 6e4), P* = 0.991 N; a force of 5 N
  // has no stable equilibrium, and the load steps stop within their last halving of P* / 5.
  const double peak_e = std::sqrt(51 / 6e4), peak = 51 * peak_e - 2e4 * std::pow(peak_e, 3);
  const CaseParameters c = test_support::case_from_text(
      "subsection Model\n set Tension = 1\n set Mass per length = 0.5\nend\n",
      {"Left end/Support=fixed", "Right end/Support=free", "Right end/Spring law=50*e - 2e4*e^3",
       "Right end/Force=5", "Discretization/Elements=4"});
  PreparedCase pc(c, MPI_COMM_WORLD, Matrices::band_from_cells);
  try {
    static_equilibrium(pc);
    ADD_FAILURE() << "an equilibrium past the limit load was reported";
  } catch (const CollectiveFailure& failure) {
    const std::string message = failure.what();
    const std::string before = "beyond load factor ";
    const auto at = message.find(before);
    ASSERT_NE(at, std::string::npos) << message;
    const double reached = std::stod(message.substr(at + before.size()));
    EXPECT_LE(reached, peak / 5);
    EXPECT_GT(reached, peak / 5 - 2e-6) << message;
  }
}

TEST(StaticEquilibrium, RefusesWhatItCannotSolve) {
  const std::string string =
      "subsection Model\n set Tension = 100\n set Mass per length = 1\nend\n";
  // dry friction leaves the equilibrium undetermined: named by its key
  try {
    check_static_case(test_support::case_from_text(string, {"Attachments/Dashpots=0.5:2,1"}));
    ADD_FAILURE() << "dry friction was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("Attachments/Dashpots"), std::string::npos) << e.what();
  }
  // a string free at both ends moves rigidly: no equilibrium under a load; on a spring it has one
  try {
    check_static_case(test_support::case_from_text(
        string, {"Left end/Support=free", "Right end/Support=free", "Load/Distributed force=1"}));
    ADD_FAILURE() << "a free-free string was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("Left end/Support"), std::string::npos) << e.what();
  }
  check_static_case(test_support::case_from_text(
      string, {"Left end/Support=free", "Right end/Support=free", "Right end/Spring=5"}));
}
