#pragma once
// Comma-separated tables (RFC 4180): a batch's member table and its summaries. Written by hand
// because nothing in the stack reads CSV (deal.II's TableHandler only writes).
#include <istream>
#include <string>
#include <vector>

namespace hamdyn {

/// The records of a CSV text: fields split at commas, a field in double quotes may hold commas,
/// line breaks and "" for a quote. Blank lines are skipped. Throws InputError naming `name` and
/// the line for an unterminated quote.
std::vector<std::vector<std::string>> read_csv(std::istream& in, const std::string& name);

/// The same from a file; InputError naming `parameter` when it cannot be opened.
std::vector<std::vector<std::string>> read_csv_file(const std::string& path,
                                                    const std::string& parameter);

/// A field as written into a CSV record: quoted when it holds a comma, a quote or a line break.
std::string csv_field(const std::string& text);

/// A whole record (fields joined by commas, no line end).
std::string csv_record(const std::vector<std::string>& fields);

} // namespace hamdyn
