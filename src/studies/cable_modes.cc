#include "studies/cable_modes.h"

#include "core/input_error.h"

#include "reductions/dense_eigen.h"

#include <deal.II/lac/full_matrix.h>

#include <algorithm>
#include <cmath>

namespace hamdyn {

void check_size_for_modes(unsigned n_elements, const std::string& what) {
  if (n_elements > most_elements_for_modes)
    throw InputError("Discretization/Elements", std::to_string(n_elements),
                     "expected at most " + std::to_string(most_elements_for_modes) + " for " +
                         what + " (its eigenvalues are dense)");
}

void check_number_of_modes(const CableChain& chain, unsigned n_modes) {
  std::size_t free_dofs = 0;
  for (const bool held : chain.held)
    free_dofs += held ? 0 : 2;
  if (n_modes > free_dofs)
    throw InputError("Modes/Number of modes", std::to_string(n_modes),
                     "expected at most " + std::to_string(free_dofs) +
                         ", the cable's free degrees of freedom");
}

ChainModes chain_modes(const CableChain& chain, const CableMass& mass, unsigned n_modes) {
  const std::size_t n = chain.nodes.size();
  // K_t and M in the chain's numbering, then their rows and columns of the free nodes
  dealii::FullMatrix<double> k_all(2 * n, 2 * n);
  add_tangent_stiffness(k_all, chain);
  std::vector<unsigned> free;
  for (std::size_t i = 0; i < n; ++i)
    if (!chain.held[i])
      free.insert(free.end(), {unsigned(2 * i), unsigned(2 * i + 1)});
  dealii::FullMatrix<double> k(free.size(), free.size()), m(free.size(), free.size());
  for (unsigned p = 0; p < free.size(); ++p)
    for (unsigned q = 0; q < free.size(); ++q) {
      k(p, q) = k_all(free[p], free[q]);
      const std::size_t i = free[p] / 2, j = free[q] / 2; // nodes; the same component only
      if (free[p] % 2 == free[q] % 2)
        m(p, q) = i == j       ? mass.node[i]
                  : i + 1 == j ? mass.element[i]
                  : j + 1 == i ? mass.element[j]
                               : 0.0;
    }
  const EigenPairs pairs = generalized_eigenpairs(k, m);
  ChainModes modes;
  for (std::size_t j = 0; j < pairs.values.size() && j < n_modes; ++j) {
    modes.omega.push_back(std::sqrt(std::max(pairs.values[j], 0.0)));
    std::vector<Vector2> shape(n, Vector2{0, 0});
    double largest = 0;
    for (unsigned p = 0; p < free.size(); ++p) {
      shape[free[p] / 2][free[p] % 2] = pairs.vectors[j][p];
      if (std::abs(pairs.vectors[j][p]) > std::abs(largest))
        largest = pairs.vectors[j][p];
    }
    for (Vector2& u : shape)
      u = {u.x / largest, u.z / largest};
    modes.shapes.push_back(std::move(shape));
  }
  return modes;
}

std::vector<double> chain_frequencies(const CableChain& chain, const CableMass& mass,
                                      unsigned n_modes) {
  return chain_modes(chain, mass, n_modes).omega;
}

} // namespace hamdyn
