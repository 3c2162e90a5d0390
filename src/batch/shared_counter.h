#pragma once
// Counters every rank of a communicator can fetch-and-increment without a dispatcher process:
// the batch's "next member" and "members finished". They live in an MPI-3 window on rank 0 and
// are updated with MPI_Fetch_and_op under a passive-target lock (MPI 3.1 standard, sec. 11.3.4
// and 11.5.3), so a group that finishes early takes the next member at once while rank 0 is
// busy with its own. (On a network without remote atomics the MPI library may complete the
// operation only when rank 0 next enters MPI: a delay, never a wrong count.)
#include <mpi.h>

namespace hamdyn {

class SharedCounters {
public:
  /// Collective over comm; every counter starts at 0.
  SharedCounters(MPI_Comm comm, int n_counters);
  ~SharedCounters();
  SharedCounters(const SharedCounters&) = delete;
  SharedCounters& operator=(const SharedCounters&) = delete;

  /// Adds `increment` to counter `which` and returns its value before, atomically.
  long fetch_add(int which, long increment = 1);

private:
  MPI_Win window_ = MPI_WIN_NULL;
};

} // namespace hamdyn
