#include "system/matrix_rows.h"

#include "system/petsc_helpers.h"

#include <algorithm>

namespace hamdyn {

const std::vector<std::pair<PetscInt, double>>& MatrixRows::row(PetscInt r) {
  row_.clear();
  if (a_.terms.size() == 1 && a_.entries.empty()) { // one matrix: PETSc's row is sorted already
    const auto& [factor, matrix] = a_.terms.front();
    PetscInt n = 0;
    const PetscInt* cols = nullptr;
    const PetscScalar* vals = nullptr;
    check_petsc(MatGetRow(matrix, r, &n, &cols, &vals));
    for (PetscInt j = 0; j < n; ++j)
      row_.emplace_back(cols[j], factor * vals[j]);
    check_petsc(MatRestoreRow(matrix, r, &n, &cols, &vals));
    return row_;
  }
  for (const auto& [factor, matrix] : a_.terms) {
    PetscInt n = 0;
    const PetscInt* cols = nullptr;
    const PetscScalar* vals = nullptr;
    check_petsc(MatGetRow(matrix, r, &n, &cols, &vals));
    for (PetscInt j = 0; j < n; ++j)
      add(cols[j], factor * vals[j]);
    check_petsc(MatRestoreRow(matrix, r, &n, &cols, &vals));
  }
  for (const auto& e : a_.entries)
    if (PetscInt(e.row) == r)
      add(PetscInt(e.column), a_.entry_factor * e.value);
  std::sort(row_.begin(), row_.end());
  return row_;
}

std::pair<PetscInt, PetscInt> MatrixRows::owned_rows() const {
  PetscInt first = 0, last = 0;
  check_petsc(MatGetOwnershipRange(a_.terms.front().second, &first, &last));
  return {first, last};
}

MPI_Comm MatrixRows::comm() const {
  MPI_Comm comm = MPI_COMM_NULL;
  check_petsc(PetscObjectGetComm(reinterpret_cast<PetscObject>(a_.terms.front().second), &comm));
  return comm;
}

void MatrixRows::add(PetscInt col, double value) {
  for (auto& [c, v] : row_)
    if (c == col) {
      v += value;
      return;
    }
  row_.emplace_back(col, value);
}

} // namespace hamdyn
