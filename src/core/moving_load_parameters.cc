#include "core/moving_load_parameters.h"

#include "core/input_error.h"
#include "core/parameter_values.h"
#include "core/text.h"

#include <deal.II/base/patterns.h>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace hamdyn {

namespace {
constexpr const char* section = "Moving loads";
constexpr const char* forces_key = "Forces";
constexpr const char* masses_key = "Masses";
constexpr const char* oscillators_key = "Oscillators";
constexpr const char* gravity_key = "Gravity";

/// One entry "name: value @ position" of a Moving loads list: its name, value text and position
/// (an expression in t, finite at t = 0). Throws InputError quoting the entry.
struct Entry {
  std::string name, value;
  ExpressionPtr position;
};

std::vector<Entry> entries(const ParameterFile& f, const char* key, const std::string& what,
                           std::vector<std::string>& names) {
  const std::string name = parameter_name(section, key);
  const std::string allowed = "expected name: " + what +
                              " @ position, a name of letters, digits and _ (each once in the "
                              "section) and a position in t";
  std::vector<Entry> list;
  for (const std::string& item : list_entries(f.get(section, key), ';', name)) {
    const auto colon = item.find(':'), at = item.find('@');
    if (colon == std::string::npos || at == std::string::npos || at < colon)
      throw InputError(name, item, allowed);
    Entry e;
    e.name = trim(item.substr(0, colon));
    if (!is_identifier(e.name) || std::find(names.begin(), names.end(), e.name) != names.end())
      throw InputError(name, item, allowed);
    names.push_back(e.name);
    e.value = trim(item.substr(colon + 1, at - colon - 1));
    e.position = std::make_shared<const Expression>(name, trim(item.substr(at + 1)),
                                                    std::vector<std::string>{"t"});
    if (!std::isfinite((*e.position)(0, 0)))
      throw InputError(name, item, "the position must be finite at t = 0");
    list.push_back(e);
  }
  return list;
}

/// A moving body: its values and x(t) with the exact x'(t) and x''(t) its material acceleration
/// takes (core/symbolic_derivative.h); an InputError when the position has none.
MovingBody body(const Entry& e, const std::vector<double>& values, const std::string& key) {
  MovingBody b;
  b.name = e.name;
  b.mass = values[0];
  if (values.size() == 3) {
    b.stiffness = values[1];
    b.damping = values[2];
  }
  b.position = e.position;
  b.velocity = e.position->time_derivative();
  b.acceleration = b.velocity ? b.velocity->time_derivative() : nullptr;
  if (!b.acceleration)
    throw InputError(key, e.position->text(),
                     "a moving mass or vehicle needs the exact first and second time derivatives "
                     "of its position, which muparser's min, max, rint, comparisons and ?: do not "
                     "have; "
                     "expected a smooth expression in t (e.g. 20*t or 0.5*a*t^2)");
  return b;
}

} // namespace

void declare_moving_load_parameters(ParameterFile& f) {
  f.declare(section, forces_key, "", dealii::Patterns::Anything(),
            "';'-separated name: amplitude @ position, both expressions in t",
            "Forces travelling along the line, e.g. 'P: -1e5 @ 20*t' (a force of -1e5 N in the "
            "transverse direction at x = 20 t m); several make an axle train ('F1: -1e5 @ 20*t; "
            "F2: -1e5 @ 20*t - 3'). A force acts through the shape functions at its position, "
            "only while the position is in [0, Length]. history.csv gets position_<name>. Units: "
            "N @ m.");
  f.declare(section, masses_key, "", dealii::Patterns::Anything(),
            "';'-separated name: mass @ position, mass > 0, position a smooth expression in t",
            "Rigid masses riding on the structure, e.g. 'm1: 5000 @ 20*t': the mass follows the "
            "structure at its position with the full material acceleration w_tt + 2 x' w_xt + "
            "x'^2 w_xx + x'' w_x (x' and x'' exact), pressing on it with m (that acceleration + "
            "Gravity); outside [0, Length] it rides on rigid ground. On a string or Timoshenko "
            "beam, whose elements' w_x jumps at the nodes, bodies meet w through a C1 field "
            "recovered from it (manual: Moving loads). history.csv gets position_<name>, "
            "contact_force_<name> (the force on the structure, N, + in +w) and contact_lost_<name> "
            "(1 from the first change of the contact force's sign). Units: kg @ m.");
  f.declare(section, oscillators_key, "", dealii::Patterns::Anything(),
            "';'-separated name: mass, stiffness, damping @ position, mass > 0, stiffness > 0, "
            "damping >= 0",
            "Vehicles on their suspension travelling along the line, e.g. 'car: 1200, 4e5, 8e3 @ "
            "-5 + 25*t': a mass on a spring and a dashpot whose foot follows the structure (the "
            "dashpot acts on the contact velocity w_t + x' w_x); it has its own degree of "
            "freedom, starts statically compressed under its weight, and rides on rigid ground "
            "outside [0, Length]. history.csv gets position_<name>, vehicle_<name> (the mass's "
            "displacement, m), contact_force_<name> and contact_lost_<name>. Units: kg, N/m, "
            "N s/m @ m.");
  f.declare(section, gravity_key, "0", dealii::Patterns::Double(), nonnegative_text,
            "The gravitational acceleration acting in -w on the moving masses and vehicles (not "
            "on the structure, whose own weight is a Load/Distributed force), e.g. 9.81. Units: "
            "m/s^2.");
}

void parse_moving_load_parameters(const ParameterFile& f, CaseParameters& c) {
  std::vector<std::string> names;
  c.moving_forces.clear();
  const std::string forces = parameter_name(section, forces_key);
  for (const Entry& e : entries(f, forces_key, "amplitude in t", names)) {
    MovingForce force;
    force.name = e.name;
    force.amplitude =
        std::make_shared<const Expression>(forces, e.value, std::vector<std::string>{"t"});
    force.position = e.position;
    if (!std::isfinite((*force.amplitude)(0, 0)))
      throw InputError(forces, e.name + ": " + e.value + " @ " + e.position->text(),
                       "the amplitude must be finite at t = 0");
    c.moving_forces.push_back(force);
  }
  c.moving_bodies.clear();
  const std::string masses = parameter_name(section, masses_key);
  for (const Entry& e : entries(f, masses_key, "mass", names)) {
    const double m = number(e.value);
    if (!(m > 0) || !std::isfinite(m))
      throw InputError(masses, e.name + ": " + e.value + " @ " + e.position->text(),
                       "expected a mass > 0 (kg)");
    c.moving_bodies.push_back(body(e, {m}, masses));
  }
  const std::string oscillators = parameter_name(section, oscillators_key);
  for (const Entry& e : entries(f, oscillators_key, "mass, stiffness, damping", names)) {
    std::vector<double> v;
    std::stringstream parts(e.value);
    for (std::string part; std::getline(parts, part, ',');)
      v.push_back(number(trim(part)));
    if (v.size() != 3 || !(v[0] > 0) || !(v[1] > 0) || !(v[2] >= 0) ||
        !std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); }))
      throw InputError(oscillators, e.name + ": " + e.value + " @ " + e.position->text(),
                       "expected mass, stiffness, damping with mass > 0 (kg), stiffness > 0 "
                       "(N/m), damping >= 0 (N s/m)");
    c.moving_bodies.push_back(body(e, v, oscillators));
  }
  c.gravity = nonnegative_value(f, section, gravity_key);
}

void check_moving_bodies(const CaseParameters& c) {
  if (c.moving_bodies.empty())
    return;
  if (c.has_nonlinear_elements()) {
    const auto element = first_nonlinear_element(c);
    throw InputError(element.first, element.second,
                     "moving masses and oscillators do not run with nonlinear springs or dashpots "
                     "yet; expected none beside Moving loads/Masses or Oscillators");
  }
  if (c.scheme == Scheme::modal)
    refuse_moving_bodies(c, "Time integration/Scheme = modal superposes the modes of a fixed "
                            "structure, which a moving mass changes at every step (use "
                            "'generalized alpha')");
  if (c.axial_stiffness > 0)
    refuse_moving_bodies(c, "the large-amplitude string (Model/Axial stiffness > 0) does not "
                            "carry moving masses or oscillators yet");
}

void refuse_moving_loads(const CaseParameters& c, const std::string& study) {
  if (!c.moving_forces.empty()) {
    const MovingForce& f = c.moving_forces.front();
    throw InputError(parameter_name(section, forces_key),
                     f.name + ": " + f.amplitude->text() + " @ " + f.position->text(),
                     study + " has no place for a load that moves; expected no moving loads");
  }
  refuse_moving_bodies(c, study + " has no place for a load that moves");
}

void refuse_moving_bodies(const CaseParameters& c, const std::string& what) {
  if (c.moving_bodies.empty())
    return;
  const MovingBody& b = c.moving_bodies.front();
  throw InputError(parameter_name(section, b.is_vehicle() ? oscillators_key : masses_key),
                   b.name + ": ... @ " + b.position->text(),
                   what + "; expected no moving masses or oscillators");
}

} // namespace hamdyn
