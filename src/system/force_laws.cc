#include "system/force_laws.h"

#include <algorithm>
#include <cmath>

namespace hamdyn {

double DashpotLaw::force(double v) const {
  if (v == 0)
    return 0;
  return coefficient * std::pow(std::abs(v), degree - 1) * (v > 0 ? 1 : -1);
}

double DashpotLaw::slope(double v) const {
  if (degree == 2)
    return coefficient;
  return coefficient * (degree - 1) * std::pow(std::abs(v), degree - 2);
}

double DashpotLaw::velocity(double f) const {
  if (f == 0 || coefficient == 0)
    return 0;
  return std::pow(std::abs(f) / coefficient, 1 / (degree - 1)) * (f > 0 ? 1 : -1);
}

double DashpotLaw::velocity_slope(double f) const {
  const double q = 1 / (degree - 1); // > 1
  return q / coefficient * std::pow(std::abs(f) / coefficient, q - 1);
}

double law_slope(const std::function<double(double)>& law, double e, double e_scale) {
  // h ~ cbrt(eps) balances truncation (h^2 F''') against rounding (eps F / h)
  const double h = 6e-6 * std::max(std::abs(e), e_scale);
  return (law(e + h) - law(e - h)) / (2 * h);
}

} // namespace hamdyn
