#pragma once
// The case file: deal.II ParameterHandler entries, each declared with its units and allowed
// values, read from a .prm file and from command-line overrides. Unlike
// ParameterHandler::parse_input, every problem is reported as a one-line InputError that names the
// parameter, the value and what is allowed.
#include <deal.II/base/parameter_handler.h>

#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace hamdyn {

/// One `set` of a case file or of --set, as given.
struct Assignment {
  std::string section, key, value;
};

class ParameterFile {
public:
  /// `section` is a '/'-separated subsection path; `allowed` is the human-readable range shown
  /// in errors and by `hamdyn parameters`; `documentation` includes the units.
  void declare(const std::string& section, const std::string& key, const std::string& default_value,
               const dealii::Patterns::PatternBase& pattern, const std::string& allowed,
               const std::string& documentation);

  /// Reads `set Key = value` lines inside `subsection ... end` blocks. Throws InputError.
  void read(const std::string& path);
  /// The same from text already in memory (the embedded default case); `name` stands for the
  /// file's path in messages.
  void read_text(const std::string& text, const std::string& name);
  /// An override "Section/Key=value" as given to --set. Throws InputError.
  void set(const std::string& assignment);
  void set(const std::string& section, const std::string& key, const std::string& value);

  std::string get(const std::string& section, const std::string& key) const;
  double get_double(const std::string& section, const std::string& key) const;
  long get_integer(const std::string& section, const std::string& key) const;
  /// True when the entry holds its declared default (as text, or as the same number).
  bool is_default(const std::string& section, const std::string& key) const;
  /// True when the case file or an override assigns the entry (to any value, its default too).
  bool is_set(const std::string& section, const std::string& key) const;
  /// The declared default of an entry, as `hamdyn parameters` prints it.
  const std::string& default_value(const std::string& section, const std::string& key) const;
  /// Whether section/key is a declared entry.
  bool is_declared(const std::string& section, const std::string& key) const;
  /// Every assignment read or set so far, in order (a later one of the same key wins).
  const std::vector<Assignment>& assignments() const { return assignments_; }
  /// Every declared entry as (section, key), in declaration order.
  std::vector<std::pair<std::string, std::string>> entries() const;
  /// Every entry's value as "Section/Key = value", one a line in declaration order, but
  /// Output/Directory (where a run writes is not what it computes): a checkpoint keeps it, so
  /// that a resume continues the case it was written for.
  std::string settings() const;

  /// Writes every value in .prm form (what a run used), with the documentation as comments and
  /// the annotations at the start of their sections.
  void write(std::ostream& out) const;
  /// A comment for `section` (a top-level subsection) in what write() writes: values derived
  /// while the file is parsed, e.g. a beam's stiffness from its section.
  void annotate(const std::string& section, const std::string& comment) const;
  /// Prints every parameter with default, allowed values and documentation (hamdyn parameters).
  void print_documentation(std::ostream& out) const;

private:
  struct Entry {
    std::string section, key, default_value, allowed, documentation;
    std::unique_ptr<dealii::Patterns::PatternBase> pattern;
  };
  const Entry* find(const std::string& section, const std::string& key) const;
  /// A numeric key's text that is not a numeral, as a constant expression of the Variables in
  /// effect (noted in what write() writes); InputError naming the key otherwise.
  double expression_value(const Entry& entry, const std::string& text) const;
  void read_stream(std::istream& in, const std::string& name);
  bool has_section(const std::string& section) const;

  mutable dealii::ParameterHandler handler_;
  std::vector<Entry> entries_;
  std::vector<Assignment> assignments_;
  // parsing reads a const file; what it derives is noted here for write()
  mutable std::vector<std::pair<std::string, std::string>> annotations_;
  // (section, a note's head up to " = ") -> its place in annotations_
  mutable std::map<std::pair<std::string, std::string>, std::size_t> annotation_index_;
};

/// "Section/Key" as written in messages.
std::string parameter_name(const std::string& section, const std::string& key);

/// "Section/Key" (the section itself may hold '/') split at its last '/'; InputError naming
/// `what` when there is no '/'.
std::pair<std::string, std::string> split_parameter_name(const std::string& name,
                                                         const std::string& what);

} // namespace hamdyn
