#include "core/expression.h"
#include "core/input_error.h"

#include <gtest/gtest.h>

#include <cmath>

using hamdyn::Expression;
using hamdyn::InputError;

namespace {
std::string error_of(const std::string& text, const std::vector<std::string>& vars) {
  try {
    Expression("Load/Distributed force", text, vars);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}
} // namespace

TEST(Expression, EvaluatesInXAndT) {
  const Expression e("p", "2*x + t^2 + pi", {"x", "t"});
  EXPECT_DOUBLE_EQ(e(0.5, 3.0), 1.0 + 9.0 + M_PI);
  EXPECT_FALSE(e.is_time_independent());
  EXPECT_FALSE(e.is_zero());
}

TEST(Expression, RecognisesConstantsAndExponents) {
  EXPECT_TRUE(Expression("p", "0", {"x", "t"}).is_zero());
  EXPECT_FALSE(Expression("p", "0*x", {"x", "t"}).is_zero());
  const Expression e("p", "1e-3*sin(x)", {"x", "t"});
  EXPECT_TRUE(e.is_time_independent());
  EXPECT_DOUBLE_EQ(e(1.0, 0.0), 1e-3 * std::sin(1.0));
}

TEST(Expression, NamesAnUndefinedVariable) {
  const std::string message = error_of("sin(y*x)", {"x", "t"});
  EXPECT_NE(message.find("Load/Distributed force"), std::string::npos) << message;
  EXPECT_NE(message.find("sin(y*x)"), std::string::npos) << message;
  EXPECT_NE(message.find("undefined variable 'y'"), std::string::npos) << message;
}

TEST(Expression, RejectsAVariableNotAllowedHere) {
  // An end force may depend on t only.
  EXPECT_NE(error_of("x*t", {"t"}).find("undefined variable 'x'"), std::string::npos);
}

TEST(Expression, RejectsMalformedAndEmptyText) {
  EXPECT_NE(error_of("sin(x", {"x", "t"}).find("malformed"), std::string::npos);
  EXPECT_NE(error_of("2*/x", {"x", "t"}).find("malformed"), std::string::npos);
  EXPECT_NE(error_of("  ", {"x", "t"}).find("empty"), std::string::npos);
}

// A force law's slope is its exact derivative (core/symbolic_derivative.h), checked against the
// derivatives written out by hand to 1e-14 (the two are different formulas for the same
// derivative, 1 - tanh^2 against 1/cosh^2, so they round differently; a central difference is
// good to ~1e-10 only).
TEST(Expression, ALawHasItsExactSlope) {
  struct Case {
    const char* law;
    double (*slope)(double);
  };
  const Case cases[] = {
      {"2000*e + 5e7*e^3", [](double e) { return 2000 + 1.5e8 * e * e; }},
      {"-0.5*800*0.5^2*sin(2*e)", [](double e) { return -200 * std::cos(2 * e); }},
      {"abs(e)*e", [](double e) { return 2 * std::abs(e); }},
      {"1e3*abs(e)^1.5*sign(e)", [](double e) { return 1.5e3 * std::sqrt(std::abs(e)); }},
      {"ln(1+e) + exp(-e/3)", [](double e) { return 1 / (1 + e) - std::exp(-e / 3) / 3; }},
      {"-2^2*e^2", [](double e) { return -8 * e; }}, // muparser: -(2^2), as GiNaC reads it
      {"tanh(e/0.01)", [](double e) { return 100 / std::pow(std::cosh(e / 0.01), 2); }},
  };
  for (const Case& c : cases) {
    const Expression law("Right end/Spring law", c.law, {"e"});
    ASSERT_TRUE(law.has_exact_slope()) << c.law;
    for (double e : {0.0, 1e-3, -0.02, 0.3, -0.7}) {
      const double expected = c.slope(e);
      EXPECT_NEAR(law.slope(e), expected, 1e-14 * std::max(1.0, std::abs(expected)))
          << c.law << " at e = " << e;
    }
  }
  // muparser's min, max, comparisons and ?: have no exact derivative here
  for (const char* text : {"max(e, 0)*1e4", "e > 0 ? 1e4*e : 0"})
    EXPECT_FALSE(Expression("Right end/Spring law", text, {"e"}).has_exact_slope()) << text;
  // an expression in x and t is no law
  EXPECT_FALSE(Expression("Load/Distributed force", "x*t", {"x", "t"}).has_exact_slope());
}

// An expression in t alone (a prescribed motion's rate d(t)) has its exact d'(t) too.
TEST(Expression, AnExpressionInTAloneHasItsExactRate) {
  const Expression rate("Constraints/Equations", "-0.1*cos(5*t) + t^2", {"t"});
  ASSERT_TRUE(rate.has_exact_slope());
  for (double t : {0.0, 0.3, 1.7})
    EXPECT_NEAR(rate.slope(t), 0.5 * std::sin(5 * t) + 2 * t, 1e-15 * (1 + 2 * t)) << t;
  EXPECT_EQ(rate(0, 0.3), -0.1 * std::cos(1.5) + 0.09);
  EXPECT_FALSE(Expression("Constraints/Equations", "max(t, 1)", {"t"}).has_exact_slope());
}

// One whose terms cancel where it is probed (t^2/2 + cos t - 1 = t^4/24 + ... at t = 0.013, where
// muparser's and GiNaC's evaluations differ by the terms' round-off, 1e-8 of the value) has its
// exact rate: the spin-up profile of a hub (Planar beam/Start rotation).
TEST(Expression, ATermsCancellingExpressionHasItsExactRate) {
  const Expression hub("Planar beam/Start rotation", "4*(t^2/2 + (cos(2*pi*t) - 1)/(2*pi)^2)",
                       {"t"});
  ASSERT_TRUE(hub.has_exact_slope());
  for (double t : {0.0, 0.3, 0.9})
    EXPECT_NEAR(hub.slope(t), 4 * (t - std::sin(2 * M_PI * t) / (2 * M_PI)), 1e-14) << t;
}
