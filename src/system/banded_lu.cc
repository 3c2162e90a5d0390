#include "system/banded_lu.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace hamdyn {

void BandedLU::reinit(std::size_t n, unsigned int lower, unsigned int upper) {
  n_ = n;
  lower_ = lower;
  upper_ = upper;
  width_ = lower + upper + 1;
  a_.assign(n * width_, 0.0);
}

void BandedLU::factorize() {
  for (std::size_t k = 0; k < n_; ++k) {
    const double pivot = at(k, k);
    if (!(pivot > 0))
      throw std::runtime_error("banded LU: non-positive pivot " + std::to_string(pivot) +
                               " in row " + std::to_string(k) +
                               " (the matrix is not positive definite)");
    // Store the reciprocal of the pivot: the solve then multiplies instead of dividing.
    (*this)(k, k) = 1.0 / pivot;
    const std::size_t last_row = std::min(n_ - 1, k + lower_);
    const std::size_t last_col = std::min(n_ - 1, k + upper_);
    for (std::size_t i = k + 1; i <= last_row; ++i) {
      const double l = (*this)(i, k) /= pivot;
      for (std::size_t j = k + 1; j <= last_col; ++j)
        (*this)(i, j) -= l * at(k, j);
    }
  }
}

void BandedLU::solve(double* x) const {
  if (n_ == 0)
    return;
  if (lower_ == 1 && upper_ == 1) { // tridiagonal: the common P1 case, kept branch-free
    for (std::size_t i = 1; i < n_; ++i)
      x[i] -= a_[i * 3] * x[i - 1];
    x[n_ - 1] *= a_[(n_ - 1) * 3 + 1];
    for (std::size_t i = n_ - 1; i-- > 0;)
      x[i] = (x[i] - a_[i * 3 + 2] * x[i + 1]) * a_[i * 3 + 1];
    return;
  }
  for (std::size_t i = 0; i < n_; ++i) { // L y = b, unit lower triangular
    const std::size_t first = i > lower_ ? i - lower_ : 0;
    double s = x[i];
    for (std::size_t j = first; j < i; ++j)
      s -= at(i, j) * x[j];
    x[i] = s;
  }
  for (std::size_t i = n_; i-- > 0;) { // U x = y
    const std::size_t last = std::min(n_ - 1, i + upper_);
    double s = x[i];
    for (std::size_t j = i + 1; j <= last; ++j)
      s -= at(i, j) * x[j];
    x[i] = s * at(i, i);
  }
}

} // namespace hamdyn
