#include "studies/richardson.h"

#include "studies/largest_difference.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hamdyn {

std::vector<double> richardson_limit(const std::vector<std::vector<double>>& levels,
                                     double two_level_factor) {
  const std::size_t n = levels.size();
  const std::vector<double>& finest = levels.back();
  if (n < 2)
    return finest;
  const std::vector<double>& previous = levels[n - 2];
  const double d2 = largest_difference(finest, previous);
  const double rho = n >= 3 ? largest_difference(previous, levels[n - 3]) / d2 : two_level_factor;
  if (!(d2 > 0) || !(rho > 1) || !std::isfinite(rho))
    return finest;
  std::vector<double> limit(finest.size());
  for (std::size_t k = 0; k < finest.size(); ++k)
    limit[k] = finest[k] + (finest[k] - previous[k]) / (rho - 1);
  return limit;
}

double observed_order(double error0, double error1, double size0, double size1) {
  if (!(error0 > 0) || !(error1 > 0) || !std::isfinite(error0) || !std::isfinite(error1))
    return std::numeric_limits<double>::quiet_NaN();
  return std::log(error0 / error1) / std::log(size0 / size1);
}

} // namespace hamdyn
