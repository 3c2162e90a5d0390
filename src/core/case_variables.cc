#include "core/case_variables.h"

#include "core/expression.h"
#include "core/input_error.h"
#include "core/parameter_file.h"
#include "core/subnormals.h"
#include "core/text.h"

#include <deal.II/base/patterns.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <unordered_map>

namespace hamdyn {

namespace {
Definitions& in_effect() {
  static Definitions definitions;
  return definitions;
}

// Names a definition cannot take: the variables of the case's expressions, muparser's constants
// and the functions of muparser and deal.II's FunctionParser (a constant of that name would hide
// the function).
bool is_reserved(const std::string& name, const std::vector<std::string>& reserved) {
  static const std::vector<std::string> builtin = {
      "x",     "t",    "e",    "pi",        "theta", "sin",   "cos",   "tan",   "asin",
      "acos",  "atan", "sinh", "cosh",      "tanh",  "asinh", "acosh", "atanh", "log2",
      "log10", "log",  "ln",   "exp",       "sqrt",  "sign",  "rint",  "abs",   "min",
      "max",   "sum",  "avg",  "if",        "floor", "ceil",  "cot",   "csc",   "sec",
      "pow",   "erfc", "rand", "rand_seed", "atan2", "int",   "round", "fmod"};
  return name.rfind("v_", 0) == 0 ||
         std::find(builtin.begin(), builtin.end(), name) != builtin.end() ||
         std::find(reserved.begin(), reserved.end(), name) != reserved.end();
}

// "name = expression" items of the text, each split at its first '=' (a comparison such as
// a <= b may follow in the expression).
std::vector<std::pair<std::string, std::string>> items(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> list;
  if (trim(text).empty())
    return list;
  std::stringstream parts(text);
  for (std::string item; std::getline(parts, item, ';');) {
    if (trim(item).empty() || trim(text).back() == ';') // as every other list of the case
      throw InputError(definitions_parameter, text,
                       "has an empty entry (two ';' in a row, or one at an end); expected name = "
                       "expression; name = expression; ...");
    const auto eq = item.find('=');
    if (eq == std::string::npos)
      throw InputError(definitions_parameter, trim(item),
                       "expected name = expression, e.g. L = 2; m = 0.5; k = 4*pi^2*m");
    list.emplace_back(trim(item.substr(0, eq)), trim(item.substr(eq + 1)));
  }
  return list;
}
} // namespace

Definitions evaluate_definitions(const std::string& text,
                                 const std::vector<std::string>& reserved) {
  const auto list = items(text);
  Definitions definitions;
  // name -> its place in `definitions` (10^4 chained definitions: each looked up, not searched)
  std::unordered_map<std::string, std::size_t> index;
  for (std::size_t k = 0; k < list.size(); ++k) {
    const auto& [name, expression] = list[k];
    const std::string shown = name + " = " + expression;
    if (!is_identifier(name))
      throw InputError(definitions_parameter, shown,
                       "'" + name + "' is not a name; expected letters, digits and _");
    if (is_reserved(name, reserved))
      throw InputError(definitions_parameter, shown,
                       "'" + name +
                           "' is reserved (x, t, e, pi, theta, v_ rates, the coordinates and "
                           "the functions of expressions); expected another name");
    if (index.count(name) > 0)
      throw InputError(definitions_parameter, shown, "'" + name + "' is defined twice");
    Definitions used; // the definitions before it that it names
    for (const std::string& unknown : unknown_identifiers(expression, {})) {
      const auto found = index.find(unknown);
      if (found != index.end()) {
        used.push_back(definitions[found->second]);
        continue;
      }
      const bool later = std::any_of(list.begin() + long(k), list.end(),
                                     [&](const auto& item) { return item.first == unknown; });
      throw InputError(definitions_parameter, shown,
                       "'" + unknown + "' is " +
                           (later ? "used before its definition" : "not defined") +
                           "; expected a constant expression of the names defined before it");
    }
    double value = 0;
    {
      const VariablesInEffect scope(std::move(used));
      value = Expression(definitions_parameter, expression, {})(0, 0);
    }
    if (!std::isfinite(value))
      throw InputError(definitions_parameter, shown,
                       "is " + text_of(value) + "; expected a finite value");
    if (is_subnormal(value)) // as numeric keys
      throw InputError(definitions_parameter, shown,
                       "is " + text_of(value) +
                           ", subnormal (below 2.2e-308 in magnitude); expected 0 or a normal "
                           "number");
    index.emplace(name, definitions.size());
    definitions.push_back({name, expression, value});
  }
  return definitions;
}

std::string with_definition(const std::string& text, const std::string& name,
                            const std::string& value) {
  std::string result;
  bool found = false;
  for (const auto& [n, expression] : items(text)) {
    const bool replaced = n == name;
    found = found || replaced;
    result += (result.empty() ? "" : "; ") + n + " = " + (replaced ? value : expression);
  }
  if (!found)
    throw InputError("Variables/" + name, value,
                     "'" + name + "' is not defined in " + definitions_parameter + " = '" + text +
                         "'; expected a name it defines");
  return result;
}

VariablesInEffect::VariablesInEffect(Definitions definitions) : previous_(in_effect()) {
  in_effect() = std::move(definitions);
}

VariablesInEffect::~VariablesInEffect() {
  in_effect() = std::move(previous_);
}

const Definitions& VariablesInEffect::current() {
  return in_effect();
}

double constant_expression_value(const std::string& parameter, const std::string& text,
                                 std::string& why) {
  try {
    const Expression e(parameter, text, {});
    const double value = e(0, 0);
    if (!std::isfinite(value)) {
      why = "is " + text_of(value);
      return std::nan("");
    }
    return value;
  } catch (const InputError& e) {
    const std::string message = e.what();
    const auto colon = message.find("': ");
    why = colon == std::string::npos ? message : message.substr(colon + 3);
    return std::nan("");
  }
}

void declare_variables_parameters(ParameterFile& f) {
  f.declare("Variables", "Definitions", "", dealii::Patterns::Anything(),
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
}

} // namespace hamdyn
