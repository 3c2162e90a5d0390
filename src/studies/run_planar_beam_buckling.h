#pragma once
// `hamdyn buckling` of a planar beam (Model/Type = planar beam): the critical multiples of its
// dead loads, linearized about the static state under them (studies/planar_beam_buckling.h).
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// Writes buckling.csv (mode, load_factor: the multiple of the case's loads that is critical),
/// buckling.pvd (Buckling/Write shapes: the static state with each shape as `deflection`, largest
/// displacement component 1) and used_parameters.prm. InputError naming the loads when none is
/// given (nothing to buckle under).
NamedValues run_planar_beam_buckling(const CaseParameters& c, const ParameterFile& file,
                                     MPI_Comm comm, bool report);

} // namespace hamdyn
