#pragma once
// The registry of structural models: everything the parser, the reductions and the studies need
// to know about a `Model/Type`, in one table (model_kind.cc). Adding a model is one row there and
// one factory in models/make_model.cc; nothing else switches on the type.
#include "core/expression.h"

#include <string>
#include <vector>

namespace hamdyn {

/// The line models of the registry below, and the models read from a section of their own
/// (core/section_models.h: the discrete system, which has no line, supports or elements, the cable
/// and the planar beam), which have no ModelKind; the study table chooses their implementations
/// by kind of case.
enum class ModelType {
  string,
  euler_bernoulli_beam,
  timoshenko_beam,
  discrete,
  cable,
  planar_beam
};
/// Model/Type of a discrete system.
inline const std::string discrete_model_name = "discrete";
struct CaseParameters;
class ParameterFile;

/// A support an end can have, and what it holds.
struct SupportKind {
  std::string name;
  bool holds_translation, holds_rotation;
};

/// A `Model` section key that only some models take, and where its value goes.
struct ModelProperty {
  enum class Range { positive, nonnegative, any }; // > 0, >= 0, any finite real
  std::string key;
  double CaseParameters::*value = nullptr;
  Range range = Range::positive;
  /// A property that may vary along the line: an expression of x is taken into this field
  /// (the value above is then 0); null: a constant.
  ExpressionPtr CaseParameters::*field = nullptr;
  /// Its declaration in the Model section: default, allowed values, documentation with units.
  std::string default_value, allowed, documentation;
};

/// The reduction `hamdyn compare` builds for a model.
enum class ChainKind { mass_spring, hencky_bar_chain, none };

/// A row of the registry, written field by field by name (model_kind.cc); what a row leaves
/// out takes the neutral value below.
struct ModelKind {
  ModelType type = ModelType::string;
  std::string name; // as written after Model/Type
  std::vector<SupportKind> supports;
  bool has_rotation = false; // a rotation DoF at the nodes: rotational end attachments apply
  std::vector<ModelProperty> properties;
  unsigned int fixed_degree = 0; // 0: Discretization/Degree is used; else the element's degree
  std::string fixed_element;     // its name ("cubic Hermite"), when fixed_degree > 0
  /// m, the highest derivative in the strain energy: eigenvalues of degree-p elements converge at
  /// order 2(p + 1 - m) in h (Strang & Fix, An Analysis of the Finite Element Method, Thm 6.1).
  unsigned int energy_derivative_order = 1;
  ChainKind chain = ChainKind::none;
  std::string no_chain_reason;           // when chain == none
  bool has_continuum_dual = false;       // the impulse-field dual of compare
  bool has_exact_string_history = false; // d'Alembert's solution of the taut string
  bool has_exact_beam_frequencies = false;
};

/// Every model, in the order `Model/Type` lists them.
const std::vector<ModelKind>& model_kinds();
const ModelKind& model_kind(ModelType type);
/// The kind named `name`, or nullptr.
const ModelKind* find_model_kind(const std::string& name);
/// "a | b | c" of the model names, or of a kind's supports.
std::string model_names(const std::string& separator);
std::string support_names(const ModelKind& kind, const std::string& separator);
/// "a string", "an euler bernoulli beam": for messages.
std::string with_article(const ModelKind& kind);

/// Declares the Model keys of every kind's properties (each once), as the registry describes them.
void declare_model_properties(ParameterFile& f);

} // namespace hamdyn
