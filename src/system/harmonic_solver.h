#pragma once
// Steady harmonic response of M a + C v + K u = f: with u = Re(U e^{i omega t}) and
// f = Re(F e^{i omega t}), (K (1 + i eta) - omega^2 M + i omega C) U = F, eta a hysteretic loss
// factor (Clough & Penzien, Dynamics of Structures, 2nd ed., sec. 3.8 and eq. 3-49 for eta).
//
// Two factorizations of the complex dynamic stiffness share the refinement below:
// BandedHarmonicSolver (a complex banded LU on one rank: system/banded_harmonic_solver.h) and
// MumpsHarmonicSolver (MUMPS on the real block form over every rank:
// system/mumps_harmonic_solver.h).
#include "system/second_order_system.h"

#include <petscsys.h>

#include <vector>

namespace hamdyn {

class HarmonicSolver {
public:
  virtual ~HarmonicSolver() = default;
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
  /// Collective over the system's communicator.
  bool solve(double omega, double eta, const LA::Vector& f_re, const LA::Vector* f_im,
             LA::Vector& u_re, LA::Vector& u_im);
  /// The relative size of the last refinement step of the last solve, ||dU|| / ||U||: what the
  /// solution may still be off by (above ~1e-6, the mesh is finer than double precision resolves
  /// for this response).
  double last_correction() const { return last_correction_; }

protected:
  /// Reads the rows of M, K and C the solvers fill their factorizations from (`s` must keep its
  /// assembled matrices, Matrices::assembled, while the solver lives).
  explicit HarmonicSolver(const SecondOrderSystem& s);
  /// Factors A = K (1 + i eta) - omega^2 M + i omega C; false (on every rank) when it is singular.
  virtual bool factorize(double omega, double eta) = 0;
  /// x = A^-1 b for b = b_re + i b_im (b_im may be null) with the last factorization; false when
  /// it is singular.
  virtual bool solve_factored(const LA::Vector& b_re, const LA::Vector* b_im, LA::Vector& x_re,
                              LA::Vector& x_im) = 0;

  const SecondOrderSystem& s_;
  MPI_Comm comm_;
  PetscInt first_ = 0, n_local_ = 0;
  // each owned row's columns (global DoFs, ascending) and its entries of M, K and C, in CSR form
  std::vector<PetscInt> row_start_, columns_;
  std::vector<double> m_, k_, c_;

private:
  /// r = f - (K (1 + i eta) - omega^2 M + i omega C) u, the K products from the strains.
  void residual(double omega, double eta, const LA::Vector& f_re, const LA::Vector* f_im,
                const LA::Vector& u_re, const LA::Vector& u_im, LA::Vector& r_re,
                LA::Vector& r_im) const;
  double last_correction_ = 0;
  // Scratch of the residual and the refinement, kept across frequencies: allocating and copying
  // seven vectors per frequency cost more than one refinement step's arithmetic at 10^5 unknowns.
  mutable LA::Vector mass_part_, stiffness_part_, damping_part_;
  LA::Vector r_re_, r_im_, d_re_, d_im_;
};

} // namespace hamdyn
