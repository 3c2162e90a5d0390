#include "studies/rigid_motion.h"

#include "core/model_kind.h"
#include "exact/small_systems.h"

#include <array>
#include <utility>
#include <vector>

namespace hamdyn {

bool rigid_motions_held(const CaseParameters& c) {
  const bool beam = model_kind(c.model_type).has_rotation;
  std::vector<std::array<double, 2>> rows; // conditions on (a, b), b = 0 for a string
  for (const auto& [end, x] : {std::make_pair(&c.left, 0.0), std::make_pair(&c.right, c.length)}) {
    if (end->holds_translation || end->spring > 0)
      rows.push_back({{1.0, beam ? x / c.length : 0.0}});
    if (beam && (end->holds_rotation || end->rotational_spring > 0))
      rows.push_back({{0.0, 1.0}});
  }
  for (const Attachment& a : c.springs)
    if (a.value > 0)
      rows.push_back({{1.0, beam ? a.x / c.length : 0.0}});
  return exact::rank_of_conditions(rows) == (beam ? 2u : 1u);
}

} // namespace hamdyn
