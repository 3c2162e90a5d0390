#include "core/case_parameters.h"

#include "core/attachment_parameters.h"
#include "core/case_variables.h"
#include "core/discretization_parameters.h"
#include "core/end_parameters.h"
#include "core/expression.h"
#include "core/ground_motion_parameters.h"
#include "core/input_error.h"
#include "core/moving_load_parameters.h"
#include "core/output_parameters.h"
#include "core/parameter_values.h"
#include "core/response_parameters.h"
#include "core/section_models.h"
#include "core/section_parameters.h"
#include "core/spectrum_parameters.h"
#include "core/study_parameters.h"
#include "core/text.h"
#include "core/time_integration_parameters.h"

#include <deal.II/base/patterns.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace hamdyn {

namespace P = dealii::Patterns;

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
  declare_variables_parameters(f);
  std::string choices = model_names("|"), shown = model_names(" | ");
  std::string documentation =
      "The structure: a taut string rho u_tt - (tau u_x)_x + gamma u_t = f; an "
      "Euler-Bernoulli beam rho A w_tt - (rho I w_ttx)_x + (EI w_xx)_xx + gamma w_t = f; "
      "a Timoshenko beam with the rotation theta as a field of its own and shear stiffness "
      "kappa G A";
  for (const SectionModel& m : section_models()) {
    m.declare(f);
    choices += "|" + m.name;
    shown += " | " + m.name;
    documentation += "; or " + m.description;
  }
  f.declare("Model", "Type", "string", P::Selection(choices), shown, documentation + ".");
  f.declare("Model", "Length", "1.0", P::Double(), positive_text, "Length L. Units: m.");
  f.declare("Model", "Mass per length", "0.01", P::Double(), positive_text,
            "Mass per unit length rho (rho A of a beam). Units: kg/m.");
  declare_model_properties(f);
  f.declare("Model", "Viscous damping", "0", P::Double(), nonnegative_text,
            "Distributed viscous damping gamma (force gamma u_t per length). Units: N s/m^2.");
  f.declare("Model", "Rayleigh mass coefficient", "0", P::Double(), nonnegative_text,
            "a in the Rayleigh damping matrix a M + b K. Units: 1/s.");
  f.declare("Model", "Rayleigh stiffness coefficient", "0", P::Double(), nonnegative_text,
            "b in the Rayleigh damping matrix a M + b K. Units: s.");

  declare_section_parameters(f);

  // pinned is a held end for every model (a string's synonym of fixed)
  declare_end_parameters(f, "Left end", "pinned");
  declare_end_parameters(f, "Right end", "pinned");

  f.declare("Load", "Distributed force", "0", P::Anything(), "an expression in x and t",
            "Transverse force per length f(x,t). Units: N/m.");

  declare_attachment_parameters(f);

  f.declare("Initial conditions", "Displacement", "0", P::Anything(), "an expression in x",
            "Initial displacement u(x,0). Units: m.");
  f.declare("Initial conditions", "Velocity", "0", P::Anything(), "an expression in x",
            "Initial velocity u_t(x,0). Units: m/s.");

  declare_discretization_parameters(f);
  declare_time_integration_parameters(f);
  declare_modes_parameters(f);
  declare_buckling_parameters(f);
  declare_static_parameters(f);
  declare_response_parameters(f);
  declare_ground_motion_parameters(f);
  declare_moving_load_parameters(f);
  declare_spectrum_parameters(f);
  declare_convergence_parameters(f);
  declare_output_parameters(f);
}

FieldExtremes CaseParameters::axial_force_extremes() const {
  FieldExtremes n{axial_force, axial_force, 0, 0};
  if (axial_force_field) {
    n = {INFINITY, -INFINITY, 0, 0};
    for_each_field_sample_point(length, [&](double x) {
      const double v = axial_force_at(x);
      if (v < n.min)
        n.min = v, n.x_of_min = x;
      if (v > n.max)
        n.max = v, n.x_of_max = x;
    });
  }
  return n;
}

std::string CaseParameters::model_type_name() const {
  const SectionModel* m = section_model(model_type);
  return m ? m->name : model_kind(model_type).name;
}

bool CaseParameters::is_line_model() const {
  return !section_model(model_type);
}

std::string CaseParameters::axial_force_text() const {
  return axial_force_field ? axial_force_field->text() : text_of(axial_force);
}

namespace {
// Whether Model/`key` is an expression that uses x; if so, `field` takes it, checked finite along
// the beam (at its field sample points); otherwise it is a number, read as before.
bool varies_along_x(const ParameterFile& f, const std::string& key, double length,
                    ExpressionPtr& field) {
  field = nullptr;
  const auto e = expression(f, "Model", key, {"x"});
  if (!e->depends_on_x())
    return false;
  for_each_field_sample_point(length, [&](double x) {
    if (!std::isfinite((*e)(x, 0)))
      throw InputError(parameter_name("Model", key), f.get("Model", key),
                       "is not finite at x = " + text_of(x) +
                           " m; expected an expression in x finite along the beam");
  });
  field = e;
  return true;
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
    if (p.field != nullptr && varies_along_x(f, p.key, c.length, c.*p.field))
      c.*p.value = 0;
    else
      c.*p.value = p.range == ModelProperty::Range::nonnegative
                       ? nonnegative_value(f, "Model", p.key)
                   : p.range == ModelProperty::Range::positive ? positive_value(f, "Model", p.key)
                                                               : finite_value(f, "Model", p.key);
  apply_section(f, kind, c);
  c.left = parse_end_parameters(f, "Left end", kind);
  c.right = parse_end_parameters(f, "Right end", kind);
  c.distributed_force = expression(f, "Load", "Distributed force", {"x", "t"});
  parse_attachment_parameters(f, c);
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
  parse_discretization_parameters(f, case_directory, c);
  parse_response_parameters(f, c);
  parse_ground_motion_parameters(f, case_directory, c);
  parse_moving_load_parameters(f, c);
  parse_spectrum_parameters(f, c);
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
  if (const SectionModel* m = section_model(f.get("Model", "Type"))) {
    c.model_type = m->type;
    m->parse(f, case_directory, c);
  } else
    parse_line_model(f, case_directory, c);
  parse_time_integration_parameters(f, c);
  check_moving_bodies(c);
  parse_modes_parameters(f, c);
  parse_buckling_parameters(f, c);
  parse_static_parameters(f, c);
  parse_output_parameters(f, c);
  parse_convergence_parameters(f, c);
  c.settings = f.settings();
  return c;
}

namespace {
// Whether a key is one the case's kind of model reads: a discrete system uses none of the line
// models' sections and keys, a line model none of the discrete system's or the cable's, a cable
// its own section and the few shared keys below.
bool used_by_kind_of_model(const ParameterFile& f, const CaseParameters& c,
                           const std::string& section, const std::string& key) {
  const bool shared = section == "Time integration" || section == "Modes" || section == "Batch" ||
                      section == "Variables" || section == "Convergence" ||
                      (section == "Model" && key == "Type");
  if (const SectionModel* m = section_model(c.model_type)) {
    const auto& own = m->sections;
    return shared || std::find(own.begin(), own.end(), section) != own.end() ||
           m->reads(f, section, key);
  }
  // a line model reads every section but the other models' own, and every key but a cable's
  // support motion and a planar beam's static path
  for (const SectionModel& m : section_models())
    if (std::find(m.sections.begin(), m.sections.end(), section) != m.sections.end())
      return false;
  return !(section == "Frequency response" && key == "Support motion") &&
         !(section == "Static" && (key == "Path" || key == "Arc length steps"));
}

std::vector<std::string> unused_by_kind_of_model(const ParameterFile& f, const CaseParameters& c) {
  std::vector<std::string> lines;
  const SectionModel* m = section_model(c.model_type);
  const std::string kind = m ? m->article : "a line model";
  for (const auto& [section, key] : f.entries())
    if (!used_by_kind_of_model(f, c, section, key) && !f.is_default(section, key))
      lines.push_back(parameter_name(section, key) + " = '" + f.get(section, key) +
                      "' is not used by " + kind + "; ignored");
  return lines;
}
} // namespace

std::vector<std::string> unused_parameter_warnings(const ParameterFile& f,
                                                   const CaseParameters& c) {
  std::vector<std::string> lines = unused_by_kind_of_model(f, c);
  if (!c.is_line_model())
    return lines;
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
  for (const auto& [name, end] :
       {std::make_pair("Left end", &c.left), std::make_pair("Right end", &c.right)}) {
    const auto ends = unused_end_warnings(f, name, *end, kind);
    lines.insert(lines.end(), ends.begin(), ends.end());
  }
  if (!c.mesh_file.empty())
    for (const char* key : {"Elements", "Grading"})
      add("Discretization", key, "not used with a mesh file");
  if (c.scheme == Scheme::central_difference)
    add("Time integration", "Spectral radius", "not used by central difference");
  if (c.scheme == Scheme::modal)
    add("Time integration", "Spectral radius", "not used by the modal scheme (exact steps)");
  if (c.moving_bodies.empty())
    add("Moving loads", "Gravity", "not used: the case has no moving masses or oscillators");
  if (!c.has_nonlinear_elements())
    for (const char* key : {"Nonlinear tolerance", "Maximum Newton iterations"})
      add("Time integration", key, "not used: the case has no nonlinear springs");
  return lines;
}

double number(const std::string& text) {
  // (std::stod also reads hexadecimal 0x10, inf and nan: a numeral here is decimal digits, sign,
  // point, exponent and leading blanks, as it read them before)
  if (text.find_first_not_of("0123456789+-.eE \t") == std::string::npos)
    try {
      std::size_t used = 0;
      const double value = std::stod(text, &used);
      if (used > 0 && used == text.size())
        return value;
    } catch (const std::exception&) {
      // not a numeral: perhaps an expression, below
    }
  // a list's position or value may be a constant expression of the case's variables
  std::string why;
  return VariablesInEffect::current().empty() || text.empty()
             ? std::nan("")
             : constant_expression_value("", text, why);
}

} // namespace hamdyn
