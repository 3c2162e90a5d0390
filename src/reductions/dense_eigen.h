#pragma once
// Small dense symmetric eigenproblems of the chain and its dual (LAPACK through deal.II): a
// chain is small enough to be solved whole on one rank.
#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <vector>

namespace hamdyn {

/// The eigenvalues lambda of A x = lambda B x (A symmetric, B symmetric positive definite),
/// ascending.
std::vector<double> generalized_eigenvalues(const dealii::FullMatrix<double>& a,
                                            const dealii::FullMatrix<double>& b);

/// The same with the eigenvectors (B-orthonormal, LAPACK's dsygv), in the values' order.
struct EigenPairs {
  std::vector<double> values;
  std::vector<dealii::Vector<double>> vectors;
};
EigenPairs generalized_eigenpairs(const dealii::FullMatrix<double>& a,
                                  const dealii::FullMatrix<double>& b);

/// Smallest over largest singular value of A (0 for a singular A).
double smallest_singular_ratio(const dealii::FullMatrix<double>& a);

} // namespace hamdyn
