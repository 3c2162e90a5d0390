#pragma once
// The dynamic stiffness A = K (1 + i eta) - omega^2 M + i omega C of a whole line on one rank,
// factored as a complex banded LU with partial pivoting (system/complex_band_lu.h).
//
// Why: a line's DoFs numbered along it give A a band of half-width b (the element degree, 3 for
// a Hermite beam), and a banded LU costs O(N b^2) with no index arrays: measured on the
// 25 000-element Timoshenko beam (10^5 unknowns), 14x less per frequency than MUMPS on the real
// block form. Above the first resonance A is indefinite, so it pivots (the transient path's
// BandedLU does not). A frequency response's frequencies are independent, so each rank takes
// whole frequencies with its own copy of the line (studies/frequency_response.cc) instead of
// sharing each solve.
//
// The few DoFs numbered after the line (attached oscillators) couple to a node far back in the
// numbering; the band's order puts each right after the last DoF it couples to, which keeps the
// band narrow.
#include "system/complex_band_lu.h"
#include "system/harmonic_solver.h"

#include <complex>
#include <stdexcept>
#include <vector>

namespace hamdyn {

/// The system's couplings are wider than a band holds, even in the band's order (a coupling
/// between distant points of the line).
struct NotBanded : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class BandedHarmonicSolver final : public HarmonicSolver {
public:
  /// `s` on one rank (MPI_COMM_SELF: every DoF its own), with its assembled matrices. NotBanded
  /// when its half-bandwidth in the band's order exceeds max_half_bandwidth.
  explicit BandedHarmonicSolver(const SecondOrderSystem& s);
  static constexpr int max_half_bandwidth = 64;
  /// Bytes of the factorization and its work arrays for `dofs` unknowns and half-bandwidth b.
  static double bytes(double dofs, double b) { return 16 * (3 * b + 4) * dofs + 4 * dofs; }
  int half_bandwidth() const { return b_; }

private:
  bool factorize(double omega, double eta) override;
  bool solve_factored(const LA::Vector& b_re, const LA::Vector* b_im, LA::Vector& x_re,
                      LA::Vector& x_im) override;
  std::vector<int> position_; // each DoF's row in the band's order
  // where each entry of the rows (HarmonicSolver's CSR) goes in the band (ComplexBandLU::index)
  std::vector<std::size_t> band_entry_;
  int b_ = 0; // half-bandwidth (lower = upper)
  ComplexBandLU lu_;
  std::vector<std::complex<double>> rhs_;
};

} // namespace hamdyn
