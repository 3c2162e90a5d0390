#include "core/attachment_parameters.h"

#include "core/input_error.h"
#include "core/parameter_values.h"
#include "core/text.h"

#include <deal.II/base/patterns.h>

#include <cmath>
#include <sstream>
#include <tuple>

namespace hamdyn {

namespace P = dealii::Patterns;

std::vector<Attachment> parse_attachment_list(const ParameterFile& f, const std::string& section,
                                              const std::string& key, double length,
                                              AttachmentValue kind) {
  const std::string name = parameter_name(section, key);
  const std::string what =
      kind == AttachmentValue::expression ? "expression in t"
      : kind == AttachmentValue::constant ? "amplitude (a finite number or constant expression)"
      : kind == AttachmentValue::law      ? "force law in the extension e (finite at e = 0)"
      : kind == AttachmentValue::number   ? "value >= 0"
      : kind == AttachmentValue::dashpot
          ? "c (viscous) or c,p (degree p >= 1) with c >= 0"
          : "mass,stiffness,damping with mass > 0, stiffness > 0, damping >= 0";
  const std::string allowed =
      "expected x:" + what + " with x in [0, " + std::to_string(length) + "]";
  std::vector<Attachment> list;
  for (const std::string& item : list_entries(f.get(section, key), ';', name)) {
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
    } else if (kind == AttachmentValue::expression || kind == AttachmentValue::constant) {
      a.expression = std::make_shared<const Expression>(name, value,
                                                        kind == AttachmentValue::expression
                                                            ? std::vector<std::string>{"t"}
                                                            : std::vector<std::string>{});
      if (kind == AttachmentValue::constant && !std::isfinite((*a.expression)(0.0, 0)))
        throw InputError(name, item, allowed);
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

namespace {
std::vector<Attachment> parse_attachments(const ParameterFile& f, const std::string& key,
                                          double length, AttachmentValue kind) {
  return parse_attachment_list(f, "Attachments", key, length, kind);
}
} // namespace

void declare_attachment_parameters(ParameterFile& f) {
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
}

void parse_attachment_parameters(const ParameterFile& f, CaseParameters& c) {
  c.point_masses = parse_attachments(f, "Point masses", c.length, AttachmentValue::number);
  c.springs = parse_attachments(f, "Springs", c.length, AttachmentValue::number);
  for (const Attachment& a : parse_attachments(f, "Dashpots", c.length, AttachmentValue::dashpot))
    (a.degree == 0 ? c.dashpots : c.nonlinear_dashpots).push_back(a);
  c.forces = parse_attachments(f, "Forces", c.length, AttachmentValue::expression);
  c.nonlinear_springs = parse_attachments(f, "Nonlinear springs", c.length, AttachmentValue::law);
  c.oscillators = parse_attachments(f, "Oscillators", c.length, AttachmentValue::oscillator);
}

} // namespace hamdyn
