#include "core/text.h"

namespace hamdyn {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

} // namespace hamdyn
