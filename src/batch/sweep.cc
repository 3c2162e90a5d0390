#include "batch/sweep.h"

#include "core/case_parameters.h"
#include "core/csv.h"
#include "core/input_error.h"
#include "core/text.h"
#include "studies/study_table.h"

#include <deal.II/base/utilities.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace hamdyn {

namespace {
namespace P = dealii::Patterns;

// "Section/Key" of a swept parameter, which must be a declared case parameter other than the
// output directory (batch gives each member its own).
void check_swept_name(const ParameterFile& file, const std::string& name,
                      const std::string& parameter) {
  const auto [section, key] = split_parameter_name(name, parameter);
  if (section == "Variables") // one definition; the members' cases check that it exists
    return;
  if (section == "Batch" || !file.is_declared(section, key))
    throw InputError(parameter, name,
                     "expected a case parameter as Section/Key (see `hamdyn "
                     "parameters`)");
  if (section == "Output" && key == "Directory")
    throw InputError(parameter, name,
                     "the output directory is set by batch (DIR/case_NNNN); sweep other keys");
}

// A sweep of more members than this is refused before its table is built (a Values line of six
// lists of 32 would be 10^9 members, tens of GB of strings before the first member runs).
constexpr double most_members = 1e6;

std::string count_text(double count) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", count);
  return text;
}

// `text` split at `separator` outside double quotes; a quoted part keeps its separators, and its
// quotes unless `unquote` ("10:400,1e4,30" is one value). An unmatched quote is bad input.
std::vector<std::string> split_quoted(const std::string& text, char separator, bool unquote) {
  std::vector<std::string> parts(1);
  bool quoted = false;
  for (const char ch : text)
    if (ch == '"') {
      quoted = !quoted;
      if (!unquote)
        parts.back() += ch;
    } else if (ch == separator && !quoted)
      parts.emplace_back();
    else
      parts.back() += ch;
  if (quoted)
    throw InputError("Batch/Values", text, "an unmatched '\"'; quote a value that holds , or ;");
  for (auto& part : parts)
    part = trim(part);
  return parts;
}

void check_not_swept_twice(const Sweep& sweep, const std::string& name,
                           const std::string& parameter) {
  if (std::find(sweep.swept.begin(), sweep.swept.end(), name) != sweep.swept.end())
    throw InputError(parameter, name, "is swept twice; expected each Section/Key once");
}

// "A/B = 1, 2; C/D = x, y": every combination, the last parameter varying fastest (as nested
// loops written in the same order). A value that holds a comma or a semicolon is quoted.
void read_values(const ParameterFile& file, const std::string& text, Sweep& sweep) {
  std::vector<std::vector<std::string>> lists;
  double count = 1;
  for (const std::string& item : split_quoted(text, ';', false)) {
    if (item.empty())
      continue;
    const auto eq = item.find('=');
    if (eq == std::string::npos)
      throw InputError("Batch/Values", item, "expected \"Section/Key = v1, v2, ...\"");
    const std::string name = trim(item.substr(0, eq));
    check_swept_name(file, name, "Batch/Values");
    check_not_swept_twice(sweep, name, "Batch/Values");
    const std::vector<std::string> values = split_quoted(item.substr(eq + 1), ',', true);
    if (std::find(values.begin(), values.end(), "") != values.end())
      throw InputError("Batch/Values", item, "expected a non-empty value between commas");
    sweep.swept.push_back(name);
    lists.push_back(values);
    count *= double(values.size());
  }
  if (count > most_members)
    throw InputError("Batch/Values", shortened(text),
                     "makes " + count_text(count) +
                         " members; expected at most 10^6 (split the sweep into several batches)");
  std::vector<std::vector<std::string>> members{{}};
  for (const auto& list : lists) {
    std::vector<std::vector<std::string>> extended;
    for (const auto& member : members)
      for (const auto& value : list) {
        extended.push_back(member);
        extended.back().push_back(value);
      }
    members = extended;
  }
  sweep.members = members;
}

void read_table(const ParameterFile& file, const std::string& path, Sweep& sweep) {
  std::error_code error; // a FIFO would block the reader, a directory fail it obscurely
  if (std::filesystem::exists(path, error) && !std::filesystem::is_regular_file(path, error))
    throw InputError("Batch/Table", path, "is not a regular file; expected a CSV file");
  const auto records = read_csv_file(path, "Batch/Table");
  if (records.empty())
    throw InputError("Batch/Table", path, "expected a header of Section/Key names and rows");
  for (const std::string& name : records[0])
    check_swept_name(file, trim(name), "Batch/Table " + path + " header");
  for (const auto& name : records[0]) {
    check_not_swept_twice(sweep, trim(name), "Batch/Table " + path + " header");
    sweep.swept.push_back(trim(name));
  }
  for (std::size_t r = 1; r < records.size(); ++r) {
    if (records[r].size() != records[0].size())
      throw InputError("Batch/Table", path,
                       "row " + std::to_string(r) + " has " + std::to_string(records[r].size()) +
                           " cells; the header names " + std::to_string(records[0].size()));
    std::vector<std::string> values;
    for (const auto& v : records[r])
      values.push_back(trim(v));
    sweep.members.push_back(values);
  }
  if (sweep.members.empty())
    throw InputError("Batch/Table", path, "expected at least one member row after the header");
}
} // namespace

void declare_batch_parameters(ParameterFile& f) {
  f.declare("Batch", "Case", "", P::Anything(), "empty or a case file",
            "The base case file every member starts from, relative to the sweep file (empty: "
            "none, the defaults `hamdyn parameters` prints, as for any case file; "
            "cases/default.prm is the built-in example). The sweep file's other sections "
            "override it for every member.");
  f.declare("Batch", "Study", "run", P::Selection(study_names("|", "|")), study_names(" | ", " | "),
            "The study each member runs.");
  f.declare("Batch", "Ranks per case", "1", P::Integer(1),
            "an integer >= 1 that divides the "
            "number of MPI ranks",
            "MPI ranks that solve one member together; the ranks form P / R groups that take "
            "the next member as they finish.");
  f.declare("Batch", "Table", "", P::Anything(), "empty or a CSV file",
            "The members as a CSV file, relative to the sweep file: a header of parameters "
            "written Section/Key, one row per member (quote a cell that holds a comma).");
  f.declare("Batch", "Values", "", P::Anything(),
            "empty or Section/Key = v1, v2, ...; Section/Key = ...",
            "The members as value lists, all combinations (the last list varying fastest), "
            "e.g. Right end/Point mass = 0.1, 0.2; Model/Tension = 50, 100. With neither Table "
            "nor Values the batch has one member.");
}

Sweep read_sweep(const std::string& path) {
  ParameterFile file;
  declare_case_parameters(file);
  declare_batch_parameters(file);
  if (std::filesystem::is_directory(path))
    throw InputError("sweep file", path, "is a directory; expected a file");
  file.read(path);

  Sweep sweep;
  sweep.file = path;
  const std::filesystem::path here = std::filesystem::path(path).parent_path();
  auto relative = [&](const std::string& name) {
    return (here / name).lexically_normal().string();
  };
  sweep.study = file.get("Batch", "Study");
  sweep.ranks_per_case = static_cast<unsigned int>(file.get_integer("Batch", "Ranks per case"));
  sweep.output_directory = file.get("Output", "Directory");
  if (sweep.output_directory.empty())
    throw InputError("Output/Directory", "", "expected a directory for the batch");
  const std::string base = file.get("Batch", "Case");
  sweep.base_case = base.empty() ? "" : relative(base);
  sweep.case_directory =
      base.empty() ? here.string() : std::filesystem::path(sweep.base_case).parent_path().string();
  if (!sweep.base_case.empty()) { // the base case's own syntax and keys are the sweep's input
    ParameterFile check;
    declare_case_parameters(check);
    check.read(sweep.base_case);
  }
  for (const Assignment& a : file.assignments())
    if (a.section != "Batch")
      sweep.overrides.push_back(a);

  const std::string table = file.get("Batch", "Table"), values = file.get("Batch", "Values");
  if (!table.empty() && !values.empty())
    throw InputError("Batch/Values", values,
                     "expected empty when Batch/Table is set (one or "
                     "the other names the members)");
  if (!table.empty())
    read_table(file, relative(table), sweep);
  else if (!values.empty())
    read_values(file, values, sweep);
  else
    sweep.members = {{}};
  return sweep;
}

void read_member_case(const Sweep& sweep, std::size_t k, const std::vector<std::string>& extra,
                      const std::string& directory, ParameterFile& file) {
  // Without a base case the sweep file is the case, with the defaults as any case file gets
  // (never the built-in example's values: a key the sweep file leaves out is the default).
  if (!sweep.base_case.empty())
    file.read(sweep.base_case);
  for (const Assignment& a : sweep.overrides)
    file.set(a.section, a.key, a.value);
  for (const std::string& assignment : extra)
    file.set(assignment);
  for (std::size_t i = 0; i < sweep.swept.size(); ++i) {
    const auto [section, key] = split_parameter_name(sweep.swept[i], "swept parameter");
    file.set(section, key, sweep.members[k][i]);
  }
  file.set("Output", "Directory", directory);
}

} // namespace hamdyn
