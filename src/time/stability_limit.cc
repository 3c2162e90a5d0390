#include "time/stability_limit.h"

#include "system/petsc_helpers.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hamdyn {

double central_difference_critical_step(const SecondOrderSystem& s) {
  Mat k = petsc_handle(s.stiffness);
  PetscInt first = 0, last = 0;
  check_petsc(MatGetOwnershipRange(k, &first, &last));
  double bound = 0;
  for (PetscInt row = first; row < last; ++row) {
    if (std::binary_search(s.held_dofs.begin(), s.held_dofs.end(),
                           static_cast<dealii::types::global_dof_index>(row)))
      continue;
    PetscInt n = 0;
    const PetscScalar* values = nullptr;
    check_petsc(MatGetRow(k, row, &n, nullptr, &values));
    double row_sum = 0;
    for (PetscInt j = 0; j < n; ++j)
      row_sum += std::abs(values[j]);
    check_petsc(MatRestoreRow(k, row, &n, nullptr, &values));
    bound = std::max(bound, row_sum / s.mass.el(row, row));
  }
  MPI_Allreduce(MPI_IN_PLACE, &bound, 1, MPI_DOUBLE, MPI_MAX, s.comm);
  return bound > 0 ? 2.0 / std::sqrt(bound) : std::numeric_limits<double>::infinity();
}

} // namespace hamdyn
