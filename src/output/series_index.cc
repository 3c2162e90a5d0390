#include "output/series_index.h"

#include "output/atomic_file.h"

#include <deal.II/base/data_out_base.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <sstream>

namespace hamdyn {

namespace {
bool ends_with(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

// The number of `file` when it is one of series `name`'s files, else -1.
long series_file_number(const std::string& file, const std::string& name) {
  if (file.rfind(name + "_", 0) != 0)
    return -1;
  const std::string rest = file.substr(name.size() + 1);
  std::size_t end = 0;
  while (end < rest.size() && std::isdigit(static_cast<unsigned char>(rest[end])))
    ++end;
  if (end != 5 || rest.size() < 9 || rest[5] != '.' ||
      !(ends_with(rest, ".pvtu") || ends_with(rest, ".vtu") || ends_with(rest, ".vtp")))
    return -1;
  return std::stol(rest.substr(0, end));
}
} // namespace

std::string series_file_base(const std::string& name, std::size_t index) {
  char digits[32];
  std::snprintf(digits, sizeof digits, "_%05zu", index);
  return name + digits;
}

void write_series_index(const std::string& directory, const std::string& name,
                        const SeriesRecords& records) {
  std::ostringstream pvd;
  dealii::DataOutBase::write_pvd_record(pvd, records);
  write_file_atomically(directory + "/" + name + ".pvd", pvd.str(), false);
}

void remove_series_files_from(const std::string& directory, const std::string& name,
                              std::size_t first) {
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    const long number = series_file_number(entry.path().filename().string(), name);
    if (number >= long(first))
      std::filesystem::remove(entry.path());
  }
}

} // namespace hamdyn
