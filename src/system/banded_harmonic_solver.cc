#include "system/banded_harmonic_solver.h"

#include "system/petsc_helpers.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hamdyn {

namespace {
using Complex = std::complex<double>;

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
  lu_.reinit(std::size_t(n), std::size_t(b_));
  for (int r = 0; r < n; ++r)
    for (PetscInt p = row_start_[r]; p < row_start_[r + 1]; ++p)
      band_entry_.push_back(lu_.index(position_[r], position_[columns_[p]]));
  rhs_.resize(n);
}

bool BandedHarmonicSolver::factorize(double omega, double eta) {
  lu_.clear();
  Complex* band = lu_.data();
  for (std::size_t p = 0; p < band_entry_.size(); ++p)
    band[band_entry_[p]] = Complex(k_[p] - omega * omega * m_[p], eta * k_[p] + omega * c_[p]);
  return lu_.factorize();
}

bool BandedHarmonicSolver::solve_factored(const LA::Vector& b_re, const LA::Vector* b_im,
                                          LA::Vector& x_re, LA::Vector& x_im) {
  const int n = int(n_local_);
  {
    const PetscScalar *re = nullptr, *im = nullptr;
    check_petsc(VecGetArrayRead(b_re, &re));
    if (b_im)
      check_petsc(VecGetArrayRead(*b_im, &im));
    for (int i = 0; i < n; ++i)
      rhs_[position_[i]] = Complex(re[i], im ? im[i] : 0.0);
    check_petsc(VecRestoreArrayRead(b_re, &re));
    if (b_im)
      check_petsc(VecRestoreArrayRead(*b_im, &im));
  }
  lu_.solve(rhs_.data());
  bool finite = true;
  PetscScalar *re = nullptr, *im = nullptr;
  check_petsc(VecGetArray(x_re, &re));
  check_petsc(VecGetArray(x_im, &im));
  for (int i = 0; i < n; ++i) {
    const Complex x = rhs_[position_[i]];
    re[i] = x.real();
    im[i] = x.imag();
    finite = finite && std::isfinite(x.real()) && std::isfinite(x.imag());
  }
  check_petsc(VecRestoreArray(x_re, &re));
  check_petsc(VecRestoreArray(x_im, &im));
  return finite;
}

} // namespace hamdyn
