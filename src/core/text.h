#pragma once
// Small text helpers shared by the readers of case files, sweeps and tables.
#include <string>

namespace hamdyn {

/// `s` without leading and trailing blanks (spaces, tabs, carriage returns).
std::string trim(const std::string& s);

/// `s` with every control character (a line break, a NUL, ...) shown as '?': what a one-line
/// message may quote of a user's input.
std::string printable(std::string s);

} // namespace hamdyn
