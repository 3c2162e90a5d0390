// The exact beam frequencies against the textbook values of beta L (Blevins, "Formulas for
// Natural Frequency and Mode Shape", 1979, table 8-1) and their rigid-body modes.
#include "exact/beam_frequencies.h"
#include "exact/buckling_loads.h"
#include "support/case_builder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

using hamdyn::exact::beam_frequencies;
using hamdyn::exact::engesser_buckling_loads;
using hamdyn::exact::euler_buckling_loads;

namespace {
void expect_beta(const std::string& left, const std::string& right, std::vector<double> beta_l,
                 unsigned int rigid) {
  const auto omega = beam_frequencies(left, right, 2.0, 3.0, 5.0, rigid + beta_l.size());
  const double scale = std::sqrt(3.0 / 5.0) / 4.0;
  ASSERT_EQ(omega.size(), rigid + beta_l.size());
  for (unsigned int k = 0; k < rigid; ++k)
    EXPECT_EQ(omega[k], 0.0) << left << "-" << right;
  for (std::size_t k = 0; k < beta_l.size(); ++k)
    EXPECT_NEAR(std::sqrt(omega[rigid + k] / scale), beta_l[k], 5e-8)
        << left << "-" << right << " mode " << rigid + k + 1;
}
} // namespace

TEST(ExactBeamFrequencies, TextbookValues) {
  expect_beta("clamped", "free", {1.87510407, 4.69409113, 7.85475744}, 0);
  expect_beta("pinned", "pinned", {M_PI, 2 * M_PI, 3 * M_PI}, 0);
  expect_beta("clamped", "clamped", {4.73004074, 7.85320462, 10.9956078}, 0);
  expect_beta("free", "free", {4.73004074, 7.85320462}, 2);
  expect_beta("clamped", "pinned", {3.92660231, 7.06858275}, 0);
  expect_beta("pinned", "free", {3.92660231, 7.06858275}, 1);
  expect_beta("clamped", "sliding", {2.36502037, 5.49780392}, 0);
  expect_beta("sliding", "sliding", {M_PI, 2 * M_PI}, 1);
  expect_beta("pinned", "sliding", {M_PI / 2, 3 * M_PI / 2}, 0);
}

using hamdyn::exact::BeamEnd;

TEST(ExactBeamFrequencies, CantileverWithTipMassAndRotaryInertia) {
  // The case of the issue (L = 3, EI = 2e5, rho A = 12, tip mass 6 kg, 0.9 kg m^2), derived here
  // on its own: the clamped shapes w = A (cos bx - cosh bx) + B (sin bx - sinh bx) and, at x = L,
  // EI w'' - J omega^2 w' = 0 and EI w''' + M omega^2 w = 0, a 2x2 determinant in b
  // (omega^2 = EI b^4 / rho A).
  const double L = 3, ei = 2e5, rho = 12, m = 6, j = 0.9;
  auto det = [=](double b) {
    const double w2 = ei * std::pow(b, 4) / rho, x = b * L, s = std::sin(x), c = std::cos(x),
                 sh = std::sinh(x), ch = std::cosh(x);
    const double a11 = ei * b * b * (-c - ch) - j * w2 * b * (-s - sh);
    const double a12 = ei * b * b * (-s - sh) - j * w2 * b * (c - ch);
    const double a21 = ei * b * b * b * (s - sh) + m * w2 * (c - ch);
    const double a22 = ei * b * b * b * (-c - ch) + m * w2 * (s - sh);
    return (a11 * a22 - a12 * a21) / (ch * ch * (1 + w2 * w2));
  };
  const auto b = hamdyn::test_support::roots(det, 5, 1e-3);
  BeamEnd tip;
  tip.point_mass = m;
  tip.rotary_inertia = j;
  const auto omega = beam_frequencies(BeamEnd::classical("clamped"), tip, L, ei, rho,
                                      static_cast<unsigned>(b.size()));
  for (std::size_t k = 0; k < b.size(); ++k)
    EXPECT_NEAR(omega[k], std::sqrt(ei / rho) * b[k] * b[k], 1e-9 * omega[k]) << "mode " << k + 1;
  // The same tip at x = 0 of a beam clamped at x = L: the mirror image, the same frequencies.
  const auto mirrored = beam_frequencies(tip, BeamEnd::classical("clamped"), L, ei, rho,
                                         static_cast<unsigned>(b.size()));
  for (std::size_t k = 0; k < b.size(); ++k)
    EXPECT_NEAR(mirrored[k], omega[k], 1e-9 * omega[k]) << "mirrored mode " << k + 1;
}

TEST(ExactBeamFrequencies, StiffSpringsBecomeSupports) {
  // Rotational springs of 1e12 EI/L at pinned ends clamp them; a translational spring of
  // 1e12 EI/L^3 at the free end of a cantilever pins it (errors of order (bL)^4 / 1e12).
  BeamEnd pinned_with_spring = BeamEnd::classical("pinned");
  pinned_with_spring.rotational_spring = 1e12 * 3.0 / 2.0;
  const auto clamped_clamped = beam_frequencies(pinned_with_spring, pinned_with_spring, 2, 3, 5, 3);
  const auto reference = beam_frequencies("clamped", "clamped", 2, 3, 5, 3);
  BeamEnd sprung;
  sprung.spring = 1e12 * 3.0 / 8.0;
  const auto clamped_pinned = beam_frequencies(BeamEnd::classical("clamped"), sprung, 2, 3, 5, 3);
  const auto reference_pinned = beam_frequencies("clamped", "pinned", 2, 3, 5, 3);
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(clamped_clamped[k], reference[k], 1e-7 * reference[k]) << "mode " << k + 1;
    EXPECT_NEAR(clamped_pinned[k], reference_pinned[k], 1e-7 * reference_pinned[k])
        << "mode " << k + 1;
  }
}

TEST(ExactBeamFrequencies, FreeBeamOnSoftSpringsBouncesAndRocks) {
  // A free-free beam on two soft springs K (K L^3 / EI = 1e-4) moves as a rigid bar: bounce
  // omega^2 = 2K / (rho A L), rocking omega^2 = 6K / (rho A L) (K L^2 / 2 over rho A L^3 / 12),
  // to O(K L^3 / EI); then the free-free elastic modes.
  const double L = 2, ei = 3, rho = 5, k = 1e-4 * ei / (L * L * L);
  BeamEnd spring;
  spring.spring = k;
  const auto omega = beam_frequencies(spring, spring, L, ei, rho, 3);
  EXPECT_NEAR(omega[0], std::sqrt(2 * k / (rho * L)), 1e-4 * omega[0]);
  EXPECT_NEAR(omega[1], std::sqrt(6 * k / (rho * L)), 1e-4 * omega[1]);
  const double free_free = std::pow(4.73004074, 2) * std::sqrt(ei / rho) / (L * L);
  EXPECT_NEAR(omega[2], free_free, 1e-4 * free_free);
}

TEST(ExactBucklingLoads, EulerAndEngesserForClassicalEnds) {
  // pi^2 EI / (K L)^2 with K = 2, 1, 0.5 and K = pi / 4.4934 (tan x = x) for clamped-pinned
  const double ei = 3, l = 2, p = M_PI * M_PI * ei / (l * l);
  const auto end = [](const char* s) { return BeamEnd::classical(s); };
  EXPECT_NEAR(euler_buckling_loads(end("clamped"), end("free"), l, ei, 1)[0], p / 4, 1e-10 * p);
  const auto pinned = euler_buckling_loads(end("pinned"), end("pinned"), l, ei, 3);
  for (int n = 1; n <= 3; ++n)
    EXPECT_NEAR(pinned[n - 1], n * n * p, 1e-10 * n * n * p);
  EXPECT_NEAR(euler_buckling_loads(end("clamped"), end("clamped"), l, ei, 1)[0], 4 * p, 1e-10 * p);
  EXPECT_NEAR(euler_buckling_loads(end("clamped"), end("pinned"), l, ei, 1)[0],
              std::pow(4.493409457909064 / M_PI, 2) * p, 1e-9 * p);
  EXPECT_TRUE(euler_buckling_loads(end("pinned"), end("free"), l, ei, 1).empty()); // a mechanism
  const double kga = 7;
  EXPECT_NEAR(engesser_buckling_loads(end("pinned"), end("pinned"), l, ei, kga, 1)[0],
              p / (1 + p / kga), 1e-12 * p);
  EXPECT_TRUE(engesser_buckling_loads(end("clamped"), end("clamped"), l, ei, kga, 1).empty());
}
