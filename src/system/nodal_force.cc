#include "system/nodal_force.h"

#include <deal.II/base/quadrature_lib.h>

#include <cmath>

namespace hamdyn {

double mean_force(const NodalForce& element, double e0, double e1, double* slope) {
  static const dealii::QGauss<1> rule(8);
  double mean = 0, d_mean = 0;
  for (unsigned int q = 0; q < rule.size(); ++q) {
    const double xi = rule.point(q)[0], e = e0 + (e1 - e0) * xi;
    mean += rule.weight(q) * element.law(e);
    if (slope)
      d_mean += rule.weight(q) * xi * element.slope(e);
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
