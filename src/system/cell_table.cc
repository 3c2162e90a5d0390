#include "system/cell_table.h"

#include "system/second_order_system.h"

#include <deal.II/base/exceptions.h>

namespace hamdyn {

namespace {
// The stride from cell a's positions to cell b's when b's are a's all shifted by it (> 0), else 0.
unsigned int shift_between(const unsigned int* a, const unsigned int* b, unsigned int n) {
  if (n == 0 || b[0] <= a[0])
    return 0;
  const unsigned int stride = b[0] - a[0];
  for (unsigned int d = 1; d < n; ++d)
    if (b[d] != a[d] + stride)
      return 0;
  return stride;
}
} // namespace

CellTable::CellTable(const SecondOrderSystem& s) {
  AssertThrow(s.visit_cell_forms, dealii::ExcMessage("a system without cell forms"));
  for (const auto i : s.locally_relevant)
    relevant_.push_back(i);
  for (const auto i : s.locally_owned)
    owned_position_.push_back(unsigned(s.locally_relevant.index_within_set(i)));
  // Every cell as it comes, then the same cells as runs (the per-cell arrays go with this scope).
  std::vector<unsigned int> positions, form_of_cell;
  std::vector<char> owned_cell;
  s.visit_cell_forms([&](const auto& dofs, bool owned, const CellForms& forms) {
    for (const auto i : dofs)
      positions.push_back(unsigned(s.locally_relevant.index_within_set(i)));
    owned_cell.push_back(owned);
    const bool same = !forms_.empty() && forms_.back().n_dofs == forms.n_dofs &&
                      forms_.back().mass == forms.mass &&
                      forms_.back().stiffness == forms.stiffness;
    if (!same)
      forms_.push_back(forms);
    form_of_cell.push_back(unsigned(forms_.size() - 1));
  });
  std::vector<std::size_t> start(form_of_cell.size() + 1, 0); // cell c's first position
  for (std::size_t c = 0; c < form_of_cell.size(); ++c)
    start[c + 1] = start[c] + forms_[form_of_cell[c]].n_dofs;
  auto cell = [&](std::size_t c) { return positions.data() + start[c]; };
  const std::size_t n_cells = form_of_cell.size();
  auto alike = [&](std::size_t a, std::size_t b) { // the same forms and ownership
    return form_of_cell[a] == form_of_cell[b] && owned_cell[a] == owned_cell[b];
  };
  // cell c's positions are cell c - 1's shifted by a stride > 0: that stride, else 0
  auto stride_to = [&](std::size_t c) {
    return c > 0 && alike(c - 1, c)
               ? shift_between(cell(c - 1), cell(c), forms_[form_of_cell[c]].n_dofs)
               : 0u;
  };
  for (std::size_t c = 0; c < n_cells; ++c) {
    const unsigned int n = forms_[form_of_cell[c]].n_dofs;
    Run* run = runs_.empty() || !alike(c - 1, c) ? nullptr : &runs_.back();
    const unsigned int stride = stride_to(c);
    if (run && run->regular && stride > 0 && (run->n_cells == 1 || stride == run->stride)) {
      run->stride = stride; // a regular run goes on: only its first cell's positions are kept
      ++run->n_cells;
      continue;
    }
    const bool starts_regular_pair = c + 1 < n_cells && stride_to(c + 1) > 0;
    if (run && (!run->regular || run->n_cells == 1) && !starts_regular_pair) {
      run->regular = false; // an irregular run keeps every cell's positions
      local_.insert(local_.end(), cell(c), cell(c) + n);
      ++run->n_cells;
      continue;
    }
    runs_.push_back({local_.size(), 1, form_of_cell[c], 0, bool(owned_cell[c]), true});
    local_.insert(local_.end(), cell(c), cell(c) + n);
  }
  local_.shrink_to_fit();
}

} // namespace hamdyn
