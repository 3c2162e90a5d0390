#include "core/case_parameters.h"

#include "core/case_variables.h"
#include "core/data_directory.h"
#include "core/expression.h"
#include "core/input_error.h"
#include "core/section_parameters.h"
#include "core/text.h"

#include <deal.II/base/patterns.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace hamdyn {

namespace P = dealii::Patterns;
namespace fs = std::filesystem;

namespace {
const char* const nonnegative = "a real number >= 0";

// The trimmed entries of a `separator`-separated list (none when it is blank); an empty entry
// ("a;;b", "a;") is bad input naming `parameter`, as a typo that would otherwise drop an item.
std::vector<std::string> list_entries(const std::string& text, char separator,
                                      const std::string& parameter) {
  std::vector<std::string> entries;
  if (trim(text).empty())
    return entries;
  std::stringstream items(text + separator); // a trailing separator leaves an empty last entry
  for (std::string item; std::getline(items, item, separator);) {
    item = trim(item);
    if (item.empty())
      throw InputError(parameter, text,
                       std::string("an empty entry; expected entries separated by '") + separator +
                           "'");
    entries.push_back(item);
  }
  return entries;
}
const char* const positive = "a real number > 0";

void declare_end(ParameterFile& f, const std::string& section, const std::string& support) {
  f.declare(section, "Support", support, P::Selection("fixed|pinned|clamped|sliding|free"),
            "string: fixed | pinned | free; beam: free | pinned | clamped | sliding",
            "String: fixed (or its synonym pinned) holds u = 0; free lets the end move with the "
            "attachments below. Beam: pinned holds w, clamped holds w and the rotation, sliding "
            "holds the rotation only, free holds nothing; the attachments act in every direction "
            "the support does not hold.");
  f.declare(section, "Point mass", "0", P::Double(), nonnegative,
            "Mass concentrated at this end (translation not held). Units: kg.");
  f.declare(section, "Spring", "0", P::Double(), nonnegative,
            "Translational spring from this end to ground (translation not held). Units: N/m.");
  f.declare(section, "Spring law", "0", P::Anything(), "an expression in the extension e",
            "Nonlinear spring from this end to ground (translation not held): its force F(e) "
            "for the end's displacement e, added to Spring, e.g. 5e7*e^3 (hardening) or "
            "F0*tanh(e/e0); 0 = none. Its potential int_0^e F de enters the energy ledger; a "
            "negative slope dF/de is reported the first time it occurs. Units: N (e in m).");
  f.declare(section, "Dashpot", "0", P::Double(), nonnegative,
            "Viscous dashpot from this end to ground (translation not held). Units: N s/m.");
  f.declare(section, "Dashpot law", "0", P::Anything(), "0 (none) or c,p with c >= 0, p >= 1",
            "Dashpot of degree p from this end to ground (translation not held), added to "
            "Dashpot: force c |v|^(p-1) sign(v), power c |v|^p = p D. p = 1 is dry friction "
            "(force c while slipping; a contact at rest sticks exactly while the force that "
            "holds it is within c), p = 2 viscous (the same as Dashpot, solved by Newton's "
            "method), p = 3 quadratic drag. Its dissipated energy int F v dt enters the energy "
            "ledger and its force the history column dashpot_force_<end>. Units: c in "
            "N (s/m)^(p-1), p dimensionless.");
  f.declare(section, "Force", "0", P::Anything(), "an expression in t",
            "Transverse force applied at this end (translation not held). Units: N.");
  f.declare(section, "Rotary inertia", "0", P::Double(), nonnegative,
            "Rotary inertia concentrated at this end (beams, rotation not held). Units: kg m^2.");
  f.declare(section, "Rotational spring", "0", P::Double(), nonnegative,
            "Rotational spring to ground (beams, rotation not held). Units: N m/rad.");
  f.declare(section, "Rotational spring law", "0", P::Anything(),
            "an expression in the rotation theta",
            "Nonlinear rotational spring to ground (beams, rotation not held): its moment "
            "M(theta), added to Rotational spring; 0 = none. Units: N m (theta in rad).");
  f.declare(section, "Rotational dashpot", "0", P::Double(), nonnegative,
            "Rotational dashpot to ground (beams, rotation not held). Units: N m s/rad.");
  f.declare(section, "Moment", "0", P::Anything(), "an expression in t",
            "Moment applied at this end (beams, rotation not held). Units: N m.");
}

double nonnegative_value(const ParameterFile& f, const std::string& s, const std::string& k) {
  const double v = f.get_double(s, k);
  if (!(v >= 0))
    throw InputError(parameter_name(s, k), f.get(s, k), std::string("expected ") + nonnegative);
  return v;
}

double positive_value(const ParameterFile& f, const std::string& s, const std::string& k) {
  const double v = f.get_double(s, k);
  if (!(v > 0))
    throw InputError(parameter_name(s, k), f.get(s, k), std::string("expected ") + positive);
  return v;
}

double finite_value(const ParameterFile& f, const std::string& s, const std::string& k) {
  const double v = f.get_double(s, k);
  if (!std::isfinite(v))
    throw InputError(parameter_name(s, k), f.get(s, k), "expected a finite real number");
  return v;
}

ExpressionPtr expression(const ParameterFile& f, const std::string& s, const std::string& k,
                         const std::vector<std::string>& variables) {
  // validates, throws InputError
  return std::make_shared<const Expression>(parameter_name(s, k), f.get(s, k), variables);
}

// A force law in one variable; null when it is the constant 0 (no element). A law must be finite
// at zero extension: it is evaluated there first.
ExpressionPtr force_law(const ParameterFile& f, const std::string& s, const std::string& k,
                        const std::string& variable) {
  auto law = expression(f, s, k, {variable});
  if (law->is_zero())
    return nullptr;
  if (!std::isfinite((*law)(0.0, 0)))
    throw InputError(parameter_name(s, k), f.get(s, k),
                     "not finite at " + variable + " = 0; expected a finite force law");
  return law;
}

// "c,p" of a dashpot of degree p: c >= 0 and p >= 1, both finite; {0, 2} for "0" (none).
// `shown` is what an error message quotes (the text, or the list item it came from).
std::pair<double, double> dashpot_law(const std::string& name, const std::string& text,
                                      const std::string& shown, const std::string& allowed) {
  std::vector<double> v;
  std::stringstream parts(text);
  for (std::string part; std::getline(parts, part, ',');)
    v.push_back(number(trim(part)));
  if (v.size() == 1 && v[0] == 0)
    return {0, 2};
  if (v.size() != 2 || !(v[0] >= 0) || !std::isfinite(v[0]) || !(v[1] >= 1) || !std::isfinite(v[1]))
    throw InputError(name, shown, allowed);
  return {v[0], v[1]};
}

// Translational (point mass, spring, dashpot, force) and rotational (rotary inertia, rotational
// spring and dashpot, moment) attachments of an end: each acts only in a direction the support
// leaves free, and the rotational ones only on a beam.
const char* const translational_end_keys[] = {"Point mass", "Spring",      "Spring law",
                                              "Dashpot",    "Dashpot law", "Force"};
const char* const rotational_end_keys[] = {"Rotary inertia", "Rotational spring",
                                           "Rotational spring law", "Rotational dashpot", "Moment"};

EndParameters parse_end(const ParameterFile& f, const std::string& section, const ModelKind& kind) {
  EndParameters end;
  end.support = f.get(section, "Support");
  const auto support = std::find_if(kind.supports.begin(), kind.supports.end(),
                                    [&](const SupportKind& s) { return s.name == end.support; });
  if (support == kind.supports.end())
    throw InputError(parameter_name(section, "Support"), end.support,
                     "expected " + support_names(kind, " | ") + " for " + with_article(kind));
  end.holds_translation = support->holds_translation;
  end.holds_rotation = support->holds_rotation;
  // What a direction does not use is neither checked nor taken (unused_parameter_warnings names
  // it when it is set).
  if (!end.holds_translation) {
    end.point_mass = nonnegative_value(f, section, "Point mass");
    end.spring = nonnegative_value(f, section, "Spring");
    end.dashpot = nonnegative_value(f, section, "Dashpot");
    std::tie(end.dashpot_law_coefficient, end.dashpot_law_degree) =
        dashpot_law(parameter_name(section, "Dashpot law"), f.get(section, "Dashpot law"),
                    f.get(section, "Dashpot law"),
                    "expected 0 (none) or c,p with c >= 0 and p >= 1, e.g. 0.5,1 (dry friction)");
    end.spring_law = force_law(f, section, "Spring law", "e");
    end.force = expression(f, section, "Force", {"t"});
  }
  if (kind.has_rotation && !end.holds_rotation) {
    end.rotary_inertia = nonnegative_value(f, section, "Rotary inertia");
    end.rotational_spring = nonnegative_value(f, section, "Rotational spring");
    end.rotational_dashpot = nonnegative_value(f, section, "Rotational dashpot");
    end.rotational_spring_law = force_law(f, section, "Rotational spring law", "theta");
    end.moment = expression(f, section, "Moment", {"t"});
  }
  return end;
}

std::string resolve_mesh_file(const std::string& name, const std::string& case_directory) {
  if (name.empty())
    return "";
  const fs::path p(name);
  const fs::path meshes = data_directory("meshes");
  std::vector<fs::path> candidates{p, fs::path(case_directory) / p};
  if (!meshes.empty())
    candidates.insert(candidates.end(), {meshes / p, meshes / p.filename()});
  for (const fs::path& candidate : candidates)
    if (fs::is_regular_file(candidate))
      return candidate.string();
  throw InputError("Discretization/Mesh file", name,
                   "no such file (looked in the current directory, next to the case file" +
                       (meshes.empty() ? std::string()
                                       : " and in hamdyn's meshes directory " + meshes.string()) +
                       ")");
}

// What follows the colon of one attachment.
enum class AttachmentValue { number, dashpot, expression, law, oscillator };

// "x:value; x:value" -> attachments; an expression in t for forces, "mass,stiffness,damping" for
// oscillators.
std::vector<Attachment> parse_attachments(const ParameterFile& f, const std::string& key,
                                          double length, AttachmentValue kind) {
  const std::string name = parameter_name("Attachments", key);
  const std::string what =
      kind == AttachmentValue::expression ? "expression in t"
      : kind == AttachmentValue::law      ? "force law in the extension e (finite at e = 0)"
      : kind == AttachmentValue::number   ? "value >= 0"
      : kind == AttachmentValue::dashpot
          ? "c (viscous) or c,p (degree p >= 1) with c >= 0"
          : "mass,stiffness,damping with mass > 0, stiffness > 0, damping >= 0";
  const std::string allowed =
      "expected x:" + what + " with x in [0, " + std::to_string(length) + "]";
  std::vector<Attachment> list;
  for (const std::string& item : list_entries(f.get("Attachments", key), ';', name)) {
    const auto colon = item.find(':');
    if (colon == std::string::npos)
      throw InputError(name, item, allowed);
    Attachment a;
    const std::string value = trim(item.substr(colon + 1));
    a.x = number(trim(item.substr(0, colon)));
    if (!(a.x >= 0 && a.x <= length))
      throw InputError(name, item, allowed);
    if (kind == AttachmentValue::law) {
      a.expression = std::make_shared<const Expression>(name, value, std::vector<std::string>{"e"});
      if (!std::isfinite((*a.expression)(0.0, 0)))
        throw InputError(name, item, allowed);
    } else if (kind == AttachmentValue::expression) {
      a.expression = std::make_shared<const Expression>(name, value, std::vector<std::string>{"t"});
    } else if (kind == AttachmentValue::dashpot) {
      if (value.find(',') == std::string::npos) {
        a.value = number(value);
        if (!(a.value >= 0))
          throw InputError(name, item, allowed);
      } else
        std::tie(a.value, a.degree) = dashpot_law(name, value, item, allowed);
    } else if (kind == AttachmentValue::number) {
      a.value = number(value);
      if (!(a.value >= 0))
        throw InputError(name, item, allowed);
    } else {
      std::vector<double> v;
      std::stringstream parts(value);
      for (std::string part; std::getline(parts, part, ',');)
        v.push_back(number(trim(part)));
      if (v.size() != 3 || !(v[0] > 0) || !(v[1] > 0) || !(v[2] >= 0) || !std::isfinite(v[2]))
        throw InputError(name, item, allowed);
      a.value = v[0];
      a.stiffness = v[1];
      a.damping = v[2];
    }
    if (!std::isfinite(a.value))
      throw InputError(name, item, allowed);
    list.push_back(a);
  }
  return list;
}
} // namespace

std::pair<std::string, std::string> first_nonlinear_element(const CaseParameters& c) {
  if (!c.nonlinear_springs.empty())
    return {"Attachments/Nonlinear springs", c.nonlinear_springs.front().expression->text()};
  if (!c.nonlinear_dashpots.empty()) {
    std::ostringstream value;
    value << c.nonlinear_dashpots.front().x << ":" << c.nonlinear_dashpots.front().value << ","
          << c.nonlinear_dashpots.front().degree;
    return {"Attachments/Dashpots", value.str()};
  }
  for (const auto& [section, end] :
       {std::make_pair("Left end", &c.left), std::make_pair("Right end", &c.right)}) {
    if (end->spring_law)
      return {std::string(section) + "/Spring law", end->spring_law->text()};
    if (end->rotational_spring_law)
      return {std::string(section) + "/Rotational spring law", end->rotational_spring_law->text()};
    if (end->has_dashpot_law()) {
      std::ostringstream value;
      value << end->dashpot_law_coefficient << "," << end->dashpot_law_degree;
      return {std::string(section) + "/Dashpot law", value.str()};
    }
  }
  if (c.axial_stiffness > 0) {
    std::ostringstream value;
    value << c.axial_stiffness;
    return {"Model/Axial stiffness", value.str()};
  }
  throw std::logic_error("first_nonlinear_element: the case has none");
}

void declare_case_parameters(ParameterFile& f) {
  f.declare("Variables", "Definitions", "", P::Anything(),
            "empty or name = expression; name = expression; ...",
            "Named constants of the case, e.g. L = 2; m = 0.5; k = 4*pi^2*m: each a constant "
            "expression (muparser, with pi and e) of the names defined before it. Every numeric "
            "key (set Length = L) and every expression or list of the case (set Point masses = "
            "L/4:m, a force sin(2*pi*f0*t)) may use them. A name used before its definition, a "
            "reserved name (x, t, e, pi, theta, a v_ rate, a discrete system's coordinate, a "
            "function such as sin) or a value that is not finite is bad input. `--set` and "
            "`hamdyn batch` may set one definition as Variables/name = value (e.g. Values = "
            "Variables/m = 0.1, 0.2): the names after it are recomputed from it. "
            "used_parameters.prm keeps the expressions and notes their values.");
  declare_discrete_parameters(f);
  f.declare("Model", "Type", "string", P::Selection(model_names("|") + "|" + discrete_model_name),
            model_names(" | ") + " | " + discrete_model_name,
            "The structure: a taut string rho u_tt - (tau u_x)_x + gamma u_t = f; an "
            "Euler-Bernoulli beam rho A w_tt - (rho I w_ttx)_x + (EI w_xx)_xx + gamma w_t = f; "
            "a Timoshenko beam with the rotation theta as a field of its own and shear stiffness "
            "kappa G A; or a discrete system of named coordinates, inertias, springs, dashpots, "
            "forces and constraints (the Discrete system and Constraints sections; the line "
            "models' sections are not used).");
  f.declare("Model", "Length", "1.0", P::Double(), positive, "Length L. Units: m.");
  f.declare("Model", "Mass per length", "0.01", P::Double(), positive,
            "Mass per unit length rho (rho A of a beam). Units: kg/m.");
  f.declare("Model", "Tension", "100", P::Double(), positive + std::string(" (strings)"),
            "Tension tau of a string. A beam does not use it (its prestress is Axial force): a "
            "beam case that sets it, to any value, is warned. Units: N.");
  f.declare("Model", "Axial stiffness", "0", P::Double(), nonnegative + std::string(" (strings)"),
            "EA of a string: 0 is the linear string; EA > 0 is the large-amplitude "
            "(Kirchhoff-Carrier) string, whose tension tau + (EA / 2L) int u_x^2 dx grows with "
            "its stretch, solved by Newton's method. Its potential (EA / 8L) (int u_x^2 dx)^2 "
            "enters the energy ledger and its tension the history column tension. Units: N.");
  f.declare("Model", "Bending stiffness", "1", P::Double(), positive + std::string(" (beams)"),
            "EI of a beam (unused by a string). Units: N m^2.");
  f.declare("Model", "Axial force", "0", P::Double(), "a real number (beams)",
            "Prestress N of a beam, a dead axial load: > 0 tension, < 0 compression (unused by "
            "a string, whose Tension is its prestress). It adds the geometric stiffness "
            "int N w_x dw_x dx to the weak form (a Timoshenko beam: on its displacement w), so "
            "tension stiffens the beam and compression softens it; at or beyond a buckling load "
            "(`hamdyn buckling`) `hamdyn modes` reports the beam unstable. Its potential "
            "(N / 2) int w_x^2 dx is part of the strain energy of the ledger. Units: N.");
  f.declare("Model", "Shear stiffness", "1e6", P::Double(),
            positive + std::string(" (Timoshenko beams)"),
            "kappa G A of a Timoshenko beam (unused otherwise). Units: N.");
  f.declare(
      "Model", "Rotary inertia per length", "0", P::Double(), nonnegative,
      "rho I of a beam, the rotary inertia of its sections (unused by a string). Units: kg m.");
  f.declare("Model", "Viscous damping", "0", P::Double(), nonnegative,
            "Distributed viscous damping gamma (force gamma u_t per length). Units: N s/m^2.");
  f.declare("Model", "Rayleigh mass coefficient", "0", P::Double(), nonnegative,
            "a in the Rayleigh damping matrix a M + b K. Units: 1/s.");
  f.declare("Model", "Rayleigh stiffness coefficient", "0", P::Double(), nonnegative,
            "b in the Rayleigh damping matrix a M + b K. Units: s.");

  declare_section_parameters(f);

  // pinned is a held end for every model (a string's synonym of fixed)
  declare_end(f, "Left end", "pinned");
  declare_end(f, "Right end", "pinned");

  f.declare("Load", "Distributed force", "0", P::Anything(), "an expression in x and t",
            "Transverse force per length f(x,t). Units: N/m.");

  const std::string list = "';'-separated x:value pairs with x in [0, Length]";
  f.declare("Attachments", "Point masses", "", P::Anything(), list + ", value >= 0",
            "Point masses on the structure, x:mass, e.g. 0.25:1.5; 0.8:0.2. Units: m, kg.");
  f.declare("Attachments", "Springs", "", P::Anything(), list + ", value >= 0",
            "Translational springs to ground, x:stiffness. Units: m, N/m.");
  f.declare("Attachments", "Nonlinear springs", "", P::Anything(),
            list + ", value a force law in the extension e",
            "Nonlinear springs to ground, x:F(e) with e the displacement at x, e.g. "
            "0.5:2000*e + 5e7*e^3. Each adds a history column spring_force@x and its potential "
            "int_0^e F de to the energy ledger. Units: m, N.");
  f.declare("Attachments", "Dashpots", "", P::Anything(),
            list + ", value c (viscous) or c,p (degree p >= 1) with c >= 0",
            "Dashpots to ground, x:c (viscous, force c v) or x:c,p (degree p, force "
            "c |v|^(p-1) sign(v), solved by Newton's method; p = 1 dry friction that sticks "
            "exactly while the holding force is within c, p = 3 quadratic drag), e.g. "
            "0.5:0.2; 0.8:0.05,3. A dashpot of degree p adds a history column dashpot_force@x "
            "and its dissipated energy int F v dt to the energy ledger. Units: m, N s/m "
            "(c of degree p: N (s/m)^(p-1)).");
  f.declare("Attachments", "Forces", "", P::Anything(), list + ", value an expression in t",
            "Transverse point forces, x:expression in t, e.g. 0.3:sin(50*t). Units: m, N.");
  f.declare("Attachments", "Oscillators", "", P::Anything(),
            "';'-separated x:mass,stiffness,damping with x in [0, Length], mass > 0, "
            "stiffness > 0, damping >= 0",
            "Attached oscillators (tuned mass dampers): a mass hanging from the structure at x "
            "on a spring and a dashpot, with a degree of freedom of its own (history column "
            "oscillator_k, its absolute displacement), e.g. 2.5:7.8,768.2,0.5. It starts with "
            "the displacement and velocity of its host node (spring unstretched). Units: m, kg, "
            "N/m, N s/m.");

  f.declare("Initial conditions", "Displacement", "0", P::Anything(), "an expression in x",
            "Initial displacement u(x,0). Units: m.");
  f.declare("Initial conditions", "Velocity", "0", P::Anything(), "an expression in x",
            "Initial velocity u_t(x,0). Units: m/s.");

  f.declare("Discretization", "Elements", "200", P::Integer(), "an integer >= 1",
            "Number of elements of a generated mesh (ignored with a mesh file).");
  f.declare("Discretization", "Degree", "2", P::Integer(), "an integer from 1 to 4",
            "Polynomial degree of the Lagrange elements (Gauss-Lobatto nodes).");
  f.declare("Discretization", "Grading", "1", P::Double(), positive,
            "Ratio of the last to the first element length of a generated mesh (geometric "
            "grading; 1 = uniform, > 1 refines towards the left end, < 1 towards the right).");
  f.declare("Discretization", "Mass matrix", "consistent", P::Selection("consistent|lumped"),
            "consistent | lumped",
            "consistent: exact integration of rho u v. lumped: Gauss-Lobatto nodal quadrature, "
            "a diagonal matrix (required by central difference).");
  f.declare("Discretization", "Mesh file", "", P::Anything(), "empty or a Gmsh .msh file",
            "Optional Gmsh line mesh (see meshes/). Its extent must be [0, Length].");

  f.declare("Time integration", "Scheme", "generalized alpha",
            P::Selection("generalized alpha|central difference"),
            "generalized alpha | central difference",
            "generalized alpha: implicit, Chung & Hulbert (1993). central difference: explicit, "
            "lumped mass, conditionally stable.");
  f.declare("Time integration", "Spectral radius", "1", P::Double(), "a real number in [0, 1]",
            "rho_inf of generalized alpha; 1 = Newmark average acceleration (no numerical "
            "dissipation), 0 = asymptotic annihilation.");
  f.declare("Time integration", "Time step", "1e-4", P::Double(), positive, "Time step. Units: s.");
  f.declare("Time integration", "Final time", "0.1", P::Double(), nonnegative,
            "End of the simulated interval. Units: s.");
  f.declare("Time integration", "Nonlinear tolerance", "1e-10", P::Double(),
            "a real number in (0, 1e-2]",
            "Newton's iterations on a step with nonlinear elements stop when both the residual "
            "and the increment, relative to the largest of the elements' forces, fall below "
            "this (a case without nonlinear elements takes one iteration and ignores it). "
            "Dimensionless.");
  f.declare("Time integration", "Maximum Newton iterations", "20", P::Integer(),
            "an integer from 1 to 1000",
            "A step whose Newton iterations have not converged after this many is retried as "
            "two steps of half the size, down to 1/1024 of Time step; a step that fails even "
            "then stops the run (exit 1) naming the time and the element.");

  f.declare("Modes", "Number of modes", "10", P::Integer(), "an integer >= 1",
            "Number of natural modes computed by `hamdyn modes`.");
  f.declare("Modes", "Write shapes", "true", P::Selection("true|false"), "true | false",
            "Whether `hamdyn modes` writes the mode shapes for ParaView (modes.pvd and its "
            "files, one snapshot of the mesh per mode, and attachments.vtp); false writes "
            "modes.csv only.");

  f.declare("Buckling", "Number of modes", "3", P::Integer(), "an integer >= 1",
            "Number of critical loads and buckling shapes computed by `hamdyn buckling`.");
  f.declare("Buckling", "Write shapes", "true", P::Selection("true|false"), "true | false",
            "Whether `hamdyn buckling` writes the buckling shapes for ParaView (buckling.pvd and "
            "its files, one snapshot per mode, scaled to a largest |w| of 1); false writes "
            "buckling.csv only.");

  f.declare("Convergence", "Refine", "h", P::Selection("h|p|dt|h and dt"), "h | p | dt | h and dt",
            "What `hamdyn converge` refines from level to level: h doubles the elements, p "
            "takes degrees 1, 2, 3, 4 (Lagrange elements only), dt halves the time step, "
            "h and dt does both. A discrete system: dt only.");
  f.declare("Convergence", "Levels", "4", P::Integer(), "an integer from 2 to 12 (p: 2 to 4)",
            "Number of levels, the case as written being level 0 (for p: degree 1). A quantity "
            "without an exact reference needs 3 levels for its Richardson extrapolation.");
  f.declare("Convergence", "Number of frequencies", "3", P::Integer(), "an integer >= 0",
            "The first n angular frequencies studied (modal solver); 0: none. Not with "
            "Refine = dt (the frequencies do not depend on the time step).");
  f.declare("Convergence", "History", "", P::Anything(),
            "empty or a history.csv column, e.g. u_right or u@0.5",
            "A history.csv column studied over the run (its error at a level is the largest "
            "difference at the coarsest level's output times); a probe u@x or v@x is added when "
            "the case has none at x. Empty: frequencies only.");

  f.declare("Output", "Directory", "results", P::Anything(), "a writable directory",
            "Where results are written (created if missing).");
  f.declare("Output", "Snapshot interval", "10", P::Integer(), "an integer >= 0",
            "Steps between ParaView snapshots (0: first and last only).");
  f.declare("Output", "Checkpoint interval", "0", P::Integer(), "an integer >= 0",
            "Steps between checkpoints of `hamdyn run` (DIR/checkpoint.bin, replaced each time): "
            "`hamdyn run --resume DIR` continues a run that was stopped from the last one. "
            "0: only at the end and when the run is stopped by SIGINT or SIGTERM (a scheduler's "
            "time limit, Ctrl-C), which finish the step and write one before exiting.");
  f.declare("Output", "History interval", "1", P::Integer(), "an integer >= 1",
            "Steps between the rows of history.csv written by `hamdyn run` (the first and the "
            "last step always have one). The largest magnitudes a batch summary reports and the "
            "energy ledger still see every step.");
  f.declare("Output", "History columns", "", P::Anything(),
            "empty or comma-separated history.csv columns, e.g. u_right, energy_error",
            "The columns history.csv keeps besides time (empty: all of them); a name that is not "
            "a column of the case is bad input listing the columns it has.");
  f.declare("Output", "Precision", "double", P::Selection("double|float"), "double | float",
            "Floating-point type of the snapshots' fields: double (Float64, every digit of "
            "history.csv) or float (Float32, half the size). spacetime.vts is always double.");
  f.declare("Output", "Space-time points", "501", P::Integer(), "0 or an integer from 2 to 1000000",
            "Positions along the line at which `hamdyn run` samples its fields at every snapshot "
            "into spacetime.vts, a structured grid over (x, t) that ParaView shows as a carpet "
            "plot (with Warp By Scalar, the surface u(x, t)); spread like the mesh's nodes, both "
            "ends included. 0: no space-time dataset.");
  f.declare("Output", "Probes", "", P::Anything(),
            "empty or comma-separated positions in [0, Length]",
            "Positions x whose u and v are recorded in history.csv as u@x, v@x (empty: none). "
            "Units: m.");
}

namespace {
// Output/History columns: comma-separated names, none empty, none twice (whether each is a column
// of the case is known once the model is set up: output/history_rows.h).
std::vector<std::string> history_column_names(const std::string& text) {
  std::vector<std::string> names;
  for (const std::string& name : list_entries(text, ',', "Output/History columns")) {
    if (std::find(names.begin(), names.end(), name) != names.end())
      throw InputError("Output/History columns", text, "'" + name + "' is named twice");
    names.push_back(name);
  }
  return names;
}

// Model, ends, load, attachments, initial conditions and discretization of a line model.
void parse_line_model(const ParameterFile& f, const std::string& case_directory,
                      CaseParameters& c) {
  const std::string type = f.get("Model", "Type");
  const ModelKind& kind = *find_model_kind(type); // the Selection pattern admits only these
  c.model_type = kind.type;
  c.length = positive_value(f, "Model", "Length");
  c.mass_per_length = positive_value(f, "Model", "Mass per length");
  c.viscous_damping = nonnegative_value(f, "Model", "Viscous damping");
  c.rayleigh_mass = nonnegative_value(f, "Model", "Rayleigh mass coefficient");
  c.rayleigh_stiffness = nonnegative_value(f, "Model", "Rayleigh stiffness coefficient");
  // Only the chosen model's properties are checked and taken (unused_parameter_warnings names
  // the others when they are set).
  for (const ModelProperty& p : kind.properties)
    c.*p.value = p.range == ModelProperty::Range::nonnegative ? nonnegative_value(f, "Model", p.key)
                 : p.range == ModelProperty::Range::positive  ? positive_value(f, "Model", p.key)
                                                              : finite_value(f, "Model", p.key);
  apply_section(f, kind, c);
  c.left = parse_end(f, "Left end", kind);
  c.right = parse_end(f, "Right end", kind);
  c.distributed_force = expression(f, "Load", "Distributed force", {"x", "t"});
  c.point_masses = parse_attachments(f, "Point masses", c.length, AttachmentValue::number);
  c.springs = parse_attachments(f, "Springs", c.length, AttachmentValue::number);
  for (const Attachment& a : parse_attachments(f, "Dashpots", c.length, AttachmentValue::dashpot))
    (a.degree == 0 ? c.dashpots : c.nonlinear_dashpots).push_back(a);
  c.forces = parse_attachments(f, "Forces", c.length, AttachmentValue::expression);
  c.nonlinear_springs = parse_attachments(f, "Nonlinear springs", c.length, AttachmentValue::law);
  c.oscillators = parse_attachments(f, "Oscillators", c.length, AttachmentValue::oscillator);
  if (c.axial_stiffness > 0) {
    CaseParameters without = c;
    without.axial_stiffness = 0;
    if (without.has_nonlinear_elements())
      throw InputError("Model/Axial stiffness", f.get("Model", "Axial stiffness"),
                       "expected 0 in a case with " + first_nonlinear_element(without).first +
                           " set: the large-amplitude string does not carry nonlinear springs "
                           "or dashpots yet");
  }
  c.initial_displacement = expression(f, "Initial conditions", "Displacement", {"x"});
  c.initial_velocity = expression(f, "Initial conditions", "Velocity", {"x"});

  const long elements = f.get_integer("Discretization", "Elements");
  if (elements < 1)
    throw InputError("Discretization/Elements", f.get("Discretization", "Elements"),
                     "expected an integer >= 1");
  c.n_elements = static_cast<unsigned>(elements);
  const long degree = f.get_integer("Discretization", "Degree");
  if (degree < 1 || degree > 4)
    throw InputError("Discretization/Degree", f.get("Discretization", "Degree"),
                     "expected an integer from 1 to 4");
  c.degree = static_cast<unsigned>(degree);
  c.grading = positive_value(f, "Discretization", "Grading");
  c.mass_matrix = f.get("Discretization", "Mass matrix") == "lumped" ? MassMatrix::lumped
                                                                     : MassMatrix::consistent;
  c.mesh_file_as_set = f.get("Discretization", "Mesh file");
  c.mesh_file = resolve_mesh_file(c.mesh_file_as_set, case_directory);
}
} // namespace

namespace {
// Variables/Definitions, evaluated; a discrete system's coordinates are reserved names.
Definitions case_definitions(const ParameterFile& f) {
  std::vector<std::string> coordinates;
  if (f.get("Model", "Type") == discrete_model_name) {
    std::stringstream names(f.get("Discrete system", "Coordinates"));
    for (std::string name; std::getline(names, name, ',');)
      coordinates.push_back(trim(name));
  }
  Definitions definitions = evaluate_definitions(f.get("Variables", "Definitions"), coordinates);
  for (const Definition& d : definitions)
    f.annotate("Variables", d.name + " = " + precise_text_of(d.value));
  return definitions;
}
} // namespace

CaseParameters parse_case_parameters(const ParameterFile& f, const std::string& case_directory) {
  // every expression and numeric key below may use the case's variables
  const VariablesInEffect variables(case_definitions(f));
  CaseParameters c;
  if (f.get("Model", "Type") == discrete_model_name) {
    c.model_type = ModelType::discrete;
    c.discrete = std::make_shared<const DiscreteCase>(parse_discrete_case(f));
  } else {
    parse_line_model(f, case_directory, c);
  }

  c.scheme = f.get("Time integration", "Scheme") == "central difference"
                 ? Scheme::central_difference
                 : Scheme::generalized_alpha;
  c.spectral_radius = f.get_double("Time integration", "Spectral radius");
  if (!(c.spectral_radius >= 0 && c.spectral_radius <= 1))
    throw InputError("Time integration/Spectral radius",
                     f.get("Time integration", "Spectral radius"),
                     "expected a real number in [0, 1]");
  c.time_step = positive_value(f, "Time integration", "Time step");
  c.final_time = nonnegative_value(f, "Time integration", "Final time");
  c.nonlinear_tolerance = f.get_double("Time integration", "Nonlinear tolerance");
  if (!(c.nonlinear_tolerance > 0 && c.nonlinear_tolerance <= 1e-2))
    throw InputError("Time integration/Nonlinear tolerance",
                     f.get("Time integration", "Nonlinear tolerance"),
                     "expected a real number in (0, 1e-2]");
  const long iterations = f.get_integer("Time integration", "Maximum Newton iterations");
  if (iterations < 1 || iterations > 1000)
    throw InputError("Time integration/Maximum Newton iterations",
                     f.get("Time integration", "Maximum Newton iterations"),
                     "expected an integer from 1 to 1000");
  c.max_newton_iterations = static_cast<unsigned>(iterations);
  if (c.scheme == Scheme::central_difference && c.discrete)
    throw InputError("Time integration/Scheme", f.get("Time integration", "Scheme"),
                     "a discrete system is integrated with 'generalized alpha' (its springs, "
                     "dashpots and constraints are solved implicitly)");
  if (c.scheme == Scheme::central_difference && c.mass_matrix != MassMatrix::lumped)
    throw InputError("Discretization/Mass matrix", f.get("Discretization", "Mass matrix"),
                     "central difference is explicit and needs 'lumped'");

  const long n_modes = f.get_integer("Modes", "Number of modes");
  if (n_modes < 1)
    throw InputError("Modes/Number of modes", f.get("Modes", "Number of modes"),
                     "expected an integer >= 1");
  c.n_modes = static_cast<unsigned>(n_modes);
  c.write_mode_shapes = f.get("Modes", "Write shapes") == "true";
  const long n_buckling = f.get_integer("Buckling", "Number of modes");
  if (n_buckling < 1)
    throw InputError("Buckling/Number of modes", f.get("Buckling", "Number of modes"),
                     "expected an integer >= 1");
  c.buckling.n_modes = static_cast<unsigned>(n_buckling);
  c.buckling.write_shapes = f.get("Buckling", "Write shapes") == "true";

  c.output_directory = f.get("Output", "Directory");
  if (c.output_directory.empty())
    throw InputError("Output/Directory", "", "expected a writable directory");
  const long interval = f.get_integer("Output", "Snapshot interval");
  if (interval < 0)
    throw InputError("Output/Snapshot interval", f.get("Output", "Snapshot interval"),
                     "expected an integer >= 0");
  c.snapshot_interval = static_cast<unsigned>(interval);
  const long checkpoints = f.get_integer("Output", "Checkpoint interval");
  if (checkpoints < 0)
    throw InputError("Output/Checkpoint interval", f.get("Output", "Checkpoint interval"),
                     "expected an integer >= 0");
  c.checkpoint_interval = static_cast<unsigned long>(checkpoints);
  const long history_interval = f.get_integer("Output", "History interval");
  if (history_interval < 1)
    throw InputError("Output/History interval", f.get("Output", "History interval"),
                     "expected an integer >= 1");
  c.history_interval = static_cast<unsigned long>(history_interval);
  c.history_columns = history_column_names(f.get("Output", "History columns"));
  c.single_precision_snapshots = f.get("Output", "Precision") == "float";
  const long spacetime = f.get_integer("Output", "Space-time points");
  if (spacetime < 0 || spacetime == 1 || spacetime > 1000000)
    throw InputError("Output/Space-time points", f.get("Output", "Space-time points"),
                     "expected 0 or an integer from 2 to 1000000");
  c.spacetime_points = static_cast<unsigned>(spacetime);

  ConvergenceParameters& cv = c.convergence;
  cv.refine_name = f.get("Convergence", "Refine");
  cv.refine = cv.refine_name == "p"          ? ConvergenceParameters::Refine::p
              : cv.refine_name == "dt"       ? ConvergenceParameters::Refine::dt
              : cv.refine_name == "h and dt" ? ConvergenceParameters::Refine::h_and_dt
                                             : ConvergenceParameters::Refine::h;
  const long levels = f.get_integer("Convergence", "Levels");
  const long most_levels = cv.refine == ConvergenceParameters::Refine::p ? 4 : 12;
  if (levels < 2 || levels > most_levels)
    throw InputError("Convergence/Levels", f.get("Convergence", "Levels"),
                     "expected an integer from 2 to " + std::to_string(most_levels) +
                         (most_levels == 4 ? " with Refine = p (degrees 1 to 4)" : ""));
  cv.levels = static_cast<unsigned>(levels);
  const long frequencies = f.get_integer("Convergence", "Number of frequencies");
  if (frequencies < 0)
    throw InputError("Convergence/Number of frequencies",
                     f.get("Convergence", "Number of frequencies"), "expected an integer >= 0");
  cv.n_frequencies = static_cast<unsigned>(frequencies);
  cv.history = trim(f.get("Convergence", "History"));

  if (c.discrete)
    return c; // probes are positions on a line
  for (const std::string& item : list_entries(f.get("Output", "Probes"), ',', "Output/Probes")) {
    const double x = number(item);
    if (!(x >= 0 && x <= c.length))
      throw InputError("Output/Probes", item,
                       "expected comma-separated positions in [0, " + f.get("Model", "Length") +
                           "]");
    c.probes.push_back(x);
    c.probe_labels.push_back(item);
  }
  return c;
}

namespace {
// A discrete case uses none of the line models' sections and keys, a line model none of the
// discrete system's.
std::vector<std::string> unused_by_kind_of_model(const ParameterFile& f, bool discrete) {
  std::vector<std::string> lines;
  for (const auto& [section, key] : f.entries()) {
    const bool discrete_key = section == "Discrete system" || section == "Constraints";
    const bool line_key = section == "Model" ? key != "Type"
                          : section == "Output"
                              ? key == "Probes" || key == "Snapshot interval" ||
                                    key == "Space-time points" || key == "Precision"
                              : !discrete_key && section != "Time integration" &&
                                    section != "Modes" && section != "Batch" &&
                                    section != "Variables" && section != "Convergence";
    if ((discrete ? line_key : discrete_key) && !f.is_default(section, key))
      lines.push_back(parameter_name(section, key) + " = '" + f.get(section, key) +
                      "' is not used by " +
                      (discrete ? std::string("a discrete system") : "a line model") + "; ignored");
  }
  return lines;
}
} // namespace

std::vector<std::string> unused_parameter_warnings(const ParameterFile& f,
                                                   const CaseParameters& c) {
  if (c.discrete)
    return unused_by_kind_of_model(f, true);
  std::vector<std::string> lines = unused_by_kind_of_model(f, false);
  const ModelKind& kind = model_kind(c.model_type);
  const std::string model = "not used by " + with_article(kind);
  auto add = [&](const std::string& section, const std::string& key, const std::string& why) {
    if (!f.is_default(section, key))
      lines.push_back(parameter_name(section, key) + " = '" + f.get(section, key) + "' is " + why +
                      "; ignored");
  };
  // Another model's property is named whenever the case sets it, even to its default (a
  // beam's Tension = 100 is as unused as any other value).
  std::vector<std::string> warned; // a key several other models take is named once
  for (const ModelKind& other : model_kinds())
    for (const ModelProperty& p : other.properties) {
      const auto takes = [&](const ModelProperty& q) { return q.key == p.key; };
      if (std::none_of(kind.properties.begin(), kind.properties.end(), takes) &&
          std::find(warned.begin(), warned.end(), p.key) == warned.end() &&
          f.is_set("Model", p.key)) {
        warned.push_back(p.key);
        lines.push_back(parameter_name("Model", p.key) + " = '" + f.get("Model", p.key) + "' is " +
                        model + "; ignored");
      }
    }
  const auto section = unused_section_warnings(f, kind);
  lines.insert(lines.end(), section.begin(), section.end());
  if (kind.fixed_degree > 0)
    add("Discretization", "Degree",
        model + " (its elements are always " + kind.fixed_element + ")");
  for (const auto& [section, end] :
       {std::make_pair("Left end", &c.left), std::make_pair("Right end", &c.right)}) {
    const std::string holds = "not used: " + std::string(section) + "/Support = " + end->support;
    if (end->holds_translation)
      for (const char* key : translational_end_keys)
        add(section, key, holds + " holds the translation");
    if (!kind.has_rotation)
      for (const char* key : rotational_end_keys)
        add(section, key, model);
    else if (end->holds_rotation)
      for (const char* key : rotational_end_keys)
        add(section, key, holds + " holds the rotation");
  }
  if (!c.mesh_file.empty())
    for (const char* key : {"Elements", "Grading"})
      add("Discretization", key, "not used with a mesh file");
  if (c.scheme == Scheme::central_difference)
    add("Time integration", "Spectral radius", "not used by central difference");
  if (!c.has_nonlinear_elements())
    for (const char* key : {"Nonlinear tolerance", "Maximum Newton iterations"})
      add("Time integration", key, "not used: the case has no nonlinear springs");
  return lines;
}

double number(const std::string& text) {
  std::size_t used = 0;
  double value = std::nan("");
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used > 0 && used == text.size())
    return value;
  // a list's position or value may be a constant expression of the case's variables
  std::string why;
  return VariablesInEffect::current().empty() || text.empty()
             ? std::nan("")
             : constant_expression_value("", text, why);
}

void check_output_directory_writable(const std::string& directory) {
  fs::path p = fs::absolute(directory);
  if (fs::exists(p) && !fs::is_directory(p))
    throw InputError("Output/Directory", directory, "exists and is not a directory");
  while (!fs::exists(p))
    p = p.parent_path();
  // access() says yes to root everywhere; a directory made and removed again is the real test.
  std::string probe = (p / ".hamdyn-write-test-XXXXXX").string();
  if (!fs::is_directory(p) || mkdtemp(probe.data()) == nullptr)
    throw InputError("Output/Directory", directory,
                     "cannot be written (" + p.string() + " is not a writable directory)");
  fs::remove(probe);
}

} // namespace hamdyn
