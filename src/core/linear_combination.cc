#include "core/linear_combination.h"

#include "core/expression.h"
#include "core/input_error.h"
#include "core/text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

namespace hamdyn {

namespace {
bool is_name_character(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The terms of `text` with their signs: split at + and - outside parentheses, except a sign of
// an exponent (1e-3).
std::vector<std::pair<double, std::string>> signed_terms(const std::string& text) {
  std::vector<std::pair<double, std::string>> terms;
  double sign = 1;
  std::string term;
  int depth = 0;
  bool dangling = false; // a sign with no term after it yet
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    const bool exponent =
        i >= 2 && (text[i - 1] == 'e' || text[i - 1] == 'E') &&
        (std::isdigit(static_cast<unsigned char>(text[i - 2])) || text[i - 2] == '.');
    if ((c == '+' || c == '-') && depth == 0 && !exponent) {
      if (!trim(term).empty()) {
        terms.emplace_back(sign, trim(term));
        term.clear();
        sign = 1;
      }
      if (c == '-')
        sign = -sign;
      dangling = true;
      continue;
    }
    term += c;
    dangling = dangling && std::isspace(static_cast<unsigned char>(c));
  }
  // a trailing sign ("x1 +") leaves an empty term, which no coordinate matches
  if (!trim(term).empty() || dangling)
    terms.emplace_back(sign, trim(term));
  return terms;
}

double constant(const std::string& text, const std::string& parameter, const std::string& all) {
  const Expression e(parameter, text, {"t"});
  if (!e.is_time_independent())
    throw InputError(parameter, all, "expected constant coefficients, not '" + text + "'");
  return e(0, 0);
}
} // namespace

std::vector<double> parse_linear_combination(const std::string& text,
                                             const std::vector<std::string>& coordinates,
                                             const std::string& parameter) {
  const std::string allowed = "expected a linear combination of the coordinates (" + [&] {
    std::string names;
    for (const auto& n : coordinates)
      names += (names.empty() ? "" : ", ") + n;
    return names;
  }() + "), terms name, c*name or name*c joined by + and -";
  std::vector<double> row(coordinates.size(), 0.0);
  const auto terms = signed_terms(text);
  if (terms.empty())
    throw InputError(parameter, text, allowed);
  for (const auto& [sign, term] : terms) {
    // the coordinate: a whole name before or after a top-level '*', or the whole term
    std::string name = term, coefficient;
    const std::size_t star = term.find('*');
    if (star != std::string::npos) {
      const std::string left = trim(term.substr(0, star)), right = trim(term.substr(star + 1));
      if (left.empty() || right.empty()) // "x1 +* x2": a '*' with nothing on one side
        throw InputError(parameter, text, "a '*' without a factor; " + allowed);
      const bool left_is_name =
          std::find(coordinates.begin(), coordinates.end(), left) != coordinates.end();
      name = left_is_name ? left : right;
      coefficient = left_is_name ? right : left;
    }
    const auto at = std::find(coordinates.begin(), coordinates.end(), name);
    if (at == coordinates.end()) {
      const bool looks_like_name = !name.empty() &&
                                   std::all_of(name.begin(), name.end(), is_name_character) &&
                                   !std::isdigit(static_cast<unsigned char>(name[0]));
      throw InputError(parameter, text,
                       looks_like_name ? "'" + name + "' is not a coordinate; " + allowed
                                       : allowed);
    }
    const double c = coefficient.empty() ? 1.0 : constant(coefficient, parameter, text);
    if (!std::isfinite(c))
      throw InputError(parameter, text, "a coefficient is not finite; " + allowed);
    row[std::size_t(at - coordinates.begin())] += sign * c;
  }
  if (std::all_of(row.begin(), row.end(), [](double c) { return c == 0; }))
    throw InputError(parameter, text, "the combination is zero; " + allowed);
  return row;
}

std::string format_linear_combination(const std::vector<double>& row,
                                      const std::vector<std::string>& coordinates) {
  std::ostringstream out;
  out.precision(12);
  bool first = true;
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (row[i] == 0)
      continue;
    const double c = std::abs(row[i]);
    out << (first ? (row[i] < 0 ? "-" : "") : (row[i] < 0 ? " - " : " + "));
    if (c != 1)
      out << c << "*";
    out << coordinates[i];
    first = false;
  }
  return out.str();
}

} // namespace hamdyn
