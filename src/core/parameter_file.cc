#include "core/parameter_file.h"

#include "core/case_variables.h"
#include "core/input_error.h"
#include "core/subnormals.h"
#include "core/text.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>

namespace hamdyn {

namespace {
std::vector<std::string> split_path(const std::string& section) {
  std::vector<std::string> parts;
  std::stringstream ss(section);
  for (std::string part; std::getline(ss, part, '/');)
    if (!part.empty())
      parts.push_back(part);
  return parts;
}

// Enters a subsection path of a ParameterHandler for the lifetime of this object.
class SectionScope {
public:
  SectionScope(dealii::ParameterHandler& h, const std::string& section)
      : h_(h), depth_(split_path(section).size()) {
    for (const auto& s : split_path(section))
      h_.enter_subsection(s);
  }
  ~SectionScope() {
    for (std::size_t i = 0; i < depth_; ++i)
      h_.leave_subsection();
  }

private:
  dealii::ParameterHandler& h_;
  std::size_t depth_;
};

std::string join(const std::vector<std::string>& parts) {
  std::string s;
  for (const auto& p : parts)
    s += (s.empty() ? "" : "/") + p;
  return s;
}
} // namespace

std::string parameter_name(const std::string& section, const std::string& key) {
  return section.empty() ? key : section + "/" + key;
}

namespace {
bool is_numeric(const dealii::Patterns::PatternBase& pattern) {
  return dynamic_cast<const dealii::Patterns::Double*>(&pattern) != nullptr ||
         dynamic_cast<const dealii::Patterns::Integer*>(&pattern) != nullptr;
}

// A numeric key's value that is not a numeral is a constant expression (of the case's Variables,
// or of numbers alone: 7800*0.00005026 as much as 7800*5.026e-5): checked when it is read, once
// the definitions are known. A numeral is what strtod reads whole (blanks around it aside).
bool may_be_expression(const std::string& value) {
  const std::string text = trim(value);
  char* end = nullptr;
  std::strtod(text.c_str(), &end);
  return !text.empty() && *end != '\0';
}
} // namespace

void ParameterFile::declare(const std::string& section, const std::string& key,
                            const std::string& default_value,
                            const dealii::Patterns::PatternBase& pattern,
                            const std::string& allowed, const std::string& documentation) {
  {
    // A numeric key may hold an expression of Variables: ParameterHandler takes any text, and
    // set() and get_double() apply the pattern.
    SectionScope scope(handler_, section);
    if (is_numeric(pattern))
      handler_.declare_entry(key, default_value, dealii::Patterns::Anything(), documentation);
    else
      handler_.declare_entry(key, default_value, pattern, documentation);
  }
  entries_.push_back({section, key, default_value, allowed, documentation, pattern.clone()});
}

const ParameterFile::Entry* ParameterFile::find(const std::string& section,
                                                const std::string& key) const {
  for (const auto& e : entries_)
    if (e.section == section && e.key == key)
      return &e;
  return nullptr;
}

bool ParameterFile::has_section(const std::string& section) const {
  for (const auto& e : entries_)
    if (e.section == section || e.section.rfind(section + "/", 0) == 0)
      return true;
  return false;
}

namespace {
// ParameterHandler's patterns accept any numeral, but a value that overflows a double or a long,
// or a subnormal one (below 2.2e-308 in magnitude: too small for the arithmetic the models do
// with it, and refused by ParameterHandler::get_double), is bad input.
void check_number_range(const std::string& name, const std::string& value,
                        const dealii::Patterns::PatternBase& pattern) {
  const bool is_double = dynamic_cast<const dealii::Patterns::Double*>(&pattern) != nullptr;
  const bool is_integer = dynamic_cast<const dealii::Patterns::Integer*>(&pattern) != nullptr;
  if (!is_double && !is_integer)
    return;
  errno = 0;
  char* end = nullptr;
  if (is_integer) {
    std::strtol(value.c_str(), &end, 10);
    if (errno == ERANGE)
      throw InputError(name, value, "is out of the range of an integer");
    return;
  }
  const double x = std::strtod(value.c_str(), &end);
  if (errno == ERANGE && std::abs(x) > 1)
    throw InputError(name, value, "overflows a double (largest 1.8e308)");
  if (is_subnormal(x))
    throw InputError(name, value,
                     "is subnormal (below 2.2e-308 in magnitude); expected 0 or a normal number");
}
} // namespace

void ParameterFile::set(const std::string& section, const std::string& key,
                        const std::string& value) {
  if (section == "Variables" && key != "Definitions" && is_declared(section, "Definitions")) {
    // Variables/name = value: that definition replaced (the ones after it follow it)
    set(section, "Definitions", with_definition(get(section, "Definitions"), key, value));
    return;
  }
  const Entry* entry = find(section, key);
  if (entry == nullptr) {
    if (!has_section(section))
      throw InputError("unknown section '" + section + "' (see `hamdyn parameters`)");
    throw InputError("unknown parameter '" + key + "' in section '" + section +
                     "' (see `hamdyn parameters`)");
  }
  for (const char c : value) // a stray byte would pass some patterns and fail the conversion
    if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f) {
      char code[8];
      std::snprintf(code, sizeof code, "0x%02X", static_cast<unsigned char>(c));
      throw InputError(parameter_name(section, key), printable(value),
                       std::string("contains the control character ") + code + "; expected " +
                           entry->allowed);
    }
  const bool expression =
      is_numeric(*entry->pattern) && !entry->pattern->match(value) && may_be_expression(value);
  if (!expression && !entry->pattern->match(value))
    throw InputError(parameter_name(section, key), value, "expected " + entry->allowed);
  if (!expression)
    check_number_range(parameter_name(section, key), value, *entry->pattern);
  SectionScope scope(handler_, section);
  handler_.set(key, value);
  assignments_.push_back({section, key, value});
}

bool ParameterFile::is_declared(const std::string& section, const std::string& key) const {
  return find(section, key) != nullptr;
}

std::pair<std::string, std::string> split_parameter_name(const std::string& name,
                                                         const std::string& what) {
  const auto slash = name.rfind('/');
  if (slash == std::string::npos)
    throw InputError(what, name, "expected \"Section/Key\"");
  return {trim(name.substr(0, slash)), trim(name.substr(slash + 1))};
}

void ParameterFile::set(const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || assignment.substr(0, eq).find('/') == std::string::npos)
    throw InputError("--set", assignment, "expected \"Section/Key=value\"");
  const auto [section, key] = split_parameter_name(assignment.substr(0, eq), "--set");
  set(section, key, trim(assignment.substr(eq + 1)));
}

void ParameterFile::read(const std::string& path) {
  // A directory, a FIFO or a device is refused before it is opened (a FIFO would block).
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (error || !std::filesystem::exists(status))
    throw InputError("case file", path, "cannot be opened for reading");
  if (!std::filesystem::is_regular_file(status))
    throw InputError("case file", path, "is not a regular file; expected a .prm file");
  std::ifstream in(path);
  if (!in)
    throw InputError("case file", path, "cannot be opened for reading");
  read_stream(in, path);
  if (in.bad()) // a read error, e.g. /proc/self/mem
    throw InputError("case file", path, "cannot be read");
}

void ParameterFile::read_text(const std::string& text, const std::string& name) {
  std::istringstream in(text);
  read_stream(in, name);
}

void ParameterFile::read_stream(std::istream& in, const std::string& path) {
  // A key set twice, or a subsection opened twice, in one file is refused: ParameterHandler would
  // keep the last value silently, hiding the first (--set overrides are meant to override).
  std::map<std::string, unsigned> first_line;
  std::vector<std::string> stack;
  std::string line, pending;
  unsigned line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    line = line.substr(0, line.find('#'));
    if (!trim(line).empty() && trim(line).back() == '\\') { // continuation line
      pending += trim(line).substr(0, trim(line).size() - 1) + " ";
      continue;
    }
    line = trim(pending + line);
    pending.clear();
    if (line.empty())
      continue;
    const std::string where = path + ":" + std::to_string(line_number) + ": ";
    std::istringstream words(line);
    std::string command;
    words >> command;
    try {
      if (command == "subsection") {
        stack.push_back(trim(line.substr(command.size())));
        if (!has_section(join(stack)))
          throw InputError("unknown section '" + join(stack) + "' (see `hamdyn parameters`)");
        const auto [first, added] = first_line.emplace("subsection " + join(stack), line_number);
        if (!added)
          throw InputError("subsection '" + join(stack) + "' is opened again (first at line " +
                           std::to_string(first->second) + "); set its keys in one block");
      } else if (command == "end") {
        if (stack.empty())
          throw InputError("'end' without a matching 'subsection'");
        stack.pop_back();
      } else if (command == "set") {
        const auto eq = line.find('=');
        if (eq == std::string::npos)
          throw InputError("expected 'set Key = value', got '" + line + "'");
        const std::string key = trim(line.substr(3, eq - 3));
        set(join(stack), key, trim(line.substr(eq + 1)));
        const auto [first, added] =
            first_line.emplace(parameter_name(join(stack), key), line_number);
        if (!added)
          throw InputError(parameter_name(join(stack), key) + " is set twice (first at line " +
                           std::to_string(first->second) + "); keep one of them");
      } else {
        throw InputError("expected 'subsection', 'set' or 'end', got '" + line + "'");
      }
    } catch (const InputError& e) {
      throw InputError(where + e.what());
    }
  }
  if (!stack.empty())
    throw InputError(path + ": subsection '" + join(stack) + "' is not closed with 'end'");
}

std::string ParameterFile::get(const std::string& section, const std::string& key) const {
  SectionScope scope(handler_, section);
  return handler_.get(key);
}

double ParameterFile::get_double(const std::string& section, const std::string& key) const {
  const Entry* entry = find(section, key);
  const std::string text = get(section, key);
  if (entry != nullptr && !entry->pattern->match(text))
    return expression_value(*entry, text);
  SectionScope scope(handler_, section);
  return handler_.get_double(key);
}

long ParameterFile::get_integer(const std::string& section, const std::string& key) const {
  const Entry* entry = find(section, key);
  const std::string text = get(section, key);
  if (entry != nullptr && !entry->pattern->match(text)) {
    const double value = expression_value(*entry, text);
    if (value != std::round(value) || std::abs(value) > 2147483647.0)
      throw InputError(parameter_name(section, key), text,
                       "is " + text_of(value) + "; expected " + entry->allowed);
    return static_cast<long>(value);
  }
  SectionScope scope(handler_, section);
  return handler_.get_integer(key);
}

double ParameterFile::expression_value(const Entry& entry, const std::string& text) const {
  const std::string name = parameter_name(entry.section, entry.key);
  std::string why;
  const double value = constant_expression_value(name, text, why);
  if (std::isnan(value))
    throw InputError(name, text,
                     why + " (a numeric key holds " + entry.allowed +
                         " or a constant expression of " + definitions_parameter + ")");
  annotate(entry.section, entry.key + " = " + text + " = " + precise_text_of(value));
  return value;
}

bool ParameterFile::is_set(const std::string& section, const std::string& key) const {
  return std::any_of(assignments_.begin(), assignments_.end(),
                     [&](const Assignment& a) { return a.section == section && a.key == key; });
}

bool ParameterFile::is_default(const std::string& section, const std::string& key) const {
  const std::string value = trim(get(section, key)), declared = trim(default_value(section, key));
  if (value == declared)
    return true;
  // "100" and "100.0" are the same number
  char *value_end = nullptr, *declared_end = nullptr;
  const double a = std::strtod(value.c_str(), &value_end),
               b = std::strtod(declared.c_str(), &declared_end);
  return !value.empty() && !declared.empty() && *value_end == '\0' && *declared_end == '\0' &&
         a == b;
}

const std::string& ParameterFile::default_value(const std::string& section,
                                                const std::string& key) const {
  const Entry* entry = find(section, key);
  if (entry == nullptr)
    throw std::logic_error("undeclared parameter " + parameter_name(section, key));
  return entry->default_value;
}

std::vector<std::pair<std::string, std::string>> ParameterFile::entries() const {
  std::vector<std::pair<std::string, std::string>> list;
  for (const auto& e : entries_)
    list.emplace_back(e.section, e.key);
  return list;
}

std::string ParameterFile::settings() const {
  std::string text;
  for (const auto& e : entries_)
    if (!(e.section == "Output" && e.key == "Directory"))
      text += parameter_name(e.section, e.key) + " = " + get(e.section, e.key) + "\n";
  return text;
}

void ParameterFile::write(std::ostream& out) const {
  std::ostringstream text;
  handler_.print_parameters(text, dealii::ParameterHandler::PRM);
  std::string prm = text.str();
  // each section's notes, in the order they were made, at its start
  std::vector<std::pair<std::string, std::string>> notes;
  for (const auto& [section, comment] : annotations_) {
    auto it = std::find_if(notes.begin(), notes.end(),
                           [&, &s = section](const auto& n) { return n.first == s; });
    if (it == notes.end())
      it = notes.insert(notes.end(), {section, ""});
    it->second += "  # " + comment + "\n";
  }
  for (const auto& [section, block] : notes) {
    const std::string opening = "subsection " + section + "\n";
    std::size_t at = std::string::npos;
    if (prm.compare(0, opening.size(), opening) == 0)
      at = 0;
    else if (const auto found = prm.find("\n" + opening); found != std::string::npos)
      at = found + 1;
    if (at != std::string::npos)
      prm.insert(at + opening.size(), block);
  }
  out << prm;
}

void ParameterFile::annotate(const std::string& section, const std::string& comment) const {
  // parsed again: the same note once, and a section's derivation (a comment that begins as an
  // earlier one up to " = ") the latest
  // (found by an index: a case of 10^4 Variables makes as many notes)
  const auto [at, added] = annotation_index_.try_emplace(
      {section, comment.substr(0, comment.find(" = "))}, annotations_.size());
  if (added)
    annotations_.emplace_back(section, comment);
  else
    annotations_[at->second].second = comment;
}

void ParameterFile::print_documentation(std::ostream& out) const {
  std::string section;
  for (const auto& e : entries_) {
    if (e.section != section) {
      section = e.section;
      out << "\nsubsection " << section << "\n";
    }
    out << "  " << e.key << " = " << e.default_value << "\n"
        << "      allowed: " << e.allowed << "\n"
        << "      " << e.documentation << "\n";
  }
}

} // namespace hamdyn
