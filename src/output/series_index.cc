#include "output/series_index.h"

#include "storage/atomic_file.h"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fcntl.h>
#include <unistd.h>

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
  if (end < 5 || rest.size() < end + 4 || rest[end] != '.' ||
      !(ends_with(rest, ".pvtu") || ends_with(rest, ".vtu") || ends_with(rest, ".vtp")))
    return -1;
  return std::stol(rest.substr(0, end));
}

// The .pvd text is written here, not by deal.II's DataOutBase::write_pvd_record, which prints the
// times at the stream's default 6 significant digits (late in a long run, snapshots 1e-4 s apart
// at t = 123.4561 and 123.4562 would share a time, and ParaView would show one of them) and can
// only write a whole index, which a run of N snapshots would rewrite N times (O(N^2) bytes: about
// 140 MB for 2000 snapshots, 700 GB for 10^5). Times are the shortest text that reads back as
// the same double (std::to_chars).
const std::string pvd_head =
    "<?xml version=\"1.0\"?>\n<VTKFile type=\"Collection\" version=\"0.1\" "
    "ByteOrder=\"LittleEndian\">\n  <Collection>\n";
const std::string pvd_tail = "  </Collection>\n</VTKFile>\n";

std::string pvd_entry(const std::pair<double, std::string>& record) {
  char time[32];
  const auto end = std::to_chars(time, time + sizeof time, record.first).ptr;
  return "    <DataSet timestep=\"" + std::string(time, end) + "\" group=\"\" part=\"0\" file=\"" +
         record.second + "\"/>\n";
}
} // namespace

std::string series_file_base(const std::string& name, std::size_t index) {
  char digits[32];
  std::snprintf(digits, sizeof digits, "_%05zu", index);
  return name + digits;
}

void write_series_index(const std::string& directory, const std::string& name,
                        const SeriesRecords& records) {
  std::string pvd = pvd_head;
  for (const auto& record : records)
    pvd += pvd_entry(record);
  write_file_atomically(directory + "/" + name + ".pvd", pvd + pvd_tail, false);
}

void append_series_record(const std::string& directory, const std::string& name,
                          const SeriesRecords& records) {
  const std::string path = directory + "/" + name + ".pvd";
  const int fd = records.size() > 1 ? ::open(path.c_str(), O_RDWR | O_CLOEXEC) : -1;
  const off_t size = fd >= 0 ? ::lseek(fd, 0, SEEK_END) : -1;
  std::string end(pvd_tail.size(), '\0');
  if (size < off_t(pvd_head.size() + pvd_tail.size()) ||
      ::pread(fd, end.data(), end.size(), size - off_t(end.size())) != ssize_t(end.size()) ||
      end != pvd_tail) { // no index of ours to add to: the whole of it
    if (fd >= 0)
      ::close(fd);
    write_series_index(directory, name, records);
    return;
  }
  // The record and the closing tags over the closing tags, in one write(2): a killed process
  // leaves the index as it was or with the record (a regular file's write is not split by
  // signals); a write the disk cuts short is undone, the index left as it was.
  const std::string text = pvd_entry(records.back()) + pvd_tail;
  const off_t at = size - off_t(pvd_tail.size());
  const ssize_t written = ::pwrite(fd, text.data(), text.size(), at);
  if (written != ssize_t(text.size())) {
    const int error = written < 0 ? errno : ENOSPC; // a short write: the disk is full
    const bool restored =
        ::pwrite(fd, pvd_tail.data(), pvd_tail.size(), at) == ssize_t(pvd_tail.size()) &&
        ::ftruncate(fd, size) == 0;
    ::close(fd);
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(error) +
                             (restored ? "" : " (left incomplete)"));
  }
  ::close(fd);
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
