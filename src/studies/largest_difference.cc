#include "studies/largest_difference.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hamdyn {

double largest_difference(const std::vector<double>& a, const std::vector<double>& b) {
  double worst = 0;
  for (std::size_t k = 0; k < std::min(a.size(), b.size()); ++k) {
    const double d = std::abs(a[k] - b[k]);
    if (std::isnan(d))
      return std::numeric_limits<double>::quiet_NaN();
    worst = std::max(worst, d);
  }
  return worst;
}

} // namespace hamdyn
