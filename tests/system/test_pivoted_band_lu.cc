// The band LU with partial pivoting (system/pivoted_band_lu.h) on non-symmetric band matrices
// whose diagonal is weak, so that the factorization must interchange rows, for the bandwidths the
// cable uses (3, 3) and uneven ones: its solution's backward error |A x - b| / (|A| |x| + |b|)
// is at round-off (a stable LU's, Higham, Accuracy and Stability of Numerical Algorithms, 2nd
// ed., Thm 9.5), and where the matrix is well conditioned its solution is deal.II's dense LU's
// (LAPACKFullMatrix).
#include "system/pivoted_band_lu.h"

#include <deal.II/lac/lapack_full_matrix.h>
#include <deal.II/lac/vector.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <tuple>
#include <vector>

namespace {
struct Errors {
  double backward, from_dense;
};

// weak: the diagonal far below the other entries (rows interchanged); else dominant (none are,
// and U keeps the band's width)
Errors solve_errors(std::size_t n, unsigned lower, unsigned upper, unsigned seed,
                    bool weak = true) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> entry(-1, 1);
  std::vector<double> matrix(n * n, 0.0);
  hamdyn::PivotedBandLU band;
  band.reinit(n, lower, upper);
  dealii::LAPACKFullMatrix<double> dense(n, n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i >= lower ? i - lower : 0; j <= std::min(n - 1, i + upper); ++j) {
      const double a = i != j ? entry(random)
                       : weak ? 1e-3 * entry(random)
                              : 2.0 * (lower + upper) + entry(random);
      band(i, j) = a;
      dense(i, j) = a;
      matrix[i * n + j] = a;
    }
  dealii::Vector<double> b(n);
  for (std::size_t i = 0; i < n; ++i)
    b[i] = entry(random);
  const std::vector<double> rhs(b.begin(), b.end());
  std::vector<double> x(rhs);
  band.factorize();
  band.solve(x.data());
  dense.compute_lu_factorization();
  dense.solve(b);
  double difference = 0, size = 0, residual = 0, scale = 0;
  for (std::size_t i = 0; i < n; ++i) {
    difference = std::max(difference, std::abs(x[i] - b[i]));
    size = std::max(size, std::abs(b[i]));
    long double r = -(long double)(rhs[i]), magnitude = std::abs(rhs[i]);
    for (std::size_t j = 0; j < n; ++j) {
      r += (long double)(matrix[i * n + j]) * x[j];
      magnitude += std::abs(matrix[i * n + j] * x[j]);
    }
    residual = std::max(residual, double(std::abs(r)));
    scale = std::max(scale, double(magnitude));
  }
  return {residual / scale, difference / size};
}
} // namespace

TEST(PivotedBandLU, BackwardStableAndAsTheDenseLU) {
  for (unsigned seed : {1u, 2u, 3u})
    for (const auto& [n, lower, upper] : {std::tuple<std::size_t, unsigned, unsigned>{200, 3, 3},
                                          {150, 1, 4},
                                          {150, 4, 1},
                                          {7, 3, 3}}) {
      const Errors e = solve_errors(n, lower, upper, seed);
      EXPECT_LT(e.backward, 1e-14) << n << " " << lower << " " << upper << " seed " << seed;
      // (random matrices with a weak diagonal can be ill conditioned: the solutions differ by
      // the condition number times round-off; the bandwidths the cable uses agree closely)
      if (lower == upper) {
        EXPECT_LT(e.from_dense, 1e-9) << n << " seed " << seed;
      }
    }
}

// A diagonally dominant matrix is factored without interchanges (Golub & Van Loan, Matrix
// Computations, 4th ed., Thm 3.4.3), the path a taut cable's Jacobian takes: U's rows reach only
// the upper band there, and the solution is as stable and as the dense LU's.
TEST(PivotedBandLU, WithoutInterchanges) {
  for (unsigned seed : {1u, 2u})
    for (const auto& [n, lower, upper] : {std::tuple<std::size_t, unsigned, unsigned>{200, 3, 3},
                                          {150, 1, 4},
                                          {150, 4, 1},
                                          {5, 3, 3},
                                          {4, 3, 3}}) {
      const Errors e = solve_errors(n, lower, upper, seed, false);
      EXPECT_LT(e.backward, 1e-15) << n << " " << lower << " " << upper << " seed " << seed;
      EXPECT_LT(e.from_dense, 1e-14) << n << " " << lower << " " << upper << " seed " << seed;
    }
}
