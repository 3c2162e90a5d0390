#include "system/nodal_force.h"

#include <deal.II/base/quadrature_lib.h>

#include <cmath>

namespace hamdyn {

double force_slope(const NodalForce& element, double e) {
  // h ~ cbrt(eps) balances truncation (h^2 F''') against rounding (eps F / h)
  const double h = 6e-6 * std::max(std::abs(e), element.e_scale);
  return (element.law(e + h) - element.law(e - h)) / (2 * h);
}

double mean_force(const NodalForce& element, double e0, double e1, double* slope) {
  static const dealii::QGauss<1> rule(8);
  double mean = 0, d_mean = 0;
  for (unsigned int q = 0; q < rule.size(); ++q) {
    const double xi = rule.point(q)[0], e = e0 + (e1 - e0) * xi;
    mean += rule.weight(q) * element.law(e);
    if (slope)
      d_mean += rule.weight(q) * xi * force_slope(element, e);
  }
  if (slope)
    *slope = d_mean;
  return mean;
}

double potential_increment(const NodalForce& element, double e0, double e1) {
  if (e1 == e0)
    return 0;
  return mean_force(element, e0, e1, nullptr) * (e1 - e0);
}

} // namespace hamdyn

namespace hamdyn {

double dashpot_force(const NodalForce& d, double v) {
  if (v == 0)
    return 0;
  return d.coefficient * std::pow(std::abs(v), d.degree - 1) * (v > 0 ? 1 : -1);
}

double dashpot_slope(const NodalForce& d, double v) {
  if (d.degree == 2)
    return d.coefficient;
  return d.coefficient * (d.degree - 1) * std::pow(std::abs(v), d.degree - 2);
}

double dashpot_velocity(const NodalForce& d, double force) {
  if (force == 0 || d.coefficient == 0)
    return 0;
  return std::pow(std::abs(force) / d.coefficient, 1 / (d.degree - 1)) * (force > 0 ? 1 : -1);
}

double dashpot_velocity_slope(const NodalForce& d, double force) {
  const double q = 1 / (d.degree - 1); // > 1
  return q / d.coefficient * std::pow(std::abs(force) / d.coefficient, q - 1);
}

} // namespace hamdyn
