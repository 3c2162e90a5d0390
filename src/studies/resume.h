#pragma once
// What `hamdyn run --resume DIR` checks and says, the same for a line model's run and a discrete
// system's.
#include "storage/checkpoint.h"

#include <mpi.h>
#include <string>
#include <vector>

namespace hamdyn {

/// Throws InputError naming the first key whose value differs when DIR's checkpoint was written
/// for another case than `settings` (ParameterFile::settings() of DIR/used_parameters.prm): the
/// file was edited since the run started, and a resume continues only the case it stopped.
void check_same_case(const Checkpoint& checkpoint, const std::string& settings,
                     const std::string& directory);

/// DIR/checkpoint.bin (DIR = c.output_directory, whose used_parameters.prm gave `settings`), read
/// and checked before anything is set up from it: InputError when there is none, when it was
/// written for another case (check_same_case) or by another command than `command` (a stopped
/// `hamdyn spectrum` resumes with `hamdyn spectrum --resume DIR`; a checkpoint that records no
/// command is a `run`'s).
Checkpoint checkpoint_to_resume(const std::string& directory, const std::string& settings,
                                const std::string& command, MPI_Comm comm);

/// Throws InputError when DIR's checkpoint was written for other history columns than `columns`
/// (the case in used_parameters.prm was changed since).
void check_history_columns(const Checkpoint& checkpoint, const std::vector<std::string>& columns,
                           const std::string& directory);

/// The checkpoint's `step_record`: a whole number in [0, n_steps]; and its `time_record`: that
/// step's time (step * time_step, Final time at the last) to round-off. Anything else is a
/// damaged checkpoint or one of another case (InputError naming the file and the record).
unsigned long checked_step(const Checkpoint& checkpoint, const std::string& step_record,
                           const std::string& time_record, unsigned long n_steps, double time_step,
                           double final_time);

/// Throws InputError unless DIR/history.csv is a regular file of at least the checkpoint's
/// history_length bytes, and DIR/spacetime.bin exists when the checkpoint has space-time levels:
/// a resume continues those files and must not find them gone. Rank 0 looks, every rank throws.
void check_resumed_files(const Checkpoint& checkpoint, const std::string& directory, MPI_Comm comm);

/// Whether a run restored at `step` of `n_steps` (time t) has steps left; rank 0 says so when
/// `report`: "hamdyn COMMAND: resuming DIR at step ...", or that DIR already holds the whole run.
bool announce_resume(const std::string& command, const std::string& directory, unsigned long step,
                     unsigned long n_steps, double t, MPI_Comm comm, bool report);

} // namespace hamdyn
