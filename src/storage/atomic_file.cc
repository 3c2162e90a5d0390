#include "storage/atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

namespace hamdyn {

namespace {
[[noreturn]] void fail(const std::string& what, const std::string& path) {
  throw std::runtime_error("cannot " + what + " " + path + ": " + std::strerror(errno));
}
} // namespace

int open_records(const std::string& path, const std::uint64_t* keep) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | (keep ? 0 : O_CREAT | O_TRUNC), 0644);
  if (fd < 0)
    fail("write", path);
  if (!keep)
    return fd;
  const off_t size = ::lseek(fd, 0, SEEK_END);
  if (size < 0 || std::uint64_t(size) < *keep || ::ftruncate(fd, off_t(*keep)) != 0 ||
      ::lseek(fd, off_t(*keep), SEEK_SET) < 0) {
    ::close(fd);
    throw std::runtime_error(path + " is shorter than its checkpoint recorded (" +
                             std::to_string(*keep) + " bytes): it was changed after the run");
  }
  return fd;
}

void write_all(int fd, const std::string& contents, const std::string& path) {
  std::size_t written = 0;
  while (written < contents.size()) {
    const ssize_t n = ::write(fd, contents.data() + written, contents.size() - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      fail("write", path);
    written += static_cast<std::size_t>(n);
  }
}

void append_records(int fd, const std::string& contents, const std::string& path,
                    std::uint64_t whole) {
  try {
    write_all(fd, contents, path);
  } catch (...) {
    // freeing space never fails for lack of it; the offset goes back with the length
    if (::ftruncate(fd, off_t(whole)) == 0)
      ::lseek(fd, off_t(whole), SEEK_SET);
    throw;
  }
}

void write_file_atomically(const std::string& path, const std::string& contents, bool durable) {
  const std::string temporary = path + ".tmp";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    fail("write", temporary);
  try {
    write_all(fd, contents, temporary);
  } catch (...) {
    ::close(fd);
    ::unlink(temporary.c_str());
    throw;
  }
  // fdatasync: after a node failure (not only a killed process) the renamed file holds its data.
  if (durable && ::fdatasync(fd) != 0 && errno != EINVAL) {
    ::close(fd);
    fail("write", temporary);
  }
  ::close(fd);
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    errno = error;
    fail("replace", path);
  }
}

} // namespace hamdyn
