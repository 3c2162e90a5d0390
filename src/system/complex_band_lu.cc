#include "system/complex_band_lu.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace hamdyn {

namespace {
using Complex = ComplexBandLU::Complex;
// Products and divisions written out: std::complex's operators call libgcc's __muldc3/__divdc3,
// whose checks for infinite and NaN parts (C99 Annex G) cost more than the arithmetic here. The
// values are finite (non-finite ones are caught after the solve).
inline Complex times(Complex a, Complex b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}
inline Complex reciprocal(Complex a) {
  const double scale = 1 / (a.real() * a.real() + a.imag() * a.imag());
  return {a.real() * scale, -a.imag() * scale};
}
// LAPACK's cabs1 (izamax): a pivot's size for the choice, without the square root
inline double size_of(Complex a) {
  return std::abs(a.real()) + std::abs(a.imag());
}
} // namespace

void ComplexBandLU::reinit(std::size_t n, std::size_t b) {
  n_ = n;
  b_ = b;
  band_.assign(ld() * n, 0.0);
  inverse_pivots_.resize(n);
  scale_.resize(n);
  pivots_.resize(n);
}

void ComplexBandLU::clear() {
  std::fill(band_.begin(), band_.end(), 0.0);
}

bool ComplexBandLU::factorize() {
  const std::size_t n = n_, b = b_, kv = 2 * b_, ld = this->ld();
  auto at = [&](std::size_t i, std::size_t j) -> Complex& { return band_[kv + i - j + j * ld]; };
  std::fill(scale_.begin(), scale_.end(), 0.0);
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t i = j >= b ? j - b : 0; i <= std::min(n - 1, j + b); ++i)
      scale_[j] = std::max(scale_[j], size_of(at(i, j)));
  for (double& d : scale_)
    d = d > 0 ? 1 / std::sqrt(d) : 1; // a zero column (a held DoF's at omega = 0): singular below
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t i = j >= b ? j - b : 0; i <= std::min(n - 1, j + b); ++i)
      at(i, j) *= scale_[i] * scale_[j];
  // Written out rather than called: zgbtf2 and zgbtrs make a Level-2 BLAS call per column
  // (zgeru, zswap, ztbsv), and at a half-bandwidth of 3 to 5 the calls cost more than their
  // arithmetic (measured at 10^5 unknowns, half-bandwidth 5: zgbtrf 11.0 ms and zgbtrs 12.9 ms
  // against 8.9 and 3.6 ms written out).
  //
  // A pivot that is round-off of the scaled columns' 1 is singular to round-off, as MUMPS's
  // null-pivot test says for the block form (system/mumps_harmonic_solver.cc). Not the condition
  // number: a fine Hermite beam's exceeds 1/eps while its pivots, and the refined solution, keep
  // their digits.
  constexpr double null_pivot = 1e3 * DBL_EPSILON;
  std::size_t last_column = 0; // the last column the row exchanges so far have reached
  for (std::size_t j = 0; j < n; ++j) {
    const std::size_t below = std::min(b, n - 1 - j);
    std::size_t p = j;
    for (std::size_t i = j + 1; i <= j + below; ++i)
      if (size_of(at(i, j)) > size_of(at(p, j)))
        p = i;
    pivots_[j] = p;
    if (!(size_of(at(p, j)) > null_pivot))
      return false;
    last_column = std::max(last_column, std::min(p + b, n - 1));
    if (p != j)
      for (std::size_t c = j; c <= last_column; ++c)
        std::swap(at(j, c), at(p, c));
    const Complex inverse = reciprocal(at(j, j));
    inverse_pivots_[j] = inverse;
    for (std::size_t i = j + 1; i <= j + below; ++i)
      at(i, j) = times(at(i, j), inverse);
    for (std::size_t c = j + 1; c <= last_column; ++c) {
      const Complex u = at(j, c);
      for (std::size_t i = j + 1; i <= j + below; ++i)
        at(i, c) -= times(at(i, j), u);
    }
  }
  return true;
}

void ComplexBandLU::solve(Complex* x) const {
  const std::size_t kv = 2 * b_, b = b_, size = n_, ld = this->ld();
  const Complex* const band = band_.data();
  const Complex* const inverse_pivots = inverse_pivots_.data();
  const std::size_t* const pivots = pivots_.data();
  auto at = [band, kv, ld](std::size_t i, std::size_t j) { return band[kv + i - j + j * ld]; };
  for (std::size_t i = 0; i < size; ++i)
    x[i] *= scale_[i];
  // L: the row exchanges and multipliers in the factorization's order; then U, bottom up
  for (std::size_t j = 0; j + 1 < size; ++j) {
    const std::size_t p = pivots[j], below = std::min(b, size - 1 - j);
    if (p != j)
      std::swap(x[j], x[p]);
    const Complex xj = x[j];
    for (std::size_t i = j + 1; i <= j + below; ++i)
      x[i] -= times(at(i, j), xj);
  }
  for (std::size_t j = size; j-- > 0;) {
    const Complex xj = times(x[j], inverse_pivots[j]);
    x[j] = xj;
    for (std::size_t i = j >= kv ? j - kv : 0; i < j; ++i)
      x[i] -= times(at(i, j), xj);
  }
  for (std::size_t i = 0; i < size; ++i)
    x[i] *= scale_[i];
}

} // namespace hamdyn
