#include "core/expression.h"

#include "core/case_variables.h"
#include "core/input_error.h"
#include "core/symbolic_derivative.h"

#include <deal.II/base/point.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iostream>
#include <map>
#include <sstream>

namespace hamdyn {

namespace {
// Constants offered to every expression (muparser itself has none by default in deal.II).
const std::map<std::string, double>& constants() {
  static const std::map<std::string, double> c{{"pi", M_PI}, {"e", M_E}};
  return c;
}

bool is_ident_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool is_ident_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
} // namespace

bool is_identifier(const std::string& name) {
  return !name.empty() && is_ident_start(name[0]) &&
         std::all_of(name.begin(), name.end(), is_ident_char);
}

std::shared_ptr<const Expression> Expression::zero() {
  static const auto zero =
      std::make_shared<const Expression>("0", "0", std::vector<std::string>{"x", "t"});
  return zero;
}

std::vector<std::string> unknown_identifiers(const std::string& text,
                                             const std::vector<std::string>& allowed) {
  std::vector<std::string> unknown;
  for (std::size_t i = 0; i < text.size();) {
    const bool starts_number =
        i > 0 && (std::isdigit(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '.');
    if (!is_ident_start(text[i]) || starts_number) { // skip exponents such as 1e-3
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && is_ident_char(text[j]))
      ++j;
    const std::string name = text.substr(i, j - i);
    std::size_t k = j;
    while (k < text.size() && std::isspace(static_cast<unsigned char>(text[k])))
      ++k;
    const bool is_function = k < text.size() && text[k] == '(';
    if (!is_function && constants().count(name) == 0 &&
        std::find(allowed.begin(), allowed.end(), name) == allowed.end() &&
        std::find(unknown.begin(), unknown.end(), name) == unknown.end())
      unknown.push_back(name);
    i = j;
  }
  return unknown;
}

Expression::Expression(const std::string& parameter, const std::string& text,
                       const std::vector<std::string>& variables)
    : text_(text), parameter_(parameter) {
  // A force law has one variable of its own (the extension e or the rotation theta), which then
  // hides the constant of the same name; other expressions are functions of x and t.
  law_ = variables.size() == 1 && variables[0] != "x" && variables[0] != "t";
  std::string allowed_list;
  for (const auto& v : variables)
    allowed_list += (allowed_list.empty() ? "" : ", ") + v;
  // the case's Variables/Definitions are constants of every expression it holds
  const Definitions& defined = VariablesInEffect::current();
  const std::string defined_names = defined.empty() ? "" : ", the names of Variables/Definitions";
  const std::string allowed =
      (variables.empty() ? "a constant expression" : "an expression in " + allowed_list) +
      (law_ ? " (constant pi" : " (constants pi, e") + defined_names +
      "; muparser functions such as sin, exp, sqrt)";
  if (text.find_first_not_of(" \t") == std::string::npos)
    throw InputError(parameter, text, "empty; expected " + allowed);
  // muparser reads "1, 2" as a list of two results and returns the last: a ',' outside a
  // function's parentheses is a slip (a list's separator), never an expression
  int depth = 0;
  for (const char c : text) {
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    if (c == ',' && depth <= 0)
      throw InputError(parameter, text,
                       "has a ',' outside a function's parentheses (muparser would keep only its "
                       "last value); expected " +
                           allowed);
  }
  // Only the definitions the text names become the parser's constants: with thousands of
  // Variables, handing all of them to every expression made reading a case quadratic.
  auto all_constants = constants();
  for (const std::string& name : unknown_identifiers(text, variables)) {
    const auto d = std::find_if(defined.begin(), defined.end(),
                                [&](const Definition& d) { return d.name == name; });
    if (d == defined.end())
      throw InputError(parameter, text, "undefined variable '" + name + "'; expected " + allowed);
    all_constants[name] = d->value;
  }
  const auto identifiers = unknown_identifiers(text, {});
  uses_t_ = std::find(identifiers.begin(), identifiers.end(), "t") != identifiers.end();
  uses_x_ = std::find(identifiers.begin(), identifiers.end(), "x") != identifiers.end();
  auto law_constants = all_constants;
  if (law_)
    law_constants.erase(variables[0]);
  parser_ = std::make_unique<dealii::FunctionParser<1>>(1);
  // FunctionParser prints muparser's diagnosis to std::cerr before it throws; keep it for our
  // one-line message instead of letting it reach the terminal.
  std::ostringstream diagnosis;
  std::streambuf* const cerr_buffer = std::cerr.rdbuf(diagnosis.rdbuf());
  try {
    if (law_)
      parser_->initialize(variables[0], text, law_constants, /*time_dependent=*/false);
    else
      parser_->initialize("x,t", text, all_constants, /*time_dependent=*/true);
    dealii::Point<1> p(0.123);
    parser_->set_time(0.456);
    const double probe = parser_->value(p); // muparser parses lazily: force it now
    (void)probe;
  } catch (const std::exception&) {
    std::cerr.rdbuf(cerr_buffer);
    std::string reason = diagnosis.str();
    const auto b = reason.find("Message:"), e = reason.find('\n', b);
    reason = b == std::string::npos ? "" : " (" + reason.substr(b, e - b) + ")";
    throw InputError(parameter, text, "malformed expression" + reason + "; expected " + allowed);
  }
  std::cerr.rdbuf(cerr_buffer);
  // The exact derivative with respect to the one variable of a law (e, theta) or of an expression
  // in t alone (a prescribed motion's rate d(t), whose d'(t) the constraints' accelerations take)
  const bool of_time_alone = variables.size() == 1 && variables[0] == "t";
  if (law_ || of_time_alone)
    if (const auto derivative =
            exact_derivative(text, variables[0], law_constants,
                             [this](double x) { return law_ ? (*this)(x, 0) : (*this)(0, x); })) {
      // GiNaC printed it; should muparser not read it, the law keeps the central difference
      // (and muparser's diagnosis stays off the terminal, as above)
      auto slope = std::make_unique<dealii::FunctionParser<1>>(1);
      std::ostringstream ignored;
      std::streambuf* const buffer = std::cerr.rdbuf(ignored.rdbuf());
      try {
        slope->initialize(variables[0], *derivative, law_constants, /*time_dependent=*/false);
        (void)slope->value(dealii::Point<1>(0.123)); // parsed lazily: force it now
        slope_parser_ = std::move(slope);
        slope_text_ = *derivative;
      } catch (const std::exception&) {
      }
      std::cerr.rdbuf(buffer);
    }
  // A constant (no variables at all) that evaluates to zero lets callers skip the load.
  is_zero_ = identifiers.empty() && (*this)(0.3, 0.7) == 0.0;
}

double Expression::slope(double at) const {
  return slope_parser_->value(dealii::Point<1>(at));
}

std::shared_ptr<const Expression> Expression::time_derivative() const {
  if (law_ || slope_text_.empty())
    return nullptr;
  return std::make_shared<const Expression>(parameter_, slope_text_, std::vector<std::string>{"t"});
}

double Expression::operator()(double x, double t) const {
  if (!law_)
    parser_->set_time(t);
  return parser_->value(dealii::Point<1>(x));
}

} // namespace hamdyn
