#pragma once
// `hamdyn compare`: one case solved as primal finite elements, as its discrete chain, as the
// chain's impulse dual and, where one exists, exactly; the answers side by side.
#include "core/case_parameters.h"
#include "core/parameter_file.h"

#include <mpi.h>

namespace hamdyn {

void run_compare(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm);

} // namespace hamdyn
