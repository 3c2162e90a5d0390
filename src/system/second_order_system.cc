#include "system/second_order_system.h"

#include "system/axial_tension.h"
#include "system/banded_operator.h"
#include "system/cell_table.h"
#include "system/petsc_helpers.h"
#include "system/stiffness_from_strains.h"

#include <deal.II/base/mpi.h>

#include <algorithm>

namespace hamdyn {

std::vector<double> gather_entries(const LA::Vector& v,
                                   const std::vector<dealii::types::global_dof_index>& indices,
                                   MPI_Comm comm) {
  return gather_entries(std::vector<const LA::Vector*>{&v}, indices, comm);
}

std::vector<double> gather_entries(const std::vector<const LA::Vector*>& vectors,
                                   const std::vector<dealii::types::global_dof_index>& indices,
                                   MPI_Comm comm) {
  const std::size_t n = indices.size();
  std::vector<double> values(vectors.size() * n, 0.0);
  for (std::size_t j = 0; j < vectors.size(); ++j) {
    const auto range = vectors[j]->local_range();
    for (std::size_t k = 0; k < n; ++k)
      if (indices[k] >= range.first && indices[k] < range.second)
        values[j * n + k] = (*vectors[j])(indices[k]);
  }
  if (!values.empty())
    MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_DOUBLE, MPI_SUM,
                  comm);
  return values;
}

void SecondOrderSystem::add_point_entries(std::size_t first_mass, std::size_t first_stiffness) {
  if (matrices != Matrices::assembled)
    return;
  for (std::size_t k = first_mass; k < point_mass.size(); ++k)
    if (locally_owned.is_element(point_mass[k].row))
      mass.add(point_mass[k].row, point_mass[k].column, point_mass[k].value);
  for (std::size_t k = first_stiffness; k < point_stiffness.size(); ++k)
    if (locally_owned.is_element(point_stiffness[k].row))
      stiffness.add(point_stiffness[k].row, point_stiffness[k].column, point_stiffness[k].value);
}

void SecondOrderSystem::nonproportional_damping_vmult_add(LA::Vector& y,
                                                          const LA::Vector& x) const {
  if (has_damping_matrix)
    damping_matrix.vmult_add(y, x);
  if (extra_damping.empty())
    return;
  std::vector<dealii::types::global_dof_index> columns;
  for (const auto& e : extra_damping)
    columns.push_back(e.column);
  const auto x_columns = gather_entries(x, columns, comm);
  const auto range = y.local_range();
  for (std::size_t k = 0; k < extra_damping.size(); ++k)
    if (extra_damping[k].row >= range.first && extra_damping[k].row < range.second)
      y(extra_damping[k].row) += extra_damping[k].value * x_columns[k];
  y.compress(dealii::VectorOperation::add);
}

void SecondOrderSystem::damping_vmult(LA::Vector& y, const LA::Vector& x, LA::Vector& work) const {
  mass.vmult(y, x);
  y *= damping_mass_factor;
  if (damping_stiffness_factor != 0) {
    stiffness.vmult(work, x);
    y.add(damping_stiffness_factor, work);
  }
  nonproportional_damping_vmult_add(y, x);
}

void SecondOrderSystem::apply(const LA::Vector* mass_part, const LA::Vector& stiffness_part,
                              const LA::Vector& v, LA::Vector& r, double mass_scale) const {
  const PetscScalar *xm = nullptr, *xk = nullptr, *xc = nullptr;
  PetscScalar* y = nullptr;
  BandedOperator::Terms terms;
  if (mass_part) {
    check_petsc(VecGetArrayRead(*mass_part, &xm));
    terms.add(banded_mass, xm, mass_scale);
  }
  const bool from_strains = has_cell_forms();
  check_petsc(VecGetArrayRead(stiffness_part, &xk));
  if (!from_strains)
    terms.add(banded_stiffness, xk);
  if (has_nonproportional_damping()) {
    check_petsc(VecGetArrayRead(v, &xc));
    terms.add(banded_damping, xc);
  }
  check_petsc(VecGetArray(r, &y));
  if (terms.count > 0) // the same count on every rank
    banded().multiply(terms, y);
  if (from_strains && terms.count == 0) // r = K x, no band product to add to
    stiffness_from_strains().set_product(stiffness_part, y);
  else if (from_strains)
    stiffness_from_strains().add_product(stiffness_part, y);
  check_petsc(VecRestoreArray(r, &y));
  if (xc)
    check_petsc(VecRestoreArrayRead(v, &xc));
  check_petsc(VecRestoreArrayRead(stiffness_part, &xk));
  if (mass_part)
    check_petsc(VecRestoreArrayRead(*mass_part, &xm));
}

void SecondOrderSystem::banded_vmult(std::size_t matrix, const Vec x, Vec y) const {
  const PetscScalar* xa = nullptr;
  PetscScalar* ya = nullptr;
  check_petsc(VecGetArrayRead(x, &xa));
  check_petsc(VecGetArray(y, &ya));
  BandedOperator::Terms terms;
  terms.add(matrix, xa);
  banded().multiply(terms, ya);
  check_petsc(VecRestoreArray(y, &ya));
  check_petsc(VecRestoreArrayRead(x, &xa));
}

const BandedOperator& SecondOrderSystem::banded() const {
  if (!banded_ && matrices == Matrices::band_from_cells) {
    auto op = std::make_shared<BandedOperator>();
    op->reinit(cells(), *this);
    banded_ = op;
  }
  if (!banded_) {
    auto op = std::make_shared<BandedOperator>();
    std::vector<MatrixCombination> matrices(2);
    matrices[banded_mass].terms.emplace_back(1.0, petsc_handle(mass));
    matrices[banded_stiffness].terms.emplace_back(1.0, petsc_handle(stiffness));
    if (has_nonproportional_damping()) {
      MatrixCombination damping;
      damping.terms.emplace_back(0.0, petsc_handle(mass)); // the row layout when C has no matrix
      if (has_damping_matrix)
        damping.terms.emplace_back(1.0, petsc_handle(damping_matrix));
      damping.entries = extra_damping;
      damping.entry_factor = 1;
      matrices.push_back(damping);
    }
    op->reinit(matrices, comm);
    banded_ = op;
  }
  return *banded_;
}

std::vector<double> SecondOrderSystem::banded_linearization(double c_m, double c_c,
                                                            double c_k) const {
  std::vector<double> coefficients(banded().n_matrices(), 0.0);
  coefficients[banded_mass] = c_m + c_c * damping_mass_factor;
  coefficients[banded_stiffness] = c_k + c_c * damping_stiffness_factor;
  if (coefficients.size() > banded_damping) // a band from the cells has no damping
    coefficients[banded_damping] = c_c;
  return coefficients;
}

void SecondOrderSystem::free_band_from_cells() const {
  if (matrices == Matrices::band_from_cells)
    banded_.reset();
}

const CellTable& SecondOrderSystem::cells() const {
  if (!cells_)
    cells_ = std::make_shared<const CellTable>(*this);
  return *cells_;
}

const StiffnessFromStrains& SecondOrderSystem::stiffness_from_strains() const {
  if (!strains_) {
    // the held rows' diagonal as the band has it (one value for all held rows); banded() is
    // collective, so every rank asks for it
    const BandedOperator& band = banded();
    const double held_stiffness =
        held_dofs.empty() ? 0.0 : band.diagonal_entry(banded_stiffness, held_dofs.front());
    strains_ = std::make_shared<const StiffnessFromStrains>(cells(), *this, held_stiffness);
  }
  return *strains_;
}

void SecondOrderSystem::keep_cells_only() {
  cells();
  visit_cell_forms = nullptr;
}

std::pair<double, double> held_row_diagonal(
    const SecondOrderSystem& s,
    const std::function<std::pair<double, double>(dealii::types::global_dof_index)>& diagonal) {
  double mass_scale = 0, frequency_scale = 0;
  for (const auto i : s.locally_owned) {
    if (std::binary_search(s.held_dofs.begin(), s.held_dofs.end(), i))
      continue;
    const auto [mass, stiffness] = diagonal(i);
    mass_scale = std::max(mass_scale, mass);
    if (mass > 0) // rows without inertia (first-order rows of an impulse dual) set no frequency
      frequency_scale = std::max(frequency_scale, stiffness / mass);
  }
  mass_scale = dealii::Utilities::MPI::max(mass_scale, s.comm);
  frequency_scale = dealii::Utilities::MPI::max(frequency_scale, s.comm);
  return {mass_scale, 1e6 * frequency_scale * mass_scale};
}

void SecondOrderSystem::release_assembled_matrices() {
  if (matrices != Matrices::assembled)
    return;
  if (parts.find<AxialTension>() || released_)
    return;
  banded(); // built first: it is copied from them
  mass.clear();
  stiffness.clear();
  damping_matrix.clear();
  released_ = true;
}

MatrixCombination SecondOrderSystem::linearization(double c_m, double c_c, double c_k) const {
  AssertThrow(!released_, dealii::ExcMessage("the assembled matrices were released"));
  // C = dm M + dk K + listed dashpot entries (+ the damping matrix)
  MatrixCombination j;
  j.terms.emplace_back(c_m + c_c * damping_mass_factor, petsc_handle(mass));
  const double stiffness_factor = c_k + c_c * damping_stiffness_factor;
  if (stiffness_factor != 0)
    j.terms.emplace_back(stiffness_factor, petsc_handle(stiffness));
  if (has_damping_matrix && c_c != 0)
    j.terms.emplace_back(c_c, petsc_handle(damping_matrix));
  j.entries = extra_damping;
  j.entry_factor = c_c;
  return j;
}

} // namespace hamdyn
