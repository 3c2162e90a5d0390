#include "time/line_schur_solver.h"

#include "time/petsc_helpers.h"
#include <deal.II/lac/vector.h>

#include <algorithm>

namespace hamdyn {

LineSchurSolver::~LineSchurSolver() {
  clear();
}

void LineSchurSolver::clear() {
  if (interior_factor_)
    MatDestroy(&interior_factor_);
  if (interior_matrix_)
    MatDestroy(&interior_matrix_);
  if (interior_rhs_)
    VecDestroy(&interior_rhs_);
  if (interior_sol_)
    VecDestroy(&interior_sol_);
  interior_.clear();
  interface_.clear();
  interface_slot_.clear();
  interface_global_.clear();
  coupling_rows_.clear();
  w_columns_.clear();
}

void LineSchurSolver::factorize(Mat A) {
  clear();
  check_petsc(PetscObjectGetComm(reinterpret_cast<PetscObject>(A), &comm_));
  PetscInt last = 0;
  check_petsc(MatGetOwnershipRange(A, &first_, &last));
  n_local_ = last - first_;

  // Interface DoFs: owned rows with a column owned by another rank.
  std::vector<PetscInt> interior_index(n_local_, -1);
  for (PetscInt row = first_; row < last; ++row) {
    PetscInt n_cols = 0;
    const PetscInt* cols = nullptr;
    check_petsc(MatGetRow(A, row, &n_cols, &cols, nullptr));
    const bool coupled =
        std::any_of(cols, cols + n_cols, [&](PetscInt c) { return c < first_ || c >= last; });
    check_petsc(MatRestoreRow(A, row, &n_cols, &cols, nullptr));
    if (coupled)
      interface_.push_back(row - first_);
    else {
      interior_index[row - first_] = static_cast<PetscInt>(interior_.size());
      interior_.push_back(row - first_);
    }
  }
  interior_contiguous_ =
      interior_.empty() || interior_.back() - interior_.front() + 1 == PetscInt(interior_.size());

  // The global interface list, in rank order (hence sorted).
  int n_ranks = 1;
  MPI_Comm_size(comm_, &n_ranks);
  const int n_mine = static_cast<int>(interface_.size());
  std::vector<int> counts(n_ranks), offsets(n_ranks, 0);
  MPI_Allgather(&n_mine, 1, MPI_INT, counts.data(), 1, MPI_INT, comm_);
  for (int r = 1; r < n_ranks; ++r)
    offsets[r] = offsets[r - 1] + counts[r - 1];
  int my_rank = 0;
  MPI_Comm_rank(comm_, &my_rank);
  std::vector<PetscInt> mine(interface_.size());
  for (std::size_t k = 0; k < interface_.size(); ++k) {
    mine[k] = first_ + interface_[k];
    interface_slot_.push_back(offsets[my_rank] + static_cast<unsigned int>(k));
  }
  interface_global_.resize(offsets.back() + counts.back());
  MPI_Allgatherv(mine.data(), n_mine, MPIU_INT, interface_global_.data(), counts.data(),
                 offsets.data(), MPIU_INT, comm_);

  // Factor the interior block with PETSc's sequential LU in the natural (banded) ordering.
  const PetscInt n_interior = static_cast<PetscInt>(interior_.size());
  if (n_interior > 0) {
    std::vector<PetscInt> global(interior_.size());
    for (std::size_t i = 0; i < interior_.size(); ++i)
      global[i] = first_ + interior_[i];
    IS is;
    check_petsc(
        ISCreateGeneral(PETSC_COMM_SELF, n_interior, global.data(), PETSC_COPY_VALUES, &is));
    Mat* blocks = nullptr;
    check_petsc(MatCreateSubMatrices(A, 1, &is, &is, MAT_INITIAL_MATRIX, &blocks));
    interior_matrix_ = blocks[0];
    check_petsc(PetscFree(blocks));
    check_petsc(ISDestroy(&is));
    IS row_perm, col_perm;
    check_petsc(MatGetOrdering(interior_matrix_, MATORDERINGNATURAL, &row_perm, &col_perm));
    check_petsc(MatGetFactor(interior_matrix_, MATSOLVERPETSC, MAT_FACTOR_LU, &interior_factor_));
    MatFactorInfo info;
    check_petsc(MatFactorInfoInitialize(&info));
    check_petsc(MatLUFactorSymbolic(interior_factor_, interior_matrix_, row_perm, col_perm, &info));
    check_petsc(MatLUFactorNumeric(interior_factor_, interior_matrix_, &info));
    check_petsc(ISDestroy(&row_perm));
    check_petsc(ISDestroy(&col_perm));
    check_petsc(VecCreateSeq(PETSC_COMM_SELF, n_interior, &interior_rhs_));
    check_petsc(VecCreateSeq(PETSC_COMM_SELF, n_interior, &interior_sol_));
  }

  // A_GI rows, W = A_II^-1 A_IG columns, and the Schur complement (summed over ranks).
  const std::size_t n_g = interface_global_.size();
  std::vector<double> schur(n_g * n_g, 0.0);
  auto slot_of = [&](PetscInt global) -> long {
    const auto it = std::lower_bound(interface_global_.begin(), interface_global_.end(), global);
    return (it != interface_global_.end() && *it == global) ? it - interface_global_.begin() : -1;
  };
  coupling_rows_.resize(interface_.size());
  w_columns_.resize(interface_.size());
  for (std::size_t k = 0; k < interface_.size(); ++k) {
    const PetscInt row = first_ + interface_[k];
    PetscInt n_cols = 0;
    const PetscInt* cols = nullptr;
    const PetscScalar* vals = nullptr;
    check_petsc(MatGetRow(A, row, &n_cols, &cols, &vals));
    for (PetscInt j = 0; j < n_cols; ++j) {
      const long slot = slot_of(cols[j]);
      if (slot >= 0)
        schur[interface_slot_[k] * n_g + slot] += vals[j];
      else // not an interface DoF, so an interior DoF of this rank
        coupling_rows_[k].emplace_back(interior_index[cols[j] - first_], vals[j]);
    }
    check_petsc(MatRestoreRow(A, row, &n_cols, &cols, &vals));

    // Column k of A_IG, read from the rows of the coupled interior DoFs.
    w_columns_[k].assign(n_interior, 0.0);
    if (n_interior == 0)
      continue;
    check_petsc(VecSet(interior_rhs_, 0.0));
    for (const auto& [i, value] : coupling_rows_[k]) {
      (void)value;
      const PetscInt irow = first_ + interior_[i];
      check_petsc(MatGetRow(A, irow, &n_cols, &cols, &vals));
      for (PetscInt j = 0; j < n_cols; ++j)
        if (cols[j] == row)
          check_petsc(VecSetValue(interior_rhs_, i, vals[j], INSERT_VALUES));
      check_petsc(MatRestoreRow(A, irow, &n_cols, &cols, &vals));
    }
    check_petsc(VecAssemblyBegin(interior_rhs_));
    check_petsc(VecAssemblyEnd(interior_rhs_));
    check_petsc(MatSolve(interior_factor_, interior_rhs_, interior_sol_));
    const PetscScalar* w = nullptr;
    check_petsc(VecGetArrayRead(interior_sol_, &w));
    std::copy(w, w + n_interior, w_columns_[k].begin());
    check_petsc(VecRestoreArrayRead(interior_sol_, &w));
  }
  for (std::size_t k = 0; k < interface_.size(); ++k)
    for (std::size_t l = 0; l < interface_.size(); ++l) {
      double a_gi_w = 0;
      for (const auto& [i, value] : coupling_rows_[k])
        a_gi_w += value * w_columns_[l][i];
      schur[interface_slot_[k] * n_g + interface_slot_[l]] -= a_gi_w;
    }
  interface_values_.assign(n_g, 0.0);
  if (n_g == 0)
    return;
  MPI_Allreduce(MPI_IN_PLACE, schur.data(), static_cast<int>(schur.size()), MPI_DOUBLE, MPI_SUM,
                comm_);
  schur_.reinit(static_cast<unsigned int>(n_g));
  for (std::size_t r = 0; r < n_g; ++r)
    for (std::size_t c = 0; c < n_g; ++c)
      schur_(r, c) = schur[r * n_g + c];
  schur_.compute_lu_factorization();
}

void LineSchurSolver::solve(Vec b, Vec x) const {
  const PetscScalar* bb = nullptr;
  PetscScalar* xx = nullptr;
  check_petsc(VecGetArrayRead(b, &bb));
  check_petsc(VecGetArray(x, &xx));
  const std::size_t n_interior = interior_.size();
  // y = A_II^-1 b_I, written into the interior entries of x.
  if (n_interior > 0) {
    if (interior_contiguous_) {
      check_petsc(VecPlaceArray(interior_rhs_, bb + interior_.front()));
      check_petsc(VecPlaceArray(interior_sol_, xx + interior_.front()));
      check_petsc(MatSolve(interior_factor_, interior_rhs_, interior_sol_));
      check_petsc(VecResetArray(interior_rhs_));
      check_petsc(VecResetArray(interior_sol_));
    } else {
      PetscScalar* r = nullptr;
      check_petsc(VecGetArray(interior_rhs_, &r));
      for (std::size_t i = 0; i < n_interior; ++i)
        r[i] = bb[interior_[i]];
      check_petsc(VecRestoreArray(interior_rhs_, &r));
      check_petsc(MatSolve(interior_factor_, interior_rhs_, interior_sol_));
      const PetscScalar* s = nullptr;
      check_petsc(VecGetArrayRead(interior_sol_, &s));
      for (std::size_t i = 0; i < n_interior; ++i)
        xx[interior_[i]] = s[i];
      check_petsc(VecRestoreArrayRead(interior_sol_, &s));
    }
  }
  if (!interface_global_.empty()) {
    // g = b_G - A_GI y, summed over ranks; x_G = S^-1 g; x_I = y - W x_G.
    std::fill(interface_values_.begin(), interface_values_.end(), 0.0);
    for (std::size_t k = 0; k < interface_.size(); ++k) {
      double g = bb[interface_[k]];
      for (const auto& [i, value] : coupling_rows_[k])
        g -= value * xx[interior_[i]];
      interface_values_[interface_slot_[k]] = g;
    }
    MPI_Allreduce(MPI_IN_PLACE, interface_values_.data(),
                  static_cast<int>(interface_values_.size()), MPI_DOUBLE, MPI_SUM, comm_);
    dealii::Vector<double> x_g(interface_values_.begin(), interface_values_.end());
    schur_.solve(x_g);
    for (std::size_t k = 0; k < interface_.size(); ++k) {
      const double coefficient = x_g[interface_slot_[k]];
      xx[interface_[k]] = coefficient;
      const double* w = w_columns_[k].data();
      for (std::size_t i = 0; i < n_interior; ++i)
        xx[interior_[i]] -= coefficient * w[i];
    }
  }
  check_petsc(VecRestoreArrayRead(b, &bb));
  check_petsc(VecRestoreArray(x, &xx));
}

} // namespace hamdyn
