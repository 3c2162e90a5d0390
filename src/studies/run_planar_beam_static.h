#pragma once
// `hamdyn static` of a planar beam (Model/Type = planar beam): its equilibrium under the case's
// dead loads from the straight reference, by Newton's method with load steps
// (studies/planar_beam_equilibrium.h), at any rotation (a cantilever rolled into a circle).
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// Writes static.csv (the end's position, displacement and rotation, the held ends' reactions,
/// the load steps and Newton's iterations, the relative residual and whether it is double
/// precision's floor), static_shape.csv (s, x, z, rotation and displacement at each node),
/// static_forces.csv (the section forces N, Q, M at the elements' sampling points, where they are
/// accurate: one between each two nodes), their _units.csv, static.pvd (Static/Write shape: the
/// deformed centreline with the sections' direction, each segment with its sampling point's
/// section forces) and used_parameters.prm. The
/// beam is solved alike on every rank; rank 0 writes. InputError (nothing written) where the
/// supports leave a mechanism.
NamedValues run_planar_beam_static(const CaseParameters& c, const ParameterFile& file,
                                   MPI_Comm comm, bool report);

} // namespace hamdyn
