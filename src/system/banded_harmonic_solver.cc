#include "system/banded_harmonic_solver.h"

#include "system/petsc_helpers.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <numeric>

namespace hamdyn {

namespace {
using Complex = std::complex<double>;
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

// The DoFs' order in the band, from each DoF's key (ties keep the numbering's order), and the
// half-bandwidth it gives the rows (CSR) of the matrix.
std::pair<std::vector<int>, int> band_order(const std::vector<double>& key,
                                            const std::vector<PetscInt>& row_start,
                                            const std::vector<PetscInt>& columns) {
  const int n = int(key.size());
  std::vector<int> order(n), position(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key[a] < key[b]; });
  for (int q = 0; q < n; ++q)
    position[order[q]] = q;
  int half_bandwidth = 0;
  for (int i = 0; i < n; ++i)
    for (PetscInt p = row_start[i]; p < row_start[i + 1]; ++p)
      half_bandwidth = std::max(half_bandwidth, std::abs(position[i] - position[columns[p]]));
  return {position, half_bandwidth};
}
} // namespace

BandedHarmonicSolver::BandedHarmonicSolver(const SecondOrderSystem& s) : HarmonicSolver(s) {
  const int n = int(n_local_);
  // Two orders, the narrower band kept: the numbering's, and each DoF at the mean of the DoFs it
  // couples to. deal.II numbers a cell's vertex DoFs before its interior ones, so a quadratic
  // Timoshenko beam's numbering (v0 v1 m0 v2 m1 ...) has a half-bandwidth of 7 where the order
  // along the line (v0 m0 v1 m1 ...) has 5: the means restore it, and 5 instead of 7 is half
  // the factorization's work. In both, a DoF that couples to one far before it (an oscillator
  // numbered after the line) goes right after the last DoF it couples to.
  std::vector<double> numbering(n), mean(n);
  for (int j = 0; j < n; ++j) {
    double sum = 0, count = 0;
    for (PetscInt p = row_start_[j]; p < row_start_[j + 1]; ++p)
      if (std::abs(columns_[p] - j) <= max_half_bandwidth) {
        sum += double(columns_[p]);
        ++count;
      }
    for (auto* key : {&numbering, &mean}) {
      const double own = key == &numbering ? double(j) : sum / count;
      double latest = -1;
      bool far = false;
      for (PetscInt p = row_start_[j]; p < row_start_[j + 1]; ++p)
        if (columns_[p] < j) {
          latest = std::max(latest, (*key)[columns_[p]]);
          far = far || own - (*key)[columns_[p]] > max_half_bandwidth;
        }
      (*key)[j] = far ? latest + 0.5 : own;
    }
  }
  auto [by_numbering, b_numbering] = band_order(numbering, row_start_, columns_);
  auto [by_mean, b_mean] = band_order(mean, row_start_, columns_);
  const bool means = b_mean < b_numbering;
  position_ = std::move(means ? by_mean : by_numbering);
  b_ = means ? b_mean : b_numbering;
  if (b_ > max_half_bandwidth)
    throw NotBanded("the dynamic stiffness has a half-bandwidth of " + std::to_string(b_) +
                    " in the band's order");
  const std::size_t ld = 3 * std::size_t(b_) + 1;
  band_.resize(ld * std::size_t(n));
  for (int r = 0; r < n; ++r)
    for (PetscInt p = row_start_[r]; p < row_start_[r + 1]; ++p) {
      const std::size_t i = position_[r], j = position_[columns_[p]];
      band_entry_.push_back(2 * std::size_t(b_) + i - j + j * ld);
    }
  rhs_.resize(n);
  scale_.resize(n);
  inverse_pivots_.resize(n);
  pivots_.resize(n);
}

bool BandedHarmonicSolver::factorize(double omega, double eta) {
  const int n = int(n_local_);
  const std::size_t ld = 3 * std::size_t(b_) + 1;
  // A is complex symmetric (K, M and C are): scaled symmetrically, D A D with D_jj the inverse
  // square root of column j's largest entry, every column's largest entry is 1, whatever the
  // units of its DoF (a rotation's rows are ~h^2 a deflection's), so that the null-pivot test
  // below needs no scale of its own.
  std::fill(band_.begin(), band_.end(), 0.0);
  std::fill(scale_.begin(), scale_.end(), 0.0);
  auto entry = [&](std::size_t p) {
    return Complex(k_[p] - omega * omega * m_[p], eta * k_[p] + omega * c_[p]);
  };
  for (std::size_t p = 0; p < band_entry_.size(); ++p) {
    double& largest = scale_[band_entry_[p] / ld];
    largest = std::max(largest, size_of(entry(p)));
  }
  for (double& d : scale_)
    d = d > 0 ? 1 / std::sqrt(d) : 1; // a zero column (a held DoF's at omega = 0): singular below
  const std::size_t kv = 2 * std::size_t(b_);
  for (std::size_t p = 0; p < band_entry_.size(); ++p) {
    const std::size_t j = band_entry_[p] / ld, i = band_entry_[p] % ld + j - kv;
    band_[band_entry_[p]] = entry(p) * (scale_[i] * scale_[j]);
  }
  // Band Gaussian elimination with partial pivoting, in LAPACK's band storage and order of
  // operations (zgbtf2: Anderson et al., LAPACK Users' Guide, 3rd ed., 1999; Golub & Van Loan,
  // Matrix Computations, 4th ed., sec. 4.3.5). Written out rather than called: zgbtf2 and zgbtrs
  // make a Level-2 BLAS call per column (zgeru, zswap, ztbsv), and at a half-bandwidth of 3 to 5
  // the calls cost more than their arithmetic (measured at 10^5 unknowns, half-bandwidth 5:
  // zgbtrf 11.0 ms and zgbtrs 12.9 ms against 8.9 and 3.6 ms written out).
  const std::size_t b = std::size_t(b_);
  auto at = [&](std::size_t i, std::size_t j) -> Complex& { return band_[kv + i - j + j * ld]; };
  // A pivot that is round-off of the scaled columns' 1 is singular to round-off (an undamped
  // resonance, a free structure at 0 Hz), as MUMPS's null-pivot test says for the block form
  // (system/mumps_harmonic_solver.cc). Not the condition number: a fine Hermite beam's exceeds
  // 1/eps while its pivots, and the refined solution, keep their digits.
  constexpr double null_pivot = 1e3 * DBL_EPSILON;
  std::size_t last_column = 0; // the last column the row exchanges so far have reached
  for (std::size_t j = 0; j < std::size_t(n); ++j) {
    const std::size_t below = std::min(b, std::size_t(n) - 1 - j);
    std::size_t p = j;
    for (std::size_t i = j + 1; i <= j + below; ++i)
      if (size_of(at(i, j)) > size_of(at(p, j)))
        p = i;
    pivots_[j] = int(p);
    if (!(size_of(at(p, j)) > null_pivot))
      return false;
    last_column = std::max(last_column, std::min(p + b, std::size_t(n) - 1));
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

bool BandedHarmonicSolver::solve_factored(const LA::Vector& b_re, const LA::Vector* b_im,
                                          LA::Vector& x_re, LA::Vector& x_im) {
  const int n = int(n_local_);
  const std::size_t ld = 3 * std::size_t(b_) + 1;
  {
    const PetscScalar *re = nullptr, *im = nullptr;
    check_petsc(VecGetArrayRead(b_re, &re));
    if (b_im)
      check_petsc(VecGetArrayRead(*b_im, &im));
    for (int i = 0; i < n; ++i)
      rhs_[position_[i]] = Complex(re[i], im ? im[i] : 0.0) * scale_[position_[i]];
    check_petsc(VecRestoreArrayRead(b_re, &re));
    if (b_im)
      check_petsc(VecRestoreArrayRead(*b_im, &im));
  }
  // L: the row exchanges and multipliers in the factorization's order; then U, bottom up
  const std::size_t kv = 2 * std::size_t(b_), b = std::size_t(b_), size = std::size_t(n);
  const Complex* const band = band_.data();
  const Complex* const inverse_pivots = inverse_pivots_.data();
  const int* const pivots = pivots_.data();
  Complex* const x = rhs_.data();
  auto at = [band, kv, ld](std::size_t i, std::size_t j) { return band[kv + i - j + j * ld]; };
  for (std::size_t j = 0; j + 1 < size; ++j) {
    const std::size_t p = std::size_t(pivots[j]), below = std::min(b, size - 1 - j);
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
  bool finite = true;
  PetscScalar *re = nullptr, *im = nullptr;
  check_petsc(VecGetArray(x_re, &re));
  check_petsc(VecGetArray(x_im, &im));
  for (int i = 0; i < n; ++i) {
    const std::complex<double> x = rhs_[position_[i]] * scale_[position_[i]];
    re[i] = x.real();
    im[i] = x.imag();
    finite = finite && std::isfinite(x.real()) && std::isfinite(x.imag());
  }
  check_petsc(VecRestoreArray(x_re, &re));
  check_petsc(VecRestoreArray(x_im, &im));
  return finite;
}

} // namespace hamdyn
