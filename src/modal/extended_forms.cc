#include "modal/extended_forms.h"

#include "system/petsc_helpers.h"

#include <deal.II/base/mpi.h>

#include <mpi.h>

#include <algorithm>

namespace hamdyn {

namespace {
// a . x over the cell's n DoFs, in extended precision
extended row_times(const extended* a, const unsigned int* local, unsigned int n,
                   const double* values) {
  extended sum = 0;
  for (unsigned int d = 0; d < n; ++d)
    sum += a[d] * values[local[d]];
  return sum;
}

void sum_over_ranks(extended* values, std::size_t n, MPI_Comm comm) {
  if (n > 0)
    MPI_Allreduce(MPI_IN_PLACE, values, int(n), MPI_LONG_DOUBLE, MPI_SUM, comm);
}
} // namespace

ExtendedForms::ExtendedForms(const SecondOrderSystem& s)
    : s_(s), cells_(s.cells()),
      // decided by all ranks together: the ghosted vector's reinit and its updates are
      // collective (a rank whose cells need no ghosts, as one without cells, would otherwise
      // leave the others waiting)
      own_values_(dealii::Utilities::MPI::min(
                      int(cells_.relevant().size() == s.locally_owned.n_elements()), s.comm) == 1) {
  if (!own_values_)
    ghosted_.reinit(s.locally_owned, s.locally_relevant, s.comm);
}

void ExtendedForms::relevant_values(const LA::Vector& x, std::vector<double>& values) const {
  const auto& relevant = cells_.relevant();
  values.resize(relevant.size());
  if (own_values_) { // the same DoFs in the same order
    const PetscScalar* own = nullptr;
    check_petsc(VecGetArrayRead(x, &own));
    std::copy(own, own + values.size(), values.begin());
    check_petsc(VecRestoreArrayRead(x, &own));
    return;
  }
  auto& ghosted = const_cast<LA::Vector&>(ghosted_); // scratch
  ghosted = x;
  ghosted.extract_subvector_to(relevant.begin(), relevant.end(), values.begin());
}

std::vector<double> ExtendedForms::point_values(const std::vector<const LA::Vector*>& x,
                                                const std::vector<MatrixEntry>& entries,
                                                bool rows) const {
  std::vector<dealii::types::global_dof_index> indices;
  indices.reserve(entries.size());
  for (const MatrixEntry& e : entries)
    indices.push_back(rows ? e.row : e.column);
  return gather_entries(x, indices, s_.comm);
}

void ExtendedForms::gram(const std::vector<LA::Vector>& x, std::vector<extended>& k,
                         std::vector<extended>& m) const {
  const std::size_t n = x.size();
  std::vector<std::vector<double>> values(n);
  for (std::size_t i = 0; i < n; ++i)
    relevant_values(x[i], values[i]);
  std::vector<extended> sums(2 * n * n, 0); // K's Gram matrix, then M's
  std::vector<extended> at_point(n);
  const unsigned int* local = nullptr;
  auto add_form = [&](const CellForms& forms, const std::vector<extended>& form, extended* gram) {
    for (std::size_t r = 0; r < forms.n_rows(form); ++r) {
      const extended w = form[r * (forms.n_dofs + 1)];
      const extended* a = &form[r * (forms.n_dofs + 1) + 1];
      for (std::size_t i = 0; i < n; ++i)
        at_point[i] = row_times(a, local, forms.n_dofs, values[i].data());
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i; j < n; ++j)
          gram[i * n + j] += w * at_point[i] * at_point[j];
    }
  };
  cells_.for_each_cell([&](const unsigned int* cell_local, bool owned, const CellForms& forms) {
    if (!owned)
      return;
    local = cell_local;
    add_form(forms, forms.stiffness, sums.data());
    add_form(forms, forms.mass, sums.data() + n * n);
  });
  for (std::size_t i = 0; i < 2 * n; ++i) // mirror the upper triangles
    for (std::size_t j = 0; j < (i % n); ++j)
      sums[i * n + j] = sums[(i - i % n + j) * n + i % n];
  // The point entries, each once (on the first rank): x_i[row] value x_j[column].
  std::vector<const LA::Vector*> pointers;
  pointers.reserve(x.size());
  for (const auto& v : x)
    pointers.push_back(&v);
  const bool first = dealii::Utilities::MPI::this_mpi_process(s_.comm) == 0;
  for (const auto* list : {&s_.point_stiffness, &s_.point_mass}) {
    const std::size_t entries = list->size();
    const auto rows = point_values(pointers, *list, true);
    const auto columns = point_values(pointers, *list, false);
    extended* gram = sums.data() + (list == &s_.point_mass ? n * n : 0);
    if (first)
      for (std::size_t e = 0; e < entries; ++e)
        for (std::size_t i = 0; i < n; ++i)
          for (std::size_t j = 0; j < n; ++j)
            gram[i * n + j] +=
                rows[i * entries + e] * extended((*list)[e].value) * columns[j * entries + e];
  }
  sum_over_ranks(sums.data(), sums.size(), s_.comm);
  k.assign(sums.begin(), sums.begin() + n * n);
  m.assign(sums.begin() + n * n, sums.end());
}

ExtendedForms::Residual ExtendedForms::residual(const LA::Vector& x, LA::Vector& r) const {
  // this rank's cells need only its own values (one rank): x's own array, no copy (at 10^6 DoFs
  // the two copies were 16 MB of the modal study's peak)
  const PetscScalar* own = nullptr;
  if (own_values_)
    check_petsc(VecGetArrayRead(x, &own));
  else
    relevant_values(x, values_);
  const double* values = own_values_ ? own : values_.data();
  // K x and M x on the relevant rows, each summed over the cells in extended precision
  std::vector<extended>(&products)[2] = products_;
  for (auto& p : products)
    p.assign(cells_.relevant().size(), 0);
  extended energies[2] = {0, 0}; // x^T K x, x^T M x
  const unsigned int* local = nullptr;
  auto add_form = [&](const CellForms& forms, const std::vector<extended>& form, bool owned,
                      int which) {
    for (std::size_t row = 0; row < forms.n_rows(form); ++row) {
      const extended w = form[row * (forms.n_dofs + 1)];
      const extended* a = &form[row * (forms.n_dofs + 1) + 1];
      const extended value = row_times(a, local, forms.n_dofs, values), at_point = w * value;
      for (unsigned int d = 0; d < forms.n_dofs; ++d)
        products[which][local[d]] += at_point * a[d];
      if (owned)
        energies[which] += at_point * value;
    }
  };
  struct Restore { // x's array back however the pass leaves
    const LA::Vector& x;
    const PetscScalar*& own;
    ~Restore() {
      if (own)
        VecRestoreArrayRead(x, &own);
    }
  } restore{x, own};
  cells_.for_each_cell([&](const unsigned int* cell_local, bool owned, const CellForms& forms) {
    local = cell_local;
    add_form(forms, forms.stiffness, owned, 0);
    add_form(forms, forms.mass, owned, 1);
  });
  const bool first = dealii::Utilities::MPI::this_mpi_process(s_.comm) == 0;
  for (const auto* list : {&s_.point_stiffness, &s_.point_mass}) {
    const int which = list == &s_.point_mass ? 1 : 0;
    const auto rows = point_values({&x}, *list, true);
    const auto columns = point_values({&x}, *list, false);
    for (std::size_t e = 0; e < list->size(); ++e) {
      const MatrixEntry& entry = (*list)[e];
      const extended product = extended(entry.value) * columns[e];
      if (s_.locally_owned.is_element(entry.row))
        products[which][s_.locally_relevant.index_within_set(entry.row)] += product;
      if (first)
        energies[which] += rows[e] * product;
    }
  }
  sum_over_ranks(energies, 2, s_.comm);
  const extended lambda = energies[0] / energies[1];
  const auto range = r.local_range();
  PetscScalar* out = nullptr;
  check_petsc(VecGetArray(r, &out));
  const auto& owned_position = cells_.owned_positions();
  for (std::size_t i = 0; i < owned_position.size(); ++i) {
    const auto j = owned_position[i];
    out[i] = double(products[0][j] - lambda * products[1][j]);
  }
  for (const auto i : s_.held_dofs)
    out[i - range.first] = 0;
  check_petsc(VecRestoreArray(r, &out));
  return {energies[0], energies[1]};
}

} // namespace hamdyn
