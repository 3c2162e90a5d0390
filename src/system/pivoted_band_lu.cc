#include "system/pivoted_band_lu.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

extern "C" {
void dgbtrf_(const int* m, const int* n, const int* kl, const int* ku, double* ab, const int* ldab,
             int* ipiv, int* info);
}

namespace hamdyn {

void PivotedBandLU::reinit(std::size_t n, unsigned int lower, unsigned int upper) {
  n_ = n;
  lower_ = lower;
  upper_ = upper;
  rows_ = 2 * lower + upper + 1;
  band_.assign(rows_ * n, 0.0);
  pivots_.assign(n, 0);
}

void PivotedBandLU::factorize() {
  const int n = int(n_), kl = int(lower_), ku = int(upper_), ldab = int(rows_);
  int info = 0;
  dgbtrf_(&n, &n, &kl, &ku, band_.data(), &ldab, pivots_.data(), &info);
  if (info != 0)
    throw std::runtime_error("band LU: the matrix is singular (LAPACK dgbtrf, info " +
                             std::to_string(info) + ")");
}

// Written out rather than LAPACK's dgbtrs, which does the same with one BLAS call (daxpy/dger,
// dtbsv) per column: for the cable's three sub- and super-diagonals those calls' overhead was
// over half a run's time (perf: daxpy, dtbsv, dger 53 % of a 10^5-unknown cable's step). The
// order of operations is dgbtrs's: the row interchanges and multipliers of L column by column,
// then U by columns from the last.
void PivotedBandLU::solve(double* b) const {
  const std::size_t kd = lower_ + upper_; // the diagonal's row in band storage
  for (std::size_t j = 0; j + 1 < n_; ++j) {
    const std::size_t l = std::size_t(pivots_[j] - 1);
    if (l != j)
      std::swap(b[l], b[j]);
    const double bj = b[j];
    const double* multipliers = &band_[kd + 1 + j * rows_];
    const std::size_t below = std::min<std::size_t>(lower_, n_ - 1 - j);
    for (std::size_t i = 0; i < below; ++i)
      b[j + 1 + i] -= multipliers[i] * bj;
  }
  for (std::size_t j = n_; j-- > 0;) {
    const double* column = &band_[j * rows_]; // column[kd - (j - i)] is U(i, j)
    b[j] /= column[kd];
    const double bj = b[j];
    for (std::size_t i = j > kd ? j - kd : 0; i < j; ++i)
      b[i] -= bj * column[kd - (j - i)];
  }
}

} // namespace hamdyn
