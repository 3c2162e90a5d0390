#pragma once
// Small glue between deal.II's PETSc wrappers and the PETSc C API used where deal.II 9.4 has no
// wrapper (sub-matrix LU, SLEPc shift-and-invert set-up).
#include <deal.II/lac/exceptions.h>
#include <deal.II/lac/petsc_sparse_matrix.h>

namespace hamdyn {

inline void check_petsc(PetscErrorCode ierr) {
  AssertThrow(ierr == 0, dealii::LACExceptions::ExcPETScError(ierr));
}

/// The PETSc handle of an assembled matrix (read-only use).
inline Mat petsc_handle(const dealii::PETScWrappers::MatrixBase& m) {
  return static_cast<Mat>(m);
}

} // namespace hamdyn
