#include "batch/sweep.h"

#include "core/case_parameters.h"
#include "core/csv.h"
#include "core/default_case.h"
#include "core/input_error.h"
#include "core/text.h"

#include <deal.II/base/utilities.h>

#include <algorithm>
#include <filesystem>

namespace hamdyn {

namespace {
namespace P = dealii::Patterns;

// "Section/Key" of a swept parameter, which must be a declared case parameter other than the
// output directory (batch gives each member its own).
void check_swept_name(const ParameterFile& file, const std::string& name,
                      const std::string& parameter) {
  const auto [section, key] = split_parameter_name(name, parameter);
  if (section == "Batch" || !file.is_declared(section, key))
    throw InputError(parameter, name,
                     "expected a case parameter as Section/Key (see `hamdyn "
                     "parameters`)");
  if (section == "Output" && key == "Directory")
    throw InputError(parameter, name,
                     "the output directory is set by batch (DIR/case_NNNN); sweep other keys");
}

// "A/B = 1, 2; C/D = x, y": every combination, the last parameter varying fastest (as nested
// loops written in the same order).
void read_values(const ParameterFile& file, const std::string& text, Sweep& sweep) {
  std::vector<std::vector<std::string>> lists;
  for (const std::string& item : dealii::Utilities::split_string_list(text, ';')) {
    const auto eq = item.find('=');
    if (eq == std::string::npos)
      throw InputError("Batch/Values", item, "expected \"Section/Key = v1, v2, ...\"");
    const std::string name = trim(item.substr(0, eq));
    check_swept_name(file, name, "Batch/Values");
    std::vector<std::string> values;
    for (const std::string& v : dealii::Utilities::split_string_list(item.substr(eq + 1), ','))
      values.push_back(trim(v));
    if (values.empty() || std::find(values.begin(), values.end(), "") != values.end())
      throw InputError("Batch/Values", item, "expected a non-empty value between commas");
    sweep.swept.push_back(name);
    lists.push_back(values);
  }
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
  const auto records = read_csv_file(path, "Batch/Table");
  if (records.empty())
    throw InputError("Batch/Table", path, "expected a header of Section/Key names and rows");
  for (const std::string& name : records[0])
    check_swept_name(file, trim(name), "Batch/Table " + path + " header");
  for (const auto& name : records[0])
    sweep.swept.push_back(trim(name));
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
            "the built-in example cases/default.prm). The sweep file's other sections override "
            "it for every member.");
  f.declare("Batch", "Study", "run", P::Selection("run|modes|compare|converge"),
            "run | modes | compare | converge", "The study each member runs.");
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
  if (sweep.base_case.empty())
    file.read_text(default_case_text(), default_case_name);
  else
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
