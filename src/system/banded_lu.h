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
  /// Entry (i, j), |i - j| within the band (before factorize()).
  double& operator()(std::size_t i, std::size_t j) {
    return j < i ? l_[i * lower_ + (j + lower_ - i)] : u_[i * (upper_ + 1) + (j - i)];
  }
  /// Factors in place; throws if a pivot is not positive (the matrix is not as assumed).
  void factorize();
  /// Solves A x = b; b and x may be the same array.
  void solve(const double* b, double* x) const;
  /// Solves A x = b in place (x holds b on entry).
  void solve(double* x) const { solve(x, x); }
  std::size_t size() const { return n_; }

private:
  double at(std::size_t i, std::size_t j) const {
    return j < i ? l_[i * lower_ + (j + lower_ - i)] : u_[i * (upper_ + 1) + (j - i)];
  }
  std::size_t n_ = 0;
  unsigned int lower_ = 0, upper_ = 0;
  // The band's lower and upper (with the diagonal) parts row by row, each in its own array so that
  // each sweep of the solve streams only what it needs: l_[i * lower + (j - i + lower)] = A(i, j)
  // for j < i, u_[i * (upper + 1) + (j - i)] = A(i, j) for j >= i. factorize() leaves L there and
  // U with its rows scaled by the pivot (u_[i * (upper + 1)] = 1 / U(i, i), the others
  // U(i, j) / U(i, i)): the back substitution then has one multiply-add on its dependency chain
  // instead of a multiply-add and a multiply.
  std::vector<double> l_, u_;
};

} // namespace hamdyn
