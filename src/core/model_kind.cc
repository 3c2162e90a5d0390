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
} // namespace

const std::vector<ModelKind>& model_kinds() {
  static const std::vector<ModelKind> kinds = {
      {ModelType::string,
       "string",
       string_supports,
       false,
       {tension, axial_stiffness},
       0,
       "",
       1,
       ChainKind::mass_spring,
       "",
       true,
       true,
       false},
      {ModelType::euler_bernoulli_beam,
       "euler bernoulli beam",
       beam_supports,
       true,
       {bending_stiffness, rotary_inertia, axial_force},
       3,
       "cubic Hermite",
       2,
       ChainKind::hencky_bar_chain,
       "",
       false,
       false,
       true},
      {ModelType::timoshenko_beam,
       "timoshenko beam",
       beam_supports,
       true,
       {bending_stiffness, rotary_inertia, shear_stiffness, axial_force},
       0,
       "",
       1,
       ChainKind::none,
       "compare builds chains for 'string' and 'euler bernoulli beam' (a bar chain has no shear "
       "flexibility)",
       false,
       false,
       false}};
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
