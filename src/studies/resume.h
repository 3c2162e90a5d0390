#pragma once
// What `hamdyn run --resume DIR` checks and says, the same for a line model's run and a discrete
// system's.
#include "output/checkpoint.h"

#include <mpi.h>
#include <string>
#include <vector>

namespace hamdyn {

/// Throws InputError when DIR's checkpoint was written for other history columns than `columns`
/// (the case in used_parameters.prm was changed since).
void check_history_columns(const Checkpoint& checkpoint, const std::vector<std::string>& columns,
                           const std::string& directory);

/// Whether a run restored at `step` of `n_steps` (time t) has steps left; rank 0 says so when
/// `report`: "resuming DIR at step ...", or that DIR already holds the whole run.
bool announce_resume(const std::string& directory, unsigned long step, unsigned long n_steps,
                     double t, MPI_Comm comm, bool report);

} // namespace hamdyn
