#pragma once
// The studies that take a case, by command name: one table for the command line and for
// `hamdyn batch`, which both decide where a study writes (the case's output directory) and
// whether it reports on the terminal.
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

#include <map>
#include <string>

namespace hamdyn {

/// A study computes on the ranks of `comm`, writes its files into the case's output directory,
/// prints tables and progress on comm's rank 0 only when `report` is set, and returns its scalar
/// results. Throws InputError before writing anything when the case cannot be studied.
using StudyFunction = NamedValues (*)(const CaseParameters& c, const ParameterFile& file,
                                      MPI_Comm comm, bool report);

struct StudyCommand {
  StudyFunction run;
  std::string files;       // what the study writes, as listed after a run
  std::string plot_script; // scripts/ file that draws its figure from the files ("" none)
  std::string plot_file;   // the figure that script writes
};

/// run, modes, compare and converge.
const std::map<std::string, StudyCommand>& study_commands();

} // namespace hamdyn
