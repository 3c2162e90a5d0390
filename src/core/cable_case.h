#pragma once
// A cable in the plane as a case file describes it (`Model/Type = cable`, section `Cable`): its
// axial stiffness EA and mass per unstretched length, its two supports (x, z with z up) and its
// geometry in one of the ways users give it — the unstretched length, the horizontal tension, the
// midspan sag (the elastic catenary through the supports, Irvine, Cable Structures, 1981, ch. 2,
// found by the study: exact/elastic_catenary.h) or a polyline of points, unstressed — with gravity
// in -z, point masses along it, an optional tension-only law (a slack segment carries nothing) and
// the supports' prescribed motions (a moving support, a fairlead).
// Parsing checks every value and the combinations (a support given twice, two geometries, a sag
// with no gravity, ...); the studies build the chain from it (studies/cable_line.h).
#include "core/expression.h"
#include "core/plane_point.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace hamdyn {

class ParameterFile;

/// A support's prescribed motion: its displacement (u_x(t), u_z(t)) from where it is [m], with
/// the first two time derivatives (exact, core/symbolic_derivative.h) for the run's start.
struct SupportMotion {
  std::array<ExpressionPtr, 2> displacement, velocity, acceleration;
  PlanePoint at(const PlanePoint& support, double t) const {
    return {support.x + (*displacement[0])(0, t), support.z + (*displacement[1])(0, t)};
  }
};

/// A point mass hanging on the cable at unstretched coordinate s from the left support.
struct CablePointMass {
  double s = 0;    // m
  double mass = 0; // kg
};

/// A spring or a dashpot from the cable at unstretched coordinate s to the ground, the same in x
/// and z: its constant k [N/m] or c [N s/m].
struct CableAttachment {
  double s = 0;        // m
  double constant = 0; // N/m or N s/m
};

struct CableCase {
  /// How the geometry is given: the chord (an unstressed straight cable between the supports,
  /// when no key says otherwise), one of the catenary's three keys, or Cable/Points.
  enum class Geometry { chord, unstretched_length, horizontal_tension, sag, points };
  Geometry geometry = Geometry::chord;
  std::string geometry_key;  // the key that gave it ("" for the chord)
  double geometry_value = 0; // m or N, for the catenary's keys
  /// The supports (the first and last) and, with Cable/Points, the points between them.
  std::vector<PlanePoint> points;
  double axial_stiffness = 0; // EA [N]
  double mass_per_length = 0; // rho A per unstretched length [kg/m]
  double gravity = 0;         // g [m/s^2], in -z
  bool tension_only = false;
  double axial_damping = 0;                   // c_a [N s] of every element (Cable/Axial damping)
  double mass_damping = 0;                    // alpha [1/s] (Cable/Mass damping): -alpha M v
  bool left_free = false, right_free = false; // Cable/Left end, Right end = free
  /// Cable/Left support motion, Right support motion (null: held still)
  std::shared_ptr<const SupportMotion> left_motion, right_motion;
  bool start_at_equilibrium = false; // Cable/Initial state = equilibrium
  std::size_t ground_direction = 0;  // Cable/Ground motion direction: 0 for x, 1 for z
  std::vector<CablePointMass> point_masses;
  std::vector<CableAttachment> springs, dashpots; // Cable/Springs, Dashpots
  std::vector<double> held_points;                // Cable/Held points: unstretched coordinates [m]
  std::vector<std::shared_ptr<const SupportMotion>> held_motions; // each one's, or null: still
  unsigned n_elements = 1;                                        // Discretization/Elements
  bool consistent_mass = true;                                    // Discretization/Mass matrix
  const PlanePoint& left() const { return points.front(); }
  const PlanePoint& right() const { return points.back(); }
};

/// Model/Type of a cable.
inline const std::string cable_model_name = "cable";

/// Declares the `Cable` section (neutral defaults: a straight, unstressed cable without gravity).
void declare_cable_parameters(ParameterFile& f);

/// Reads and checks it, with Discretization/Elements and Mass matrix. Throws InputError naming
/// the key, the value and what is allowed.
CableCase parse_cable_case(const ParameterFile& f);

} // namespace hamdyn
