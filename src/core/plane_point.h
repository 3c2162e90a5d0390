#pragma once
// A point in the plane of the planar models (a cable, a planar beam), as a case file gives it:
// "x, z" with z up [m].
#include <string>

namespace hamdyn {

struct PlanePoint {
  double x = 0, z = 0;
};

/// |b - a| [m].
double distance(const PlanePoint& a, const PlanePoint& b);

/// "x, z" of `parameter`, two finite numbers (or constant expressions of the case's variables);
/// InputError naming `parameter` and `shown` (the text as the user wrote it) otherwise.
PlanePoint plane_point(const std::string& parameter, const std::string& text,
                       const std::string& shown);

} // namespace hamdyn
