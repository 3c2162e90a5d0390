#include "core/planar_beam_case.h"

#include "core/case_parameters.h"
#include "core/expression.h"
#include "core/input_error.h"
#include "core/parameter_file.h"
#include "core/parameter_values.h"
#include "core/section_parameters.h"
#include "core/text.h"

#include <deal.II/base/patterns.h>

#include <cmath>

namespace hamdyn {

namespace {
const std::string section = "Planar beam";
using P = dealii::Patterns::Anything;

// the direct keys and what a Section/Shape derives each from
const char* const stiffness_keys[] = {"Axial stiffness", "Shear stiffness", "Bending stiffness",
                                      "Mass per length", "Rotary inertia"};

// EA, kGA, EI, rho A, rho I: the section's keys, or E A, kappa G A, E I, density A and density I
// of a Section/Shape other than direct
void read_section_values(const ParameterFile& f, PlanarBeamCase& c) {
  double* values[] = {&c.axial_stiffness, &c.shear_stiffness, &c.bending_stiffness,
                      &c.mass_per_length, &c.rotary_inertia};
  const std::string shape = f.get("Section", "Shape");
  if (shape == "direct") {
    for (std::size_t k = 0; k < 5; ++k)
      *values[k] = k < 4 ? positive_value(f, section, stiffness_keys[k])
                         : nonnegative_value(f, section, stiffness_keys[k]);
    return;
  }
  refuse_keys_derived_from_section(
      f, section, std::vector<std::string>(std::begin(stiffness_keys), std::end(stiffness_keys)),
      false);
  const SectionMaterial m = read_section(f);
  const double shear_modulus = m.young / (2 * (1 + m.poisson));
  c.axial_stiffness = m.young * m.section.area;
  c.shear_stiffness = m.section.shear_coefficient * shear_modulus * m.section.area;
  c.bending_stiffness = m.young * m.section.second_moment;
  c.mass_per_length = m.density * m.section.area;
  c.rotary_inertia = m.density * m.section.second_moment;
  f.annotate(section,
             "derived from Section/Shape = " + shape +
                 " (the values written below are not used): Axial stiffness = E A = " +
                 precise_text_of(c.axial_stiffness) +
                 " N, Shear stiffness = kappa G A = " + precise_text_of(c.shear_stiffness) +
                 " N, Bending stiffness = E I = " + precise_text_of(c.bending_stiffness) +
                 " N m^2, Mass per length = Density A = " + precise_text_of(c.mass_per_length) +
                 " kg/m, Rotary inertia = Density I = " + precise_text_of(c.rotary_inertia) +
                 " kg m");
}

// the supports' names in the case file (Support's order)
const std::array<const char*, 7> planar_support_names{
    {"clamped", "pinned", "free", "roller in x", "roller in z", "slider in x", "slider in z"}};

PlanarBeamCase::Support support_of(const std::string& text) {
  PlanarBeamCase::Support s = PlanarBeamCase::Support::free;
  support_named(text, s); // (the Selection pattern admits the names only)
  return s;
}

// the real number of `key`, finite (any sign)
double finite_value(const ParameterFile& f, const std::string& key) {
  const std::string text = f.get(section, key);
  const double value = number(text);
  if (!std::isfinite(value))
    throw InputError(parameter_name(section, key), text, "expected a finite real number");
  return value;
}
// The frame of the Geometry section into c: the line's own keys of its ends, loads and masses
// must keep their defaults (a frame gives them at its points)
void read_frame(const ParameterFile& f, const std::string& case_directory, PlanarBeamCase& c,
                long max_elements) {
  for (const char* key :
       {"Start", "End", "Start support", "End support", "End force", "End force follows",
        "End moment", "Point masses", "Point rotary inertias", "Springs", "Dashpots",
        "Start rotation", "Steady rotation", "Initial angular velocity"}) {
    const bool turns_about_a_hub = std::string(key) == "Start rotation" ||
                                   std::string(key) == "Steady rotation" ||
                                   std::string(key) == "Initial angular velocity";
    if (turns_about_a_hub && !trim(f.get("Geometry", "Hub")).empty())
      continue;
    if (!f.is_default(section, key))
      throw InputError(
          parameter_name(section, key), f.get(section, key),
          "expected its default '" + f.default_value(section, key) +
              "' with Geometry/Members: a frame's supports, loads and masses are "
              "given at its points (Geometry/Supports, Forces, Moments, Point "
              "masses)" +
              (turns_about_a_hub ? "; with Geometry/Hub it turns the frame about that point" : ""));
  }
  const MemberSection section_values{c.axial_stiffness, c.shear_stiffness, c.bending_stiffness,
                                     c.mass_per_length, c.rotary_inertia};
  auto frame = std::make_shared<FrameGeometry>(
      parse_frame_geometry(f, section_values, c.n_elements, case_directory));
  for (const auto& [point, name] : frame->supports) {
    PlanarBeamCase::Support s;
    if (!support_named(name, s) || s == PlanarBeamCase::Support::free)
      throw InputError(parameter_name("Geometry", "Supports"),
                       frame->points[point].name + ": " + name,
                       "expected clamped, pinned, roller in x, roller in z, slider in x or "
                       "slider in z");
  }
  long total = 0;
  for (const FrameGeometry::Member& m : frame->members)
    total += m.elements;
  if (total > max_elements)
    throw InputError(parameter_name("Geometry", "Members"), f.get("Geometry", "Members"),
                     "expected at most " + std::to_string(max_elements) +
                         " elements in all at this degree (the members have " +
                         std::to_string(total) + ")");
  c.frame = std::move(frame);
}
} // namespace

PlanePoint PlanarBeamCase::hub_point() const {
  return frame && frame->hub != std::size_t(-1) ? frame->points[frame->hub].at : start;
}

PlanarBeamCase::Support PlanarBeamCase::hub_support() const {
  if (!frame)
    return start_support;
  for (const auto& [point, name] : frame->supports) {
    Support s;
    if (point == frame->hub && support_named(name, s))
      return s;
  }
  return Support::free;
}

std::string support_name(PlanarBeamCase::Support s) {
  return planar_support_names[std::size_t(s)];
}

bool support_named(const std::string& name, PlanarBeamCase::Support& s) {
  for (std::size_t i = 0; i < planar_support_names.size(); ++i)
    if (name == planar_support_names[i]) {
      s = PlanarBeamCase::Support(i);
      return true;
    }
  return false;
}

void declare_planar_beam_parameters(ParameterFile& f) {
  namespace Pt = dealii::Patterns;
  declare_frame_geometry_parameters(f);
  f.declare(section, "Start", "0, 0", P(), "x, z",
            "Model/Type = planar beam: where the beam's first end is in the (x, z) plane, z up; "
            "the beam is straight and unstressed from Start to End (its reference). Units: m.");
  f.declare(section, "End", "1, 0", P(), "x, z", "Where its last end is. Units: m.");
  f.declare(section, "Axial stiffness", "1e6", Pt::Double(), positive_text,
            "EA: the axial force per unit axial strain (Reissner's G1 = r' . t - 1). E A with "
            "a Section/Shape other than direct (then not given). Units: N.");
  f.declare(section, "Shear stiffness", "1e6", Pt::Double(), positive_text,
            "kappa G A: the shear force per unit shear strain (G2 = r' . n). kappa G A with a "
            "Section/Shape other than direct (Cowper's kappa). Units: N.");
  f.declare(section, "Bending stiffness", "100", Pt::Double(), positive_text,
            "EI: the bending moment per unit curvature (K = theta'). E I with a Section/Shape "
            "other than direct. Units: N m^2.");
  f.declare(section, "Mass per length", "1", Pt::Double(), positive_text,
            "rho A. Density A with a Section/Shape other than direct. Units: kg/m.");
  f.declare(section, "Rotary inertia", "0", Pt::Double(), nonnegative_text,
            "rho I, the sections' rotary inertia per length. Density I with a Section/Shape "
            "other than direct. Units: kg m.");
  for (const char* end : {"Start", "End"})
    f.declare(section, std::string(end) + " support", end[0] == 'S' ? "clamped" : "free",
              Pt::Selection("clamped|pinned|free|roller in x|roller in z|slider in x|slider in z"),
              "clamped | pinned | free | roller in x | roller in z | slider in x | slider in z",
              std::string("How the beam's ") + (end[0] == 'S' ? "first" : "last") +
                  " end is held: clamped (position and rotation), pinned (position only, free to "
                  "turn), free, roller in x (moves freely along x, its z held, free to turn: a "
                  "pin on rollers), roller in z (along z, its x held), slider in x (moves along "
                  "x, its z and rotation held) or slider in z (along z, its x and rotation held: "
                  "the apex of a symmetric arch or frame loaded at its middle).");
  f.declare(section, "End force", "0, 0", P(), "F_x, F_z",
            "A dead force on the beam's last end (its direction stays as given while the beam "
            "moves). Units: N.");
  f.declare(section, "End force follows", "false", Pt::Bool(), "true | false",
            "true: End force is a follower load, given as it acts on the straight reference and "
            "turning with the end's section (a thrust, a jet's reaction; not conservative: its "
            "work is the run's external_work). hamdyn static and run take it; modes and "
            "buckling do not (its stiffness is not symmetric). false: a dead load.");
  f.declare(section, "End moment", "0", Pt::Double(), "a finite real number",
            "A moment on the beam's last end, counterclockwise (from x toward z): M = 2 pi EI/L "
            "rolls a cantilever into a circle. Units: N m.");
  f.declare(section, "Distributed force", "0, 0", P(), "w_x, w_z",
            "A dead force per unit reference length along the whole beam (a frame: along "
            "every member). Units: N/m.");
  f.declare(section, "Distributed force follows", "false", Pt::Bool(), "true | false",
            "true: Distributed force is a follower load, given as it acts on the straight "
            "reference and turning with the sections (a pressure, a drag normal to the beam; "
            "not conservative: its work is the run's external_work). Each node takes its share "
            "at its own rotation (the consistent load by the nodes' Gauss-Lobatto rule). hamdyn "
            "static and run take it; modes and buckling do not. false: a dead load.");
  f.declare(section, "Gravity", "0", Pt::Double(), nonnegative_text,
            "g, acting in -z on rho A. Units: m/s^2.");
  f.declare(section, "Initial state", "reference", Pt::Selection("reference|equilibrium"),
            "reference | equilibrium",
            "hamdyn run: where the beam starts, at rest unless Initial angular velocity is given: "
            "its straight reference (the dead loads then set it moving: a bar let go), or its "
            "static state under the dead loads (that of the element the run steps: see the "
            "guide).");
  f.declare(section, "Start rotation", "", P(), "an expression of t, 0 at t = 0, or empty",
            "hamdyn run: with Start support = clamped (a frame: Geometry/Hub's support), the "
            "clamp turns by this angle from the reference, counterclockwise (a hub's prescribed "
            "rotation: the spin-up of Simo & "
            "Vu-Quoc 1986, part II); empty: held still. Its work on the beam is the history's "
            "external_work. Units: rad.");
  f.declare(section, "Point masses", "", P(), "s: m; ...",
            "Masses attached at arc length s from Start along the reference (anywhere on the "
            "beam: the weak form's point term at the interpolated r(s)), with their weight under "
            "Gravity. Units: m: kg.");
  f.declare(section, "Point rotary inertias", "", P(), "s: J; ...",
            "Rotary inertias attached at arc length s (a body turning with the section there). "
            "Units: m: kg m^2.");
  f.declare(section, "Springs", "", P(), "s: k; ...",
            "Linear springs from the beam at arc length s to the ground, the same in x and z, "
            "anchored where that point is in the reference: force -k (r(s) - anchor). In every "
            "study. Units: m: N/m.");
  f.declare(section, "Dashpots", "", P(), "s: c; ...",
            "Linear dashpots from the beam at arc length s to the ground, the same in x and z: "
            "force -c dr(s)/dt; what they take is the run's dissipated_energy. hamdyn modes "
            "leaves them out (undamped modes). Units: m: N s/m.");
  f.declare(section, "Steady rotation", "0", Pt::Double(), "a finite real number",
            "hamdyn static, modes and buckling: about the steady rotation of the beam at this "
            "rate about Start (a frame: Geometry/Hub), counterclockwise (a hub: its support "
            "clamped), described in "
            "the frame turning with it: the centrifugal loads on rho A and the point masses, "
            "and for modes the Coriolis (gyroscopic) terms; the dead loads turn with the hub "
            "(Gravity must be 0). 0: none. hamdyn run turns a hub by Start rotation instead. "
            "Units: rad/s.");
  f.declare(section, "Initial angular velocity", "0", Pt::Double(), "a finite real number",
            "hamdyn run: the beam's initial velocity is a rigid turn about Start (a frame: "
            "Geometry/Hub) at this rate, "
            "counterclockwise (held DoFs keep a zero rate). Units: rad/s.");
  f.declare(section, "Ground motion direction", "x", Pt::Selection("x|z"), "x | z",
            "The direction of Ground motion/Acceleration for a planar beam or frame: x "
            "(horizontal) or z (vertical). Every support moves with the ground; hamdyn run is "
            "in coordinates relative to it (its positions are the ground's plus the history's), "
            "with the load -M r a_g(t) on rho A and the point masses (r = 1 in that direction), "
            "its work in the history's external_work; hamdyn spectrum combines the modes' peaks "
            "in that direction.");
}

PlanarBeamCase parse_planar_beam_case(const ParameterFile& f, const std::string& case_directory) {
  PlanarBeamCase c;
  c.start = plane_point(parameter_name(section, "Start"), f.get(section, "Start"),
                        f.get(section, "Start"));
  c.end = plane_point(parameter_name(section, "End"), f.get(section, "End"), f.get(section, "End"));
  if (!(c.length() > 0))
    throw InputError(parameter_name(section, "End"), f.get(section, "End"),
                     "expected a point other than Planar beam/Start");
  read_section_values(f, c);
  c.start_support = support_of(f.get(section, "Start support"));
  c.end_support = support_of(f.get(section, "End support"));
  using S = PlanarBeamCase::Support;
  // (free at both ends: a beam flying in a run, or held by its springs; the static studies
  // refuse it where the supports and springs leave a rigid motion: check_statically_held)
  c.end_force = plane_point(parameter_name(section, "End force"), f.get(section, "End force"),
                            f.get(section, "End force"));
  c.end_force_follows = f.get(section, "End force follows") == "true";
  c.distributed_force_follows = f.get(section, "Distributed force follows") == "true";
  c.end_moment = finite_value(f, "End moment");
  c.distributed_force =
      plane_point(parameter_name(section, "Distributed force"), f.get(section, "Distributed force"),
                  f.get(section, "Distributed force"));
  c.gravity = nonnegative_value(f, section, "Gravity");
  c.start_at_equilibrium = f.get(section, "Initial state") == "equilibrium";
  c.initial_angular_velocity = finite_value(f, "Initial angular velocity");
  c.ground_direction = f.get(section, "Ground motion direction") == "z" ? 1 : 0;
  c.steady_rotation = finite_value(f, "Steady rotation");
  if (c.steady_rotation != 0 && c.gravity != 0)
    throw InputError(parameter_name(section, "Steady rotation"), f.get(section, "Steady rotation"),
                     "expected 0 with Planar beam/Gravity: the weight turns in the frame of a "
                     "steady rotation, so there is no steady state about it");
  const auto along = [&](const std::string& key, const std::string& symbol,
                         const std::string& meaning) {
    auto items = located_values(f, section, key, symbol, meaning, "the arc length from Start");
    for (const auto& [s, value] : items)
      if (!(s >= 0 && s <= c.length()))
        throw InputError(parameter_name(section, key), f.get(section, key),
                         "expected each s from 0 to the beam's length " + text_of(c.length()) +
                             " m");
    return items;
  };
  c.point_masses = along("Point masses", "m", "the mass m > 0 [kg]");
  c.point_rotary_inertias =
      along("Point rotary inertias", "J", "the rotary inertia J > 0 [kg m^2]");
  c.springs = along("Springs", "k", "the stiffness k > 0 [N/m]");
  c.dashpots = along("Dashpots", "c", "the damping c > 0 [N s/m]");
  const std::string rotation = f.get(section, "Start rotation");
  if (!trim(rotation).empty()) {
    const std::string parameter = parameter_name(section, "Start rotation");
    c.start_rotation =
        std::make_shared<const Expression>(parameter, rotation, std::vector<std::string>{"t"});
    c.start_rotation_rate = c.start_rotation->time_derivative();
    if (!c.start_rotation_rate)
      throw InputError(parameter, rotation,
                       "expected an expression hamdyn can differentiate in t (the run starts from "
                       "the hub's rate; muparser's min, max, rint, comparisons and ?: have no "
                       "exact derivative)");
    c.start_rotation_acceleration = c.start_rotation_rate->time_derivative();
    const double start = (*c.start_rotation)(0, 0);
    if (start != 0)
      throw InputError(parameter, rotation,
                       "expected a turn that is 0 at t = 0 (the beam starts at its reference or "
                       "equilibrium; here " +
                           text_of(start) + " rad)");
  }

  c.static_by_arc_length = f.get("Static", "Path") == "arc length";
  c.arc_length_steps = unsigned(f.get_integer("Static", "Arc length steps"));
  const long degree = f.get_integer("Discretization", "Degree");
  if (degree < 1 || degree > 4)
    throw InputError("Discretization/Degree", f.get("Discretization", "Degree"),
                     "expected an integer from 1 to 4");
  c.degree = unsigned(degree);
  // solved on one rank's band (studies/planar_beam_equilibrium.h) of half width 3 p + 2: 10^6
  // nodes (3 10^6 unknowns) take about 0.4 GB of it at degree 1, 1 GB at degree 4
  const long elements = f.get_integer("Discretization", "Elements"),
             max_elements = 1000000 / degree;
  if (elements < 1 || elements > max_elements)
    throw InputError("Discretization/Elements", f.get("Discretization", "Elements"),
                     "expected an integer from 1 to " + std::to_string(max_elements) +
                         " for a planar beam of degree " + std::to_string(degree));
  c.n_elements = unsigned(elements);
  if (frame_given(f))
    read_frame(f, case_directory, c, max_elements);
  else {
    if (const std::string model = trim(f.get("Geometry", "Member model")); model != "planar beam")
      throw InputError(parameter_name("Geometry", "Member model"), model,
                       "expected planar beam without Geometry/Members or Mesh file (a straight "
                       "linear line is Model/Type = timoshenko beam or euler bernoulli beam)");
    for (const char* key :
         {"Points", "Member properties", "Hinges", "Hub", "Supports", "Forces", "Follower forces",
          "Moments", "Point masses", "Point rotary inertias", "Springs", "Dashpots"})
      if (!trim(f.get("Geometry", key)).empty())
        throw InputError(parameter_name("Geometry", key), f.get("Geometry", key),
                         "expected empty without Geometry/Members or Mesh file: the planar "
                         "beam is the one line from Start to End, whose keys are in Planar beam");
  }
  // a hub turns the beam through its clamp
  const std::string hub_support = c.frame ? "Geometry/Hub's support" : "Planar beam/Start support";
  if (c.steady_rotation != 0 && c.hub_support() != S::clamped)
    throw InputError(parameter_name(section, "Steady rotation"), f.get(section, "Steady rotation"),
                     "expected 0: " + hub_support +
                         " is not clamped, so there is no hub to turn the beam steadily");
  if (c.start_rotation && c.hub_support() != S::clamped)
    throw InputError(parameter_name(section, "Start rotation"), f.get(section, "Start rotation"),
                     "expected empty: " + hub_support + " is not clamped, so no clamp turns");
  return c;
}

} // namespace hamdyn
