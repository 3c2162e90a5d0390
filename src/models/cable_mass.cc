#include "models/cable_mass.h"

#include "core/sum_in_four.h"

#include <algorithm>

namespace hamdyn {

CableMass cable_mass(const std::vector<CableElement>& elements, double rho_a, bool consistent) {
  CableMass m{std::vector<double>(elements.size() + 1, 0.0),
              std::vector<double>(elements.size(), 0.0)};
  const double end_share = consistent ? 1.0 / 3 : 0.5;
  for (std::size_t k = 0; k < elements.size(); ++k) {
    const double mass = rho_a * elements[k].rest_length;
    m.node[k] += end_share * mass;
    m.node[k + 1] += end_share * mass;
    if (consistent)
      m.element[k] = mass / 6;
  }
  return m;
}

double CableMass::kinetic_energy(const std::vector<Vector2>& v, std::size_t first,
                                 std::size_t last) const {
  const double diagonal = sum_in_four(first, last, [&](std::size_t i) {
    return 0.5 * node[i] * (v[i].x * v[i].x + v[i].z * v[i].z);
  });
  return diagonal + sum_in_four(first, std::min(last, element.size()), [&](std::size_t k) {
           return element[k] * (v[k].x * v[k + 1].x + v[k].z * v[k + 1].z);
         });
}

} // namespace hamdyn
