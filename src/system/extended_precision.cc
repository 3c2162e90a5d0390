#include "system/extended_precision.h"

#include <cmath>

namespace hamdyn {

ExtendedRule gauss_rule(unsigned int n) {
  // Why by hand: deal.II's QGauss is double. P_n by its three-term recurrence
  // (k + 1) P_{k+1} = (2k + 1) x P_k - k P_{k-1}, and P_n' = n (x P_n - P_{n-1}) / (x^2 - 1).
  const extended pi = 3.141592653589793238462643383279502884L;
  ExtendedRule rule;
  rule.points.resize(n);
  rule.weights.resize(n);
  for (unsigned int i = 0; i < n; ++i) {
    extended x = std::cos(pi * (i + 0.75L) / (n + 0.5L)), slope = 1;
    for (int iteration = 0; iteration < 100; ++iteration) {
      extended p0 = 1, p1 = x;
      for (unsigned int k = 1; k < n; ++k) {
        const extended p2 = ((2 * k + 1) * x * p1 - k * p0) / (k + 1);
        p0 = p1;
        p1 = p2;
      }
      slope = n * (x * p1 - p0) / (x * x - 1);
      const extended step = p1 / slope;
      x -= step;
      if (std::abs(step) <= 4 * std::numeric_limits<extended>::epsilon())
        break;
    }
    // on [0, 1]: nodes (1 - x) / 2 ascending, weights 1 / ((1 - x^2) P_n'(x)^2)
    rule.points[i] = (1 - x) / 2;
    rule.weights[i] = 1 / ((1 - x * x) * slope * slope);
  }
  return rule;
}

void lagrange_basis(const std::vector<extended>& nodes, extended xi, std::vector<extended>& value,
                    std::vector<extended>& slope) {
  const std::size_t n = nodes.size();
  value.assign(n, 0);
  slope.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    extended product = 1, derivative = 0;
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i)
        continue;
      const extended factor = (xi - nodes[j]) / (nodes[i] - nodes[j]);
      derivative = derivative * factor + product / (nodes[i] - nodes[j]);
      product *= factor;
    }
    value[i] = product;
    slope[i] = derivative;
  }
}

} // namespace hamdyn
