#pragma once
// `hamdyn run` and `hamdyn run --resume` of any case: one path for the line models and the
// discrete systems (studies/time_loop.h).
#include "core/case_parameters.h"
#include "output/output_directory.h"
#include "studies/named_values.h"
#include "studies/time_loop.h"

#include <mpi.h>

#include <memory>

namespace hamdyn {

/// The case's transient with every check made, before anything is written: a line model's or a
/// discrete system's (the one place that tells them apart). `report`: the set-up's progress (the
/// modal scheme's eigensolver) on rank 0.
std::unique_ptr<TransientRun> make_transient_run(const CaseParameters& c, MPI_Comm comm,
                                                 bool report = false);

/// A line model's run that writes history.csv alone (no snapshots), its checkpoints recorded as
/// `command`'s: the time history a study such as `hamdyn spectrum` runs beside its own results.
std::unique_ptr<TransientRun> make_history_run(const CaseParameters& c, MPI_Comm comm,
                                               const std::string& command, bool report = false);

/// `hamdyn run`: the transient response; writes solution.pvd, history.csv and
/// used_parameters.prm into the case's output directory; with `report`, shows progress and a
/// ParaView hint on rank 0. Throws InputError before writing anything when the case cannot be
/// run (e.g. a central-difference step above the limit). Returns max_abs_<column> of every
/// displacement column of history.csv and max_abs_energy_error.
/// With `report` (the command line's run) SIGINT and SIGTERM finish the step, write the
/// checkpoint and throw Interrupted; Output/Checkpoint interval adds checkpoints on the way.
NamedValues run_transient(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                          bool report);

/// `hamdyn run --resume DIR`: continues the run in c.output_directory (whose used_parameters.prm
/// gave `c`) from its checkpoint.bin, on any rank count: history.csv is cut back to the
/// checkpoint's row and the snapshots after it are removed, then the run goes on as run_transient
/// would have. Throws InputError when the directory holds no usable checkpoint for this case.
NamedValues resume_transient(const CaseParameters& c, MPI_Comm comm, bool report);

/// Restores `run` (built for c) from `checkpoint` (studies/resume.h: checkpoint_to_resume), checks
/// and reopens the files it continues, and steps it to its end as run_to_end does: the resume of
/// any study whose run this is. Returns the output directory, still locked, for what the study
/// writes after its run.
std::unique_ptr<OutputDirectory> continue_run(TransientRun& run, const Checkpoint& checkpoint,
                                              const CaseParameters& c, bool report);

} // namespace hamdyn
