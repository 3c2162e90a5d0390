// BandedLU against deal.II's dense LAPACK LU on random diagonally dominant banded matrices.
#include "system/banded_lu.h"

#include <deal.II/lac/lapack_full_matrix.h>
#include <deal.II/lac/vector.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

TEST(BandedLU, MatchesDenseLU) {
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(-1, 1);
  for (unsigned int lower : {1u, 2u, 4u})
    for (unsigned int upper : {1u, 3u}) {
      const std::size_t n = 57;
      hamdyn::BandedLU band;
      band.reinit(n, lower, upper);
      dealii::LAPACKFullMatrix<double> dense(n, n);
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = (i > lower ? i - lower : 0); j <= std::min(n - 1, i + upper); ++j) {
          const double value = (i == j) ? 10.0 + u(rng) : u(rng);
          band(i, j) = value;
          dense(i, j) = value;
        }
      dealii::Vector<double> b(n);
      for (std::size_t i = 0; i < n; ++i)
        b[i] = u(rng);
      std::vector<double> x(b.begin(), b.end());
      band.factorize();
      band.solve(x.data());
      dense.compute_lu_factorization();
      dense.solve(b);
      for (std::size_t i = 0; i < n; ++i)
        EXPECT_NEAR(x[i], b[i], 1e-13) << "lower " << lower << " upper " << upper << " row " << i;
    }
}

// The finishing solve gives solve()'s values to the last bit, and hands each entry outside the
// held ranges to `finish` exactly once, with that value (so a caller's corrector run inside the
// back substitution sees what it would see after it).
TEST(BandedLU, FinishingSolveFinishesEachFreeEntryOnceWithItsFinalValue) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  const std::size_t n = 57;
  using Held = hamdyn::BandedLU::Held;
  for (unsigned int width : {1u, 2u})
    for (const Held& held : {Held{}, Held{{3, 7}, {40, 57}}, Held{{0, 5}}, Held{{20, 21}}}) {
      hamdyn::BandedLU band;
      band.reinit(n, width, width);
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = (i > width ? i - width : 0); j <= std::min(n - 1, i + width); ++j)
          band(i, j) = (i == j) ? 10.0 + u(rng) : u(rng);
      band.factorize();
      std::vector<double> b(n);
      for (double& entry : b)
        entry = u(rng);
      std::vector<double> plain(n), x(n);
      band.solve(b.data(), plain.data());
      std::vector<int> calls(n, 0);
      std::vector<double> given(n, 0.0);
      band.solve(
          b.data(), x.data(),
          [&](std::size_t i, double x_i) {
            ++calls[i];
            given[i] = x_i;
          },
          held);
      for (std::size_t i = 0; i < n; ++i) {
        bool is_held = false;
        for (const auto& [begin, end] : held)
          is_held = is_held || (i >= begin && i < end);
        EXPECT_EQ(x[i], plain[i]) << "width " << width << " row " << i;
        EXPECT_EQ(calls[i], is_held ? 0 : 1) << "width " << width << " row " << i;
        if (!is_held) {
          EXPECT_EQ(given[i], plain[i]) << "width " << width << " row " << i;
        }
      }
    }
}

TEST(BandedLU, RefusesANonPositivePivot) {
  hamdyn::BandedLU band;
  band.reinit(2, 1, 1);
  band(0, 0) = 1;
  band(0, 1) = 2;
  band(1, 0) = 2;
  band(1, 1) = 1; // indefinite: second pivot 1 - 4 < 0
  EXPECT_THROW(band.factorize(), std::runtime_error);
}
