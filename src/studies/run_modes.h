#pragma once
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// `hamdyn modes`: natural frequencies and mode shapes (end masses included); writes modes.csv
/// (mode, omega in rad/s, frequency in Hz, ascending), modes.pvd and used_parameters.prm into the
/// case's output directory; with `report`, prints the table on rank 0. Returns omega_1..omega_n.
NamedValues run_modes(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                      bool report);

} // namespace hamdyn
