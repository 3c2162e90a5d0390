#include "system/linear_functional.h"

#include "system/petsc_helpers.h"

namespace hamdyn {

void evaluate(const std::vector<LinearFunctional>& functionals, const State& s, MPI_Comm comm,
              double extra, std::vector<double>& values) {
  values.assign(functionals.size() + 1, 0.0);
  values.back() = extra;
  const auto range = s.u.local_range();
  const PetscScalar *u, *v, *a;
  check_petsc(VecGetArrayRead(s.u, &u));
  check_petsc(VecGetArrayRead(s.v, &v));
  check_petsc(VecGetArrayRead(s.a, &a));
  for (std::size_t k = 0; k < functionals.size(); ++k) {
    const auto& f = functionals[k];
    for (std::size_t j = 0; j < f.dofs.size(); ++j) {
      if (f.dofs[j] < range.first || f.dofs[j] >= range.second)
        continue;
      const auto i = f.dofs[j] - range.first;
      if (!f.of_u.empty())
        values[k] += f.of_u[j] * u[i];
      if (!f.of_v.empty())
        values[k] += f.of_v[j] * v[i];
      if (!f.of_a.empty())
        values[k] += f.of_a[j] * a[i];
    }
  }
  check_petsc(VecRestoreArrayRead(s.u, &u));
  check_petsc(VecRestoreArrayRead(s.v, &v));
  check_petsc(VecRestoreArrayRead(s.a, &a));
  MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_DOUBLE, MPI_SUM,
                comm);
  for (std::size_t k = 0; k < functionals.size(); ++k)
    if (functionals[k].constant)
      values[k] += functionals[k].constant(s.t);
}

} // namespace hamdyn
