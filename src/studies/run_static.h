#pragma once
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// `hamdyn static`: the equilibrium of a linear line model under its loads at Static/Load time
/// (studies/static_equilibrium.h). Writes static.csv (load_time, then the ends' displacements,
/// rotations and support reactions and the probes, the history's columns), static_units.csv,
/// static.pvd (the shape, with a run's snapshot fields) and used_parameters.prm; with `report`,
/// prints them on rank 0. Returns the values by column name.
NamedValues run_static(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                       bool report);

} // namespace hamdyn
