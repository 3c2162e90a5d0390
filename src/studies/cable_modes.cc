#include "studies/cable_modes.h"

#include "reductions/dense_eigen.h"

#include <deal.II/lac/full_matrix.h>

#include <algorithm>
#include <cmath>

namespace hamdyn {

std::vector<double> chain_frequencies(const CableChain& chain, const CableMass& mass,
                                      unsigned n_modes) {
  const std::size_t n = chain.nodes.size();
  // the free nodes' DoFs: 2 per node, numbered along the line
  std::vector<long> dof(n, -1);
  unsigned n_free = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (!chain.held[i])
      dof[i] = long(2 * n_free++);
  dealii::FullMatrix<double> k(2 * n_free, 2 * n_free), m(2 * n_free, 2 * n_free);
  for (std::size_t i = 0; i < n; ++i)
    if (dof[i] >= 0)
      for (unsigned a : {0u, 1u}) {
        m(unsigned(dof[i]) + a, unsigned(dof[i]) + a) = mass.node[i];
        if (i + 1 < n && dof[i + 1] >= 0) {
          m(unsigned(dof[i]) + a, unsigned(dof[i + 1]) + a) = mass.element[i];
          m(unsigned(dof[i + 1]) + a, unsigned(dof[i]) + a) = mass.element[i];
        }
      }
  for (std::size_t e = 0; e + 1 < n; ++e) {
    const Vector2 d{chain.nodes[e + 1].x - chain.nodes[e].x,
                    chain.nodes[e + 1].z - chain.nodes[e].z};
    const Matrix2 t = chain.elements[e].tangent(d);
    const long ends[2] = {dof[e], dof[e + 1]};
    for (unsigned p : {0u, 1u})
      for (unsigned q : {0u, 1u}) {
        if (ends[p] < 0 || ends[q] < 0)
          continue;
        const double sign = p == q ? 1.0 : -1.0; // [K -K; -K K]
        for (unsigned a : {0u, 1u})
          for (unsigned b : {0u, 1u})
            k(unsigned(ends[p]) + a, unsigned(ends[q]) + b) += sign * t[2 * a + b];
      }
  }
  std::vector<double> omega;
  for (const double lambda : generalized_eigenvalues(k, m)) {
    if (omega.size() == n_modes)
      break;
    omega.push_back(std::sqrt(std::max(lambda, 0.0)));
  }
  return omega;
}

} // namespace hamdyn
