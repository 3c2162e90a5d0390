#pragma once
// A batch's hold on its output directory: a second `hamdyn batch` (or `--resume`) into a directory
// a running batch writes would read half-written rows and overwrite its members' files.
#include <string>

namespace hamdyn {

class DirectoryLock {
public:
  /// Creates `directory` if needed and takes an exclusive flock(2) on its lock file `name`
  /// (released by the kernel when the process ends, however it ends: a killed batch leaves no
  /// stale lock). Returns an empty string on success, else why the lock is not available.
  std::string acquire(const std::string& directory, const std::string& name);
  ~DirectoryLock();

private:
  int fd_ = -1;
};

} // namespace hamdyn
