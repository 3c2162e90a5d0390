#include "exact/beam_frequencies.h"

#include "exact/small_systems.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

namespace hamdyn::exact {

BeamEnd BeamEnd::classical(const std::string& support) {
  BeamEnd end;
  if (support == "pinned" || support == "clamped")
    end.holds_translation = true;
  if (support == "clamped" || support == "sliding")
    end.holds_rotation = true;
  if (support != "free" && support != "pinned" && support != "clamped" && support != "sliding")
    throw std::invalid_argument("unknown support '" + support + "'");
  return end;
}

namespace {
using Row = std::array<double, 4>;

// The wavenumbers of w = A cos(b2 x) + B sin(b2 x) + C cosh(b1 x) + D sinh(b1 x) on the
// dimensionless beam (L = EI = rho A = 1) at omega^2 = b^4 under the axial force nu = N L^2 / EI:
// w'''' - nu w'' = b^4 w gives b1^2 = nu/2 + sqrt(nu^2/4 + b^4), b2^2 = -nu/2 + sqrt(...), so
// b1 b2 = b^2 and b1^2 - b2^2 = nu (both b without an axial force).
struct Wavenumbers {
  double b, b1, b2;
  Wavenumbers(double b_, double nu) : b(b_), b1(b_), b2(b_) {
    if (nu != 0) {
      const double root = std::sqrt(0.25 * nu * nu + std::pow(b, 4));
      b1 = std::sqrt(0.5 * nu + root);
      b2 = std::sqrt(-0.5 * nu + root);
    }
  }
};

// d-th derivative of cos, sin (of b2 x), cosh, sinh (of b1 x) at x, divided by b^d.
Row basis(int d, double x, const Wavenumbers& k) {
  const double s2 = k.b2 * x, s1 = k.b1 * x;
  const double c = std::cos(s2), sn = std::sin(s2), ch = std::cosh(s1), sh = std::sinh(s1);
  const double cos_d[4] = {c, -sn, -c, sn}, sin_d[4] = {sn, c, -sn, -c};
  const double r2 = std::pow(k.b2 / k.b, d), r1 = std::pow(k.b1 / k.b, d);
  return {{r2 * cos_d[d], r2 * sin_d[d], r1 * (d % 2 == 0 ? ch : sh), r1 * (d % 2 == 0 ? sh : ch)}};
}

// a p + b q, entry by entry.
Row combine(double a, const Row& p, double b, const Row& q) {
  Row r;
  for (int j = 0; j < 4; ++j)
    r[j] = a * p[j] + b * q[j];
  return r;
}

// Dimensionless beam: length 1, EI = 1, rho A = 1, so omega^2 = b^4 and the attachments are
// scaled by M / (rho A L), J / (rho A L^3), K L^3 / EI, K_r L / EI.
struct ScaledEnd {
  BeamEnd end;
  double sign; // +1 at x = L, -1 at x = 0
  double x;    // 0 or 1
};

// The two rows of an end at b, each divided by a positive continuous factor so that no row
// grows without bound (roots and signs of the determinant are unchanged). The transverse force
// at an end is EI w''' - N w' (the boundary term of int EI w'' dw'' + N w' dw' dx).
std::array<Row, 2> end_rows(const ScaledEnd& e, const Wavenumbers& k, double nu) {
  const double b = k.b, w2 = std::pow(b, 4);
  std::array<Row, 2> rows;
  if (e.end.holds_translation)
    rows[0] = basis(0, e.x, k);
  else {
    const double stiffness = e.end.spring - e.end.point_mass * w2, shear = b * b * b;
    const Row force =
        nu == 0 ? basis(3, e.x, k) : combine(1, basis(3, e.x, k), -nu / (b * b), basis(1, e.x, k));
    rows[0] = combine(-e.sign * shear / (shear + std::abs(stiffness)), force,
                      stiffness / (shear + std::abs(stiffness)), basis(0, e.x, k));
  }
  if (e.end.holds_rotation)
    rows[1] = basis(1, e.x, k);
  else {
    const double stiffness = e.end.rotational_spring - e.end.rotary_inertia * w2, moment = b * b;
    rows[1] = combine(e.sign * moment / (moment + std::abs(stiffness * b)), basis(2, e.x, k),
                      stiffness * b / (moment + std::abs(stiffness * b)), basis(1, e.x, k));
  }
  return rows;
}

// The end-condition determinant at bL = b (dimensionless), scaled by cosh(b1)^-2 to stay finite.
double end_determinant(const BeamEnd& left, const BeamEnd& right, double b, double nu) {
  Matrix4 a;
  const Wavenumbers k(b, nu);
  const auto l = end_rows({left, -1.0, 0.0}, k, nu), r = end_rows({right, 1.0, 1.0}, k, nu);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j) {
      a[i][j] = l[i][j];
      a[2 + i][j] = r[i][j] / std::cosh(k.b1);
    }
  return determinant(a);
}

BeamEnd scaled(BeamEnd e, double length, double bending_stiffness, double mass_per_length) {
  e.point_mass /= mass_per_length * length;
  e.rotary_inertia /= mass_per_length * std::pow(length, 3);
  e.spring *= std::pow(length, 3) / bending_stiffness;
  e.rotational_spring *= length / bending_stiffness;
  return e;
}
} // namespace

unsigned int rigid_body_modes(const BeamEnd& left, const BeamEnd& right, bool axial_force) {
  std::vector<std::array<double, 2>> rows; // conditions on (a, b)
  if (axial_force)
    rows.push_back({{0.0, 1.0}});
  for (const auto& [end, x] : {std::make_pair(&left, 0.0), std::make_pair(&right, 1.0)}) {
    if (end->holds_translation || end->spring > 0)
      rows.push_back({{1.0, x}});
    if (end->holds_rotation || end->rotational_spring > 0)
      rows.push_back({{0.0, 1.0}});
  }
  return 2 - rank_of_conditions(rows);
}

std::vector<double> beam_frequencies(const BeamEnd& left_end, const BeamEnd& right_end,
                                     double length, double bending_stiffness,
                                     double mass_per_length, unsigned int n, double axial_force) {
  const BeamEnd left = scaled(left_end, length, bending_stiffness, mass_per_length),
                right = scaled(right_end, length, bending_stiffness, mass_per_length);
  const double scale = std::sqrt(bending_stiffness / mass_per_length) / (length * length);
  const double nu = axial_force * length * length / bending_stiffness;
  std::vector<double> omega(std::min(n, rigid_body_modes(left, right, nu != 0)), 0.0);
  auto negative = [&](double b) { return end_determinant(left, right, b, nu) < 0; };
  // geometric steps near 0 (a soft spring or a heavy mass puts the first root there), then 0.01
  const auto steps = [](double s) { return std::min(0.01, 0.05 * s); };
  for (double root : sign_change_roots(negative, 1e-4, steps, n - unsigned(omega.size())))
    omega.push_back(root * root * scale);
  return omega;
}

std::vector<double> beam_frequencies(const std::string& left, const std::string& right,
                                     double length, double bending_stiffness,
                                     double mass_per_length, unsigned int n) {
  return beam_frequencies(BeamEnd::classical(left), BeamEnd::classical(right), length,
                          bending_stiffness, mass_per_length, n);
}

} // namespace hamdyn::exact
