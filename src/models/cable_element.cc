#include "models/cable_element.h"

#include <cmath>

namespace hamdyn {

double CableElement::tension(const Vector2& d) const {
  const double t = axial_stiffness * (chord_length(d) / rest_length - 1);
  return tension_only && t < 0 ? 0.0 : t;
}

Vector2 CableElement::force(const Vector2& d) const {
  const double l = chord_length(d), t_over_l = tension(d) / l;
  return {t_over_l * d[0], t_over_l * d[1]};
}

Matrix2 CableElement::tangent(const Vector2& d) const {
  const double l = chord_length(d), t = tension(d);
  const double material = tension_only && l < rest_length ? 0.0 : axial_stiffness / rest_length;
  const double e0 = d[0] / l, e1 = d[1] / l, g = t / l;
  return {material * e0 * e0 + g * (1 - e0 * e0), (material - g) * e0 * e1,
          (material - g) * e0 * e1, material * e1 * e1 + g * (1 - e1 * e1)};
}

} // namespace hamdyn
