#include "system/banded_lu.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace hamdyn {

void BandedLU::reinit(std::size_t n, unsigned int lower, unsigned int upper) {
  n_ = n;
  lower_ = lower;
  upper_ = upper;
  l_.assign(n * lower, 0.0);
  u_.assign(n * (upper + 1), 0.0);
}

std::size_t BandedLU::factorize(Pivots accepted, double negligible_fraction) {
  std::size_t negative = 0;
  // a pivot is negligible below 1e-14 of its row's diagonal entry before the elimination
  std::vector<double> negligible;
  if (accepted == Pivots::nonzero && negligible_fraction == 0)
    negligible_fraction = 1e-14;
  if (negligible_fraction > 0)
    for (std::size_t k = 0; k < n_; ++k)
      negligible.push_back(negligible_fraction * std::abs(at(k, k)));
  for (std::size_t k = 0; k < n_; ++k) {
    const double pivot = at(k, k);
    refused_row_ = k;
    if ((accepted == Pivots::positive && !(pivot > 0)) ||
        (!negligible.empty() && !(std::abs(pivot) > negligible[k])))
      throw std::runtime_error(
          "banded LU: " +
          std::string(accepted == Pivots::positive ? "non-positive" : "negligible") + " pivot " +
          std::to_string(pivot) + " in row " + std::to_string(k) +
          (accepted == Pivots::positive ? " (the matrix is not positive definite)" : ""));
    negative += pivot < 0;
    const std::size_t last_row = std::min(n_ - 1, k + lower_);
    const std::size_t last_col = std::min(n_ - 1, k + upper_);
    for (std::size_t i = k + 1; i <= last_row; ++i) {
      const double l = (*this)(i, k) /= pivot;
      for (std::size_t j = k + 1; j <= last_col; ++j)
        (*this)(i, j) -= l * at(k, j);
    }
  }
  for (std::size_t i = 0; i < n_; ++i) {
    double* row = u_.data() + i * (upper_ + 1);
    const double inverse = 1.0 / row[0];
    row[0] = inverse;
    for (unsigned int j = 1; j <= upper_; ++j)
      row[j] *= inverse;
  }
  return negative;
}

void BandedLU::forward_tridiagonal(const double* b, double* x) const {
  x[0] = b[0];
  for (std::size_t i = 1; i < n_; ++i)
    x[i] = b[i] - l_[i] * x[i - 1];
}

void BandedLU::solve(const double* b, double* x) const {
  if (n_ == 0)
    return;
  if (lower_ == 1 && upper_ == 1) { // tridiagonal: the common P1 case, kept branch-free
    forward_tridiagonal(b, x);
    x[n_ - 1] *= u_[2 * (n_ - 1)];
    for (std::size_t i = n_ - 1; i-- > 0;)
      x[i] = x[i] * u_[2 * i] - u_[2 * i + 1] * x[i + 1];
    return;
  }
  for (std::size_t i = 0; i < n_; ++i) { // L y = b, unit lower triangular
    const std::size_t first = i > lower_ ? i - lower_ : 0;
    double s = b[i];
    for (std::size_t j = first; j < i; ++j)
      s -= l_[i * lower_ + (j + lower_ - i)] * x[j];
    x[i] = s;
  }
  for (std::size_t i = n_; i-- > 0;) { // U x = y
    const std::size_t last = std::min(n_ - 1, i + upper_);
    double s = x[i] * u_[i * (upper_ + 1)];
    for (std::size_t j = i + 1; j <= last; ++j)
      s -= u_[i * (upper_ + 1) + (j - i)] * x[j];
    x[i] = s;
  }
}

} // namespace hamdyn
