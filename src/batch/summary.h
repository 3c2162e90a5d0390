#pragma once
// A batch's summary: one row per member with case,status,message,seconds, the swept parameters
// and the study's results. Each finished member also leaves its own row as a one-row summary
// (DIR/case_NNNN/result.csv), so a batch that was killed, or ran as slices of a job array,
// can be resumed and merged from what its members wrote.
#include "studies/named_values.h"

#include <string>
#include <vector>

namespace hamdyn {

struct MemberResult {
  std::string status = "not run"; // ok | bad input | failed | stopped | not run
  std::string message;
  double seconds = 0;              // wall time of the member [s]
  std::vector<std::string> values; // its values of the swept parameters
  NamedValues results;
};

/// "case_0007": member k's directory name (at least four digits).
std::string case_name(std::size_t k);

/// Writes the rows (members first..first+rows.size()-1) under one header whose result columns
/// are every result name in order of first appearance; a result a row lacks, or NaN, is blank.
/// Written to a temporary file and renamed, so a reader never sees half a summary.
void write_summary(const std::string& path, const std::vector<std::string>& swept,
                   const std::vector<MemberResult>& rows, std::size_t first);

/// The rows of a summary written by write_summary whose case names are members first...; rows
/// it lacks stay "not run". Returns false when the file is missing or unreadable.
bool read_summary(const std::string& path, const std::vector<std::string>& swept,
                  std::vector<MemberResult>& rows, std::size_t first);

} // namespace hamdyn
