#include "core/failure_message.h"

#include <cctype>
#include <string>

namespace hamdyn {

namespace {
// The line after `heading` in deal.II's report of an exception, trimmed ("" when none).
std::string line_after(const std::string& report, const std::string& heading) {
  const auto at = report.find(heading);
  if (at == std::string::npos)
    return "";
  const auto begin = report.find_first_not_of(" \t\n", at + heading.size());
  if (begin == std::string::npos)
    return "";
  return report.substr(begin, report.find('\n', begin) - begin);
}
} // namespace

std::string failure_message(const std::exception& e) {
  std::string text = e.what();
  const std::string info = "Additional information:", trace = "Stacktrace:";
  if (const auto begin = text.find(info); begin != std::string::npos) {
    const auto end = text.find(trace, begin);
    const std::string report = text;
    text = text.substr(begin + info.size(),
                       end == std::string::npos ? std::string::npos : end - begin - info.size());
    // a deal.II check with no message of its own says "(none)": name the check and where it is
    if (text.find_first_not_of(" \t\n") == text.find("(none)")) {
      const std::string condition = line_after(report, "The violated condition was:");
      std::string where;
      const auto line = report.find("in line <"), file = report.find("of file <");
      if (line != std::string::npos && file != std::string::npos) {
        const std::string path = report.substr(file + 9, report.find('>', file + 9) - (file + 9));
        where = path.substr(path.find_last_of('/') + 1) + ":" +
                report.substr(line + 9, report.find('>', line + 9) - (line + 9));
      }
      text = "an internal check failed" + (condition.empty() ? "" : ": " + condition) +
             (where.empty() ? "" : " (" + where + ")");
    }
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
