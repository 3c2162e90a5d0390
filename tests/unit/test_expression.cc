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
