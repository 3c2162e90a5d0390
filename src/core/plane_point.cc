#include "core/plane_point.h"

#include "core/case_parameters.h"
#include "core/input_error.h"
#include "core/parameter_values.h"
#include "core/text.h"

#include <cmath>
#include <vector>

namespace hamdyn {

double distance(const PlanePoint& a, const PlanePoint& b) {
  return std::hypot(b.x - a.x, b.z - a.z);
}

PlanePoint plane_point(const std::string& parameter, const std::string& text,
                       const std::string& shown) {
  const std::vector<std::string> parts = list_entries(text, ',', parameter);
  PlanePoint p;
  if (parts.size() == 2) {
    p.x = number(parts[0]);
    p.z = number(parts[1]);
  }
  if (parts.size() != 2 || !std::isfinite(p.x) || !std::isfinite(p.z))
    throw InputError(parameter, shown, "expected a point 'x, z' of two finite numbers [m]");
  return p;
}

} // namespace hamdyn
