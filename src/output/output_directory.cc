#include "output/output_directory.h"

#include "core/input_error.h"

#include <deal.II/base/mpi.h>

#include <cerrno>
#include <fcntl.h>
#include <filesystem>
#include <sys/file.h>
#include <unistd.h>

namespace hamdyn {

OutputDirectory::OutputDirectory(const std::string& path, MPI_Comm comm, Use use,
                                 const std::function<bool(const std::string&)>& is_output)
    : path_(path) {
  namespace fs = std::filesystem;
  int held_elsewhere = 0;
  if (dealii::Utilities::MPI::this_mpi_process(comm) == 0) {
    fs::create_directories(path);
    lock_ = ::open((path + "/.hamdyn.lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (lock_ < 0)
      held_elsewhere = 2;
    else if (::flock(lock_, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK)
      held_elsewhere = 1;
    // Any other failure (a network file system without locks: ENOLCK, EOPNOTSUPP) leaves the
    // directory unlocked rather than refusing every run into it.
    else if (use == Use::new_results && is_output)
      for (const auto& entry : fs::directory_iterator(path))
        if (entry.is_regular_file() && is_output(entry.path().filename().string()))
          fs::remove(entry.path());
  }
  MPI_Bcast(&held_elsewhere, 1, MPI_INT, 0, comm);
  if (held_elsewhere) {
    if (lock_ >= 0)
      ::close(lock_);
    throw InputError("Output/Directory", path,
                     held_elsewhere == 2
                         ? std::string("cannot be written")
                         : "another hamdyn run is writing into it; wait for it to end or choose "
                           "another directory");
  }
}

OutputDirectory::~OutputDirectory() {
  if (lock_ >= 0)
    ::close(lock_); // releases the flock
}

} // namespace hamdyn
