#include "core/parameter_values.h"

#include "core/case_parameters.h"
#include "core/input_error.h"
#include "core/text.h"

#include <cmath>
#include <sstream>

namespace hamdyn {

const char* const nonnegative_text = "a real number >= 0";
const char* const positive_text = "a real number > 0";

double nonnegative_value(const ParameterFile& f, const std::string& s, const std::string& k) {
  const double v = f.get_double(s, k);
  if (!(v >= 0))
    throw InputError(parameter_name(s, k), f.get(s, k),
                     std::string("expected ") + nonnegative_text);
  return v;
}

double positive_value(const ParameterFile& f, const std::string& s, const std::string& k) {
  const double v = f.get_double(s, k);
  if (!(v > 0))
    throw InputError(parameter_name(s, k), f.get(s, k), std::string("expected ") + positive_text);
  return v;
}

double finite_value(const ParameterFile& f, const std::string& s, const std::string& k) {
  const double v = f.get_double(s, k);
  if (!std::isfinite(v))
    throw InputError(parameter_name(s, k), f.get(s, k), "expected a finite real number");
  return v;
}

ExpressionPtr expression(const ParameterFile& f, const std::string& s, const std::string& k,
                         const std::vector<std::string>& variables) {
  return std::make_shared<const Expression>(parameter_name(s, k), f.get(s, k), variables);
}

ExpressionPtr force_law(const ParameterFile& f, const std::string& s, const std::string& k,
                        const std::string& variable) {
  auto law = expression(f, s, k, {variable});
  if (law->is_zero())
    return nullptr;
  if (!std::isfinite((*law)(0.0, 0)))
    throw InputError(parameter_name(s, k), f.get(s, k),
                     "not finite at " + variable + " = 0; expected a finite force law");
  return law;
}

std::pair<double, double> dashpot_law(const std::string& name, const std::string& text,
                                      const std::string& shown, const std::string& allowed) {
  std::vector<double> v;
  std::stringstream parts(text);
  for (std::string part; std::getline(parts, part, ',');)
    v.push_back(number(trim(part)));
  if (v.size() == 1 && v[0] == 0)
    return {0, 2};
  if (v.size() != 2 || !(v[0] >= 0) || !std::isfinite(v[0]) || !(v[1] >= 1) || !std::isfinite(v[1]))
    throw InputError(name, shown, allowed);
  return {v[0], v[1]};
}

std::vector<std::string> list_entries(const std::string& text, char separator,
                                      const std::string& parameter) {
  std::vector<std::string> entries;
  if (trim(text).empty())
    return entries;
  std::stringstream items(text + separator); // a trailing separator leaves an empty last entry
  for (std::string item; std::getline(items, item, separator);) {
    item = trim(item);
    if (item.empty())
      throw InputError(parameter, text,
                       std::string("an empty entry; expected entries separated by '") + separator +
                           "'");
    entries.push_back(item);
  }
  return entries;
}

std::vector<std::pair<double, double>>
located_values(const ParameterFile& f, const std::string& section, const std::string& key,
               const std::string& symbol, const std::string& meaning,
               const std::string& coordinate) {
  const std::string parameter = parameter_name(section, key);
  std::vector<std::pair<double, double>> items;
  for (const std::string& item : list_entries(f.get(section, key), ';', parameter)) {
    const auto colon = item.find(':');
    double s = NAN, value = NAN;
    if (colon != std::string::npos) {
      s = number(trim(item.substr(0, colon)));
      value = number(trim(item.substr(colon + 1)));
    }
    if (colon == std::string::npos || !std::isfinite(s) || !(value > 0) || !std::isfinite(value))
      throw InputError(parameter, item,
                       "expected 's: " + symbol + "' with s " + coordinate + " [m] and " + meaning +
                           ", items separated by ';'");
    items.emplace_back(s, value);
  }
  return items;
}

} // namespace hamdyn
