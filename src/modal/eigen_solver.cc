#include "modal/eigen_solver.h"

#include "core/failure_message.h"
#include "modal/mode_refinement.h"
#include "system/banded_operator.h"
#include "system/line_schur_solver.h"
#include "system/petsc_helpers.h"

#include <deal.II/base/mpi.h>

#include <slepceps.h>

#include <algorithm>
#include <cmath>
#include <limits>
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

// K and M for SLEPc as shell matrices whose product is the band storage's
// (system/banded_operator.h says why by hand): the Krylov-Schur iteration makes a product with
// M for every B-inner product, and the assembled AIJ matrices can then be freed before the
// Krylov basis is allocated (at 10^6 DoFs their 70 MB would add to its peak).
struct BandedMatrix {
  const SecondOrderSystem* system;
  std::size_t matrix; // SecondOrderSystem::banded_mass or banded_stiffness
};

PetscErrorCode banded_product(Mat a, Vec x, Vec y) {
  void* context = nullptr;
  PetscCall(MatShellGetContext(a, &context));
  const auto* m = static_cast<const BandedMatrix*>(context);
  m->system->banded_vmult(m->matrix, x, y);
  return 0;
}

// SLEPc's solver and its two operators, destroyed together however compute_modes leaves.
struct Slepc {
  EPS eps = nullptr;
  Mat k = nullptr, m = nullptr;
  void destroy() {
    EPSDestroy(&eps);
    MatDestroy(&k);
    MatDestroy(&m);
  }
  ~Slepc() { destroy(); }
};

// SLEPc's monitor (EPSMonitorSet): hands the count of converged pairs to compute_modes' caller.
PetscErrorCode count_converged(EPS, PetscInt, PetscInt n_converged, PetscScalar*, PetscScalar*,
                               PetscReal*, PetscInt, void* context) {
  (*static_cast<const std::function<void(unsigned long)>*>(context))(
      static_cast<unsigned long>(n_converged));
  return 0;
}

Mat banded_shell(const SecondOrderSystem& s, BandedMatrix& context) {
  const PetscInt local = PetscInt(s.locally_owned.n_elements()),
                 global = PetscInt(s.locally_owned.size());
  Mat a;
  check_petsc(MatCreateShell(s.comm, local, local, global, global, &context, &a));
  check_petsc(MatShellSetOperation(a, MATOP_MULT, (void (*)(void))banded_product));
  check_petsc(MatSetOption(a, MAT_SYMMETRIC, PETSC_TRUE));
  return a;
}
} // namespace

namespace {
// SLEPc's largest projected problem (its mpd) when many modes are asked for: with it, the
// converged pairs are locked and the Krylov-Schur restarts work on at most this many vectors
// beyond them (SLEPc Users' Manual, Roman et al., sec. 2.6.5, "computing a large portion of the
// spectrum"). Measured on 1000 modes of a 2000-element Hermite cantilever: 74 s with the ARPACK
// rule's 2001 vectors, 19 s with 1000 + 512 and mpd 512, the frequencies equal to 6e-16 and the
// residuals below 3e-8 in both.
constexpr std::size_t largest_projected_dimension = 512;
} // namespace

std::size_t krylov_basis_size(std::size_t n, std::size_t dofs) {
  // ARPACK's rule, ncv = max(2n + 1, 20) (as scipy's eigsh sets it; ARPACK Users' Guide, Lehoucq,
  // Sorensen & Yang 1998, sec. 2.3: ncv >= 2 nev), rather than SLEPc's default max(2n, n + 15):
  // at 10^6 DoFs each basis vector is 8 MB of the peak. Beyond n = 511, n plus the largest
  // projected dimension.
  return std::min({std::max<std::size_t>(2 * n + 1, 20), n + largest_projected_dimension, dofs});
}

Modes compute_modes(const SecondOrderSystem& s, unsigned int n, double shift,
                    const std::function<void(unsigned long)>& converged,
                    const std::function<void(std::size_t)>& refining) {
  LineSchurSolver factorization;
  try {
    BandedOperator::Rows rows(s.banded(), s.banded_linearization(-shift, 0, 1));
    factorization.factorize(rows);
  } catch (const NotPositiveDefinite&) {
    throw UnstableSystem("K - shift M is not positive definite: the structure has a mode with "
                         "omega^2 below the shift (it is unstable)",
                         std::numeric_limits<double>::quiet_NaN());
  } catch (const std::exception&) {
    throw CollectiveFailure("the modal solver's factorization of K - shift M failed: check the "
                            "parameters' scale (Tension, stiffnesses, Mass per length, Grading)");
  }
  BandedMatrix k_context{&s, SecondOrderSystem::banded_stiffness},
      m_context{&s, SecondOrderSystem::banded_mass};
  Slepc slepc;
  slepc.k = banded_shell(s, k_context);
  slepc.m = banded_shell(s, m_context);
  check_petsc(EPSCreate(s.comm, &slepc.eps));
  EPS eps = slepc.eps;
  check_petsc(EPSSetOperators(eps, slepc.k, slepc.m));
  check_petsc(EPSSetProblemType(eps, EPS_GHEP));
  check_petsc(EPSSetType(eps, EPSKRYLOVSCHUR));
  const auto ncv = PetscInt(krylov_basis_size(n, s.locally_owned.size()));
  // SLEPc requires ncv <= n + mpd: the default mpd (= ncv) while ncv is ARPACK's 2n + 1
  check_petsc(EPSSetDimensions(eps, n, ncv,
                               ncv - PetscInt(n) < PetscInt(largest_projected_dimension)
                                   ? PETSC_DEFAULT
                                   : PetscInt(largest_projected_dimension)));
  check_petsc(EPSSetTarget(eps, shift));
  check_petsc(EPSSetWhichEigenpairs(eps, EPS_TARGET_MAGNITUDE));
  check_petsc(EPSSetTolerances(eps, 1e-12, 1000));
  ST st;
  check_petsc(EPSGetST(eps, &st));
  check_petsc(STSetType(st, STSINVERT));
  // K - shift M is never formed: the shell preconditioner below solves with its factorization.
  check_petsc(STSetMatMode(st, ST_MATMODE_SHELL));
  KSP ksp;
  check_petsc(STGetKSP(st, &ksp));
  check_petsc(KSPSetType(ksp, KSPPREONLY));
  PC pc;
  check_petsc(KSPGetPC(ksp, &pc));
  check_petsc(PCSetType(pc, PCSHELL));
  check_petsc(PCShellSetContext(pc, &factorization));
  check_petsc(PCShellSetApply(pc, apply_factorization));
  if (converged)
    check_petsc(EPSMonitorSet(eps, count_converged,
                              const_cast<void*>(static_cast<const void*>(&converged)), nullptr));
  // A failure inside SLEPc (from parameters of absurd scale) is reported by every rank alike: one
  // line, no PETSc trace.
  if (EPSSolve(eps) != 0)
    throw CollectiveFailure("the modal solver (SLEPc shift-and-invert, banded LU of K - shift M) "
                            "failed: check the parameters' scale (Tension, stiffnesses, Mass per "
                            "length, Grading)");
  PetscInt n_converged = 0;
  check_petsc(EPSGetConverged(eps, &n_converged));
  AssertThrow(n_converged >= PetscInt(n),
              dealii::ExcMessage("SLEPc converged " + std::to_string(n_converged) + " of " +
                                 std::to_string(n) + " requested modes"));
  Modes modes;
  std::vector<double> lambda;
  std::vector<LA::Vector> shapes;
  shapes.reserve(std::min<unsigned int>(n_converged, 2 * n)); // no copies as it grows
  auto extract = [&](unsigned int count) {
    for (unsigned int i = shapes.size(); i < count; ++i) {
      shapes.emplace_back(s.locally_owned, s.comm);
      PetscScalar kr, ki;
      check_petsc(EPSGetEigenpair(eps, i, &kr, &ki, shapes[i], nullptr));
      lambda.push_back(kr);
      if (!std::isfinite(lambda[i]) || !std::isfinite(shapes[i].l2_norm()))
        throw CollectiveFailure("the modal solver returned a non-finite mode " +
                                std::to_string(i + 1) +
                                ": check the parameters' scale (Tension, stiffnesses, Mass per "
                                "length, Grading)");
    }
  };
  extract(n);
  std::vector<double> residual;
  if (s.has_cell_forms()) {
    // The n pairs asked for are accepted as they are when their residuals, formed in extended
    // precision, already meet the refinement's tolerance (a string's K is well conditioned);
    // otherwise the converged pairs the Krylov-Schur basis holds beyond them (up to n more)
    // widen the refinement's subspace: the step's error factor for mode k is lambda_k over the
    // first eigenvalue outside it.
    s.free_band_from_cells(); // not needed unless a refinement step comes, which rebuilds it
    const ExtendedForms forms(s);
    auto solve = [&](const LA::Vector& r, LA::Vector& d) { factorization.solve(r, d); };
    RefinedEigenpairs refined = evaluate_eigenpairs(forms, shapes, solve);
    if (*std::max_element(refined.residual.begin(), refined.residual.end()) >
        refinement_tolerance) {
      // not beyond the free DoFs: the held rows' decoupled pairs (far above the spectrum,
      // SecondOrderSystem::held_row_diagonal) vanish once their rows are zeroed and would leave
      // the refinement's Gram matrices singular when n is (nearly) every free DoF
      const auto n_free = static_cast<unsigned int>(
          s.locally_owned.size() - dealii::Utilities::MPI::sum(s.held_dofs.size(), s.comm));
      extract(std::min<unsigned int>({unsigned(n_converged), 2 * n, n_free}));
      slepc.destroy(); // its Krylov basis is not needed by the refinement
      if (refining)
        refining(shapes.size());
      refined = refine_eigenpairs(forms, shapes, shift, solve);
    }
    lambda = refined.lambda;
    residual = refined.residual;
  }
  slepc.destroy();
  const std::size_t m = shapes.size();
  std::vector<unsigned int> order(m);
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return lambda[a] < lambda[b]; });
  order.resize(n);
  // Below the shift's scale, a negative omega^2 (formed in extended precision from the cells) is
  // a rigid-body mode's round-off; beyond it, an unstable mode (the factorization caught those
  // below the shift).
  if (!residual.empty() && lambda[order.front()] < 1e-6 * shift)
    throw UnstableSystem("the structure has a mode with omega^2 = " +
                             std::to_string(lambda[order.front()]) + " < 0 (it is unstable)",
                         lambda[order.front()]);
  for (unsigned int i : order) {
    // A rigid-body mode's omega^2 is zero up to round-off, which may be slightly negative.
    modes.omega.push_back(std::sqrt(std::max(lambda[i], 0.0)));
    if (!residual.empty())
      modes.residual.push_back(residual[i]);
  }
  // deal.II's PETSc vectors have no move: a vector of them copies every element when it grows
  // (8 MB each at 10^6 DoFs). The pairs are ascending already unless the refinement reordered
  // them, so the first n are taken as they are and copied only otherwise.
  if (std::is_sorted(order.begin(), order.end()) && order.back() == n - 1) {
    shapes.resize(n);
    modes.shapes = std::move(shapes);
  } else {
    modes.shapes.reserve(n);
    for (unsigned int i : order)
      modes.shapes.push_back(shapes[i]);
  }
  return modes;
}

} // namespace hamdyn
