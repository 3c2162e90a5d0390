#pragma once
#include "core/case_parameters.h"

namespace hamdyn {

/// `hamdyn run`: the transient response; writes solution.pvd, history.csv and
/// used_parameters.prm into the case's output directory. Throws InputError before writing
/// anything when the case cannot be run (e.g. a central-difference step above the limit).
void run_transient(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm);

} // namespace hamdyn
