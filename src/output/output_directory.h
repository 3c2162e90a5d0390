#pragma once
// The directory a study writes into, held while it writes. Rank 0 holds an exclusive flock(2) on
// DIR/.hamdyn.lock: the kernel releases it when the process ends, however it ends, so a killed
// run leaves no stale lock, and a second run into the same directory is refused instead of
// interleaving its files with the first one's.
#include <mpi.h>

#include <functional>
#include <string>

namespace hamdyn {

class OutputDirectory {
public:
  enum class Use {
    new_results, // remove the files an earlier hamdyn run left (those `is_output` names)
    resume       // keep them: a resumed run continues them
  };
  /// Creates `path` and takes the lock (collective). Throws InputError naming the directory when
  /// another run holds it. With Use::new_results, `is_output` tells hamdyn's files (a name, no
  /// directory) from the user's, which stay.
  OutputDirectory(const std::string& path, MPI_Comm comm, Use use,
                  const std::function<bool(const std::string&)>& is_output = {});
  ~OutputDirectory();
  OutputDirectory(const OutputDirectory&) = delete;
  OutputDirectory& operator=(const OutputDirectory&) = delete;

  const std::string& path() const { return path_; }

private:
  std::string path_;
  int lock_ = -1;
};

} // namespace hamdyn
