#include "core/failure_message.h"

#include <cctype>

namespace hamdyn {

std::string failure_message(const std::exception& e) {
  std::string text = e.what();
  const std::string info = "Additional information:", trace = "Stacktrace:";
  if (const auto begin = text.find(info); begin != std::string::npos) {
    const auto end = text.find(trace, begin);
    text = text.substr(begin + info.size(),
                       end == std::string::npos ? std::string::npos : end - begin - info.size());
  }
  std::string line;
  for (const char ch : text) {
    if (std::isspace(static_cast<unsigned char>(ch))) {
      if (!line.empty() && line.back() != ' ')
        line += ' ';
    } else if (ch != '-' || !line.empty()) { // deal.II's report opens with a rule of dashes
      line += ch;
    }
  }
  while (!line.empty() && line.back() == ' ')
    line.pop_back();
  return line.empty() ? "unknown failure" : line;
}

} // namespace hamdyn
