#include "models/extra_dofs.h"

#include "system/petsc_helpers.h"

#include <deal.II/base/mpi.h>
#include <deal.II/dofs/dof_tools.h>
#include <deal.II/lac/sparsity_tools.h>

namespace hamdyn {

using namespace dealii;

ExtraDofs::ExtraDofs(const DoFHandler<1>& dof_handler, unsigned int n_extra, MPI_Comm comm)
    : n_structure_(dof_handler.n_dofs()), n_extra_(n_extra), comm_(comm) {
  structure_owned_ = dof_handler.locally_owned_dofs();
  DoFTools::extract_locally_relevant_dofs(dof_handler, structure_relevant_);
  const auto n_total = n_structure_ + n_extra;
  owned_ = IndexSet(n_total);
  owned_.add_indices(structure_owned_);
  relevant_ = IndexSet(n_total);
  relevant_.add_indices(structure_relevant_);
  if (Utilities::MPI::this_mpi_process(comm) + 1 == Utilities::MPI::n_mpi_processes(comm))
    owned_.add_range(n_structure_, n_total);
  // Every rank sees the extra DoFs (they are few, and what they couple to may be anywhere).
  relevant_.add_range(n_structure_, n_total);
  owned_.compress();
  relevant_.compress();
}

const DynamicSparsityPattern& ExtraDofs::system_sparsity(
    DynamicSparsityPattern& structure, DynamicSparsityPattern& dsp,
    const std::vector<std::pair<types::global_dof_index, types::global_dof_index>>& couplings)
    const {
  if (n_extra_ == 0) {
    SparsityTools::distribute_sparsity_pattern(structure, owned_, comm_, relevant_);
    return structure;
  }
  dsp.reinit(relevant_.size(), relevant_.size(), relevant_);
  for (const auto row : structure_relevant_)
    for (auto entry = structure.begin(row); entry != structure.end(row); ++entry)
      dsp.add(row, entry->column());
  for (unsigned int k = 0; k < n_extra_; ++k)
    dsp.add(dof(k), dof(k));
  for (const auto& [a, b] : couplings)
    for (const auto& [row, column] : {std::make_pair(a, b), std::make_pair(b, a)})
      if (relevant_.is_element(row))
        dsp.add(row, column);
  SparsityTools::distribute_sparsity_pattern(dsp, owned_, comm_, relevant_);
  return dsp;
}

void ExtraDofs::structure_part(const LA::Vector& state, LA::Vector& structure) const {
  // Only the owned entries are read: by array, not entry by entry (a snapshot at 10^6 DoFs).
  LA::Vector owned_part(structure_owned_, comm_);
  const auto state_first = state.local_range().first, part_first = owned_part.local_range().first;
  const PetscScalar* from = nullptr;
  PetscScalar* to = nullptr;
  check_petsc(VecGetArrayRead(state, &from));
  check_petsc(VecGetArray(owned_part, &to));
  for (const auto i : structure_owned_)
    to[i - part_first] = from[i - state_first];
  check_petsc(VecRestoreArray(owned_part, &to));
  check_petsc(VecRestoreArrayRead(state, &from));
  structure.reinit(structure_owned_, structure_relevant_, comm_);
  structure = owned_part;
}

} // namespace hamdyn
