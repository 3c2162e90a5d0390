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
  interchanged_ = false;
  for (std::size_t i = 0; i < n_; ++i)
    interchanged_ = interchanged_ || std::size_t(pivots_[i] - 1) != i;
  // U reaches kd = lower + upper columns past its diagonal where rows were interchanged, and only
  // `upper` where none was (the fill comes from the interchanges alone)
  const std::size_t kd = lower_ + upper_, reach = u_reach(), width = reach + 1;
  u_rows_.assign(n_ * width, 0.0);
  for (std::size_t i = 0; i < n_; ++i) {
    double* row = &u_rows_[i * width];
    const double inverse = 1.0 / band_[kd + i * rows_];
    row[0] = inverse;
    for (std::size_t k = 1; k <= reach && i + k < n_; ++k) // U(i, i + k) at column i + k
      row[k] = band_[(kd - k) + (i + k) * rows_] * inverse;
  }
  // the cable's L without interchanges, its three multipliers a column side by side (0 past the
  // last row)
  l_columns_.clear();
  if (!interchanged_ && lower_ == 3) {
    l_columns_.assign(3 * n_, 0.0);
    for (std::size_t j = 0; j < n_; ++j)
      for (std::size_t i = 0; i < 3 && j + 1 + i < n_; ++i)
        l_columns_[3 * j + i] = band_[kd + 1 + i + j * rows_];
  }
}

namespace {
// L^-1 b as dgbtrs applies it: column j's row interchange, then its multipliers below the
// diagonal (Lower given: a constant count wherever the column has them all).
// Interchanges: whether any row was interchanged (else pivots is not read: may be null).
template <std::size_t Lower, bool Interchanges>
void apply_l(const double* band, std::size_t rows, std::size_t kd, const int* pivots, std::size_t n,
             double* b) {
  const std::size_t lower = Lower ? Lower : rows - 1 - kd;
  for (std::size_t j = 0; j + 1 < n; ++j) {
    if constexpr (Interchanges) {
      const std::size_t l = std::size_t(pivots[j] - 1);
      if (l != j)
        std::swap(b[l], b[j]);
    }
    const double bj = b[j];
    const double* multipliers = band + kd + 1 + j * rows;
    const std::size_t below = std::min(lower, n - 1 - j);
    if (Lower && below == Lower)
      for (std::size_t i = 0; i < Lower; ++i)
        b[j + 1 + i] -= multipliers[i] * bj;
    else
      for (std::size_t i = 0; i < below; ++i)
        b[j + 1 + i] -= multipliers[i] * bj;
  }
}

// L^-1 b without interchanges for three multipliers a column (the cable's band): apply_l's
// updates in its order (b_i takes those of columns i - 3, i - 2, i - 1 in turn), with the three
// entries the next columns still update in registers: through b, each column's entry waited for
// the store of the column before (store-to-load forwarding on the chain from b_j to b_{j+1}).
// The multipliers are read from `columns`, three a column side by side: from LAPACK's storage
// (ten numbers a column) each column's three cost a cache line or two, and the pass read four
// times the memory it needed.
void apply_l3_in_registers(const double* columns, std::size_t n, double* b) {
  std::size_t j = 0;
  if (n >= 5) {
    double bj = b[0], b1 = b[1], b2 = b[2], b3 = b[3]; // b_j final, b_{j+1..j+3} in progress
    for (; j + 4 < n; ++j) {
      const double* m = columns + 3 * j;
      const double next = b1 - m[0] * bj;
      b1 = b2 - m[1] * bj;
      b2 = b3 - m[2] * bj;
      b3 = b[j + 4];
      b[j] = bj;
      bj = next;
    }
    // j = n - 4: the last column with all three multipliers
    const double* m = columns + 3 * j;
    b[j] = bj;
    b[j + 1] = b1 - m[0] * bj;
    b[j + 2] = b2 - m[1] * bj;
    b[j + 3] = b3 - m[2] * bj;
    ++j;
  }
  // the last columns (all of a short chain's) as apply_l
  for (; j + 1 < n; ++j) {
    const double* mj = columns + 3 * j;
    for (std::size_t i = 0; i < 3 && j + 1 + i < n; ++i)
      b[j + 1 + i] -= mj[i] * b[j];
  }
}

// x_i = b_i / U(i, i) - sum_k U(i, i + k) / U(i, i) x_{i + k}, from the last row; the far terms
// first, the chain's x_{i+1} last and kept in a register (a reload would wait for its store).
template <std::size_t Kd>
void back_substitute(const double* rows, std::size_t kd, std::size_t n, double* x) {
  const std::size_t full = Kd ? Kd : kd, width = full + 1;
  double next = 0; // x_{i+1}
  const auto row = [&](std::size_t i, std::size_t reach) {
    const double* r = rows + i * width;
    double s = x[i] * r[0];
    for (std::size_t k = reach; k >= 2; --k)
      s -= r[k] * x[i + k];
    if (reach >= 1)
      s -= r[1] * next;
    x[i] = next = s;
  };
  const std::size_t inner = n > full ? n - full : 0; // rows [0, inner) reach full columns
  for (std::size_t i = n; i-- > inner;)
    row(i, n - 1 - i);
  for (std::size_t i = inner; i-- > 0;)
    row(i, full); // a constant reach when Kd is given: the loop over k unrolled
}
} // namespace

// Written out rather than LAPACK's dgbtrs, which does the same with one BLAS call (daxpy/dger,
// dtbsv) per column: for the cable's three sub- and super-diagonals those calls' overhead was
// over half a run's time (perf: daxpy, dtbsv, dger 53 % of a 10^5-unknown cable's step). L is
// applied as dgbtrs does (the row interchanges and multipliers column by column), U by its
// scaled rows (u_rows_).
// Without interchanges (a taut cable's Jacobian: none in a hanging cable's run) U keeps the
// band's width, and its substitution half the terms.
void PivotedBandLU::solve(double* b) const {
  const std::size_t kd = lower_ + upper_; // the diagonal's row in band storage
  if (lower_ == 3 && upper_ == 3) {       // the cable's: the inner loops unrolled
    if (interchanged_) {
      apply_l<3, true>(band_.data(), rows_, kd, pivots_.data(), n_, b);
      back_substitute<6>(u_rows_.data(), u_reach(), n_, b);
    } else {
      apply_l3_in_registers(l_columns_.data(), n_, b);
      back_substitute<3>(u_rows_.data(), u_reach(), n_, b);
    }
  } else {
    apply_l<0, true>(band_.data(), rows_, kd, pivots_.data(), n_, b);
    back_substitute<0>(u_rows_.data(), u_reach(), n_, b);
  }
}

} // namespace hamdyn
