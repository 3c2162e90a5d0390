#pragma once
// The element class of each row of core/planar_member_kind.h (Geometry/Member model).
#include "models/planar_beam_element.h"

#include <memory>
#include <string>

namespace hamdyn {

/// An element of the member kind `kind` (a row's name; std::out_of_range for another), with
/// PlanarBeamElement's constructor arguments.
std::unique_ptr<PlanarBeamElement> make_planar_member(const std::string& kind, unsigned degree,
                                                      double length, double reference_angle,
                                                      const PlanarBeamSection& section,
                                                      PlanarBeamInterpolation interpolation);

} // namespace hamdyn
