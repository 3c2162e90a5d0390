#pragma once
// A planar geometrically exact beam as a case file describes it (`Model/Type = planar beam`,
// section `Planar beam`): a straight, unstressed beam from Start to End in the (x, z) plane (z
// up) with EA, kGA, EI, rho A and rho I given directly or derived from the Section input, its two
// ends clamped, pinned or free, dead loads at its end and along it, and gravity. Parsing checks
// every value and the combinations (an end held nowhere, a degree beyond 4, ...); the studies
// build the line of elements from it (models/planar_beam_element.h).
#include "core/frame_geometry.h"
#include "core/plane_point.h"

#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace hamdyn {

class ParameterFile;
class Expression;
struct CaseParameters;

struct PlanarBeamCase {
  // roller_x moves freely along x (z held) and turns; slider_x moves along x with z and the
  // rotation held; roller_z and slider_z the same along z
  enum class Support { clamped, pinned, free, roller_x, roller_z, slider_x, slider_z };
  /// Which of an end's (x, z, theta) a support holds.
  static std::array<bool, 3> held_components(Support s) {
    return {{s == Support::clamped || s == Support::pinned || s == Support::roller_z ||
                 s == Support::slider_z,
             s == Support::clamped || s == Support::pinned || s == Support::roller_x ||
                 s == Support::slider_x,
             s == Support::clamped || s == Support::slider_x || s == Support::slider_z}};
  }
  PlanePoint start, end;        // the reference centreline's ends [m]
  double axial_stiffness = 0;   // EA [N]
  double shear_stiffness = 0;   // kGA [N]
  double bending_stiffness = 0; // EI [N m^2]
  double mass_per_length = 0;   // rho A [kg/m]
  double rotary_inertia = 0;    // rho I [kg m]
  Support start_support = Support::clamped, end_support = Support::free;
  PlanePoint end_force;           // force at the end [N]: dead, or a follower
  bool end_force_follows = false; // turning with the end's section from its reference direction
  double end_moment = 0;          // [N m], counterclockwise (from x toward z)
  PlanePoint distributed_force;   // force per reference length [N/m]: dead, or a follower
  bool distributed_force_follows = false; // turning with the sections from the reference
  double gravity = 0;                     // g [m/s^2] in -z, on rho A and the point masses
  // attached at arc lengths s from Start: (s [m], m [kg]), (s, J [kg m^2]), (s, k [N/m]) and
  // (s, c [N s/m])
  std::vector<std::pair<double, double>> point_masses, point_rotary_inertias, springs, dashpots;
  // hamdyn run: from rest at the reference or at the static state under the dead loads, with a
  // turn about Start of this rate
  bool start_at_equilibrium = false;
  double initial_angular_velocity = 0; // [rad/s], counterclockwise
  // Ground motion/Acceleration's direction: 0 for x, 1 for z (the run in coordinates relative
  // to the ground, every support moving with it)
  unsigned ground_direction = 0;
  // hamdyn run: the clamped Start's prescribed turn from the reference, a hub's theta_h(t)
  // [rad] (0 at t = 0), its rate and its second derivative (null where it has none); null: held
  // still
  std::shared_ptr<const Expression> start_rotation, start_rotation_rate,
      start_rotation_acceleration;
  // static, modes and buckling about the steady rotation at this rate about Start (a hub), in
  // the frame turning with it [rad/s]; 0: none
  double steady_rotation = 0;
  // how the static state is found (Static/Path, Arc length steps)
  bool static_by_arc_length = false;
  unsigned arc_length_steps = 20;
  /// A frame (Geometry/Members given): its points, members, hinges, supports and loads replace
  /// Start, End, the two supports and the end's loads; null: the one line.
  std::shared_ptr<const FrameGeometry> frame;
  unsigned n_elements = 1; // Discretization/Elements
  unsigned degree = 1;     // Discretization/Degree
  double length() const { return distance(start, end); }
  /// Whether a hub turns it: a line's Start, a frame's Geometry/Hub.
  bool has_hub() const { return !frame || frame->hub != std::size_t(-1); }
  /// Where the hub is [m] (the point Start rotation, Steady rotation and Initial angular
  /// velocity turn the beam about), and its support (free: a frame's hub point held nowhere).
  PlanePoint hub_point() const;
  Support hub_support() const;
};

/// Model/Type of a planar beam.
inline const std::string planar_beam_model_name = "planar beam";

/// A support's name in the case file ("roller in x").
std::string support_name(PlanarBeamCase::Support s);
/// The support of a name (false: none of them).
bool support_named(const std::string& name, PlanarBeamCase::Support& s);

/// Declares the `Planar beam` section (neutral defaults: a 1 m cantilever along x, unloaded).
void declare_planar_beam_parameters(ParameterFile& f);

/// Reads and checks it, with Discretization/Elements and Degree and a frame's Geometry (its mesh
/// file looked for next to the case file in `case_directory` too). Throws InputError naming the
/// key, the value and what is allowed.
PlanarBeamCase parse_planar_beam_case(const ParameterFile& f, const std::string& case_directory);

} // namespace hamdyn
