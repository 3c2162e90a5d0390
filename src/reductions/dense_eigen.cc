#include "reductions/dense_eigen.h"

#include <deal.II/lac/lapack_full_matrix.h>
#include <deal.II/lac/vector.h>

#include <algorithm>

namespace hamdyn {

std::vector<double> generalized_eigenvalues(const dealii::FullMatrix<double>& a,
                                            const dealii::FullMatrix<double>& b) {
  if (a.m() == 0)
    return {};
  dealii::LAPACKFullMatrix<double> la(a.m()), lb(b.m());
  la = a;
  lb = b;
  std::vector<dealii::Vector<double>> vectors(a.m(), dealii::Vector<double>(a.m()));
  la.compute_generalized_eigenvalues_symmetric(lb, vectors);
  std::vector<double> values;
  for (unsigned int i = 0; i < a.m(); ++i)
    values.push_back(la.eigenvalue(i).real());
  std::sort(values.begin(), values.end());
  return values;
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
