#pragma once
// `hamdyn converge`: a convergence study of one case (Convergence section), written as
// convergence.csv, a printed table, convergence.png and used_parameters.prm.
#include "core/case_parameters.h"
#include "core/parameter_file.h"

#include <mpi.h>

namespace hamdyn {

void run_converge(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm);

} // namespace hamdyn
