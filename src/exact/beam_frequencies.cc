#include "exact/beam_frequencies.h"

#include <deal.II/lac/full_matrix.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

namespace hamdyn::exact {

namespace {
// The derivative orders a support prescribes to vanish.
std::array<int, 2> conditions(const std::string& support) {
  if (support == "free")
    return {{2, 3}};
  if (support == "pinned")
    return {{0, 2}};
  if (support == "clamped")
    return {{0, 1}};
  if (support == "sliding")
    return {{1, 3}};
  throw std::invalid_argument("unknown support '" + support + "'");
}

// d-th derivative of cos, sin, cosh, sinh (of bx) at bx = s, divided by b^d.
std::array<double, 4> basis(int d, double s) {
  const double c = std::cos(s), sn = std::sin(s), ch = std::cosh(s), sh = std::sinh(s);
  const double cos_d[4] = {c, -sn, -c, sn}, sin_d[4] = {sn, c, -sn, -c};
  return {{cos_d[d], sin_d[d], d % 2 == 0 ? ch : sh, d % 2 == 0 ? sh : ch}};
}

// The end-condition determinant at bL = s, scaled by cosh(s)^-2 to stay finite.
double determinant(const std::array<int, 2>& left, const std::array<int, 2>& right, double s) {
  double a[4][4];
  for (int r = 0; r < 2; ++r) {
    const auto at_0 = basis(left[r], 0.0), at_l = basis(right[r], s);
    for (int j = 0; j < 4; ++j) {
      a[r][j] = at_0[j];
      a[2 + r][j] = at_l[j] / std::cosh(s);
    }
  }
  // Gaussian elimination with partial pivoting, by hand: deal.II's FullMatrix::determinant
  // stops at 3x3 and its LAPACK LU throws on the exactly singular matrices a root can give.
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

// Rigid-body modes: the motions w = a + b x that the held conditions (orders 0 and 1) allow.
unsigned int rigid_body_modes(const std::array<int, 2>& left, const std::array<int, 2>& right) {
  dealii::FullMatrix<double> held(4, 2); // rows: conditions on (a, b), x = 0 and x = 1
  unsigned int rows = 0;
  for (const auto& [end, x] : {std::make_pair(left, 0.0), std::make_pair(right, 1.0)})
    for (int d : end)
      if (d == 0) {
        held(rows, 0) = 1;
        held(rows++, 1) = x;
      } else if (d == 1) {
        held(rows, 0) = 0;
        held(rows++, 1) = 1;
      }
  // rank of a rows x 2 matrix
  unsigned int rank = 0;
  for (unsigned int i = 0; i < rows && rank == 0; ++i)
    if (held(i, 0) != 0 || held(i, 1) != 0)
      rank = 1;
  for (unsigned int i = 0; i < rows; ++i)
    for (unsigned int j = i + 1; j < rows; ++j)
      if (std::abs(held(i, 0) * held(j, 1) - held(i, 1) * held(j, 0)) > 1e-12)
        rank = 2;
  return 2 - rank;
}
} // namespace

std::vector<double> beam_frequencies(const std::string& left_support,
                                     const std::string& right_support, double length,
                                     double bending_stiffness, double mass_per_length,
                                     unsigned int n) {
  const auto left = conditions(left_support), right = conditions(right_support);
  const double scale = std::sqrt(bending_stiffness / mass_per_length) / (length * length);
  std::vector<double> omega(std::min(n, rigid_body_modes(left, right)), 0.0);
  const double step = 0.01;
  for (double s = step; omega.size() < n; s += step) {
    double lo = s, hi = s + step;
    if ((determinant(left, right, lo) < 0) == (determinant(left, right, hi) < 0))
      continue;
    for (int it = 0; it < 100; ++it) {
      const double mid = 0.5 * (lo + hi);
      ((determinant(left, right, lo) < 0) == (determinant(left, right, mid) < 0) ? lo : hi) = mid;
    }
    const double root = 0.5 * (lo + hi);
    omega.push_back(root * root * scale);
  }
  return omega;
}

} // namespace hamdyn::exact
