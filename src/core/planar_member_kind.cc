#include "core/planar_member_kind.h"

namespace hamdyn {

const std::vector<PlanarMemberKind>& planar_member_kinds() {
  static const std::vector<PlanarMemberKind> kinds = {
      {"planar beam", "Reissner's geometrically exact beam (any rotation)"},
      {"timoshenko beam",
       "a straight linear Timoshenko member: Reissner's strains linearized about the reference "
       "(small displacements and rotations; its buckling is linearized about the reference)"},
      {"euler bernoulli beam",
       "a straight linear Euler-Bernoulli member: Hermite interpolation of w with its slope theta "
       "at every node, no shear strain (its buckling is linearized about the reference)"}};
  return kinds;
}

const PlanarMemberKind* find_planar_member_kind(const std::string& name) {
  for (const PlanarMemberKind& k : planar_member_kinds())
    if (k.name == name)
      return &k;
  return nullptr;
}

std::string planar_member_kind_names() {
  std::string names;
  const auto& kinds = planar_member_kinds();
  for (std::size_t i = 0; i < kinds.size(); ++i)
    names += (i == 0 ? "" : i + 1 == kinds.size() ? " or " : ", ") + ("'" + kinds[i].name + "'");
  return names;
}

} // namespace hamdyn
