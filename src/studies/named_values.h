#pragma once
// The scalar results a study reports for one case, by name and in order: what `hamdyn batch`
// writes as the case's columns of summary.csv. NaN stands for "not available" (a blank cell).
// `warnings` say what a value may be off by; `hamdyn batch` prints them with the case's name.
#include <string>
#include <utility>
#include <vector>

namespace hamdyn {

struct NamedValues {
  std::vector<std::pair<std::string, double>> entries;
  std::vector<std::string> warnings;
  void add(const std::string& name, double value) { entries.emplace_back(name, value); }
};

} // namespace hamdyn
