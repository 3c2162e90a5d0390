#include "core/symbolic_reader.h"

#include "core/case_variables.h"
#include "core/expression.h"
#include "core/ginac_text.h"
#include "core/input_error.h"
#include "core/text.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hamdyn {

SymbolicReader::SymbolicReader(const std::vector<std::string>& coordinates) {
  using namespace GiNaC;
  const std::size_t n = coordinates.size();
  constants_ = {{"pi", M_PI}, {"e", M_E}};
  for (const Definition& definition : VariablesInEffect::current())
    constants_[definition.name] = definition.value;
  for (const auto& [name, value] : constants_)
    table_[name] = numeric(value); // the double muparser uses, exactly
  for (const std::string& name : coordinates) {
    q_.emplace_back(name);
    v_.emplace_back("v_" + name);
    a_.emplace_back("_a_" + name);
  }
  for (std::size_t i = 0; i < n; ++i) {
    table_[coordinates[i]] = q_[i];
    table_["v_" + coordinates[i]] = v_[i];
    variables_.push_back(coordinates[i]);
    positions_allowed_.push_back(coordinates[i]);
  }
  for (std::size_t i = 0; i < n; ++i)
    variables_.push_back("v_" + coordinates[i]);
  for (std::size_t i = 0; i < n; ++i)
    variables_.push_back("_a_" + coordinates[i]);
  variables_.push_back("t");
  table_["t"] = t_;
  positions_allowed_.push_back("t");
  rates_allowed_ = positions_allowed_;
  for (std::size_t i = 0; i < n; ++i)
    rates_allowed_.push_back("v_" + coordinates[i]);
  // two points away from 0 (where many expressions are trivially alike)
  for (const double shift : {0.0, 0.37}) {
    exmap at;
    std::vector<double> values;
    for (std::size_t i = 0; i < n; ++i)
      values.push_back(0.31 + 0.17 * double(i) + shift);
    for (std::size_t i = 0; i < n; ++i)
      values.push_back(-0.23 + 0.11 * double(i) - shift);
    for (std::size_t i = 0; i < n; ++i)
      values.push_back(0.13 + 0.07 * double(i) + shift);
    values.push_back(0.41 + shift);
    for (std::size_t i = 0; i < n; ++i) {
      at[q_[i]] = values[i];
      at[v_[i]] = values[n + i];
    }
    at[t_] = values[3 * n];
    probes_.push_back(at);
    probe_values_.push_back(values);
  }
}

GiNaC::ex SymbolicReader::read(const EnergyText& u, bool rates) const {
  const std::string expected =
      "expected an expression in " +
      std::string(rates ? "the coordinates, their rates v_<name> and t" : "the coordinates and t") +
      " (constants pi, e and the names of Variables/Definitions; functions with a derivative: "
      "sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, exp, ln, log, sqrt, abs, sign)";
  std::vector<std::string> known = rates ? rates_allowed_ : positions_allowed_;
  for (const auto& [name, value] : constants_)
    known.push_back(name);
  const auto unknown = unknown_identifiers(u.text, known);
  if (!unknown.empty())
    throw InputError(u.parameter, u.entry,
                     "undefined variable '" + unknown.front() + "'; " + expected);
  // What the symbolic step builds from the text is bounded before it is built: its
  // derivatives nest as deep as the text does, and expanding (depends_on) multiplies the terms
  // of a product of sums.
  int depth = 0, deepest = 0;
  for (const char c : u.text)
    deepest = std::max(deepest, depth += c == '(' ? 1 : c == ')' ? -1 : 0);
  if (deepest > max_nesting)
    throw InputError(u.parameter, u.entry,
                     "nests parentheses " + std::to_string(deepest) +
                         " deep; hamdyn differentiates expressions nested at most " +
                         std::to_string(max_nesting) + " deep (name parts in Variables)");
  std::unique_ptr<CompiledExpressions> compiled;
  try {
    compiled = std::make_unique<CompiledExpressions>(variables_, std::vector{u.text}, constants_);
  } catch (const std::invalid_argument& e) {
    throw InputError(u.parameter, u.entry,
                     std::string("malformed expression (") + e.what() + "); " + expected);
  }
  GiNaC::ex read;
  try {
    read = read_muparser_text(u.text, table_);
  } catch (const std::exception&) {
    throw InputError(u.parameter, u.entry,
                     "hamdyn differentiates it and cannot (min, max, rint, floor, ceil, int, "
                     "comparisons and ?: have no derivative); " +
                         expected);
  }
  if (const double terms = expanded_terms(read); terms > max_expanded_terms)
    throw InputError(
        u.parameter, u.entry,
        "expands to about " + text_of(terms) +
            " terms (a product of sums); hamdyn's symbolic derivation expands at most " +
            text_of(max_expanded_terms) +
            ": write the energy with fewer factors of sums, or as Inertias and Springs");
  // GiNaC's reading must be muparser's (their grammars differ at the edges: -2^2, 2^3^2)
  for (std::size_t k = 0; k < probes_.size(); ++k) {
    const double expected_value = *compiled->evaluate(probe_values_[k].data());
    const GiNaC::ex value = read.subs(probes_[k]).evalf();
    if (!std::isfinite(expected_value) || !GiNaC::is_a<GiNaC::numeric>(value) ||
        !GiNaC::ex_to<GiNaC::numeric>(value).is_real())
      continue;
    const double got = GiNaC::ex_to<GiNaC::numeric>(value).to_double();
    if (!(std::abs(got - expected_value) <= 1e-12 * std::max(std::abs(expected_value), 1e-300)))
      throw InputError(u.parameter, u.entry,
                       "muparser and the symbolic differentiation read it differently (" +
                           std::to_string(expected_value) + " against " + std::to_string(got) +
                           "); write it with explicit parentheses");
  }
  return read;
}

std::unique_ptr<CompiledExpressions>
SymbolicReader::compile(const std::vector<GiNaC::ex>& expressions) const {
  try {
    return std::make_unique<CompiledExpressions>(variables_, printed(expressions), constants_);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(std::string("muparser does not read the derivatives: ") + e.what());
  }
}

std::vector<std::string> printed(const std::vector<GiNaC::ex>& expressions) {
  std::vector<std::string> texts;
  texts.reserve(expressions.size());
  for (const GiNaC::ex& e : expressions)
    texts.push_back(muparser_text(e));
  return texts;
}

} // namespace hamdyn
