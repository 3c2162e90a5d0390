// The exact beam frequencies against the textbook values of beta L (Blevins, "Formulas for
// Natural Frequency and Mode Shape", 1979, table 8-1) and their rigid-body modes.
#include "exact/beam_frequencies.h"

#include <gtest/gtest.h>

#include <cmath>

using hamdyn::exact::beam_frequencies;

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
