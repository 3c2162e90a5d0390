#include "core/model_kind.h"

#include "core/case_parameters.h"

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
const ModelProperty tension{"Tension", &CaseParameters::tension, Range::positive};
const ModelProperty bending_stiffness{"Bending stiffness", &CaseParameters::bending_stiffness,
                                      Range::positive};
const ModelProperty rotary_inertia{"Rotary inertia per length",
                                   &CaseParameters::rotary_inertia_per_length, Range::nonnegative};
const ModelProperty axial_stiffness{"Axial stiffness", &CaseParameters::axial_stiffness,
                                    Range::nonnegative};
const ModelProperty shear_stiffness{"Shear stiffness", &CaseParameters::shear_stiffness,
                                    Range::positive};
const ModelProperty axial_force{"Axial force", &CaseParameters::axial_force, Range::any};

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

} // namespace hamdyn
