#include "system/linearized_forces.h"

namespace hamdyn {

std::pair<std::size_t, std::size_t> linearize_nodal_forces(SecondOrderSystem& s,
                                                           const std::vector<double>& extensions) {
  const std::size_t first = s.point_stiffness.size();
  std::size_t dashpots = 0;
  const auto& elements = s.parts.get<NodalForces>().elements;
  for (std::size_t k = 0; k < elements.size(); ++k) {
    const NodalForce& f = elements[k];
    if (f.is_dashpot()) {
      s.extra_damping.push_back({f.dof, f.dof, f.coefficient});
      ++dashpots;
    } else
      s.point_stiffness.push_back({f.dof, f.dof, f.slope(extensions[k])});
  }
  const std::size_t springs = s.point_stiffness.size() - first;
  if (springs > 0 && s.matrices == Matrices::assembled) {
    s.add_point_entries(s.point_mass.size(), first);
    s.stiffness.compress(dealii::VectorOperation::add);
  }
  s.parts.erase<NodalForces>();
  return {springs, dashpots};
}

} // namespace hamdyn
