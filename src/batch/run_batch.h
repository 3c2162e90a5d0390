#pragma once
// `hamdyn batch`: the members of a parameter sweep solved by groups of ranks of one MPI job.
#include <mpi.h>

#include <string>
#include <vector>

namespace hamdyn {

struct BatchOptions {
  std::string sweep_file;
  std::string output_directory;       // empty: the sweep file's Output/Directory
  std::vector<std::string> overrides; // --set, applied to every member after the sweep's own
  bool resume = false; // skip members whose recorded row says ok; continue stopped ones
  bool merge = false;  // only assemble summary.csv from the members' rows
  unsigned int slice = 0, n_slices = 0; // run slice K of N (1-based); 0 of 0: every member
};

/// Splits `world` into groups of Batch/Ranks per case ranks that take members as they finish,
/// each member writing into DIR/case_NNNN/, and writes DIR/summary.csv (with a slice:
/// DIR/summary_slice_K_of_N.csv). Throws InputError, before anything is written, for a bad sweep
/// file or rank count. Returns the exit status: 0 when every member is ok, 128 + signal when
/// SIGTERM or SIGINT stopped the batch (its `run` members in flight with their checkpoints, which
/// --resume continues), else 1.
int run_batch(const BatchOptions& options, MPI_Comm world);

} // namespace hamdyn
