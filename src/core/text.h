#pragma once
// Small text helpers shared by the readers of case files, sweeps and tables.
#include <string>

namespace hamdyn {

/// `s` without leading and trailing blanks (spaces, tabs, carriage returns).
std::string trim(const std::string& s);

} // namespace hamdyn
