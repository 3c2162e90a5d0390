#include "system/cell_table.h"

#include "system/second_order_system.h"

#include <deal.II/base/exceptions.h>

namespace hamdyn {

CellTable::CellTable(const SecondOrderSystem& s) {
  AssertThrow(s.visit_cell_forms, dealii::ExcMessage("a system without cell forms"));
  for (const auto i : s.locally_relevant)
    relevant_.push_back(i);
  for (const auto i : s.locally_owned)
    owned_position_.push_back(unsigned(s.locally_relevant.index_within_set(i)));
  s.visit_cell_forms([&](const auto& dofs, bool owned, const CellForms& forms) {
    for (const auto i : dofs)
      local_.push_back(unsigned(s.locally_relevant.index_within_set(i)));
    owned_.push_back(owned);
    const bool same = !forms_.empty() && forms_.back().n_dofs == forms.n_dofs &&
                      forms_.back().mass == forms.mass &&
                      forms_.back().stiffness == forms.stiffness;
    if (!same)
      forms_.push_back(forms);
    form_of_cell_.push_back(unsigned(forms_.size() - 1));
  });
}

} // namespace hamdyn
