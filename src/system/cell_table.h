#pragma once
// The cells a system's cell forms come from (SecondOrderSystem::visit_cell_forms), visited once
// into plain arrays: each cell's DoFs as positions among the rank's locally relevant DoFs, whether
// the rank owns it, and its forms, shared with the previous cell when equal (every cell of a
// uniform mesh). The modal solver's band storage and its extended-precision refinement both
// read it, and it outlives the mesh: a modal study frees the triangulation once it is built.
#include "system/cell_forms.h"

#include <deal.II/base/index_set.h>

#include <vector>

namespace hamdyn {

struct SecondOrderSystem;

class CellTable {
public:
  /// Visits `s`'s cells (s.visit_cell_forms must be set).
  explicit CellTable(const SecondOrderSystem& s);

  /// f(local, owned, forms) for every cell: `local` its DoFs' positions among relevant().
  template <typename F>
  void for_each_cell(F f) const {
    const unsigned int* local = local_.data();
    for (std::size_t c = 0; c < owned_.size(); ++c) {
      const CellForms& forms = forms_[form_of_cell_[c]];
      f(local, bool(owned_[c]), forms);
      local += forms.n_dofs;
    }
  }
  /// The locally relevant DoFs in their order (the global index of each position).
  const std::vector<dealii::types::global_dof_index>& relevant() const { return relevant_; }
  /// The position among relevant() of each locally owned DoF, in order.
  const std::vector<unsigned int>& owned_positions() const { return owned_position_; }

private:
  std::vector<dealii::types::global_dof_index> relevant_;
  std::vector<unsigned int> local_, form_of_cell_;
  std::vector<unsigned int> owned_position_;
  std::vector<char> owned_;
  std::vector<CellForms> forms_;
};

} // namespace hamdyn
