// `hamdyn converge`'s study (studies/convergence_study) on cases the suite already trusts: the
// observed orders equal theory (2p for Lagrange strings, 4 for Hermite beams, 2 in dt), and the
// Richardson limit it uses without an exact solution agrees with the exact value.
#include "core/case_parameters.h"
#include "studies/compare_methods.h"
#include "studies/convergence_study.h"
#include "studies/line_convergence.h"
#include "studies/richardson.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace hamdyn;

namespace {
// The rows of one quantity.
std::vector<ConvergenceRow> rows_of(const ConvergenceResult& r, const std::string& quantity) {
  std::vector<ConvergenceRow> rows;
  for (const auto& row : r.rows)
    if (row.quantity == quantity)
      rows.push_back(row);
  return rows;
}

void expect_orders(const ConvergenceResult& r, const std::string& what, unsigned int n) {
  for (unsigned int k = 1; k <= n; ++k) {
    const auto rows = rows_of(r, "omega_" + std::to_string(k));
    ASSERT_FALSE(rows.empty()) << what;
    const ConvergenceRow& last = rows.back();
    EXPECT_EQ(last.reference_kind, "exact") << what;
    EXPECT_NEAR(last.order, last.expected_order, 0.1) << what << ", omega_" << k;
    test_support::report(what + ": omega_" + std::to_string(k) + " order at the last level",
                         last.order);
  }
}
} // namespace

TEST(Convergence, LagrangeStringsConvergeAtOrderTwoP) {
  // The default string (fixed - mass on a spring), whose frequency equation is exact.
  const std::pair<unsigned int, unsigned int> start[3] = {{1, 10}, {2, 4}, {3, 2}};
  for (const auto& [degree, elements] : start) {
    const auto c = test_support::make_case({"Discretization/Degree=" + std::to_string(degree),
                                            "Discretization/Elements=" + std::to_string(elements),
                                            "Convergence/Levels=4"});
    const ConvergenceResult r = run_convergence_study(c, LineConvergence(), MPI_COMM_WORLD);
    expect_orders(r, "string P" + std::to_string(degree), 3);
    EXPECT_EQ(rows_of(r, "omega_1").back().expected_order, 2.0 * degree);
  }
}

TEST(Convergence, HermiteBeamsConvergeAtOrderFour) {
  const auto c = test_support::make_case(
      {"Model/Type=euler bernoulli beam", "Model/Bending stiffness=3", "Model/Mass per length=5",
       "Left end/Support=clamped", "Right end/Point mass=0.4", "Right end/Rotary inertia=0.01",
       "Right end/Spring=0", "Discretization/Elements=2", "Convergence/Levels=4"});
  const ConvergenceResult r = run_convergence_study(c, LineConvergence(), MPI_COMM_WORLD);
  expect_orders(r, "Hermite cantilever with tip mass", 3);
  EXPECT_EQ(rows_of(r, "omega_1").back().expected_order, 4.0);
}

TEST(Convergence, TimeStepOrderTwoAgainstTheModalSeries) {
  const auto c = test_support::make_case({"Model/Viscous damping=0", "Discretization/Degree=4",
                                          "Discretization/Elements=20", "Convergence/Refine=dt",
                                          "Convergence/Number of frequencies=0",
                                          "Convergence/History=u_right", "Convergence/Levels=4"});
  const auto rows = rows_of(run_convergence_study(c, LineConvergence(), MPI_COMM_WORLD), "u_right");
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows.back().reference_kind, "exact");
  EXPECT_EQ(rows.back().expected_order, 2.0);
  for (std::size_t k = 2; k < rows.size(); ++k)
    EXPECT_NEAR(rows[k].order, 2.0, 0.1) << "level " << k;
  test_support::report("generalized-alpha u_right order in dt at the last level",
                       rows.back().order);
}

TEST(Convergence, RichardsonLimitAgreesWithTheExactValue) {
  // The same levels without their exact reference: Richardson's limit from the last three levels
  // lies far closer to the exact value than the finest level does.
  const auto c = test_support::make_case(
      {"Discretization/Degree=1", "Discretization/Elements=10", "Convergence/Levels=4"});
  const ConvergenceResult r = run_convergence_study(c, LineConvergence(), MPI_COMM_WORLD);
  const std::vector<double> exact = exact_frequencies(c, 3);
  for (unsigned int k = 0; k < 3; ++k) {
    const auto rows = rows_of(r, "omega_" + std::to_string(k + 1));
    std::vector<std::vector<double>> values;
    for (const auto& row : rows)
      values.push_back({row.value});
    const double limit = richardson_limit(values, 4)[0];
    const double finest_error = rows.back().error;
    test_support::report("P1 omega_" + std::to_string(k + 1) +
                             ": |Richardson - exact| / |finest - exact|",
                         std::abs(limit - exact[k]) / finest_error);
    EXPECT_LT(std::abs(limit - exact[k]), 1e-2 * finest_error) << "omega_" << k + 1;
  }
}

TEST(Convergence, RichardsonReferenceWhereThereIsNoExactOne) {
  // A damped, forced string has no exact history: the study's reference is the Richardson limit
  // of its levels, and the observed order in dt is 2 at every level. (Its first mode only,
  // released and driven in its own shape: a start that excites modes the step cannot resolve,
  // such as the default case's unbalanced end spring, keeps the velocity far from the asymptotic
  // range at these steps.)
  const auto c = test_support::make_case(
      {"Right end/Support=fixed", "Initial conditions/Displacement=0.005*sin(pi*x)",
       "Load/Distributed force=0.5*sin(pi*x)*sin(300*t)", "Discretization/Degree=2",
       "Discretization/Elements=20", "Convergence/Refine=dt", "Convergence/Number of frequencies=0",
       "Convergence/History=u@0.5", "Convergence/Levels=4"});
  const auto rows = rows_of(run_convergence_study(c, LineConvergence(), MPI_COMM_WORLD), "u@0.5");
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].reference_kind, "richardson");
  for (std::size_t k = 1; k < rows.size(); ++k)
    EXPECT_NEAR(rows[k].order, 2.0, 0.1) << "level " << k;
  test_support::report("damped forced string u@0.5, Richardson reference: order in dt",
                       rows.back().order);
}

TEST(Convergence, CantileverToTheFinestMeshSaysWhereRoundOffIs) {
  // The cantilever (L = 1.2, EI = 350, rho A = 1.6, tip M = 0.5, J = 0.004) from 8 to
  // 8192 elements: the error falls as h^4 until it reaches round-off; those levels are marked
  // round-off and get no order, and no order of the asymptotic levels is off (before, the table
  // printed orders 3.99, 3.94, then -0.81 down to -6.66).
  const auto c = test_support::make_case(
      {"Model/Type=euler bernoulli beam", "Model/Length=1.2", "Model/Bending stiffness=350",
       "Model/Mass per length=1.6", "Model/Viscous damping=0", "Left end/Support=clamped",
       "Right end/Support=free", "Right end/Point mass=0.5", "Right end/Rotary inertia=0.004",
       "Right end/Spring=0", "Discretization/Elements=8", "Convergence/Levels=11",
       "Convergence/Number of frequencies=1"});
  const auto rows = rows_of(run_convergence_study(c, LineConvergence(), MPI_COMM_WORLD), "omega_1");
  ASSERT_EQ(rows.size(), 11u);
  unsigned int round_off = 0;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const ConvergenceRow& r = rows[k];
    EXPECT_NEAR(r.relative_error, r.error / r.reference, 1e-15 * r.relative_error);
    if (r.regime == "round-off") {
      ++round_off;
      EXPECT_TRUE(std::isnan(r.order)) << "level " << k;
      EXPECT_LE(r.relative_error, 10 * r.round_off) << "level " << k;
    } else if (r.regime == "asymptotic" && k > 0) {
      EXPECT_NEAR(r.order, 4.0, 0.2) << "level " << k;
    }
    if (std::isfinite(r.order)) { // never a negative order from round-off
      EXPECT_GT(r.order, 3.0) << "level " << k;
    }
    test_support::report("cantilever level " + std::to_string(k) + " relative error",
                         r.relative_error);
  }
  EXPECT_GE(round_off, 2u); // 4096 and 8192 elements at least: 1e-15
  EXPECT_EQ(rows.back().regime, "round-off");
  EXPECT_EQ(rows[2].regime, "asymptotic");
}

TEST(Convergence, KinkedInitialShapeInDtIsMarkedPreAsymptotic) {
  // A plucked string (the triangle peaked at 0.3 L) undamped at rho_inf = 1: its modes are
  // excited up to the mesh's highest, so the error in dt is not yet in the asymptotic range and
  // the observed orders wander. Every level whose order no neighbour shares is pre-asymptotic;
  // the compared value is at the time of the largest error, not the initial one.
  const auto c = test_support::make_case(
      {"Right end/Support=fixed", "Right end/Point mass=0", "Right end/Spring=0",
       "Model/Viscous damping=0", "Discretization/Elements=200",
       "Initial conditions/Displacement=0.01*(x < 0.3 ? x/0.3 : (1-x)/0.7)",
       "Time integration/Time step=4e-4", "Time integration/Final time=0.02",
       "Convergence/Refine=dt", "Convergence/Number of frequencies=0", "Convergence/History=u@0.5",
       "Convergence/Levels=5"});
  const auto rows = rows_of(run_convergence_study(c, LineConvergence(), MPI_COMM_WORLD), "u@0.5");
  ASSERT_EQ(rows.size(), 5u);
  auto agree = [](double a, double b) {
    return std::isfinite(a) && std::isfinite(b) &&
           std::abs(a - b) <= std::max(0.1, 0.05 * std::abs(a));
  };
  for (std::size_t k = 1; k < rows.size(); ++k) {
    const bool shared = (k > 1 && agree(rows[k].order, rows[k - 1].order)) ||
                        (k + 1 < rows.size() && agree(rows[k].order, rows[k + 1].order));
    if (rows[k].regime != "round-off") {
      EXPECT_EQ(rows[k].regime, shared ? "asymptotic" : "pre-asymptotic") << "level " << k;
    }
    EXPECT_GT(rows[k].time, 0) << "level " << k;
    test_support::report("plucked string order in dt, level " + std::to_string(k), rows[k].order);
  }
}
