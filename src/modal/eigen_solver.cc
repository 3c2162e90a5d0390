#include "modal/eigen_solver.h"

#include "core/failure_message.h"
#include "system/petsc_helpers.h"
#include <slepceps.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hamdyn {

Modes compute_modes(const SecondOrderSystem& s, unsigned int n, double shift) {
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
  KSP ksp;
  check_petsc(STGetKSP(st, &ksp));
  check_petsc(KSPSetType(ksp, KSPPREONLY));
  PC pc;
  check_petsc(KSPGetPC(ksp, &pc));
  check_petsc(PCSetType(pc, PCLU));
  check_petsc(PCFactorSetMatSolverType(pc, MATSOLVERMUMPS));
  // A failure inside SLEPc or MUMPS (a numerically singular K - shift M, from parameters of
  // absurd scale) is reported by every rank alike: one line, no PETSc trace.
  if (EPSSolve(eps) != 0) {
    EPSDestroy(&eps);
    throw CollectiveFailure("the modal solver (SLEPc shift-and-invert, MUMPS LU of K - shift M) "
                            "failed: check the parameters' scale (Tension, stiffnesses, Mass per "
                            "length, Grading)");
  }
  PetscInt n_converged = 0;
  check_petsc(EPSGetConverged(eps, &n_converged));
  AssertThrow(n_converged >= PetscInt(n),
              dealii::ExcMessage("SLEPc converged " + std::to_string(n_converged) + " of " +
                                 std::to_string(n) + " requested modes"));
  Modes modes;
  std::vector<double> lambda(n);
  std::vector<LA::Vector> shapes(n);
  for (unsigned int i = 0; i < n; ++i) {
    shapes[i].reinit(s.locally_owned, s.comm);
    PetscScalar kr, ki;
    check_petsc(EPSGetEigenpair(eps, i, &kr, &ki, shapes[i], nullptr));
    lambda[i] = kr;
  }
  check_petsc(EPSDestroy(&eps));
  std::vector<unsigned int> order(n);
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return lambda[a] < lambda[b]; });
  for (unsigned int i : order) {
    if (!std::isfinite(lambda[i]) || !std::isfinite(shapes[i].l2_norm()))
      throw CollectiveFailure("the modal solver returned a non-finite mode " +
                              std::to_string(i + 1) +
                              ": check the parameters' scale (Tension, stiffnesses, Mass per "
                              "length, Grading)");
    // A rigid-body mode's omega^2 is zero up to round-off, which may be slightly negative.
    modes.omega.push_back(std::sqrt(std::max(lambda[i], 0.0)));
    modes.shapes.push_back(std::move(shapes[i]));
  }
  return modes;
}

} // namespace hamdyn
