#pragma once
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// `hamdyn run`: the transient response; writes solution.pvd, history.csv and
/// used_parameters.prm into the case's output directory; with `report`, shows progress and a
/// ParaView hint on rank 0. Throws InputError before writing anything when the case cannot be
/// run (e.g. a central-difference step above the limit). Returns max_abs_<column> of every
/// displacement column of history.csv and max_abs_energy_error.
NamedValues run_transient(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                          bool report);

} // namespace hamdyn
