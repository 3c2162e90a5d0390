#pragma once
// LU factorization with partial pivoting of a general band matrix (LAPACK's dgbtrf, which deal.II
// 9.4's LAPACK wrappers do not cover; the solve is dgbtrs's, written out): for the non-symmetric
// Jacobians of large motion (a cable's discrete gradient, models/cable_element.h), which are
// indefinite where elements are compressed and the step is long against their axial period, so that
// the pivot-free BandedLU (system/banded_lu.h, for symmetric positive definite matrices) would
// stop. Row interchanges widen the upper band by the lower one (Golub & Van Loan, Matrix
// Computations, 4th ed., sec. 4.3.5).
#include <cstddef>
#include <vector>

namespace hamdyn {

class PivotedBandLU {
public:
  /// An n x n zero matrix with `lower` sub- and `upper` super-diagonals.
  void reinit(std::size_t n, unsigned int lower, unsigned int upper);
  /// Entry (i, j), |i - j| within the band (before factorize()).
  double& operator()(std::size_t i, std::size_t j) {
    return band_[(lower_ + upper_ + i - j) + j * rows_];
  }
  /// Factors in place; throws std::runtime_error for a singular matrix.
  void factorize();
  /// Solves A x = b in place (x holds b on entry).
  void solve(double* x) const;

private:
  std::size_t n_ = 0, rows_ = 0; // rows_ = 2 lower + upper + 1, LAPACK's LDAB
  unsigned int lower_ = 0, upper_ = 0;
  std::vector<double> band_; // column-major, LAPACK's band storage
  std::vector<int> pivots_;
  // U by rows scaled by their pivots, for the back substitution: u_rows_[i * (kd + 1)] =
  // 1 / U(i, i), then U(i, i + k) / U(i, i) for k = 1 .. kd (0 past the last column), kd =
  // u_reach(). Why: by columns from LAPACK's storage, each x_j waited for a division and for the
  // stores of the updates before it (a tenth of a 10^5-unknown cable's step went to that chain);
  // by scaled rows the chain from x_{i+1} to x_i is one multiply and one subtraction.
  std::vector<double> u_rows_;
  // L's multipliers by columns, three side by side, where lower = 3 and no row was interchanged
  // (the cable's band; for the forward substitution: see apply_l3_in_registers)
  std::vector<double> l_columns_;
  bool interchanged_ = false; // whether the factorization interchanged any rows
  /// How many columns past its diagonal a row of U reaches (u_rows_ holds that many + 1 a row).
  std::size_t u_reach() const { return interchanged_ ? lower_ + upper_ : upper_; }
};

} // namespace hamdyn
