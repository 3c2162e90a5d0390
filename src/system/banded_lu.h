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
#include <algorithm>
#include <cstddef>
#include <type_traits>
#include <utility>
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
  /// What factorize() accepts as a pivot: a positive one (the symmetric positive definite
  /// matrices this class was made for; another pivot says the matrix is not as assumed), or any
  /// that is not negligible (a non-symmetric matrix whose LU needs no pivoting in practice: a
  /// large-motion step's Jacobian, studies/planar_beam_motion.h; |pivot| above 1e-14 of its
  /// row's diagonal entry before the elimination).
  enum class Pivots { positive, nonzero };
  /// Factors in place; throws if a pivot is not as `accepted` says. Returns the number of
  /// negative pivots (of a symmetric matrix: its negative eigenvalues, by Sylvester's law of
  /// inertia, since LU without pivoting is then L D L^T).
  /// `negligible` > 0: a pivot whose size is at most that fraction of its row's diagonal entry
  /// before the elimination is refused in either case (a singular matrix's pivot is round-off,
  /// of either sign); the row of a refused pivot is then refused_row().
  std::size_t factorize(Pivots accepted = Pivots::positive, double negligible = 0);
  std::size_t refused_row() const { return refused_row_; }
  /// Solves A x = b; b and x may be the same array.
  void solve(const double* b, double* x) const;
  /// Solves A x = b in place (x holds b on entry).
  void solve(double* x) const { solve(x, x); }
  /// Entries [first, second) a finishing solve leaves to its caller (sorted, disjoint).
  using Held = std::vector<std::pair<std::size_t, std::size_t>>;
  /// Solves A x = b as solve(b, x) does (the same values) and calls finish(i, x_i) on every i
  /// outside the held ranges once x_i is final: in the tridiagonal case within the back
  /// substitution, in descending order. Why: the back substitution is one chain of dependent
  /// multiply-adds (bound by their latency, not by memory), and a caller's pass over its own
  /// vectors entry by entry (an integrator's corrector) runs in its shadow instead of after it;
  /// the held entries are those the caller changes after the solve (LineSchurSolver's interface
  /// correction) and finishes itself.
  template <class Finish>
  void solve(const double* b, double* x, const Finish& finish, const Held& held) const;
  std::size_t size() const { return n_; }

private:
  double at(std::size_t i, std::size_t j) const {
    return j < i ? l_[i * lower_ + (j + lower_ - i)] : u_[i * (upper_ + 1) + (j - i)];
  }
  std::size_t refused_row_ = 0;
  std::size_t n_ = 0;
  unsigned int lower_ = 0, upper_ = 0;
  // The band's lower and upper (with the diagonal) parts row by row, each in its own array so that
  // each sweep of the solve streams only what it needs: l_[i * lower + (j - i + lower)] = A(i, j)
  // for j < i, u_[i * (upper + 1) + (j - i)] = A(i, j) for j >= i. factorize() leaves L there and
  // U with its rows scaled by the pivot (u_[i * (upper + 1)] = 1 / U(i, i), the others
  // U(i, j) / U(i, i)): the back substitution then has one multiply-add on its dependency chain
  // instead of a multiply-add and a multiply.
  std::vector<double> l_, u_;
  /// The forward sweep L y = b of a tridiagonal matrix (lower = upper = 1) into x.
  void forward_tridiagonal(const double* b, double* x) const;
};

template <class Finish>
void BandedLU::solve(const double* b, double* x, const Finish& finish, const Held& held) const {
  if (n_ == 0)
    return;
  const bool last_held = !held.empty() && held.back().first < n_ && held.back().second >= n_;
  if (lower_ != 1 || upper_ != 1) {
    solve(b, x);
    std::size_t top = n_;
    for (auto h = held.rbegin(); h != held.rend(); ++h) {
      for (std::size_t i = std::min(h->second, top); i < top; ++i)
        finish(i, x[i]);
      top = std::min(h->first, top);
    }
    for (std::size_t i = 0; i < top; ++i)
      finish(i, x[i]);
    return;
  }
  forward_tridiagonal(b, x);
  // U x = y as solve() runs it; x_{i+1} stays in a register (the finishing stores could alias x,
  // and a reload would put a store-to-load forwarding on the chain), and so do the finishing's
  // pointers and coefficients: a local copy, which no store can alias (through the reference, a
  // store to a double could change its coefficients, reloaded at every entry).
  const Finish local_finish = finish;
  const double* u = u_.data();
  double next = x[n_ - 1] * u[2 * (n_ - 1)];
  x[n_ - 1] = next;
  if (!last_held)
    local_finish(n_ - 1, next);
  const auto sweep = [&](std::size_t from, std::size_t to, auto finishing) {
    for (std::size_t i = from; i-- > to;) {
      next = x[i] * u[2 * i] - u[2 * i + 1] * next;
      x[i] = next;
      if (finishing)
        local_finish(i, next);
    }
  };
  std::size_t top = n_ - 1; // entries [0, top) remain
  for (auto h = held.rbegin(); h != held.rend(); ++h) {
    const std::size_t end = std::min(h->second, top), begin = std::min(h->first, end);
    sweep(top, end, std::true_type());
    sweep(end, begin, std::false_type());
    top = begin;
  }
  sweep(top, 0, std::true_type());
}

} // namespace hamdyn
