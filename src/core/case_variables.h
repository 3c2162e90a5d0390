#pragma once
// Variables/Definitions: named constants of a case ("L = 2; m = 0.5; k = 4*pi^2*m"), each a
// constant muparser expression of the ones before it, usable in every numeric key and every
// expression of the case while it is parsed.
#include <string>
#include <vector>

namespace hamdyn {

class ParameterFile;

struct Definition {
  std::string name, text;
  double value;
};
using Definitions = std::vector<Definition>;

/// The parameter the definitions are written in.
inline const std::string definitions_parameter = "Variables/Definitions";

/// Parses and evaluates "name = expression; ...". A name that is not an identifier, is defined
/// twice, or is reserved (x, t, e, pi, theta, a v_ rate, a muparser function, or one of
/// `reserved`: a discrete system's coordinates), an expression that uses a name before its
/// definition or one never defined, and a value that is not finite are InputError naming
/// Variables/Definitions and the definition.
Definitions evaluate_definitions(const std::string& text, const std::vector<std::string>& reserved);

/// `text` with the definition of `name` replaced by `value` (a `--set` or a batch sweep of
/// Variables/name: the definitions after it are recomputed from it). InputError naming
/// Variables/name when `text` does not define it.
std::string with_definition(const std::string& text, const std::string& name,
                            const std::string& value);

/// The definitions in effect while a case is parsed (one at a time, on each rank alike): every
/// Expression built meanwhile takes them as constants, and a numeric key may be a constant
/// expression of them.
class VariablesInEffect {
public:
  explicit VariablesInEffect(Definitions definitions);
  ~VariablesInEffect();
  VariablesInEffect(const VariablesInEffect&) = delete;
  VariablesInEffect& operator=(const VariablesInEffect&) = delete;
  static const Definitions& current();

private:
  Definitions previous_;
};

/// The value of a numeric key's text that is not a numeral: a constant expression of the
/// variables in effect. On failure NaN, with the reason in `why` (an undefined name, a malformed
/// expression, a value that is not finite).
double constant_expression_value(const std::string& parameter, const std::string& text,
                                 std::string& why);

/// The Variables section (Definitions), declared here beside the code that evaluates it.
void declare_variables_parameters(ParameterFile& f);

} // namespace hamdyn
