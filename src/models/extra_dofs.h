#pragma once
// Degrees of freedom that belong to no cell (an attached oscillator's mass, a boundary impulse of
// the dual string): deal.II's DoFHandler has no place for them, so they are numbered after its
// DoFs (n, n+1, ...) and owned by the last rank. The system's vectors and matrices span both;
// snapshots sample the DoFHandler's part only (structure_part()).
#include "system/second_order_system.h"

#include <deal.II/dofs/dof_handler.h>
#include <deal.II/lac/dynamic_sparsity_pattern.h>

#include <utility>
#include <vector>

namespace hamdyn {

class ExtraDofs {
public:
  ExtraDofs(const dealii::DoFHandler<1>& dof_handler, unsigned int n_extra, MPI_Comm comm);

  /// The k-th extra DoF.
  dealii::types::global_dof_index dof(unsigned int k) const { return n_structure_ + k; }
  /// The DoFs of the whole system (the DoFHandler's, then the extra ones) this rank owns / needs.
  const dealii::IndexSet& owned() const { return owned_; }
  const dealii::IndexSet& relevant() const { return relevant_; }
  /// The DoFHandler's locally relevant DoFs.
  const dealii::IndexSet& structure_relevant() const { return structure_relevant_; }

  /// The sparsity pattern of the whole system: `structure`'s (rows: structure_relevant()), the
  /// extra DoFs' diagonals and the `couplings` (each pair in both orders), distributed to the
  /// owners of its rows. It is `structure` itself without extra DoFs (a large mesh pays for no
  /// copy), else `system`, filled (a DynamicSparsityPattern cannot be copied).
  const dealii::DynamicSparsityPattern&
  system_sparsity(dealii::DynamicSparsityPattern& structure, dealii::DynamicSparsityPattern& system,
                  const std::vector<std::pair<dealii::types::global_dof_index,
                                              dealii::types::global_dof_index>>& couplings) const;

  /// `structure` (re-initialized to the DoFHandler's owned and relevant DoFs) = the DoFHandler's
  /// part of the system vector `state`, ghosted: what the snapshots sample.
  void structure_part(const LA::Vector& state, LA::Vector& structure) const;

private:
  dealii::types::global_dof_index n_structure_;
  unsigned int n_extra_;
  MPI_Comm comm_;
  dealii::IndexSet structure_owned_, structure_relevant_, owned_, relevant_;
};

} // namespace hamdyn
