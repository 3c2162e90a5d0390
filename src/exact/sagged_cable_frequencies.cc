#include "exact/sagged_cable_frequencies.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hamdyn::exact {

double irvine_lambda_squared(double span, double horizontal_tension, double weight,
                             double axial_stiffness, double sag) {
  const double l = span, h = horizontal_tension;
  const double virtual_length = l * (1 + 8 * (sag / l) * (sag / l));
  const double load = weight * l / h;
  return load * load * l / (h * virtual_length / axial_stiffness);
}

std::vector<CableMode> sagged_cable_modes(double span, double horizontal_tension,
                                          double mass_per_length, double lambda_squared,
                                          unsigned int n) {
  if (!(span > 0) || !(horizontal_tension > 0) || !(mass_per_length > 0) || !(lambda_squared > 0))
    throw std::domain_error("sagged_cable_modes needs span, H, m and lambda^2 > 0");
  const double scale = std::sqrt(horizontal_tension / mass_per_length) / span; // omega = w scale
  std::vector<CableMode> modes;
  for (unsigned int k = 1; k <= n; ++k) {
    modes.push_back({2 * k * M_PI * scale, false});
    // f(y) = tan y - y + (4 / lambda^2) y^3 runs from -inf to +inf on (k pi - pi/2, k pi + pi/2)
    double low = k * M_PI - M_PI / 2, high = k * M_PI + M_PI / 2;
    const double c = 4 / lambda_squared;
    for (int i = 0; i < 200; ++i) {
      const double y = 0.5 * (low + high);
      if (y <= low || y >= high)
        break;
      (std::tan(y) - y + c * y * y * y < 0 ? low : high) = y;
    }
    modes.push_back({(low + high) * scale, true}); // w = 2 y
  }
  std::sort(modes.begin(), modes.end(),
            [](const CableMode& a, const CableMode& b) { return a.omega < b.omega; });
  modes.resize(n);
  return modes;
}

} // namespace hamdyn::exact
