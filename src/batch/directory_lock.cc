#include "batch/directory_lock.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/file.h>
#include <unistd.h>

namespace hamdyn {

std::string DirectoryLock::acquire(const std::string& directory, const std::string& name) {
  const bool existed = std::filesystem::exists(directory);
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error)
    return "cannot be created: " + error.message();
  const std::string path = directory + "/" + name;
  fd_ = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    return "cannot hold its lock file " + name + ": " + std::strerror(errno);
  if (flock(fd_, LOCK_EX | LOCK_NB) == 0)
    return "";
  const int why = errno;
  close(fd_);
  fd_ = -1;
  if (!existed) // nothing of ours is left behind
    std::filesystem::remove_all(directory, error);
  return why == EWOULDBLOCK ? "is in use by another hamdyn batch that is still running"
                            : "cannot be locked: " + std::string(std::strerror(why));
}

DirectoryLock::~DirectoryLock() {
  if (fd_ >= 0)
    close(fd_); // releases the lock
}

} // namespace hamdyn
