#include "models/cable_element.h"

#include <cmath>

namespace hamdyn {

namespace {
// sqrt(x^2 + z^2), not std::hypot: hypot's guard against overflow and underflow cost 7 % of a
// cable's step (perf), and a chord's squares stay far inside double's range (10^-150 to 10^150 m)
double length(const Vector2& d) {
  return std::sqrt(d[0] * d[0] + d[1] * d[1]);
}
} // namespace

double CableElement::tension(const Vector2& d) const {
  const double t = axial_stiffness * (length(d) / rest_length - 1);
  return tension_only && t < 0 ? 0.0 : t;
}

double CableElement::energy(const Vector2& d) const {
  const double stretch = length(d) - rest_length;
  if (tension_only && stretch < 0)
    return 0;
  return 0.5 * axial_stiffness / rest_length * stretch * stretch;
}

Vector2 CableElement::force(const Vector2& d) const {
  const double l = length(d), t_over_l = tension(d) / l;
  return {t_over_l * d[0], t_over_l * d[1]};
}

Matrix2 CableElement::tangent(const Vector2& d) const {
  const double l = length(d), t = tension(d);
  const double material = tension_only && l < rest_length ? 0.0 : axial_stiffness / rest_length;
  const double e0 = d[0] / l, e1 = d[1] / l, g = t / l;
  return {material * e0 * e0 + g * (1 - e0 * e0), (material - g) * e0 * e1,
          (material - g) * e0 * e1, material * e1 * e1 + g * (1 - e1 * e1)};
}

Vector2 CableElement::mean_force(const Vector2& d0, const Vector2& d1, Matrix2* slope) const {
  const double l0 = length(d0), l1 = length(d1), sum = l0 + l1;
  const Vector2 mean{0.5 * (d0[0] + d1[0]), 0.5 * (d0[1] + d1[1])};
  const double k = axial_stiffness / rest_length;
  // c = 2 (V1 - V0) / (q1 - q0) with q = l^2, and dc/dl1
  double c = 0, dc = 0;
  const bool taut0 = l0 >= rest_length, taut1 = l1 >= rest_length;
  if (!tension_only || (taut0 && taut1)) {
    // V1 - V0 = k/2 (l1 - l0)(l1 + l0 - 2L), q1 - q0 = (l1 - l0)(l1 + l0): no difference left
    c = k * (1 - 2 * rest_length / sum);
    dc = 2 * k * rest_length / (sum * sum);
  } else if (taut0 != taut1) {
    // across the slack point: V = k/2 max(l - L, 0)^2; the lengths differ by at least as much as
    // the taut one's stretch, so the plain quotient keeps its digits
    const double s0 = taut0 ? l0 - rest_length : 0.0, s1 = taut1 ? l1 - rest_length : 0.0;
    const double difference = l1 - l0;
    c = k * (s1 * s1 - s0 * s0) / (difference * sum);
    // d/dl1 of k (s1^2 - s0^2) / (l1^2 - l0^2)
    const double q_difference = difference * sum;
    dc = k * (2 * s1 * q_difference - (s1 * s1 - s0 * s0) * 2 * l1) / (q_difference * q_difference);
  } // else slack throughout: no force
  if (slope) {
    const double u0 = d1[0] / l1, u1 = d1[1] / l1; // dl1/dd1
    *slope = {0.5 * c + dc * mean[0] * u0, dc * mean[0] * u1, dc * mean[1] * u0,
              0.5 * c + dc * mean[1] * u1};
  }
  return {c * mean[0], c * mean[1]};
}

} // namespace hamdyn
