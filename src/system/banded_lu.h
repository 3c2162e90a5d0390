#pragma once
// LU factorization without pivoting of a banded matrix, in band storage.
//
// Why by hand: the interior block of a line (1D) finite-element matrix is banded with half
// bandwidth p (the element degree) when the DoFs are numbered along the line, as hamdyn numbers
// them. Band storage needs (l + u + 1) numbers per row and no index arrays, so the factor of a
// 10^6-unknown P1 matrix takes 24 MB and a solve streams 24 bytes per row; a general sparse LU
// (PETSc's) stores indices as well and needs the matrix assembled first. Pivoting is not needed
// for the matrices solved here, which are symmetric positive definite (M, and
// c_m M + c_c C + c_k K with positive coefficients); Golub & Van Loan, Matrix Computations,
// 4th ed., Alg. 4.3.1 (band Gaussian elimination) and 4.3.2/4.3.3 (band triangular solves).
#include <cstddef>
#include <vector>

namespace hamdyn {

class BandedLU {
public:
  /// An n x n zero matrix with `lower` sub- and `upper` super-diagonals.
  void reinit(std::size_t n, unsigned int lower, unsigned int upper);
  /// Entry (i, j), |i - j| within the band.
  double& operator()(std::size_t i, std::size_t j) { return a_[i * width_ + (j + lower_ - i)]; }
  /// Factors in place; throws if a pivot is not positive (the matrix is not as assumed).
  void factorize();
  /// Solves A x = b in place (x holds b on entry).
  void solve(double* x) const;
  std::size_t size() const { return n_; }

private:
  double at(std::size_t i, std::size_t j) const { return a_[i * width_ + (j + lower_ - i)]; }
  std::size_t n_ = 0;
  unsigned int lower_ = 0, upper_ = 0, width_ = 1;
  std::vector<double> a_;
};

} // namespace hamdyn
