#include "terms/term_table.h"

#include "terms/axial_tension_term.h"
#include "terms/moving_body_term.h"
#include "terms/nodal_force_term.h"

#include <algorithm>

namespace hamdyn {

const std::vector<TermKind>& term_kinds() {
  static const std::vector<TermKind> kinds{
      axial_tension_kind(), nodal_force_kind(),
      moving_body_kind(), // last: its correction is exact on the linear step only
  };
  return kinds;
}

std::vector<const TermKind*> kinds_by_column() {
  std::vector<const TermKind*> kinds;
  for (const TermKind& kind : term_kinds())
    kinds.push_back(&kind);
  std::sort(kinds.begin(), kinds.end(), [](const TermKind* a, const TermKind* b) {
    return a->column_position < b->column_position;
  });
  return kinds;
}

} // namespace hamdyn
