#include "exact/small_systems.h"

#include <cmath>
#include <utility>

namespace hamdyn::exact {

double determinant(Matrix4 a) {
  double det = 1;
  for (int k = 0; k < 4; ++k) {
    int pivot = k;
    for (int i = k + 1; i < 4; ++i)
      if (std::abs(a[i][k]) > std::abs(a[pivot][k]))
        pivot = i;
    if (a[pivot][k] == 0)
      return 0;
    if (pivot != k) {
      std::swap(a[pivot], a[k]);
      det = -det;
    }
    det *= a[k][k];
    for (int i = k + 1; i < 4; ++i) {
      const double factor = a[i][k] / a[k][k];
      for (int j = k; j < 4; ++j)
        a[i][j] -= factor * a[k][j];
    }
  }
  return det;
}

unsigned int rank_of_conditions(const std::vector<std::array<double, 2>>& rows) {
  unsigned int rank = rows.empty() ? 0 : 1;
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = i + 1; j < rows.size(); ++j)
      if (std::abs(rows[i][0] * rows[j][1] - rows[i][1] * rows[j][0]) > 1e-12)
        rank = 2;
  return rank;
}

std::vector<double> sign_change_roots(const std::function<bool(double)>& negative, double start,
                                      const std::function<double(double)>& step, unsigned int n) {
  std::vector<double> roots;
  for (double s = start; roots.size() < n; s += step(s)) {
    double lo = s, hi = s + step(s);
    if (negative(lo) == negative(hi))
      continue;
    for (int it = 0; it < 100; ++it) {
      const double mid = 0.5 * (lo + hi);
      (negative(lo) == negative(mid) ? lo : hi) = mid;
    }
    roots.push_back(0.5 * (lo + hi));
  }
  return roots;
}

} // namespace hamdyn::exact
