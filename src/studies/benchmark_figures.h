#pragma once
// Figures the benchmarks (`hamdyn bench`) print, measured as a user sees them.
#include <mpi.h>

namespace hamdyn {

/// Seconds since this process started: the set-up as a user waits for it, MPI and library
/// start included.
double seconds_since_process_start();

struct PeakMemory {
  double per_rank_mb, total_mb; // the largest rank's peak resident set, and the sum over ranks
};
/// The processes' peak resident set so far (getrusage's ru_maxrss). Collective.
PeakMemory peak_memory(MPI_Comm comm);

} // namespace hamdyn
