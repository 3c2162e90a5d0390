#include "core/discrete_case.h"

#include "core/input_error.h"
#include "core/linear_combination.h"
#include "core/parameter_file.h"
#include "core/text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

namespace hamdyn {

namespace {
using P = dealii::Patterns::Anything;
const std::string section = "Discrete system";

// "name: value @ combination; ..." (or "name: value" without `at`) as (name, value, combination).
struct Entry {
  std::string name, value, combination, text;
};

std::vector<Entry> entries(const std::string& sec, const std::string& key, const ParameterFile& f,
                           bool with_combination, const std::string& allowed) {
  std::vector<Entry> list;
  const std::string parameter = parameter_name(sec, key);
  const std::string text = f.get(sec, key);
  std::stringstream items(text);
  for (std::string item; std::getline(items, item, ';');) {
    if (trim(item).empty()) {
      if (trim(text).empty())
        continue;
      throw InputError(parameter, text, "an empty entry between ';'; " + allowed);
    }
    Entry e;
    e.text = trim(item);
    const std::size_t colon = item.find(':');
    const std::size_t at = item.find('@');
    if (colon == std::string::npos || (with_combination != (at != std::string::npos)) ||
        (at != std::string::npos && at < colon))
      throw InputError(parameter, e.text, allowed);
    e.name = trim(item.substr(0, colon));
    e.value =
        trim(item.substr(colon + 1, (at == std::string::npos ? item.size() : at) - colon - 1));
    if (at != std::string::npos)
      e.combination = trim(item.substr(at + 1));
    if (!is_identifier(e.name) || e.value.empty())
      throw InputError(parameter, e.text, allowed);
    for (const Entry& other : list)
      if (other.name == e.name)
        throw InputError(parameter, e.text, "the name '" + e.name + "' is used twice; " + allowed);
    list.push_back(e);
  }
  return list;
}

double number_in(const std::string& parameter, const Entry& e, const std::string& text,
                 const std::string& allowed) {
  const Expression value(parameter, text, {"t"});
  const double v = value(0, 0);
  if (!value.is_time_independent() || !std::isfinite(v))
    throw InputError(parameter, e.text, allowed);
  return v;
}

// The coordinates' values named in "name: value; ...", zero where unnamed.
std::vector<double> initial_values(const ParameterFile& f, const std::string& key,
                                   const std::vector<std::string>& coordinates) {
  const std::string allowed = "expected name: value; ... with names among the coordinates";
  std::vector<double> values(coordinates.size(), 0.0);
  for (const Entry& e : entries(section, key, f, false, allowed)) {
    const auto at = std::find(coordinates.begin(), coordinates.end(), e.name);
    if (at == coordinates.end())
      throw InputError(parameter_name(section, key), e.text,
                       "'" + e.name + "' is not a coordinate; " + allowed);
    values[std::size_t(at - coordinates.begin())] =
        number_in(parameter_name(section, key), e, e.value, allowed + " (finite numbers)");
  }
  return values;
}

// The energies' keys: Points, Gravity, Kinetic/Potential energy, Dissipation function,
// Generalized forces.
EnergyDefinition energy_definition(const ParameterFile& f,
                                   const std::vector<std::string>& coordinates) {
  EnergyDefinition d;
  d.coordinates = coordinates;
  const std::string p_points = parameter_name(section, "Points");
  const std::string a_points = "expected name: mass @ x, y[, z] with mass >= 0 and 1 to 3 "
                               "position components, as many for every point";
  for (const Entry& e : entries(section, "Points", f, true, a_points)) {
    const double m = number_in(p_points, e, e.value, a_points);
    // mass 0: an anchor (a pendulum's pivot) or a marker, drawn in points.pvd and joined to its
    // neighbours there, with no inertia or weight
    if (!(m >= 0))
      throw InputError(p_points, e.text, a_points);
    PointMass point{e.name, m, {}};
    for (const std::string& component : top_level_items(e.combination)) {
      if (component.empty())
        throw InputError(p_points, e.text, a_points);
      point.components.push_back({p_points, e.text, component});
    }
    if (point.components.size() > 3 ||
        (!d.points.empty() && point.components.size() != d.points.front().components.size()))
      throw InputError(p_points, e.text, a_points);
    d.points.push_back(point);
  }
  const std::string p_gravity = parameter_name(section, "Gravity");
  const std::string gravity = trim(f.get(section, "Gravity"));
  if (!gravity.empty()) {
    const std::size_t dimension = d.points.empty() ? 0 : d.points.front().components.size();
    const std::string a_gravity =
        "expected " + std::to_string(dimension) +
        " finite numbers gx, gy, ... (one per component of the Points' positions)";
    if (dimension == 0)
      throw InputError(p_gravity, gravity, "gravity acts on Points, and there are none");
    for (const std::string& component : top_level_items(gravity)) {
      const Entry e{"", component, "", gravity};
      d.gravity.push_back(number_in(p_gravity, e, component, a_gravity));
    }
    if (d.gravity.size() != dimension)
      throw InputError(p_gravity, gravity, a_gravity);
  }
  for (const auto& [key, list] :
       {std::pair{"Kinetic energy", &d.kinetic}, std::pair{"Potential energy", &d.potential},
        std::pair{"Dissipation function", &d.dissipation}}) {
    const std::string text = trim(f.get(section, key));
    if (!text.empty())
      list->push_back({parameter_name(section, key), text, text});
  }
  const std::string p_forces = parameter_name(section, "Generalized forces");
  const std::string a_forces = "expected name: expression @ coordinate";
  for (const Entry& e : entries(section, "Generalized forces", f, true, a_forces)) {
    const auto at = std::find(coordinates.begin(), coordinates.end(), e.combination);
    if (at == coordinates.end())
      throw InputError(p_forces, e.text,
                       "'" + e.combination + "' is not a coordinate; " + a_forces);
    d.forces.push_back(
        {e.name, {p_forces, e.text, e.value}, std::size_t(at - coordinates.begin())});
  }
  return d;
}
} // namespace

void declare_discrete_parameters(ParameterFile& f) {
  f.declare(section, "Coordinates", "", P(), "comma-separated names (letters, digits, _)",
            "Model/Type = discrete: the generalized coordinates q, e.g. x1, x2 or theta. Each "
            "names a history.csv column (and v_name its rate). Units: m or rad, as the case's "
            "elements make them.");
  f.declare(section, "Inertias", "", P(), "name: value @ combination; ...",
            "Point masses and rotary inertias, each moving with a linear combination of the "
            "coordinates: T = 1/2 sum m (d . q-dot)^2, e.g. M1: 2 @ x1; M2: 1.5 @ x1 + x2 (the "
            "second mass at the relative coordinate's sum). Units: kg (kg m^2).");
  f.declare(section, "Springs", "", P(), "name: law in e @ combination; ...",
            "Force elements whose extension is e = d . q and whose force is a law of it (linear, "
            "cubic, any expression in e; 'e' is the extension there, exp(1) is the number): "
            "V = sum integral_0^e F de, e.g. K1: 2000*e @ x1; K2: 1e6*e^3 @ x2 - x1. Each gives "
            "a history column force_name. Units: N (N m) against m (rad).");
  f.declare(section, "Dashpots", "", P(), "name: c or c,p (p >= 1) @ combination; ...",
            "Dashpots on the extension rate d . q-dot, force c |v|^(p-1) sign(v) (p = 2 viscous, "
            "the default; p = 3 quadratic drag; p = 1 dry friction, sticking while the force "
            "that holds it is within c): the dissipation function D = c |v|^p / p, whose power "
            "is p D. Units: c in N (s/m)^(p-1).");
  f.declare(section, "Forces", "", P(), "name: expression in t @ combination; ...",
            "External forces doing work on d . q, e.g. F: 10*sin(5*t) @ x2. Units: N (N m).");
  f.declare(section, "Points", "", P(), "name: mass @ x, y[, z]; ...",
            "Point masses whose positions are expressions of the coordinates and t, 1, 2 or 3 "
            "components, all points alike: T += 1/2 m |dr/dt|^2 with dr/dt = sum dr/dq q-dot + "
            "dr/dt, e.g. O: 0 @ 0, 0; m1: 1 @ sin(th1), -cos(th1) (a pendulum of length 1 from its "
            "pivot O). A point of mass 0 (a pivot, an anchor) carries no inertia or weight and is "
            "drawn in points.pvd. Units: kg @ m.");
  f.declare(section, "Gravity", "", P(), "gx, gy[, gz] (as many as the points' components)",
            "The gravity field acting on the Points: V -= sum m g . r, e.g. 0, -9.81. Empty: "
            "none. Units: m/s^2.");
  f.declare(section, "Kinetic energy", "", P(), "expression in the coordinates, v_<name> and t",
            "Kinetic energy added to the inertias' and the points', at most quadratic in the "
            "rates v_<name> (T = T2 + T1 + T0: a rotating frame's gyroscopic and transport terms "
            "are written here), e.g. 0.5*2*(v_x^2 + v_y^2). Its derivatives are exact "
            "(symbolic). Units: J.");
  f.declare(section, "Potential energy", "", P(), "expression in the coordinates and t",
            "Potential energy added to the springs' and the points' weight, e.g. "
            "0.5*100*x^2 + 9.81*y. Units: J.");
  f.declare(section, "Dissipation function", "", P(),
            "expression in the coordinates, v_<name> and t",
            "Rayleigh's dissipation function D: generalized forces -dD/dq-dot, e.g. 0.5*0.1*v_x^2 "
            "(a viscous damper on x). Units: W (J/s).");
  f.declare(section, "Generalized forces", "", P(),
            "name: expression in the coordinates, v_<name> and t @ coordinate; ...",
            "Non-conservative generalized forces Q acting on one coordinate each, e.g. "
            "drive: 0.5*cos(t) @ th1. Units: N (N m) for m (rad).");
  f.declare(section, "Initial displacements", "", P(), "name: value; ... (others 0)",
            "q at t = 0, by coordinate name. Units: the coordinates'.");
  f.declare(section, "Initial velocities", "", P(), "name: value; ... (others 0)",
            "q-dot at t = 0, by coordinate name; must satisfy the constraints. Units: per s.");
  f.declare("Constraints", "Equations", "", P(), "name: d(t) @ combination; ...",
            "Linear constraints sum_i c_i q-dot_i + d(t) = 0, c . q-dot written as the "
            "combination, d an expression in t (0: holonomic, c . q stays at its initial value), "
            "e.g. mesh: 0 @ th2 - 0.5*th1 for a gear pair N2 th2 = N1 th1. Each gives the "
            "history column lambda_name, its constraint force (Lagrange multiplier). "
            "Units: of c . q-dot.");
  f.declare("Constraints", "Method", "multipliers",
            dealii::Patterns::Selection("multipliers|Gibbs-Appell"), "multipliers | Gibbs-Appell",
            "multipliers: the coordinates and one Lagrange multiplier per constraint are solved "
            "together; Gibbs-Appell: the motion is written in the live coordinates z (q = q_p(t) "
            "+ N z, N the null space of the constraints) and solved from dG/dz'' = Q (Naprstek & "
            "Fischer, eqs. 4-5), lambda recovered afterwards. Both give the same motion with "
            "constant linear Equations; with links (Holonomic, Nonholonomic) they are two "
            "discretizations that agree to O(dt^2): multipliers hold f(q, t) = 0 and the "
            "non-holonomic rates at every step, Gibbs-Appell moves on the accelerations the "
            "links allow and projects the positions back onto f = 0 and the rates onto the "
            "links after each step.");
  f.declare("Constraints", "Holonomic", "", P(), "name: f(q, t); ...",
            "Holonomic links f(q, t) = 0, f an expression in the coordinates and t, e.g. rod: "
            "x^2 + y^2 - 1 (a point on a circle of radius 1). The initial displacements must "
            "satisfy them (and the initial velocities their rates). Each gives the history "
            "column lambda_name, the multiplier of the force lambda df/dq. Units: of f.");
  f.declare("Constraints", "Nonholonomic", "", P(),
            "name: expression in the coordinates, v_<name> and t, linear in the rates; ...",
            "Non-holonomic links C(q, t) . q-dot + D(q, t) = 0 (Naprstek & Fischer, eq. 2), e.g. "
            "roll: v_x - 0.1*v_phi*cos(th) (a disk of radius 0.1 rolling on a plane); a rate "
            "that enters nonlinearly is bad input. The initial velocities must satisfy them. Each "
            "gives the history column lambda_name. Units: of the expression.");
}

DiscreteCase parse_discrete_case(const ParameterFile& f) {
  DiscreteCase c;
  const std::string coordinates_parameter = parameter_name(section, "Coordinates");
  std::stringstream names(f.get(section, "Coordinates"));
  for (std::string name; std::getline(names, name, ',');) {
    name = trim(name);
    if (!is_identifier(name) || name == "t" || name == "e" || name == "pi")
      throw InputError(coordinates_parameter, f.get(section, "Coordinates"),
                       "expected comma-separated names (a letter or _, then letters, digits, _; "
                       "not t, e or pi), not '" +
                           name + "'");
    // A discrete system is solved with dense matrices (its null space by an SVD, the step's
    // matrices by LU: O(n^2) memory and O(n^3) work a step), made for the few coordinates of a
    // mechanism; past a thousand a step takes seconds and 10^5 would need hundreds of GB.
    constexpr std::size_t max_coordinates = 1000;
    if (c.coordinates.size() == max_coordinates)
      throw InputError(coordinates_parameter, f.get(section, "Coordinates"),
                       "more than " + std::to_string(max_coordinates) +
                           " coordinates; expected at most that many (a discrete system's "
                           "matrices are dense: O(n^2) memory, O(n^3) work a step; a long chain "
                           "is a line model, Model/Type = string or a beam)");
    if (std::find(c.coordinates.begin(), c.coordinates.end(), name) != c.coordinates.end())
      throw InputError(coordinates_parameter, f.get(section, "Coordinates"),
                       "the coordinate '" + name + "' is named twice");
    c.coordinates.push_back(name);
  }
  if (c.coordinates.empty())
    throw InputError(coordinates_parameter, "",
                     "expected at least one coordinate name for Model/Type = discrete");
  auto row = [&](const std::string& sec, const std::string& key, const Entry& e) {
    return parse_linear_combination(e.combination, c.coordinates, parameter_name(sec, key));
  };

  const std::string p_inertias = parameter_name(section, "Inertias");
  const std::string a_inertias = "expected name: value @ combination, a value > 0";
  for (const Entry& e : entries(section, "Inertias", f, true, a_inertias)) {
    const double m = number_in(p_inertias, e, e.value, a_inertias);
    if (!(m > 0))
      throw InputError(p_inertias, e.text, a_inertias);
    c.inertias.push_back({{e.name, row(section, "Inertias", e)}, m});
  }
  const std::string a_springs = "expected name: law in e @ combination";
  for (const Entry& e : entries(section, "Springs", f, true, a_springs)) {
    DiscreteSpring s{{e.name, row(section, "Springs", e)}, nullptr};
    s.law = std::make_shared<const Expression>(parameter_name(section, "Springs"), e.value,
                                               std::vector<std::string>{"e"});
    if (!std::isfinite((*s.law)(0, 0)))
      throw InputError(parameter_name(section, "Springs"), e.text,
                       "the law must be finite at e = 0");
    c.springs.push_back(s);
  }
  const std::string p_dashpots = parameter_name(section, "Dashpots");
  const std::string a_dashpots = "expected name: c or c,p @ combination with c > 0 and p >= 1";
  for (const Entry& e : entries(section, "Dashpots", f, true, a_dashpots)) {
    const std::size_t comma = e.value.find(',');
    if (comma != std::string::npos && e.value.find(',', comma + 1) != std::string::npos)
      throw InputError(p_dashpots, e.text, a_dashpots); // three numbers
    const double coefficient = number_in(p_dashpots, e, e.value.substr(0, comma), a_dashpots);
    const double degree = comma == std::string::npos
                              ? 2.0
                              : number_in(p_dashpots, e, e.value.substr(comma + 1), a_dashpots);
    if (!(coefficient > 0) || !(degree >= 1))
      throw InputError(p_dashpots, e.text, a_dashpots);
    c.dashpots.push_back({{e.name, row(section, "Dashpots", e)}, coefficient, degree});
  }
  for (const Entry& e : entries(section, "Forces", f, true, "expected name: f(t) @ combination"))
    c.forces.push_back(
        {{e.name, row(section, "Forces", e)},
         std::make_shared<const Expression>(parameter_name(section, "Forces"), e.value,
                                            std::vector<std::string>{"t"})});
  for (const Entry& e :
       entries("Constraints", "Equations", f, true, "expected name: d(t) @ combination"))
    c.constraints.push_back(
        {{e.name, row("Constraints", "Equations", e)},
         std::make_shared<const Expression>(parameter_name("Constraints", "Equations"), e.value,
                                            std::vector<std::string>{"t"})});
  // A force or a prescribed motion that is not finite at the start is bad input (a line model's
  // loads are checked alike), not a failure blamed later on a spring.
  auto finite_at_start = [](const std::string& parameter, const std::string& name,
                            const Expression& e) {
    if (!std::isfinite(e(0, 0)))
      throw InputError(parameter, name + ": " + e.text(),
                       "is not finite at t = 0; expected an expression finite over the run");
  };
  for (const DiscreteForce& force : c.forces)
    finite_at_start(parameter_name(section, "Forces"), force.name, *force.force);
  for (const DiscreteConstraint& constraint : c.constraints)
    finite_at_start(parameter_name("Constraints", "Equations"), constraint.name, *constraint.rate);
  // One name, one element: a spring named like an inertia would make history columns and messages
  // ambiguous.
  std::vector<std::pair<std::string, std::string>> named; // (name, parameter)
  auto add_names = [&](const std::string& parameter, const auto& elements) {
    for (const auto& element : elements) {
      for (const auto& [name, where] : named)
        if (name == element.name)
          throw InputError(parameter, element.name, "the name is already used by " + where);
      named.emplace_back(element.name, parameter);
    }
  };
  add_names(p_inertias, c.inertias);
  add_names(parameter_name(section, "Springs"), c.springs);
  add_names(p_dashpots, c.dashpots);
  add_names(parameter_name(section, "Forces"), c.forces);
  add_names(parameter_name("Constraints", "Equations"), c.constraints);
  const EnergyDefinition energies = energy_definition(f, c.coordinates);
  add_names(parameter_name(section, "Points"), energies.points);
  add_names(parameter_name(section, "Generalized forces"), energies.forces);
  std::vector<LinkText> links;
  for (const auto& [key, holonomic] :
       {std::pair{"Holonomic", true}, std::pair{"Nonholonomic", false}}) {
    const std::string parameter = parameter_name("Constraints", key);
    std::vector<LinkText> kind;
    for (const Entry& e : entries("Constraints", key, f, false,
                                  holonomic ? "expected name: f(q, t); ..."
                                            : "expected name: expression linear in the rates; ..."))
      kind.push_back({e.name, {parameter, e.text, e.value}, holonomic});
    add_names(parameter, kind);
    links.insert(links.end(), kind.begin(), kind.end());
  }
  // The symbolic step forms and compiles n^2 entries of M, of the tangents and of the links' rows
  // (measured: 200 coordinates take 5.6 s to derive, 1000 would take several minutes): bounded
  // as the texts' own size is (core/symbolic_reader.h), before anything is derived.
  constexpr std::size_t max_symbolic_coordinates = 200;
  if ((!links.empty() || !energies.empty()) && c.coordinates.size() > max_symbolic_coordinates)
    throw InputError(coordinates_parameter, f.get(section, "Coordinates"),
                     std::to_string(c.coordinates.size()) +
                         " coordinates with energies or links (Points, Kinetic energy, Potential "
                         "energy, Dissipation function, Holonomic, Nonholonomic): their symbolic "
                         "forms grow as n^2; expected at most " +
                         std::to_string(max_symbolic_coordinates) +
                         " (a larger system by Inertias, Springs and Equations alone)");
  if (!links.empty())
    c.links = std::make_shared<const LinkEquations>(c.coordinates, links);
  if (!energies.empty())
    c.energies = std::make_shared<const LagrangeEquations>(energies);
  c.method = f.get("Constraints", "Method") == "Gibbs-Appell" ? ConstraintMethod::gibbs_appell
                                                              : ConstraintMethod::multipliers;
  c.initial_q = initial_values(f, "Initial displacements", c.coordinates);
  c.initial_v = initial_values(f, "Initial velocities", c.coordinates);
  if (c.inertias.empty() && energies.points.empty() && energies.kinetic.empty())
    throw InputError(p_inertias, "",
                     "expected at least one inertia (or Points, or a Kinetic energy)");
  return c;
}

std::vector<std::string> DiscreteCase::constraint_names() const {
  std::vector<std::string> names;
  for (const DiscreteConstraint& constraint : constraints)
    names.push_back(constraint.name);
  for (std::size_t k = 0; k < n_links(); ++k)
    names.push_back(links->link(k).name);
  return names;
}

} // namespace hamdyn
