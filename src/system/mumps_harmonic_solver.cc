#include "system/mumps_harmonic_solver.h"

#include "system/petsc_helpers.h"

#include <cmath>

namespace hamdyn {

MumpsHarmonicSolver::MumpsHarmonicSolver(const SecondOrderSystem& s) : HarmonicSolver(s) {
  // Block rows 2i and 2i+1 hold the columns 2j and 2j+1 of every j of row i.
  std::vector<PetscInt> diagonal(2 * n_local_), off_diagonal(2 * n_local_);
  for (PetscInt i = 0; i < n_local_; ++i)
    for (PetscInt p = row_start_[i]; p < row_start_[i + 1]; ++p) {
      const bool own = columns_[p] >= first_ && columns_[p] < first_ + n_local_;
      for (PetscInt r : {2 * i, 2 * i + 1})
        (own ? diagonal : off_diagonal)[r] += 2;
    }
  check_petsc(MatCreate(comm_, &block_));
  check_petsc(MatSetSizes(block_, 2 * n_local_, 2 * n_local_, PETSC_DETERMINE, PETSC_DETERMINE));
  check_petsc(MatSetType(block_, MATAIJ));
  check_petsc(MatSeqAIJSetPreallocation(block_, 0, diagonal.data()));
  check_petsc(MatMPIAIJSetPreallocation(block_, 0, diagonal.data(), 0, off_diagonal.data()));
  check_petsc(MatCreateVecs(block_, &x_, &b_));
  check_petsc(KSPCreate(comm_, &ksp_));
  check_petsc(KSPSetType(ksp_, KSPPREONLY));
  PC pc;
  check_petsc(KSPGetPC(ksp_, &pc));
  check_petsc(PCSetType(pc, PCLU));
  check_petsc(PCFactorSetMatSolverType(pc, MATSOLVERMUMPS));
  fill(0, 0); // MUMPS's factor is set up on an assembled matrix
  check_petsc(KSPSetOperators(ksp_, block_, block_));
  check_petsc(PCFactorSetUpMatSolverType(pc));
  Mat factor;
  check_petsc(PCFactorGetMatrix(pc, &factor));
  // MUMPS's null-pivot detection (ICNTL(24), MUMPS users' guide 5.5, sec. 6.1): at an undamped
  // resonance the block matrix is singular only to round-off, and elimination would return a
  // huge but finite "solution"; the count of null pivots (INFOG(28)) says so instead.
  check_petsc(MatMumpsSetIcntl(factor, 24, 1));
  // a singular matrix shows as a failed factorization, reported by solve(), not as an error
  check_petsc(KSPSetErrorIfNotConverged(ksp_, PETSC_FALSE));
}

MumpsHarmonicSolver::~MumpsHarmonicSolver() {
  KSPDestroy(&ksp_);
  VecDestroy(&x_);
  VecDestroy(&b_);
  MatDestroy(&block_);
}

void MumpsHarmonicSolver::fill(double omega, double eta) {
  // (A + i B) with A = K - omega^2 M and B = eta K + omega C, as [A -B; B A] interleaved
  std::vector<PetscInt> block_columns;
  std::vector<PetscScalar> re_row, im_row;
  for (PetscInt i = 0; i < n_local_; ++i) {
    block_columns.clear();
    re_row.clear();
    im_row.clear();
    for (PetscInt p = row_start_[i]; p < row_start_[i + 1]; ++p) {
      const double a = k_[p] - omega * omega * m_[p], b = eta * k_[p] + omega * c_[p];
      block_columns.insert(block_columns.end(), {2 * columns_[p], 2 * columns_[p] + 1});
      re_row.insert(re_row.end(), {a, -b});
      im_row.insert(im_row.end(), {b, a});
    }
    const PetscInt rows[2] = {2 * (first_ + i), 2 * (first_ + i) + 1};
    const auto n = PetscInt(block_columns.size());
    check_petsc(
        MatSetValues(block_, 1, &rows[0], n, block_columns.data(), re_row.data(), INSERT_VALUES));
    check_petsc(
        MatSetValues(block_, 1, &rows[1], n, block_columns.data(), im_row.data(), INSERT_VALUES));
  }
  check_petsc(MatAssemblyBegin(block_, MAT_FINAL_ASSEMBLY));
  check_petsc(MatAssemblyEnd(block_, MAT_FINAL_ASSEMBLY));
}

bool MumpsHarmonicSolver::factorize(double omega, double eta) {
  // MUMPS factors in the next KSPSolve; a failure shows there (solve_factored)
  fill(omega, eta);
  check_petsc(KSPSetOperators(ksp_, block_, block_));
  return true;
}

bool MumpsHarmonicSolver::solve_factored(const LA::Vector& b_re, const LA::Vector* b_im,
                                         LA::Vector& x_re, LA::Vector& x_im) {
  PetscScalar* b = nullptr;
  check_petsc(VecGetArray(b_, &b));
  for (PetscInt i = 0; i < n_local_; ++i) {
    b[2 * i] = b_re(first_ + i);
    b[2 * i + 1] = b_im ? (*b_im)(first_ + i) : 0.0;
  }
  check_petsc(VecRestoreArray(b_, &b));
  check_petsc(KSPSolve(ksp_, b_, x_));
  KSPConvergedReason reason;
  check_petsc(KSPGetConvergedReason(ksp_, &reason));
  if (reason < 0)
    return false;
  PC pc;
  Mat factor;
  PetscInt null_pivots = 0;
  check_petsc(KSPGetPC(ksp_, &pc));
  check_petsc(PCFactorGetMatrix(pc, &factor));
  check_petsc(MatMumpsGetInfog(factor, 28, &null_pivots));
  if (null_pivots > 0)
    return false;
  const PetscScalar* x = nullptr;
  check_petsc(VecGetArrayRead(x_, &x));
  bool finite = true;
  for (PetscInt i = 0; i < n_local_; ++i) {
    x_re(first_ + i) = x[2 * i];
    x_im(first_ + i) = x[2 * i + 1];
    finite = finite && std::isfinite(x[2 * i]) && std::isfinite(x[2 * i + 1]);
  }
  check_petsc(VecRestoreArrayRead(x_, &x));
  x_re.compress(dealii::VectorOperation::insert);
  x_im.compress(dealii::VectorOperation::insert);
  return dealii::Utilities::MPI::min(finite ? 1 : 0, comm_) == 1;
}

} // namespace hamdyn
