#include "core/cable_case.h"

#include "core/case_parameters.h"
#include "core/input_error.h"
#include "core/parameter_file.h"
#include "core/parameter_values.h"
#include "core/section_parameters.h"
#include "core/text.h"

#include <deal.II/base/patterns.h>

#include <cmath>

namespace hamdyn {

namespace {
const std::string section = "Cable";
using P = dealii::Patterns::Anything;

// The value of a geometry key that is set (non-empty), checked > 0.
double positive_geometry_value(const ParameterFile& f, const std::string& key) {
  const std::string text = trim(f.get(section, key));
  const double value = number(text);
  if (!(value > 0) || !std::isfinite(value))
    throw InputError(parameter_name(section, key), text,
                     "expected a real number > 0, or empty (not given)");
  return value;
}

// Cable/<key>: "s: value; ...", each value > 0
std::vector<std::pair<double, double>> located_values(const ParameterFile& f,
                                                      const std::string& key,
                                                      const std::string& symbol,
                                                      const std::string& meaning) {
  return hamdyn::located_values(f, section, key, symbol, meaning,
                                "the unstretched coordinate from the left support");
}

std::vector<CablePointMass> point_masses(const ParameterFile& f) {
  std::vector<CablePointMass> masses;
  for (const auto& [s, m] : located_values(f, "Point masses", "m", "the mass m > 0 [kg]"))
    masses.push_back({s, m});
  return masses;
}

std::vector<CableAttachment> attachments(const ParameterFile& f, const std::string& key,
                                         const std::string& symbol, const std::string& meaning) {
  std::vector<CableAttachment> items;
  for (const auto& [s, value] : located_values(f, key, symbol, meaning))
    items.push_back({s, value});
  return items;
}

// "u_x(t), u_z(t)" of `parameter` (its whole text `shown` in messages): the displacement of
// `what` ("the left support", "the held point at s = 2") from where it starts.
std::shared_ptr<const SupportMotion> motion_of(const std::string& parameter,
                                               const std::string& text, const std::string& shown,
                                               const std::string& what) {
  const std::vector<std::string> parts = top_level_items(text);
  if (parts.size() != 2 || parts[0].empty() || parts[1].empty())
    throw InputError(parameter, shown,
                     "expected 'u_x(t), u_z(t)', " + what +
                         "'s displacement as two expressions of t [m]");
  auto motion = std::make_shared<SupportMotion>();
  for (std::size_t a : {0, 1}) {
    motion->displacement[a] =
        std::make_shared<const Expression>(parameter, parts[a], std::vector<std::string>{"t"});
    motion->velocity[a] = motion->displacement[a]->time_derivative();
    if (motion->velocity[a])
      motion->acceleration[a] = motion->velocity[a]->time_derivative();
    if (!motion->acceleration[a])
      throw InputError(parameter, shown,
                       "expected expressions hamdyn can differentiate twice in t (the run starts "
                       "from " +
                           what +
                           "'s velocity and acceleration; muparser's min, max, rint, "
                           "comparisons and ?: have no exact derivative)");
    const double start = (*motion->displacement[a])(0, 0);
    if (start != 0)
      throw InputError(parameter, shown,
                       "expected a displacement that is 0 at t = 0 (" + what +
                           " starts where it is; its " + (a == 0 ? "u_x" : "u_z") +
                           "(0) = " + text_of(start) + ")");
  }
  return motion;
}

// Cable/<end> support motion: "u_x(t), u_z(t)", or null when empty.
std::shared_ptr<const SupportMotion> support_motion(const ParameterFile& f, const std::string& end,
                                                    bool free) {
  const std::string key = end + " support motion", parameter = parameter_name(section, key);
  const std::string text = f.get(section, key);
  if (trim(text).empty())
    return nullptr;
  if (free)
    throw InputError(parameter, text,
                     "expected empty: Cable/" + end + " end = free has no support to move");
  return motion_of(parameter, text, text, end == "Left" ? "the left support" : "the right support");
}

// EA and rho A: the Cable keys, or E A and Density A of a Section/Shape other than direct.
void read_stiffness_and_mass(const ParameterFile& f, CableCase& c) {
  if (f.get("Section", "Shape") == "direct") {
    c.axial_stiffness = positive_value(f, section, "Axial stiffness");
    c.mass_per_length = positive_value(f, section, "Mass per length");
    return;
  }
  const std::string shape = f.get("Section", "Shape");
  refuse_keys_derived_from_section(f, section, {"Axial stiffness", "Mass per length"}, false);
  const SectionMaterial m = read_section(f);
  c.axial_stiffness = m.young * m.section.area;
  c.mass_per_length = m.density * m.section.area;
  f.annotate(
      section,
      "derived from Section/Shape = " + shape +
          " (the values written below are not used): A = " + precise_text_of(m.section.area) +
          " m^2, so Axial stiffness = E A = " + precise_text_of(c.axial_stiffness) +
          " N, Mass per length = Density A = " + precise_text_of(c.mass_per_length) + " kg/m");
}
} // namespace

void declare_cable_parameters(ParameterFile& f) {
  namespace Pt = dealii::Patterns;
  f.declare(section, "Axial stiffness", "1e6", Pt::Double(), positive_text,
            "Model/Type = cable: EA, the tension per unit strain of the unstretched cable "
            "(Hooke's law T = EA (ds'/ds - 1), Irvine 1981, eq. 2.3); E A with a Section/Shape "
            "other than direct (then not given). Units: N.");
  f.declare(section, "Mass per length", "1", Pt::Double(), positive_text,
            "rho A, the mass per unit unstretched length; Density A with a Section/Shape other "
            "than direct (then not given). Units: kg/m.");
  f.declare(section, "Left support", "0, 0", P(), "x, z",
            "Where the cable's first end is, z up: held there unless Cable/Left end = free. "
            "Units: m.");
  f.declare(section, "Right support", "10, 0", P(), "x, z",
            "Where its last end is: held there unless Cable/Right end = free. Units: m.");
  for (const char* end : {"Left", "Right"})
    f.declare(section, std::string(end) + " support motion", "", P(), "u_x(t), u_z(t)",
              std::string("The ") + (end[0] == 'L' ? "left" : "right") +
                  " support's displacement from where it is, two expressions of t, 0 at t = 0 "
                  "(a moving support, a fairlead; hamdyn run): the node there follows it, and "
                  "the work it does on the cable is the history's external_work. Empty: held "
                  "still. Units: m.");
  for (const char* end : {"Left end", "Right end"})
    f.declare(section, end, "pinned", Pt::Selection("pinned|free"), "pinned | free",
              "pinned: the end is held at its support; free: it moves, starting there (a cable "
              "hanging from one support, or released as a pendulum). A catenary's keys "
              "(Unstretched length, Horizontal tension, Sag) need both ends pinned.");
  f.declare(section, "Unstretched length", "", P(), "empty or a real number > 0",
            "The cable's length with no tension; the elastic catenary through the supports "
            "(with Gravity; without, a straight cable no longer than the chord). Give at most one "
            "of Unstretched length, Horizontal tension, Sag and Points; none: the unstressed "
            "chord. Units: m.");
  f.declare(section, "Horizontal tension", "", P(), "empty or a real number > 0",
            "The tension's horizontal component H of the elastic catenary through the supports "
            "(its unstretched length is found from it). Units: N.");
  f.declare(section, "Sag", "", P(), "empty or a real number > 0",
            "How far the elastic catenary through the supports hangs below their chord at "
            "midspan (needs Gravity > 0). Units: m.");
  f.declare(section, "Points", "", P(), "empty or x1, z1; x2, z2; ...",
            "The cable as a polyline, unstressed, from the left support to the right one (the "
            "Left and Right support keys are then not given): e.g. 0, 0; 5, 0 for a cable "
            "released from the horizontal as a pendulum. Units: m.");
  f.declare(section, "Gravity", "0", Pt::Double(), nonnegative_text,
            "g, acting in -z on the cable and its point masses. Units: m/s^2.");
  f.declare(section, "Axial damping", "0", Pt::Double(), nonnegative_text,
            "c_a: internal viscous damping along the cable, a force c_a times the axial strain "
            "rate in every element (a Kelvin-Voigt material; stiffness-proportional, c_a = beta "
            "EA in Rayleigh's terms), none in a slack tension-only element. It damps the run "
            "(dissipated_energy) and the response; modes stay undamped. Units: N s.");
  f.declare(section, "Mass damping", "0", Pt::Double(), nonnegative_text,
            "alpha: damping proportional to the mass (Rayleigh's mass coefficient), a force "
            "-alpha M v on the cable and its point masses, v relative to the ground (a linear "
            "drag of the surrounding air or water on the whole line, per kilogram). It damps the "
            "run (dissipated_energy), the response and the spectrum's modes (zeta = alpha / "
            "(2 omega)); modes stay undamped. Units: 1/s.");
  f.declare(section, "Tension only", "false", Pt::Bool(), "true | false",
            "true: a compressed element carries no force (a slack cable; its energy is the "
            "tension-only law's, exactly). false: Hooke's law in compression too.");
  f.declare(section, "Point masses", "", P(), "s: m; ...",
            "Masses hanging on the cable at unstretched coordinate s from the left support (a "
            "node is placed there), with their weight under Gravity. Units: m: kg.");
  f.declare(section, "Held points", "", P(), "s; s @ u_x(t), u_z(t); ...",
            "Points of the cable held where they start, at unstretched coordinates s from the "
            "left support (a node is placed at each): an intermediate support. hamdyn static "
            "writes their reactions. A point followed by @ and two expressions of t, 0 at t = "
            "0, moves by that displacement in a run (a guide, a deflector), its work on the "
            "cable in the history's external_work; static, modes and response hold it where "
            "it starts. Units: m.");
  f.declare(section, "Springs", "", P(), "s: k; ...",
            "Linear springs from the cable at unstretched coordinate s to the ground (a node is "
            "placed there), the same in x and z, anchored where that point starts (the geometry "
            "as given): force -k (x - anchor). Units: m: N/m.");
  f.declare(section, "Dashpots", "", P(), "s: c; ...",
            "Linear dashpots from the cable at unstretched coordinate s to the ground (a node is "
            "placed there), the same in x and z: force -c v; what they take is the history's "
            "dissipated_energy. hamdyn modes leaves them out (undamped modes). Units: m: N s/m.");
  f.declare(section, "Ground motion direction", "x", Pt::Selection("x|z"), "x | z",
            "The direction of Ground motion/Acceleration for a cable: x (horizontal, along the "
            "span) or z (vertical). Every support and held point moves with the ground; the run "
            "is in coordinates relative to it (its positions are the ground's plus the history's), "
            "with the load -M r a_g(t) on the cable and its point masses (r = 1 in that "
            "direction), its work in the history's external_work; hamdyn spectrum combines the "
            "modes' peaks in that direction.");
  f.declare(section, "Initial state", "geometry", Pt::Selection("geometry|equilibrium"),
            "geometry | equilibrium",
            "Where hamdyn run starts, at rest: the geometry as given (a catenary is the "
            "equilibrium of a cable without point masses) or the static equilibrium hamdyn "
            "static finds from it.");
}

CableCase parse_cable_case(const ParameterFile& f) {
  CableCase c;
  read_stiffness_and_mass(f, c);
  c.gravity = nonnegative_value(f, section, "Gravity");
  c.tension_only = f.get(section, "Tension only") == "true";
  c.axial_damping = nonnegative_value(f, section, "Axial damping");
  c.mass_damping = nonnegative_value(f, section, "Mass damping");
  c.start_at_equilibrium = f.get(section, "Initial state") == "equilibrium";
  c.ground_direction = f.get(section, "Ground motion direction") == "z" ? 1 : 0;
  c.left_free = f.get(section, "Left end") == "free";
  c.right_free = f.get(section, "Right end") == "free";
  c.left_motion = support_motion(f, "Left", c.left_free);
  c.right_motion = support_motion(f, "Right", c.right_free);
  if (c.left_free && c.right_free)
    throw InputError(parameter_name(section, "Right end"), "free",
                     "expected pinned: Cable/Left end is free too, and a cable held nowhere has "
                     "no support to hang from or swing about");

  // At most one of the geometry keys.
  for (const char* key : {"Unstretched length", "Horizontal tension", "Sag", "Points"}) {
    if (trim(f.get(section, key)).empty())
      continue;
    if (!c.geometry_key.empty())
      throw InputError(parameter_name(section, key), f.get(section, key),
                       "expected empty: " + parameter_name(section, c.geometry_key) +
                           " gives the geometry already (give one of Unstretched length, "
                           "Horizontal tension, Sag and Points)");
    c.geometry_key = key;
  }
  using G = CableCase::Geometry;
  c.geometry = c.geometry_key == "Unstretched length"   ? G::unstretched_length
               : c.geometry_key == "Horizontal tension" ? G::horizontal_tension
               : c.geometry_key == "Sag"                ? G::sag
               : c.geometry_key == "Points"             ? G::points
                                                        : G::chord;
  if (c.geometry == G::points) {
    for (const char* key : {"Left support", "Right support"})
      // (not its default: used_parameters.prm writes every key, and a resume reads it)
      if (!f.is_default(section, key))
        throw InputError(parameter_name(section, key), f.get(section, key),
                         "not to be given with Cable/Points, whose first and last points are "
                         "the supports (a support point given twice)");
    const std::string parameter = parameter_name(section, "Points");
    for (const std::string& item : list_entries(f.get(section, "Points"), ';', parameter))
      c.points.push_back(plane_point(parameter, item, item));
    if (c.points.size() < 2)
      throw InputError(parameter, f.get(section, "Points"),
                       "expected at least two points 'x, z' separated by ';'");
    for (std::size_t k = 0; k + 1 < c.points.size(); ++k)
      if (c.points[k].x == c.points[k + 1].x && c.points[k].z == c.points[k + 1].z)
        throw InputError(parameter, f.get(section, "Points"),
                         "expected distinct consecutive points (point " + std::to_string(k + 2) +
                             " repeats the one before)");
  } else {
    for (const char* key : {"Left support", "Right support"})
      c.points.push_back(
          plane_point(parameter_name(section, key), f.get(section, key), f.get(section, key)));
    const double span = c.right().x - c.left().x;
    const double chord = distance(c.left(), c.right());
    if (!(chord > 0))
      throw InputError(parameter_name(section, "Right support"), f.get(section, "Right support"),
                       "expected a point other than the left support");
    if (c.geometry != G::chord) {
      c.geometry_value = positive_geometry_value(f, c.geometry_key);
      if (!(span > 0))
        throw InputError(parameter_name(section, "Right support"), f.get(section, "Right support"),
                         "expected x greater than the left support's for a catenary given by " +
                             c.geometry_key + " (or give the cable as Cable/Points)");
    }
    if (c.geometry != G::chord && (c.left_free || c.right_free))
      throw InputError(parameter_name(section, c.geometry_key), f.get(section, c.geometry_key),
                       "expected empty with a free end: a catenary hangs between two pinned "
                       "supports (give the cable as Cable/Points)");
    if (c.geometry == G::sag && c.gravity == 0)
      throw InputError(parameter_name(section, "Sag"), f.get(section, "Sag"),
                       "expected empty with Cable/Gravity = 0: a weightless cable does not sag "
                       "(give Gravity > 0, or the Unstretched length)");
    if (c.geometry == G::unstretched_length && c.gravity == 0 && c.geometry_value > chord)
      throw InputError(parameter_name(section, "Unstretched length"),
                       f.get(section, "Unstretched length"),
                       "expected at most the chord " + text_of(chord) +
                           " m with Cable/Gravity = 0: a longer weightless cable has no one "
                           "shape (give Gravity > 0, or the cable as Cable/Points)");
  }

  c.point_masses = point_masses(f);
  {
    const std::string parameter = parameter_name(section, "Held points");
    for (const std::string& item : list_entries(f.get(section, "Held points"), ';', parameter)) {
      // "s" or "s @ u_x(t), u_z(t)"
      const std::size_t at = item.find('@');
      const double s = number(trim(item.substr(0, at)));
      if (!std::isfinite(s))
        throw InputError(parameter, item,
                         "expected unstretched coordinates s from the left support [m], each "
                         "optionally followed by @ u_x(t), u_z(t), separated by ';'");
      c.held_points.push_back(s);
      c.held_motions.push_back(
          at == std::string::npos ? nullptr
                                  : motion_of(parameter, item.substr(at + 1), item,
                                              "the held point at s = " + trim(item.substr(0, at))));
    }
  }
  c.springs = attachments(f, "Springs", "k", "the stiffness k > 0 [N/m]");
  c.dashpots = attachments(f, "Dashpots", "c", "the damping c > 0 [N s/m]");
  double length = 0; // the unstretched length, where the case gives it
  if (c.geometry == G::points)
    for (std::size_t k = 0; k + 1 < c.points.size(); ++k)
      length += distance(c.points[k], c.points[k + 1]);
  else if (c.geometry == G::chord)
    length = distance(c.left(), c.right());
  else if (c.geometry == G::unstretched_length)
    length = c.geometry_value;
  // each place strictly inside the cable (at a support, it would act on the support)
  std::vector<std::pair<std::string, std::vector<double>>> places(4);
  places[0].first = "Point masses";
  places[1].first = "Springs";
  places[2].first = "Dashpots";
  places[3].first = "Held points";
  places[3].second = c.held_points;
  for (const CablePointMass& m : c.point_masses)
    places[0].second.push_back(m.s);
  for (std::size_t k : {1, 2})
    for (const CableAttachment& a : k == 1 ? c.springs : c.dashpots)
      places[k].second.push_back(a.s);
  for (const auto& [key, at] : places)
    for (const double s : at)
      if (!(s > 0) || (length > 0 && !(s < length)))
        throw InputError(parameter_name(section, key), f.get(section, key),
                         "expected each s strictly between 0 and the unstretched length" +
                             (length > 0 ? " " + text_of(length) + " m" : std::string()) +
                             " (at a support it would act on the support)");

  const long elements = f.get_integer("Discretization", "Elements");
  // The cable's statics, motion and modes are solved on one rank's band (studies/cable_line.h):
  // 10^6 elements are a few hundred MB.
  constexpr long max_elements = 1000000;
  if (elements < 1 || elements > max_elements)
    throw InputError("Discretization/Elements", f.get("Discretization", "Elements"),
                     "expected an integer from 1 to " + std::to_string(max_elements) +
                         " for a cable");
  c.n_elements = unsigned(elements);
  c.consistent_mass = f.get("Discretization", "Mass matrix") == "consistent";
  return c;
}

} // namespace hamdyn
