#include "reductions/dense_eigen.h"

#include <deal.II/lac/lapack_full_matrix.h>
#include <deal.II/lac/vector.h>

#include <algorithm>
#include <numeric>

namespace hamdyn {

EigenPairs generalized_eigenpairs(const dealii::FullMatrix<double>& a,
                                  const dealii::FullMatrix<double>& b) {
  EigenPairs pairs;
  if (a.m() == 0)
    return pairs;
  dealii::LAPACKFullMatrix<double> la(a.m()), lb(b.m());
  la = a;
  lb = b;
  std::vector<dealii::Vector<double>> vectors(a.m(), dealii::Vector<double>(a.m()));
  la.compute_generalized_eigenvalues_symmetric(lb, vectors);
  std::vector<unsigned> order(a.m());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](unsigned i, unsigned j) {
    return la.eigenvalue(i).real() < la.eigenvalue(j).real();
  });
  for (const unsigned i : order) {
    pairs.values.push_back(la.eigenvalue(i).real());
    pairs.vectors.push_back(std::move(vectors[i]));
  }
  return pairs;
}

std::vector<double> generalized_eigenvalues(const dealii::FullMatrix<double>& a,
                                            const dealii::FullMatrix<double>& b) {
  return generalized_eigenpairs(a, b).values;
}

double smallest_singular_ratio(const dealii::FullMatrix<double>& a) {
  if (a.m() == 0)
    return 1;
  dealii::LAPACKFullMatrix<double> la(a.m(), a.n());
  la = a;
  la.compute_svd();
  double smallest = la.singular_value(0), largest = smallest;
  for (unsigned int i = 0; i < std::min(a.m(), a.n()); ++i) {
    smallest = std::min(smallest, la.singular_value(i));
    largest = std::max(largest, la.singular_value(i));
  }
  return largest > 0 ? smallest / largest : 0;
}

} // namespace hamdyn
