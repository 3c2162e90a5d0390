// Lagrange's equations from energies as expressions (core/lagrange_equations.h) against the
// closed forms of the double pendulum (Goldstein, Poole & Safko, 3rd ed., sec. 1.6 and problem
// 1.21 written for two point masses), their tangents against central differences of the
// forces, and the compiled expressions muparser evaluates (core/compiled_expressions.h).
#include "core/compiled_expressions.h"
#include "core/expression.h"
#include "core/input_error.h"
#include "core/lagrange_equations.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {
using namespace hamdyn;

EnergyText text(const std::string& parameter, const std::string& t) {
  return {parameter, t, t};
}

// m1 at l1 (sin th1, -cos th1), m2 at l2 further, gravity g downwards.
EnergyDefinition double_pendulum(double m1, double m2, double l1, double l2, double g) {
  EnergyDefinition d;
  d.coordinates = {"th1", "th2"};
  const std::string p = "Discrete system/Points", s1 = std::to_string(l1), s2 = std::to_string(l2);
  d.points.push_back({"m1", m1, {text(p, s1 + "*sin(th1)"), text(p, "-" + s1 + "*cos(th1)")}});
  d.points.push_back({"m2",
                      m2,
                      {text(p, s1 + "*sin(th1) + " + s2 + "*sin(th2)"),
                       text(p, "-" + s1 + "*cos(th1) - " + s2 + "*cos(th2)")}});
  d.gravity = {0, -g};
  return d;
}

TEST(LagrangeEquations, DoublePendulumHasItsMassMatrixAndForces) {
  const double m1 = 1, m2 = 2, l1 = 1, l2 = 0.5, g = 9.81;
  const LagrangeEquations e(double_pendulum(m1, m2, l1, l2, g));
  EXPECT_FALSE(e.depends_on_time());
  const double q[] = {0.7, -0.4}, v[] = {1.3, -2.1}, a[] = {0.3, 0.9}, t = 0.2;
  const double d = q[0] - q[1];
  LagrangeEquations::Tangents tangents;
  e.tangents(q, v, a, t, tangents);
  const double mass[] = {(m1 + m2) * l1 * l1, m2 * l1 * l2 * std::cos(d),
                         m2 * l1 * l2 * std::cos(d), m2 * l2 * l2};
  for (int k = 0; k < 4; ++k)
    EXPECT_NEAR(tangents.mass[k], mass[k], 1e-15 * 3) << k;
  // g_c: the centrifugal terms m2 l1 l2 sin(d) (v2^2, -v1^2) and the weights' torques
  LagrangeEquations::Forces f;
  e.forces(q, v, a, t, f);
  const double g1 = m2 * l1 * l2 * std::sin(d) * v[1] * v[1] + (m1 + m2) * g * l1 * std::sin(q[0]);
  const double g2 = -m2 * l1 * l2 * std::sin(d) * v[0] * v[0] + m2 * g * l2 * std::sin(q[1]);
  EXPECT_NEAR(f.conservative[0], g1, 1e-13 * std::abs(g1));
  EXPECT_NEAR(f.conservative[1], g2, 1e-13 * std::abs(g2));
  EXPECT_NEAR(f.inertia[0], mass[0] * a[0] + mass[1] * a[1], 1e-14);
  EXPECT_NEAR(f.inertia[1], mass[2] * a[0] + mass[3] * a[1], 1e-14);
  // T and V
  const double kinetic = 0.5 * (m1 + m2) * l1 * l1 * v[0] * v[0] +
                         m2 * l1 * l2 * std::cos(d) * v[0] * v[1] +
                         0.5 * m2 * l2 * l2 * v[1] * v[1];
  const double potential = -(m1 + m2) * g * l1 * std::cos(q[0]) - m2 * g * l2 * std::cos(q[1]);
  EXPECT_NEAR(e.kinetic_energy(q, v, t), kinetic, 1e-14 * kinetic);
  EXPECT_NEAR(e.potential_energy(q, t), potential, 1e-14 * std::abs(potential));
  // the tangents are the forces' derivatives: central differences agree to their own error
  for (int k = 0; k < 2; ++k) {
    const double h = 1e-6;
    double qp[] = {q[0], q[1]}, qm[] = {q[0], q[1]}, vp[] = {v[0], v[1]}, vm[] = {v[0], v[1]};
    qp[k] += h;
    qm[k] -= h;
    vp[k] += h;
    vm[k] -= h;
    LagrangeEquations::Forces fp, fm, gp, gm;
    e.forces(qp, v, a, t, fp);
    e.forces(qm, v, a, t, fm);
    e.forces(q, vp, a, t, gp);
    e.forces(q, vm, a, t, gm);
    for (int i = 0; i < 2; ++i) {
      EXPECT_NEAR(tangents.inertia_q[i * 2 + k], (fp.inertia[i] - fm.inertia[i]) / (2 * h), 1e-8);
      EXPECT_NEAR(tangents.forces_q[i * 2 + k], (fp.conservative[i] - fm.conservative[i]) / (2 * h),
                  1e-7);
      EXPECT_NEAR(tangents.forces_v[i * 2 + k], (gp.conservative[i] - gm.conservative[i]) / (2 * h),
                  1e-8);
    }
  }
}

TEST(LagrangeEquations, DissipationAndForcesEnterWithTheirSigns) {
  EnergyDefinition d;
  d.coordinates = {"x"};
  d.kinetic = {text("Discrete system/Kinetic energy", "0.5*3*v_x^2")};
  d.dissipation = {text("Discrete system/Dissipation function", "0.5*0.2*v_x^2")};
  d.forces = {{"F", text("Discrete system/Generalized forces", "2*cos(t)"), 0}};
  const LagrangeEquations e(d);
  EXPECT_TRUE(e.depends_on_time());
  const double q = 0.1, v = -0.7, a = 0.4, t = 0.3;
  LagrangeEquations::Forces f;
  e.forces(&q, &v, &a, t, f);
  EXPECT_DOUBLE_EQ(f.inertia[0], 3 * a);
  EXPECT_DOUBLE_EQ(f.dissipative[0], 0.2 * v);
  EXPECT_DOUBLE_EQ(f.applied[0], 2 * std::cos(t));
  EXPECT_EQ(f.conservative[0], 0);
}

std::string error_of(const EnergyDefinition& d) {
  try {
    LagrangeEquations e(d);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(LagrangeEquations, BadExpressionsNameTheParameterAndWhy) {
  EnergyDefinition d;
  d.coordinates = {"x", "y"};
  d.kinetic = {text("Discrete system/Kinetic energy", "v_x^2 + v_y^4")};
  const std::string cubic = error_of(d);
  EXPECT_NE(cubic.find("Discrete system/Kinetic energy"), std::string::npos) << cubic;
  EXPECT_NE(cubic.find("at most quadratic in the rates"), std::string::npos) << cubic;
  EXPECT_NE(cubic.find("v_y"), std::string::npos) << cubic;
  d.kinetic = {text("Discrete system/Kinetic energy", "v_x^2 + v_y^2")};
  d.potential = {text("Discrete system/Potential energy", "x^2 + v_x")};
  EXPECT_NE(error_of(d).find("undefined variable 'v_x'"), std::string::npos) << error_of(d);
  d.potential = {text("Discrete system/Potential energy", "x^2 + z")};
  EXPECT_NE(error_of(d).find("undefined variable 'z'"), std::string::npos);
  d.potential = {text("Discrete system/Potential energy", "min(x, y)")};
  EXPECT_NE(error_of(d).find("cannot"), std::string::npos) << error_of(d);
  d.potential = {text("Discrete system/Potential energy", "x^2 +* y")};
  EXPECT_NE(error_of(d).find("malformed"), std::string::npos) << error_of(d);
}

TEST(CompiledExpressions, LongListsAndDealIIsFunctionsEvaluateAsExpressionDoes) {
  // 4000 expressions of ~20 characters: more than muparser's 20000 characters in one text
  std::vector<std::string> texts;
  for (int k = 0; k < 4000; ++k)
    texts.push_back("floor(x*" + std::to_string(k) + ") + pow(y, 2)");
  const CompiledExpressions compiled({"x", "y"}, texts, {{"pi", M_PI}});
  const double values[] = {0.37, -1.5};
  const double* r = compiled.evaluate(values);
  for (int k = 0; k < 4000; k += 397)
    EXPECT_EQ(r[k], std::floor(0.37 * k) + 2.25) << k;
  // a text means here what it means in an Expression (deal.II's FunctionParser)
  const std::string text = "cot(x) + sec(x) + csc(x) + log(x) + erfc(x) + if(x > 0.3, 1, 2) + pi";
  const Expression expression("p", text, {"x", "t"});
  const CompiledExpressions one({"x"}, {text}, {{"pi", M_PI}});
  const double x = 0.37;
  EXPECT_EQ(*one.evaluate(&x), expression(x, 0));
  EXPECT_THROW(CompiledExpressions({"x"}, {"x +* 2"}, {}), std::invalid_argument);
  EXPECT_THROW(CompiledExpressions({"x"}, {"z"}, {}), std::invalid_argument);
}

} // namespace
