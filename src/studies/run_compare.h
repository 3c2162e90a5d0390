#pragma once
// `hamdyn compare`: one case solved as primal finite elements, as its discrete chain, as the
// chain's impulse dual and, where one exists, exactly; the answers side by side.
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// Writes compare.csv, compare_history.csv and used_parameters.prm into the case's output
/// directory; with `report`, prints the frequency table and the history differences on rank 0.
/// Returns the largest bracket width and the largest history differences.
NamedValues run_compare(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                        bool report);

} // namespace hamdyn
