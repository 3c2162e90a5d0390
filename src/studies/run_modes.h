#pragma once
#include "core/case_parameters.h"

namespace hamdyn {

/// `hamdyn modes`: natural frequencies and mode shapes (end masses included); writes modes.csv
/// (mode, omega in rad/s, frequency in Hz, ascending), modes.pvd and used_parameters.prm.
void run_modes(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm);

} // namespace hamdyn
