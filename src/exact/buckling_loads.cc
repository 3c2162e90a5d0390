#include "exact/buckling_loads.h"

#include "exact/small_systems.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace hamdyn::exact {

namespace {
using Row = std::array<double, 4>;

// Value and derivatives of (1, x, cos(mu x), sin(mu x)) at x on the beam of length 1.
Row derivative(int d, double x, double mu) {
  const double c = std::cos(mu * x), s = std::sin(mu * x), m = std::pow(mu, d);
  const double cos_d[4] = {c, -s, -c, s}, sin_d[4] = {s, c, -s, -c};
  return {{d == 0 ? 1.0 : 0.0, d == 0 ? x : d == 1 ? 1.0 : 0.0, m * cos_d[d], m * sin_d[d]}};
}

// Each row scaled to its largest entry: a positive continuous factor, so the determinant's roots
// and signs stay where they are.
Row normalized(Row r) {
  double largest = 0;
  for (double v : r)
    largest = std::max(largest, std::abs(v));
  if (largest > 0)
    for (double& v : r)
      v /= largest;
  return r;
}

// Dimensionless (L = EI = 1, P = mu^2): EI w''' + P w' = mu^2 B, the constant shear.
std::array<Row, 2> end_rows(const BeamEnd& e, double x, double sign, double mu) {
  std::array<Row, 2> rows;
  if (e.holds_translation)
    rows[0] = derivative(0, x, mu);
  else {
    const Row w = derivative(0, x, mu);
    for (int j = 0; j < 4; ++j)
      rows[0][j] = -sign * (j == 1 ? mu * mu : 0.0) + e.spring * w[j];
  }
  if (e.holds_rotation)
    rows[1] = derivative(1, x, mu);
  else {
    const Row w1 = derivative(1, x, mu), w2 = derivative(2, x, mu);
    for (int j = 0; j < 4; ++j)
      rows[1][j] = sign * w2[j] + e.rotational_spring * w1[j];
  }
  return {{normalized(rows[0]), normalized(rows[1])}};
}

double end_determinant(const BeamEnd& left, const BeamEnd& right, double mu) {
  const auto l = end_rows(left, 0, -1, mu), r = end_rows(right, 1, 1, mu);
  return determinant(Matrix4{{l[0], l[1], r[0], r[1]}});
}

BeamEnd scaled(BeamEnd e, double length, double bending_stiffness) {
  e.spring *= std::pow(length, 3) / bending_stiffness;
  e.rotational_spring *= length / bending_stiffness;
  return e;
}

bool is_classical(const BeamEnd& e, bool translation, bool rotation) {
  return e.holds_translation == translation && e.holds_rotation == rotation && e.spring == 0 &&
         e.rotational_spring == 0;
}
} // namespace

std::vector<double> euler_buckling_loads(const BeamEnd& left_end, const BeamEnd& right_end,
                                         double length, double bending_stiffness, unsigned int n) {
  const BeamEnd left = scaled(left_end, length, bending_stiffness),
                right = scaled(right_end, length, bending_stiffness);
  std::vector<double> loads;
  if (rigid_body_modes(left, right, false) > 0) // a mechanism
    return loads;
  auto negative = [&](double mu) { return end_determinant(left, right, mu) < 0; };
  const double scale = bending_stiffness / (length * length);
  for (double mu : sign_change_roots(
           negative, 1e-3, [](double) { return 1e-3; }, n))
    loads.push_back(mu * mu * scale);
  return loads;
}

std::vector<double> engesser_buckling_loads(const BeamEnd& left, const BeamEnd& right,
                                            double length, double bending_stiffness,
                                            double shear_stiffness, unsigned int n) {
  const bool pinned = is_classical(left, true, false) && is_classical(right, true, false);
  const bool cantilever = (is_classical(left, true, true) && is_classical(right, false, false)) ||
                          (is_classical(right, true, true) && is_classical(left, false, false));
  std::vector<double> loads;
  for (unsigned int k = 1; (pinned || cantilever) && k <= n; ++k) {
    const double half_waves = pinned ? k : k - 0.5;
    const double euler =
        std::pow(half_waves * M_PI / length, 2) * bending_stiffness; // P_E of mode k
    loads.push_back(euler / (1 + euler / shear_stiffness));
  }
  return loads;
}

} // namespace hamdyn::exact
