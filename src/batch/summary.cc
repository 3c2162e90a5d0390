#include "batch/summary.h"

#include "core/csv.h"
#include "output/history_writer.h"
#include "storage/atomic_file.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>

namespace hamdyn {

namespace {
const std::vector<std::string> fixed_columns{"case", "status", "message", "seconds"};

// wall times to the millisecond: more digits would be noise
std::string seconds(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", value);
  return text;
}

double number_or_nan(const std::string& text) {
  if (text.empty())
    return std::numeric_limits<double>::quiet_NaN();
  std::size_t used = 0;
  try {
    const double value = std::stod(text, &used);
    if (used == text.size())
      return value;
  } catch (const std::exception&) {
  }
  return std::numeric_limits<double>::quiet_NaN();
}
} // namespace

std::string case_name(std::size_t k) {
  char name[32];
  std::snprintf(name, sizeof name, "case_%04zu", k);
  return name;
}

void write_summary(const std::string& path, const std::vector<std::string>& swept,
                   const std::vector<MemberResult>& rows, std::size_t first) {
  std::vector<std::string> result_columns;
  for (const auto& row : rows)
    for (const auto& [name, value] : row.results.entries)
      if (std::find(result_columns.begin(), result_columns.end(), name) == result_columns.end())
        result_columns.push_back(name);
  std::vector<std::string> header = fixed_columns;
  header.insert(header.end(), swept.begin(), swept.end());
  header.insert(header.end(), result_columns.begin(), result_columns.end());

  // Written whole and renamed (storage/atomic_file.h): a batch killed while it writes a summary
  // leaves the previous one. Not synced: a member's row is written after every member.
  std::string out = csv_record(header) + '\n';
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const MemberResult& r = rows[k];
    std::vector<std::string> fields{case_name(first + k), r.status, r.message,
                                    r.status == "not run" ? "" : seconds(r.seconds)};
    for (std::size_t i = 0; i < swept.size(); ++i)
      fields.push_back(i < r.values.size() ? r.values[i] : "");
    for (const auto& column : result_columns) {
      std::string field;
      for (const auto& [name, value] : r.results.entries)
        if (name == column)
          field = format_cell(value);
      fields.push_back(field);
    }
    out += csv_record(fields) + '\n';
  }
  write_file_atomically(path, out, /*durable=*/false);
}

bool read_summary(const std::string& path, const std::vector<std::string>& swept,
                  std::vector<MemberResult>& rows, std::size_t first) {
  std::ifstream in(path);
  if (!in)
    return false;
  std::vector<std::vector<std::string>> records;
  try {
    records = read_csv(in, path);
  } catch (const std::exception&) {
    return false; // a damaged summary counts as no summary: its members run again
  }
  if (records.empty() || records[0].size() < fixed_columns.size() + swept.size() ||
      !std::equal(fixed_columns.begin(), fixed_columns.end(), records[0].begin()))
    return false;
  const auto& header = records[0];
  for (std::size_t r = 1; r < records.size(); ++r) {
    const auto& record = records[r];
    if (record.size() != header.size())
      continue;
    std::size_t k = 0;
    if (std::sscanf(record[0].c_str(), "case_%zu", &k) != 1 || k < first ||
        k >= first + rows.size())
      continue;
    MemberResult& m = rows[k - first];
    m = MemberResult{};
    m.status = record[1];
    m.message = record[2];
    m.seconds = number_or_nan(record[3]);
    for (const std::string& name : swept) {
      const auto column = std::find(header.begin(), header.end(), name);
      m.values.push_back(column == header.end() ? "" : record[column - header.begin()]);
    }
    for (std::size_t c = fixed_columns.size(); c < header.size(); ++c)
      if (std::find(swept.begin(), swept.end(), header[c]) == swept.end())
        m.results.add(header[c], number_or_nan(record[c]));
  }
  return true;
}

} // namespace hamdyn
