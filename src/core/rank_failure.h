#pragma once
// The line a failure raised on one rank prints, once per job. Such a failure may be raised on one
// rank alone (a file only it writes) or on every rank at about the same time (each rank's own
// piece of the same output): the job must end without waiting in a collective, and yet print one
// line, not one per rank interleaved in mpirun's merged stderr.
#include <mpi.h>

#include <string>

namespace hamdyn {

/// Writes `line` and a newline to stderr in one write (no interleaving with another rank's) unless
/// the first rank reports a failure too: the first rank tells every other rank, with a message
/// that needs no receive, before it writes; another rank waits up to one second for that word
/// and stays silent when it comes. The caller then ends the job (MPI_Abort). Not collective.
void report_rank_failure(const std::string& line, MPI_Comm comm);

} // namespace hamdyn
