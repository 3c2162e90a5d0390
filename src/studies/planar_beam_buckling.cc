#include "studies/planar_beam_buckling.h"

#include "reductions/dense_eigen.h"
#include "studies/planar_beam_modes.h"

#include <algorithm>
#include <cmath>

namespace hamdyn {

PlanarBeamBuckling planar_beam_buckling(const PlanarBeamLine& line, const std::vector<double>& q,
                                        unsigned n_modes) {
  FreeMatrices matrices = free_matrices(line, q, FreeMatrices::Pair::material_and_geometric);
  const dealii::FullMatrix<double>& material = matrices.first; // positive definite, held
  dealii::FullMatrix<double> softening(matrices.second.m(), matrices.second.n());
  softening.add(-1.0, matrices.second); // -K_g: lambda (-K_g) u = K_m u, so nu = 1 / lambda
  // -K_g u = nu K_m u: LAPACK's generalized symmetric problem needs the positive definite matrix
  // on the right, and the largest nu > 0 are the smallest lambda
  const EigenPairs pairs = generalized_eigenpairs(softening, material);
  PlanarBeamBuckling buckling;
  for (std::size_t j = pairs.values.size(); j-- > 0 && buckling.factors.size() < n_modes;) {
    if (!(pairs.values[j] > 0))
      break;
    const dealii::Vector<double>& u = pairs.vectors[j];
    std::vector<double> shape(line.n_dofs(), 0.0);
    for (std::size_t p = 0; p < matrices.free.size(); ++p)
      shape[matrices.free[p]] = u[p];
    copy_ties(line, shape);
    scale_shape(shape);
    // lambda as the Rayleigh quotient of the shape from the elements' strains (LAPACK's value
    // is accurate to eps times the largest, as the modes' are)
    const LineForms forms = line_forms(line, q, shape);
    buckling.factors.push_back(forms.material / -forms.geometric);
    buckling.shapes.push_back(std::move(shape));
  }
  return buckling;
}

} // namespace hamdyn
