#pragma once
// `hamdyn static` of a cable (Model/Type = cable): its equilibrium under its weight and its point
// masses' from the geometry as given (studies/cable_equilibrium.h: no load steps or tuning, the
// straight unstressed chord included), beside the elastic catenary where the case has one.
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// Writes static.csv (the support reactions, the largest tension, the midspan sag, and the
/// catenary's values as exact_* where it is the equilibrium), static_shape.csv (s, x, z and the
/// tension at each node, with the catenary's), their _units.csv, static.pvd (Static/Write shape)
/// and used_parameters.prm. The chain is solved alike on every rank; rank 0 writes.
NamedValues run_cable_static(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                             bool report);

} // namespace hamdyn
