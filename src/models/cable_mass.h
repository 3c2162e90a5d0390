#pragma once
// The mass matrix of a cable line, the same for both components (x, z), tridiagonal along the
// line: M_ii at each node and M_{k,k+1} between the two nodes of element k.
//   lumped (MoorDyn's lumped-mass line, Hall & Goupee, Ocean Eng. 104, 2015): half of each
//     element's mass rho A L at each end, no coupling;
//   consistent (the two-node element's int rho A N_i N_j ds): rho A L / 3 at each end and
//     rho A L / 6 between them.
// Both converge to the same continuum at O(h^2), from either side for the frequencies.
#include "models/cable_element.h"

#include <algorithm>
#include <vector>

namespace hamdyn {

struct CableMass {
  std::vector<double> node;    // M_ii [kg]
  std::vector<double> element; // M_{k,k+1} [kg] (0 for a lumped line)

  /// (M v)_i for node i (both components). Inline: a step's residual takes it at every node.
  Vector2 row_times(std::size_t i, const std::vector<Vector2>& v) const {
    const std::size_t last = node.size() - 1;
    return row_times(i, v[i > 0 ? i - 1 : i], v[i], v[i < last ? i + 1 : i]);
  }
  /// The same from the values at node i - 1 (not read at the first node), i and i + 1 (not read
  /// at the last): for a caller that forms them node by node and carries them.
  Vector2 row_times(std::size_t i, const Vector2& before, const Vector2& here,
                    const Vector2& next) const;
  /// v^T M v / 2 [J].
  double kinetic_energy(const std::vector<Vector2>& v) const {
    return kinetic_energy(v, 0, node.size());
  }
  /// The share of nodes [first, last): their diagonal terms and their couplings to the next node.
  double kinetic_energy(const std::vector<Vector2>& v, std::size_t first, std::size_t last) const;
};

inline Vector2 CableMass::row_times(std::size_t i, const Vector2& before, const Vector2& here,
                                    const Vector2& next) const {
  Vector2 y{node[i] * here.x, node[i] * here.z};
  if (i > 0) {
    y.x += element[i - 1] * before.x;
    y.z += element[i - 1] * before.z;
  }
  if (i < element.size()) {
    y.x += element[i] * next.x;
    y.z += element[i] * next.z;
  }
  return y;
}

CableMass cable_mass(const std::vector<CableElement>& elements, double rho_a, bool consistent);

/// Adds scale M to a matrix in the chain's numbering (DoF 2 i + c for component c of node i),
/// each component coupled to itself, for any matrix with entries a(i, j): node i's entry and
/// its couplings to node i + 1 for the nodes i in [first, last) (default: all).
template <class Matrix>
void add_mass_matrix(Matrix& a, const CableMass& mass, double scale, std::size_t first = 0,
                     std::size_t last = std::size_t(-1)) {
  const std::size_t n = mass.node.size();
  for (std::size_t i = first; i < std::min(last, n); ++i)
    for (std::size_t c : {0, 1}) {
      a(2 * i + c, 2 * i + c) += scale * mass.node[i];
      if (i + 1 < n) {
        a(2 * i + c, 2 * (i + 1) + c) += scale * mass.element[i];
        a(2 * (i + 1) + c, 2 * i + c) += scale * mass.element[i];
      }
    }
}

} // namespace hamdyn
