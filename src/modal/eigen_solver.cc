#include "modal/eigen_solver.h"

#include "core/failure_message.h"
#include "modal/mode_refinement.h"
#include "system/line_schur_solver.h"
#include "system/petsc_helpers.h"
#include <slepceps.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hamdyn {

namespace {
// The shift-and-invert operator's solve by the line's banded factorization (a PCSHELL under
// SLEPc's STSINVERT): exact like MUMPS, at a fraction of its time and memory in 1D (see
// system/line_schur_solver.h). K - shift M with shift < 0 is positive definite, so the band
// factorization needs no pivoting.
PetscErrorCode apply_factorization(PC pc, Vec b, Vec x) {
  void* context = nullptr;
  PetscCall(PCShellGetContext(pc, &context));
  static_cast<const LineSchurSolver*>(context)->solve(b, x);
  return 0;
}
} // namespace

Modes compute_modes(const SecondOrderSystem& s, unsigned int n, double shift) {
  LineSchurSolver factorization;
  try {
    factorization.factorize(s.linearization(-shift, 0, 1));
  } catch (const std::exception&) {
    throw CollectiveFailure("the modal solver's factorization of K - shift M failed: check the "
                            "parameters' scale (Tension, stiffnesses, Mass per length, Grading)");
  }
  EPS eps;
  check_petsc(EPSCreate(s.comm, &eps));
  check_petsc(EPSSetOperators(eps, petsc_handle(s.stiffness), petsc_handle(s.mass)));
  check_petsc(EPSSetProblemType(eps, EPS_GHEP));
  check_petsc(EPSSetType(eps, EPSKRYLOVSCHUR));
  check_petsc(EPSSetDimensions(eps, n, PETSC_DEFAULT, PETSC_DEFAULT));
  check_petsc(EPSSetTarget(eps, shift));
  check_petsc(EPSSetWhichEigenpairs(eps, EPS_TARGET_MAGNITUDE));
  check_petsc(EPSSetTolerances(eps, 1e-12, 1000));
  ST st;
  check_petsc(EPSGetST(eps, &st));
  check_petsc(STSetType(st, STSINVERT));
  // M and K are assembled on one sparsity pattern, so K - shift M is formed without a new one
  // (the shell preconditioner below never reads it).
  check_petsc(STSetMatStructure(st, SAME_NONZERO_PATTERN));
  KSP ksp;
  check_petsc(STGetKSP(st, &ksp));
  check_petsc(KSPSetType(ksp, KSPPREONLY));
  PC pc;
  check_petsc(KSPGetPC(ksp, &pc));
  check_petsc(PCSetType(pc, PCSHELL));
  check_petsc(PCShellSetContext(pc, &factorization));
  check_petsc(PCShellSetApply(pc, apply_factorization));
  // A failure inside SLEPc (from parameters of absurd scale) is reported by every rank alike: one
  // line, no PETSc trace.
  if (EPSSolve(eps) != 0) {
    EPSDestroy(&eps);
    throw CollectiveFailure("the modal solver (SLEPc shift-and-invert, banded LU of K - shift M) "
                            "failed: check the parameters' scale (Tension, stiffnesses, Mass per "
                            "length, Grading)");
  }
  PetscInt n_converged = 0;
  check_petsc(EPSGetConverged(eps, &n_converged));
  AssertThrow(n_converged >= PetscInt(n),
              dealii::ExcMessage("SLEPc converged " + std::to_string(n_converged) + " of " +
                                 std::to_string(n) + " requested modes"));
  // Beyond the n asked for, the converged pairs the Krylov-Schur basis holds anyway (up to n more)
  // widen the refinement's subspace: the step's error factor for mode k is lambda_k over the first
  // eigenvalue outside it.
  const unsigned int m = s.visit_cell_forms ? std::min<unsigned int>(n_converged, 2 * n) : n;
  std::vector<double> lambda(m);
  std::vector<LA::Vector> shapes(m);
  for (unsigned int i = 0; i < m; ++i) {
    shapes[i].reinit(s.locally_owned, s.comm);
    PetscScalar kr, ki;
    check_petsc(EPSGetEigenpair(eps, i, &kr, &ki, shapes[i], nullptr));
    lambda[i] = kr;
    if (!std::isfinite(lambda[i]) || !std::isfinite(shapes[i].l2_norm())) {
      EPSDestroy(&eps);
      throw CollectiveFailure("the modal solver returned a non-finite mode " +
                              std::to_string(i + 1) +
                              ": check the parameters' scale (Tension, stiffnesses, Mass per "
                              "length, Grading)");
    }
  }
  check_petsc(EPSDestroy(&eps)); // its Krylov basis is not needed by the refinement
  Modes modes;
  std::vector<double> residual;
  if (s.visit_cell_forms) {
    const RefinedEigenpairs refined = refine_eigenpairs(
        s, shapes, shift, [&](const LA::Vector& r, LA::Vector& d) { factorization.solve(r, d); });
    lambda = refined.lambda;
    residual = refined.residual;
  }
  std::vector<unsigned int> order(m);
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return lambda[a] < lambda[b]; });
  order.resize(n);
  for (unsigned int i : order) {
    // A rigid-body mode's omega^2 is zero up to round-off, which may be slightly negative.
    modes.omega.push_back(std::sqrt(std::max(lambda[i], 0.0)));
    modes.shapes.push_back(std::move(shapes[i]));
    if (!residual.empty())
      modes.residual.push_back(residual[i]);
  }
  return modes;
}

} // namespace hamdyn
