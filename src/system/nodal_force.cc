#include "system/nodal_force.h"

#include <cmath>

namespace hamdyn {

std::vector<dealii::types::global_dof_index> NodalForces::dofs() const {
  std::vector<dealii::types::global_dof_index> dofs;
  for (const NodalForce& e : elements)
    dofs.push_back(e.dof);
  return dofs;
}

double mean_force(const NodalForce& element, double e0, double e1, double* slope) {
  return mean_law(
      element.law, [&element](double e) { return element.slope(e); }, e0, e1, slope);
}

double potential_increment(const NodalForce& element, double e0, double e1) {
  if (e1 == e0)
    return 0;
  return mean_force(element, e0, e1, nullptr) * (e1 - e0);
}

} // namespace hamdyn
