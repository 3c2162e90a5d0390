#pragma once
// A frame in the plane as a case file gives it (section `Geometry`, with Model/Type = planar
// beam): named points, members joining two points each (each a straight planar beam with its
// own section and elements where given, the Planar beam section's otherwise), rigid joints
// where members meet, hinges that release the rotation at a point, and supports, forces,
// moments and point masses at named points. Parsing checks every name and the topology (a
// member naming an unknown point, a point on no member, two members between the same points, a
// hinge where fewer than two members meet, ...): InputError naming the key and the item.
#include "core/plane_point.h"

#include <string>
#include <utility>
#include <vector>

namespace hamdyn {

class ParameterFile;

/// A member's section: EA [N], kGA [N], EI [N m^2], rho A [kg/m], rho I [kg m].
struct MemberSection {
  double axial = 0, shear = 0, bending = 0, mass = 0, rotary = 0;
};

struct FrameGeometry {
  struct Point {
    std::string name;
    PlanePoint at;     // [m]
    bool named = true; // false: a mesh's node without a physical name (not in the outputs)
  };
  struct Member {
    std::string name;
    std::size_t from = 0, to = 0; // point indices: the member's reference runs from -> to
    MemberSection section;
    unsigned elements = 1;
    std::string model = "planar beam"; // a row of core/planar_member_kind.h
  };
  std::vector<Point> points;
  std::vector<Member> members;
  std::vector<std::size_t> hinges; // points whose members turn independently
  // the point Planar beam/Start rotation, Steady rotation and Initial angular velocity turn the
  // frame about (Geometry/Hub); none: npos
  std::size_t hub = std::size_t(-1);
  // at points: (point, support name as Planar beam/Start support takes it)
  std::vector<std::pair<std::size_t, std::string>> supports;
  std::vector<std::pair<std::size_t, PlanePoint>> forces; // dead, [N]
  // as they act at the reference, turning with the point's section (at a hinge the first
  // member's end) [N]
  std::vector<std::pair<std::size_t, PlanePoint>> follower_forces;
  std::vector<std::pair<std::size_t, double>> moments;      // [N m], counterclockwise
  std::vector<std::pair<std::size_t, double>> point_masses; // [kg]
  // at points: J [kg m^2], k [N/m] and c [N s/m] (to the ground, in x and z)
  std::vector<std::pair<std::size_t, double>> point_rotary_inertias, springs, dashpots;
  std::string supports_text, hinges_text, follower_forces_text; // as given (for messages)
  /// The members meeting at point i.
  std::size_t members_at(std::size_t point) const;
};

/// Declares the `Geometry` section (empty: the planar beam is the one line of its Start and End).
void declare_frame_geometry_parameters(ParameterFile& f);

/// Whether the case gives a frame (Geometry/Members or Mesh file not empty).
bool frame_given(const ParameterFile& f);

/// Reads and checks the Geometry section; `section` is each member's section where Member
/// properties do not say otherwise, `elements` its Discretization/Elements; a mesh file is looked
/// for next to the case file in `case_directory` too.
FrameGeometry parse_frame_geometry(const ParameterFile& f, const MemberSection& section,
                                   unsigned elements, const std::string& case_directory);

} // namespace hamdyn
