#pragma once
// `hamdyn modes` of a planar beam (Model/Type = planar beam): its in-plane modes about the static
// state under the case's dead loads (the straight reference when it has none), the section
// forces' geometric stiffness included (studies/planar_beam_modes.h).
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// Writes modes.csv (mode, omega [rad/s], frequency [Hz]), modes.pvd (the static state with
/// each mode's shape as `deflection`, largest displacement component 1, and its rotations as
/// `rotation_shape`, for Warp By Vector) and used_parameters.prm. Solved alike on every rank;
/// rank 0 writes.
NamedValues run_planar_beam_modes(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                                  bool report);

} // namespace hamdyn
