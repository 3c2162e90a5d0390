#include "system/force_laws.h"

#include <deal.II/base/quadrature_lib.h>

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

double mean_law(const std::function<double(double)>& law,
                const std::function<double(double)>& slope, double e0, double e1, double* d_mean) {
  static const dealii::QGauss<1> rule(8);
  double mean = 0, d = 0;
  for (unsigned int q = 0; q < rule.size(); ++q) {
    const double xi = rule.point(q)[0], e = e0 + (e1 - e0) * xi;
    mean += rule.weight(q) * law(e);
    if (d_mean)
      d += rule.weight(q) * xi * slope(e);
  }
  if (d_mean)
    *d_mean = d;
  return mean;
}

} // namespace hamdyn
