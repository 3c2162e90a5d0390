#pragma once
// Reading a case's keys into values, the checks every component's parser shares: a number in a
// range, an expression, a force law, a dashpot's "c,p", a list's entries. Each throws InputError
// naming the key, its text and what is allowed.
#include "core/expression.h"
#include "core/parameter_file.h"

#include <string>
#include <utility>
#include <vector>

namespace hamdyn {

/// What a key's range is called in `hamdyn parameters` and in messages.
extern const char* const nonnegative_text; // "a real number >= 0"
extern const char* const positive_text;    // "a real number > 0"

double nonnegative_value(const ParameterFile& f, const std::string& s, const std::string& k);
double positive_value(const ParameterFile& f, const std::string& s, const std::string& k);
double finite_value(const ParameterFile& f, const std::string& s, const std::string& k);
/// The key as an expression in `variables` (validated).
ExpressionPtr expression(const ParameterFile& f, const std::string& s, const std::string& k,
                         const std::vector<std::string>& variables);
// A force law in one variable; null when it is the constant 0 (no element). A law must be finite
// at zero extension: it is evaluated there first.
ExpressionPtr force_law(const ParameterFile& f, const std::string& s, const std::string& k,
                        const std::string& variable);
// "c,p" of a dashpot of degree p: c >= 0 and p >= 1, both finite; {0, 2} for "0" (none).
// `shown` is what an error message quotes (the text, or the list item it came from).
std::pair<double, double> dashpot_law(const std::string& name, const std::string& text,
                                      const std::string& shown, const std::string& allowed);
// The trimmed entries of a `separator`-separated list (none when it is blank); an empty entry
// ("a;;b", "a;") is bad input naming `parameter`, as a typo that would otherwise drop an item.
std::vector<std::string> list_entries(const std::string& text, char separator,
                                      const std::string& parameter);
/// Section/key: "s: value; ..." (none when blank), each s finite and each value > 0 and finite,
/// in the order given. `symbol` names a value and `meaning` says what it is with its unit ("the
/// mass m > 0 [kg]"), `coordinate` what s is ("the unstretched coordinate from the left
/// support"), for the message.
std::vector<std::pair<double, double>>
located_values(const ParameterFile& f, const std::string& section, const std::string& key,
               const std::string& symbol, const std::string& meaning,
               const std::string& coordinate);

} // namespace hamdyn
