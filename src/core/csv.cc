#include "core/csv.h"

#include "core/input_error.h"

#include <fstream>

namespace hamdyn {

std::vector<std::vector<std::string>> read_csv(std::istream& in, const std::string& name) {
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> record;
  std::string field;
  bool quoted = false, field_started = false;
  unsigned line = 1, record_line = 1;
  auto end_record = [&] {
    record.push_back(field);
    const bool blank = record.size() == 1 && record[0].empty() && !field_started;
    if (!blank)
      records.push_back(record);
    record.clear();
    field.clear();
    field_started = false;
  };
  for (char ch; in.get(ch);) {
    if (quoted) {
      if (ch == '"') {
        if (in.peek() == '"') {
          field += '"';
          in.get();
        } else
          quoted = false;
      } else {
        if (ch == '\n')
          ++line;
        field += ch;
      }
    } else if (ch == '"') {
      quoted = field_started = true;
    } else if (ch == ',') {
      record.push_back(field);
      field.clear();
      field_started = true;
    } else if (ch == '\n') {
      end_record();
      record_line = ++line;
    } else if (ch != '\r') {
      field += ch;
      field_started = true;
    }
  }
  if (quoted)
    throw InputError(name + ":" + std::to_string(record_line) + ": a quoted field is not closed");
  if (field_started || !record.empty())
    end_record();
  return records;
}

std::vector<std::vector<std::string>> read_csv_file(const std::string& path,
                                                    const std::string& parameter) {
  std::ifstream in(path);
  if (!in)
    throw InputError(parameter, path, "a CSV file that can be opened for reading");
  return read_csv(in, path);
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos)
    return text;
  std::string quoted = "\"";
  for (char ch : text)
    quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + "\"";
}

std::string csv_record(const std::vector<std::string>& fields) {
  std::string record;
  for (std::size_t i = 0; i < fields.size(); ++i)
    record += (i ? "," : "") + csv_field(fields[i]);
  return record;
}

} // namespace hamdyn
