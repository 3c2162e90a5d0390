#pragma once
// The dynamic stiffness factored by MUMPS on the real 2 x 2 block form, over every rank: for a
// system whose band does not fit one rank (system/banded_harmonic_solver.h is the fast path).
//
// Why the block form: PETSc is built for real scalars here, so the complex system
// (A + i B)(x + i y) = F is solved as [A -B; B A][x; y] = [Re F; Im F] (the equivalent real form,
// Day & Heroux, SIAM J. Sci. Comput. 23, 2001, their "K1" form) with each DoF's real and
// imaginary parts interleaved, which keeps the block matrix banded and its rows on the rank that
// owns the DoF. Above the first resonance A = K - omega^2 M is indefinite and the block matrix is
// not symmetric, so neither the symmetric banded LU of the transient path nor a Cholesky
// applies; MUMPS pivots, runs on any number of ranks, and refactors only numerically from one
// frequency to the next (the pattern never changes).
#include "system/harmonic_solver.h"

#include <petscksp.h>

namespace hamdyn {

class MumpsHarmonicSolver final : public HarmonicSolver {
public:
  /// Collective.
  explicit MumpsHarmonicSolver(const SecondOrderSystem& s);
  ~MumpsHarmonicSolver() override;

private:
  bool factorize(double omega, double eta) override;
  bool solve_factored(const LA::Vector& b_re, const LA::Vector* b_im, LA::Vector& x_re,
                      LA::Vector& x_im) override;
  void fill(double omega, double eta);
  Mat block_ = nullptr;
  Vec b_ = nullptr, x_ = nullptr;
  KSP ksp_ = nullptr;
};

} // namespace hamdyn
