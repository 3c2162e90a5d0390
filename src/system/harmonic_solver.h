#pragma once
// Steady harmonic response of M a + C v + K u = f: with u = Re(U e^{i omega t}) and
// f = Re(F e^{i omega t}), (K (1 + i eta) - omega^2 M + i omega C) U = F, eta a hysteretic loss
// factor (Clough & Penzien, Dynamics of Structures, 2nd ed., sec. 3.8 and eq. 3-49 for eta).
//
// Why MUMPS on the real 2 x 2 block form: PETSc is built for real scalars here, so the complex
// system (A + i B)(x + i y) = F is solved as [A -B; B A][x; y] = [Re F; Im F] (the equivalent
// real form, Day & Heroux, SIAM J. Sci. Comput. 23, 2001, their "K1" form) with each DoF's real
// and imaginary parts interleaved, which keeps the block matrix banded and its rows on the rank
// that owns the DoF. Above the first resonance A = K - omega^2 M is indefinite and the block
// matrix is not symmetric, so neither the symmetric banded LU of the transient path nor a
// Cholesky applies; MUMPS pivots, runs on any number of ranks, and refactors only numerically
// from one frequency to the next (the pattern never changes).
#include "system/second_order_system.h"

#include <petscksp.h>

#include <vector>

namespace hamdyn {

class HarmonicSolver {
public:
  /// `s` must keep its assembled matrices (Matrices::assembled) while the solver lives.
  explicit HarmonicSolver(const SecondOrderSystem& s);
  ~HarmonicSolver();
  HarmonicSolver(const HarmonicSolver&) = delete;
  HarmonicSolver& operator=(const HarmonicSolver&) = delete;

  /// U = u_re + i u_im for the load f_re + i f_im (f_im may be null: a real load). Returns false
  /// (on every rank) when the dynamic stiffness is singular at omega (an undamped resonance).
  /// The factorization's solution is refined iteratively with residuals whose K products come
  /// from the element strains (SecondOrderSystem::apply): the assembled K's products, and with
  /// them the factorization's round-off, lose eps N^(2m) of a row's scale (a cubic Hermite beam
  /// at 10^4 elements: whole digits of a quasi-static response), the strains' only eps N^m
  /// (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., ch. 12: refinement
  /// converges to the accuracy of the residual while the solver's error stays below 1).
  /// Collective.
  bool solve(double omega, double eta, const LA::Vector& f_re, const LA::Vector* f_im,
             LA::Vector& u_re, LA::Vector& u_im);
  /// The relative size of the last refinement step of the last solve, ||dU|| / ||U||: what the
  /// solution may still be off by (above ~1e-6, the mesh is finer than double precision resolves
  /// for this response).
  double last_correction() const { return last_correction_; }

private:
  void fill(double omega, double eta);
  /// x = block^-1 b for b = b_re + i b_im (b_im may be null); false when the factorization failed.
  bool solve_block(const LA::Vector& b_re, const LA::Vector* b_im, LA::Vector& x_re,
                   LA::Vector& x_im);
  /// r = f - (K (1 + i eta) - omega^2 M + i omega C) u, the K products from the strains.
  void residual(double omega, double eta, const LA::Vector& f_re, const LA::Vector* f_im,
                const LA::Vector& u_re, const LA::Vector& u_im, LA::Vector& r_re,
                LA::Vector& r_im) const;
  const SecondOrderSystem& s_;
  double last_correction_ = 0;
  MPI_Comm comm_;
  PetscInt first_ = 0, n_local_ = 0;
  // each owned row's columns (global DoFs) and its entries of M, K and C, in CSR form
  std::vector<PetscInt> row_start_, columns_;
  std::vector<double> m_, k_, c_;
  Mat block_ = nullptr;
  Vec b_ = nullptr, x_ = nullptr;
  KSP ksp_ = nullptr;
};

} // namespace hamdyn
