#include "output/atomic_file.h"

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
