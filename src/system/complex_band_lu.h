#pragma once
// A complex banded matrix factored as LU with partial pivoting, in LAPACK's band storage and
// order of operations (zgbtf2/zgbtrs: Anderson et al., LAPACK Users' Guide, 3rd ed., 1999; Golub
// & Van Loan, Matrix Computations, 4th ed., sec. 4.3.5), written out (complex_band_lu.cc says
// why). The dynamic stiffness K (1 + i eta) - omega^2 M + i omega C of a line
// (system/banded_harmonic_solver.h) and of a cable's chain (studies/cable_response.h) are the
// matrices it factors: indefinite above the first resonance, so it pivots.
//
// The matrix is complex symmetric in its uses and is factored scaled, D A D with D_jj the inverse
// square root of column j's largest entry: every column's largest entry is then 1, whatever the
// units of its DoF (a rotation's rows are ~h^2 a deflection's), so that the null-pivot test needs
// no scale of its own.
#include <complex>
#include <cstddef>
#include <vector>

namespace hamdyn {

class ComplexBandLU {
public:
  using Complex = std::complex<double>;

  /// n unknowns, half-bandwidth b (lower = upper); every entry 0.
  void reinit(std::size_t n, std::size_t b);
  std::size_t size() const { return n_; }
  std::size_t half_bandwidth() const { return b_; }
  /// Where A(i, j), |i - j| <= b, lies in data() (for a caller that fills the same entries at
  /// many frequencies).
  std::size_t index(std::size_t i, std::size_t j) const { return 2 * b_ + i - j + j * ld(); }
  Complex* data() { return band_.data(); }
  /// Every entry 0 again (before the next matrix is filled).
  void clear();
  /// Scales and factors the matrix filled in. False when a pivot is round-off of its scaled
  /// column's 1: singular to round-off (an undamped resonance, a free structure at 0 Hz).
  bool factorize();
  /// x = A^-1 x with the last factorization.
  void solve(Complex* x) const;

private:
  std::size_t ld() const { return 3 * b_ + 1; }
  std::size_t n_ = 0, b_ = 0;
  // column j's entries A(i, j), max(0, j - 2b) <= i <= min(n - 1, j + b), at index(i, j)
  // (zgbtrf's extra b rows hold the fill-in of the row exchanges)
  std::vector<Complex> band_, inverse_pivots_;
  std::vector<double> scale_; // D
  std::vector<std::size_t> pivots_;
};

} // namespace hamdyn
