#pragma once
// Small text helpers shared by the readers of case files, sweeps and tables.
#include <string>
#include <vector>

namespace hamdyn {

/// `s` without leading and trailing blanks (spaces, tabs, carriage returns).
std::string trim(const std::string& s);

/// "a, b, c" cut at the commas outside parentheses, each item trimmed: a list of expressions,
/// whose functions' arguments (min(t, 1)) have commas of their own.
std::vector<std::string> top_level_items(const std::string& text);

/// `s` with every control character (a line break, a NUL, ...) and every byte that is not valid
/// UTF-8 shown as '?': what a one-line message may quote of a user's input.
std::string printable(const std::string& s);

/// `value` when it has at most `at_most` bytes, else its beginning and "... (N characters)": a
/// message quotes a 1 MB value without echoing it whole.
std::string shortened(const std::string& value, std::size_t at_most = 200);

/// `value` as a message quotes it (an ostream's default format: 1e+308, 0.005).
std::string text_of(double value);
/// `value` with 15 significant digits ("%.15g"): a derived value noted for the record.
std::string precise_text_of(double value);
/// `value` with 17 significant digits ("%.17g"), which read back give the same double: the
/// numbers of tables and checkpoints.
std::string format_number(double value);

} // namespace hamdyn
