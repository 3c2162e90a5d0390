#include "core/text.h"

#include <cstdio>
#include <sstream>

namespace hamdyn {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::vector<std::string> top_level_items(const std::string& text) {
  std::vector<std::string> items(1);
  int depth = 0;
  for (const char ch : text) {
    depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
    if (ch == ',' && depth == 0)
      items.emplace_back();
    else
      items.back() += ch;
  }
  for (std::string& item : items)
    item = trim(item);
  return items;
}

std::string printable(const std::string& s) {
  // Control characters and bytes that are not valid UTF-8 (RFC 3629, sec. 4) become '?'; a
  // message stays one printable line whatever a case file or the command line held.
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const auto byte = static_cast<unsigned char>(s[i]);
    const std::size_t length = byte < 0x80           ? 1
                               : (byte >> 5) == 0x6  ? 2
                               : (byte >> 4) == 0xe  ? 3
                               : (byte >> 3) == 0x1e ? 4
                                                     : 0;
    bool valid = length > 0 && i + length <= s.size() && !(byte < 0x20 || byte == 0x7f);
    for (std::size_t k = 1; valid && k < length; ++k)
      valid = (static_cast<unsigned char>(s[i + k]) >> 6) == 0x2;
    if (valid) {
      out.append(s, i, length);
      i += length;
    } else {
      out += '?';
      ++i;
    }
  }
  return out;
}

std::string shortened(const std::string& value, std::size_t at_most) {
  if (value.size() <= at_most)
    return value;
  std::size_t cut = at_most * 3 / 4;
  while (cut > 0 && (static_cast<unsigned char>(value[cut]) >> 6) == 0x2)
    --cut; // not inside a UTF-8 sequence
  return value.substr(0, cut) + "... (" + std::to_string(value.size()) + " characters)";
}

std::string text_of(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

std::string precise_text_of(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.15g", value);
  return text;
}

std::string format_number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

} // namespace hamdyn
