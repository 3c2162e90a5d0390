#include "core/model_kind.h"

#include "core/case_parameters.h"

#include <deal.II/base/patterns.h>

#include <algorithm>
#include <stdexcept>

namespace hamdyn {

namespace {
// String: "pinned" is a synonym of "fixed". Beam: the four classical end conditions.
const std::vector<SupportKind> string_supports = {
    {"fixed", true, false}, {"pinned", true, false}, {"free", false, false}};
const std::vector<SupportKind> beam_supports = {{"free", false, false},
                                                {"pinned", true, false},
                                                {"clamped", true, true},
                                                {"sliding", false, true}};
using Range = ModelProperty::Range;
// Each property with its key's declaration (default, allowed values, documentation with units):
// the model kinds that take it declare it (declare_model_properties).
ModelProperty property(const std::string& key, double CaseParameters::*value, Range range,
                       const std::string& default_value, const std::string& allowed,
                       const std::string& documentation) {
  ModelProperty p;
  p.key = key;
  p.value = value;
  p.range = range;
  p.default_value = default_value;
  p.allowed = allowed;
  p.documentation = documentation;
  return p;
}

const ModelProperty tension = property(
    "Tension", &CaseParameters::tension, Range::positive, "100", "a real number > 0 (strings)",
    "Tension tau of a string. A beam does not use it (its prestress is Axial force): a "
    "beam case that sets it, to any value, is warned. Units: N.");
const ModelProperty axial_stiffness =
    property("Axial stiffness", &CaseParameters::axial_stiffness, Range::nonnegative, "0",
             "a real number >= 0 (strings)",
             "EA of a string: 0 is the linear string; EA > 0 is the large-amplitude "
             "(Kirchhoff-Carrier) string, whose tension tau + (EA / 2L) int u_x^2 dx grows with "
             "its stretch, solved by Newton's method. Its potential (EA / 8L) (int u_x^2 dx)^2 "
             "enters the energy ledger and its tension the history column tension. Units: N.");
const ModelProperty bending_stiffness =
    property("Bending stiffness", &CaseParameters::bending_stiffness, Range::positive, "1",
             "a real number > 0 (beams)", "EI of a beam (unused by a string). Units: N m^2.");
ModelProperty along_x(ModelProperty p, ExpressionPtr CaseParameters::*field) {
  p.field = field;
  return p;
}
const ModelProperty axial_force = along_x(
    property("Axial force", &CaseParameters::axial_force, Range::any, "0",
             "a real number, or an expression in x (beams)",
             "Prestress N of a beam, a dead axial load: > 0 tension, < 0 compression (unused by "
             "a string, whose Tension is its prestress), constant or varying along the beam as "
             "an expression in x, e.g. -q*(L - x) for a column under its own weight q per "
             "length (Greenhill). It adds the geometric stiffness int N w_x dw_x dx to the weak "
             "form (a Timoshenko beam: on its displacement w), so tension stiffens the beam and "
             "compression softens it; at or beyond a buckling load (`hamdyn buckling`) `hamdyn "
             "modes` reports the beam unstable. Its potential (1/2) int N w_x^2 dx is part of "
             "the strain energy of the ledger. Units: N."),
    &CaseParameters::axial_force_field);
const ModelProperty shear_stiffness =
    property("Shear stiffness", &CaseParameters::shear_stiffness, Range::positive, "1e6",
             "a real number > 0 (Timoshenko beams)",
             "kappa G A of a Timoshenko beam (unused otherwise). Units: N.");
const ModelProperty rotary_inertia = property(
    "Rotary inertia per length", &CaseParameters::rotary_inertia_per_length, Range::nonnegative,
    "0", "a real number >= 0",
    "rho I of a beam, the rotary inertia of its sections (unused by a string). Units: kg m.");

std::string join(const std::vector<std::string>& names, const std::string& separator) {
  std::string s;
  for (const std::string& n : names)
    s += (s.empty() ? "" : separator) + n;
  return s;
}

// The rows, field by field. What a row leaves out takes ModelKind's neutral value: no rotation,
// Discretization/Degree used, no chain, no dual, no exact reference.
ModelKind string_kind() {
  ModelKind k;
  k.type = ModelType::string;
  k.name = "string";
  k.supports = string_supports;
  k.properties = {tension, axial_stiffness};
  k.energy_derivative_order = 1; // tau u_x^2
  k.chain = ChainKind::mass_spring;
  k.has_continuum_dual = true;
  k.has_exact_string_history = true;
  return k;
}

ModelKind euler_bernoulli_kind() {
  ModelKind k;
  k.type = ModelType::euler_bernoulli_beam;
  k.name = "euler bernoulli beam";
  k.supports = beam_supports;
  k.has_rotation = true;
  k.properties = {bending_stiffness, rotary_inertia, axial_force};
  k.fixed_degree = 3;
  k.fixed_element = "cubic Hermite";
  k.energy_derivative_order = 2; // EI w_xx^2
  k.chain = ChainKind::hencky_bar_chain;
  k.has_exact_beam_frequencies = true;
  return k;
}

ModelKind timoshenko_kind() {
  ModelKind k;
  k.type = ModelType::timoshenko_beam;
  k.name = "timoshenko beam";
  k.supports = beam_supports;
  k.has_rotation = true;
  k.properties = {bending_stiffness, rotary_inertia, shear_stiffness, axial_force};
  k.energy_derivative_order = 1; // EI theta_x^2 + kGA (w_x - theta)^2
  k.no_chain_reason = "compare builds chains for 'string' and 'euler bernoulli beam' (a bar chain "
                      "has no shear flexibility)";
  return k;
}

} // namespace

const std::vector<ModelKind>& model_kinds() {
  static const std::vector<ModelKind> kinds = {string_kind(), euler_bernoulli_kind(),
                                               timoshenko_kind()};
  return kinds;
}

const ModelKind& model_kind(ModelType type) {
  for (const ModelKind& k : model_kinds())
    if (k.type == type)
      return k;
  throw std::logic_error("unregistered model type");
}

const ModelKind* find_model_kind(const std::string& name) {
  for (const ModelKind& k : model_kinds())
    if (k.name == name)
      return &k;
  return nullptr;
}

std::string model_names(const std::string& separator) {
  std::vector<std::string> names;
  for (const ModelKind& k : model_kinds())
    names.push_back(k.name);
  return join(names, separator);
}

std::string support_names(const ModelKind& kind, const std::string& separator) {
  std::vector<std::string> names;
  for (const SupportKind& s : kind.supports)
    names.push_back(s.name);
  return join(names, separator);
}

std::string with_article(const ModelKind& kind) {
  const bool vowel = std::string("aeiou").find(kind.name[0]) != std::string::npos;
  return (vowel ? "an " : "a ") + kind.name;
}

void declare_model_properties(ParameterFile& f) {
  // every kind's properties, each once, in the order `hamdyn parameters` shows them
  const std::vector<const ModelProperty*> all{&tension,     &axial_stiffness, &bending_stiffness,
                                              &axial_force, &shear_stiffness, &rotary_inertia};
  for (const ModelKind& kind : model_kinds())
    for (const ModelProperty& p : kind.properties)
      if (std::none_of(all.begin(), all.end(),
                       [&](const ModelProperty* q) { return q->key == p.key; }))
        throw std::logic_error("declare_model_properties: " + p.key + " is not listed");
  for (const ModelProperty* p : all)
    f.declare("Model", p->key, p->default_value, dealii::Patterns::Double(), p->allowed,
              p->documentation);
}

} // namespace hamdyn
