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
  /// Collective.
  bool solve(double omega, double eta, const LA::Vector& f_re, const LA::Vector* f_im,
             LA::Vector& u_re, LA::Vector& u_im);

private:
  void fill(double omega, double eta);
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
