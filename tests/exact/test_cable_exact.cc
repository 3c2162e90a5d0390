// The elastic catenary and the sagged cable's frequencies against independent references: the
// inextensible catenary's closed form, Irvine's closed forms for supports at one level (Cable
// Structures, 1981, sec. 2.2), the equilibrium's ODE integrated by quadrature, the taut limit,
// and the frequency equation's limits (the taut string, the crossover at lambda^2 = 4 pi^2, the
// inextensible cable's tan y = y).
#include "exact/elastic_catenary.h"
#include "exact/sagged_cable_frequencies.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>

using hamdyn::exact::CableSpan;
using hamdyn::exact::ElasticCatenary;

TEST(ElasticCatenary, InextensibleLimitIsTheCatenary) {
  // cosh's catenary: L0 = (2H/w) sinh(w l / 2H), d = (H/w) (cosh(w l / 2H) - 1); EA = 1e18 N
  // stretches it by T/EA < 1e-15
  const double l = 100, w = 10, h = 500;
  const ElasticCatenary c = ElasticCatenary::with_horizontal_tension({l, 0, 1e18, w}, h);
  const double u = w * l / (2 * h);
  EXPECT_NEAR(c.unstretched_length(), 2 * h / w * std::sinh(u), 1e-13 * l);
  hamdyn::test_support::report(
      "elastic catenary, inextensible limit: unstretched length against (2H/w) sinh(wl/2H), "
      "relative error",
      std::abs(c.unstretched_length() / (2 * h / w * std::sinh(u)) - 1));
  EXPECT_NEAR(c.sag(), h / w * (std::cosh(u) - 1), 1e-13 * l);
  EXPECT_NEAR(c.left_vertical_tension(), -h * std::sinh(u), 1e-13 * h);
  EXPECT_NEAR(c.tension(0), h * std::cosh(u), 1e-13 * h);
  EXPECT_NEAR(c.tension(c.unstretched_length() / 2), h, 1e-13 * h);
}

TEST(ElasticCatenary, LevelSupportsMatchIrvinesClosedForm) {
  // Irvine eqs. (2.9)-(2.11) for a symmetric cable: V = -w L0 / 2,
  // l = H L0 / EA + (2H / w) asinh(w L0 / 2H), d = w L0^2 / 8EA + (H / w)(sqrt(1 + (w L0 / 2H)^2) -
  // 1)
  const double l = 100, ea = 2e5, w = 10, l0 = 102;
  const ElasticCatenary c = ElasticCatenary::with_length({l, 0, ea, w}, l0);
  const double h = c.horizontal_tension(), u = w * l0 / (2 * h);
  EXPECT_NEAR(h * l0 / ea + 2 * h / w * std::asinh(u), l, 1e-13 * l);
  hamdyn::test_support::report(
      "elastic catenary, level supports: sag against Irvine's closed form, relative error",
      std::abs(c.sag() / (w * l0 * l0 / (8 * ea) + h / w * (std::sqrt(1 + u * u) - 1)) - 1));
  EXPECT_NEAR(c.left_vertical_tension(), -w * l0 / 2, 1e-13 * w * l0);
  EXPECT_NEAR(c.sag(), w * l0 * l0 / (8 * ea) + h / w * (std::sqrt(1 + u * u) - 1), 1e-13 * l);
  // the same cable given by its horizontal tension and by its sag
  EXPECT_NEAR(ElasticCatenary::with_horizontal_tension({l, 0, ea, w}, h).unstretched_length(), l0,
              1e-12 * l0);
  EXPECT_NEAR(ElasticCatenary::with_sag({l, 0, ea, w}, c.sag()).horizontal_tension(), h, 1e-10 * h);
}

TEST(ElasticCatenary, InclinedCableSolvesItsEquilibrium) {
  // dx/ds = H/T + H/EA and dz/ds = T_z/T + T_z/EA with T_z = V + w s, integrated by composite
  // Simpson's rule from the solved H and V, end at the right support and pass through position()
  const CableSpan span{80, 30, 1e6, 15};
  const double l0 = 95;
  const ElasticCatenary c = ElasticCatenary::with_length(span, l0);
  const double h = c.horizontal_tension(), v = c.left_vertical_tension();
  const int n = 20000; // even
  double x = 0, z = 0;
  for (int i = 0; i <= n; ++i) {
    const double s = l0 * i / n, tz = v + span.weight * s, t = std::hypot(h, tz);
    const double weight = (i == 0 || i == n) ? 1 : (i % 2 ? 4 : 2);
    x += weight * (h / t + h / span.axial_stiffness);
    z += weight * (tz / t + tz / span.axial_stiffness);
  }
  x *= l0 / n / 3;
  z *= l0 / n / 3;
  EXPECT_NEAR(x, span.span, 1e-10 * span.span);
  hamdyn::test_support::report(
      "elastic catenary, inclined: the equilibrium ODE's end by Simpson's rule, relative error",
      std::hypot(x - span.span, z - span.rise) / span.span);
  EXPECT_NEAR(z, span.rise, 1e-10 * span.span);
  const auto end = c.position(l0);
  EXPECT_NEAR(end.x, span.span, 1e-12 * span.span);
  EXPECT_NEAR(end.z, span.rise, 1e-12 * span.span);
  // reactions: the supports carry the weight, H at both ends
  EXPECT_DOUBLE_EQ(c.left_reaction().z + c.right_reaction().z, span.weight * l0);
  EXPECT_DOUBLE_EQ(c.left_reaction().x + c.right_reaction().x, 0);
  // the point at midspan lies `sag` below the chord
  const double s_mid = c.coordinate_at(span.span / 2);
  EXPECT_NEAR(c.position(s_mid).x, span.span / 2, 1e-12 * span.span);
  EXPECT_NEAR(c.position(s_mid).z, span.rise / 2 - c.sag(), 1e-12 * span.span);
  EXPECT_GT(c.sag(), 0);
}

TEST(ElasticCatenary, TautLimitIsAStretchedStraightCable) {
  // nearly weightless and shorter than its chord: straight, T = EA (chord / L0 - 1)
  for (const double w : {1e-9, 0.0}) {
    const CableSpan span{30, 40, 1e5, w};
    const double chord = 50, l0 = 0.99 * chord;
    const ElasticCatenary c = ElasticCatenary::with_length(span, l0);
    const double t = span.axial_stiffness * (chord / l0 - 1);
    EXPECT_NEAR(c.horizontal_tension(), t * 30 / chord, 1e-9 * t);
    EXPECT_NEAR(c.tension(l0 / 2), t, 1e-9 * t);
    EXPECT_LT(c.sag(), 1e-9);
  }
}

TEST(ElasticCatenary, RefusesWhatHasNoCatenary) {
  EXPECT_THROW(ElasticCatenary::with_length({100, 0, 1e5, -1}, 101), std::domain_error);
  EXPECT_THROW(ElasticCatenary::with_sag({100, 0, 1e5, 0}, 1), std::domain_error);
  EXPECT_THROW(ElasticCatenary::with_length({100, 0, -1, 1}, 101), std::domain_error);
  EXPECT_THROW(ElasticCatenary::with_sag({100, 0, 1e5, 1}, 0), std::domain_error);
  EXPECT_THROW(ElasticCatenary::with_horizontal_tension({0, 0, 1e5, 1}, 10), std::domain_error);
}

TEST(SaggedCableModes, LimitsOfIrvinesFrequencyEquation) {
  using hamdyn::exact::sagged_cable_modes;
  const double l = 200, h = 4e4, m = 2, scale = std::sqrt(h / m) / l;
  // antisymmetric: a taut string's even modes, whatever lambda^2
  for (const double lambda2 : {1e-8, 10.0, 4 * M_PI * M_PI, 1e3}) {
    const auto modes = sagged_cable_modes(l, h, m, lambda2, 6);
    ASSERT_EQ(modes.size(), 6u);
    unsigned int n = 0;
    for (const auto& mode : modes)
      if (!mode.symmetric) {
        EXPECT_NEAR(mode.omega, 2 * M_PI * ++n * scale, 1e-13 * mode.omega);
      }
    for (std::size_t k = 1; k < modes.size(); ++k)
      EXPECT_LE(modes[k - 1].omega, modes[k].omega);
  }
  // lambda^2 -> 0: the taut string's odd modes, w = (2k - 1) pi
  const auto taut = sagged_cable_modes(l, h, m, 1e-8, 3);
  EXPECT_TRUE(taut[0].symmetric);
  EXPECT_NEAR(taut[0].omega, M_PI * scale, 1e-8 * taut[0].omega);
  EXPECT_NEAR(taut[2].omega, 3 * M_PI * scale, 1e-8 * taut[2].omega);
  // the crossover: at lambda^2 = 4 pi^2 the first symmetric mode is at w = 2 pi
  const auto crossing = sagged_cable_modes(l, h, m, 4 * M_PI * M_PI, 2);
  EXPECT_NEAR(crossing[0].omega, 2 * M_PI * scale, 1e-12 * crossing[0].omega);
  EXPECT_NEAR(crossing[1].omega, 2 * M_PI * scale, 1e-12 * crossing[0].omega);
  // lambda^2 -> infinity (inextensible): tan y = y, y = 4.4934094579090642 (Abramowitz & Stegun
  // table 4.19)
  const auto stiff = sagged_cable_modes(l, h, m, 1e14, 2);
  EXPECT_TRUE(stiff[1].symmetric);
  EXPECT_NEAR(stiff[1].omega, 2 * 4.4934094579090642 * scale, 1e-10 * stiff[1].omega);
  hamdyn::test_support::report(
      "Irvine's frequency equation, lambda^2 -> infinity: root against tan y = y, relative error",
      std::abs(stiff[1].omega / (2 * 4.4934094579090642 * scale) - 1));
  // Irvine's lambda^2 of a shallow cable: (w l / H)^2 l EA / (H L_e)
  const double lambda2 = hamdyn::exact::irvine_lambda_squared(100, 1e4, 20, 1e8, 2.5);
  EXPECT_NEAR(lambda2, 0.04 * 100 * 1e8 / (1e4 * 100 * 1.005), 1e-12 * lambda2);
}
