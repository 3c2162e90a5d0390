#include "batch/shared_counter.h"

#include <stdexcept>
#include <string>

namespace hamdyn {

namespace {
void check(int code, const char* what) {
  if (code != MPI_SUCCESS)
    throw std::runtime_error(std::string("MPI error in ") + what);
}
} // namespace

SharedCounters::SharedCounters(MPI_Comm comm, int n_counters) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const MPI_Aint size = rank == 0 ? MPI_Aint(n_counters * sizeof(long)) : 0;
  long* base = nullptr;
  check(MPI_Win_allocate(size, sizeof(long), MPI_INFO_NULL, comm, &base, &window_),
        "MPI_Win_allocate");
  if (rank == 0) { // initialized under an exclusive lock: no other rank can read it before
    check(MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, window_), "MPI_Win_lock");
    for (int i = 0; i < n_counters; ++i)
      base[i] = 0;
    check(MPI_Win_unlock(0, window_), "MPI_Win_unlock");
  }
  MPI_Barrier(comm);
}

SharedCounters::~SharedCounters() {
  if (window_ != MPI_WIN_NULL)
    MPI_Win_free(&window_);
}

long SharedCounters::fetch_add(int which, long increment) {
  long before = 0;
  check(MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, window_), "MPI_Win_lock");
  check(MPI_Fetch_and_op(&increment, &before, MPI_LONG, 0, which, MPI_SUM, window_),
        "MPI_Fetch_and_op");
  check(MPI_Win_unlock(0, window_), "MPI_Win_unlock");
  return before;
}

} // namespace hamdyn
