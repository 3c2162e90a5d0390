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
    std::vector<unsigned int> shifted; // a regular run's cell: its first cell's, shifted
    for (const Run& run : runs_) {
      const CellForms& forms = forms_[run.form];
      const unsigned int* first = local_.data() + run.first_local;
      if (!run.regular) {
        for (std::size_t c = 0; c < run.n_cells; ++c)
          f(first + c * forms.n_dofs, run.owned, forms);
        continue;
      }
      shifted.assign(first, first + forms.n_dofs);
      for (std::size_t c = 0; c < run.n_cells; ++c) {
        f(static_cast<const unsigned int*>(shifted.data()), run.owned, forms);
        for (unsigned int& position : shifted)
          position += run.stride;
      }
    }
  }
  /// The locally relevant DoFs in their order (the global index of each position).
  const std::vector<dealii::types::global_dof_index>& relevant() const { return relevant_; }
  /// The position among relevant() of each locally owned DoF, in order.
  const std::vector<unsigned int>& owned_positions() const { return owned_position_; }

private:
  // Consecutive cells with the same forms and ownership. In a regular run (a uniform mesh
  // numbered along the line: every run but those at a rank's ends and attachments) each cell's
  // positions are the previous cell's plus `stride`, and only the first cell's are kept: a
  // 10^6-cell P1 string's table took 13 MB in per-cell positions, forms and flags, all of it
  // resident through the modal solver's peak.
  struct Run {
    std::size_t first_local, n_cells;
    unsigned int form, stride;
    bool owned, regular;
  };
  std::vector<dealii::types::global_dof_index> relevant_;
  std::vector<unsigned int> local_;
  std::vector<unsigned int> owned_position_;
  std::vector<Run> runs_;
  std::vector<CellForms> forms_;
};

} // namespace hamdyn
