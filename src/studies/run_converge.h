#pragma once
// `hamdyn converge`: a convergence study of one case (Convergence section), written as
// convergence.csv and used_parameters.prm, with a printed table per quantity.
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// Writes into the case's output directory; with `report`, prints the tables on rank 0.
/// Returns order_<quantity>: each quantity's observed order at the last level. run_converge
/// studies a line model, run_discrete_converge a discrete system, run_cable_converge a cable,
/// run_planar_beam_converge a planar beam.
NamedValues run_converge(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                         bool report);
NamedValues run_discrete_converge(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                                  bool report);
NamedValues run_cable_converge(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                               bool report);
NamedValues run_planar_beam_converge(const CaseParameters& c, const ParameterFile& file,
                                     MPI_Comm comm, bool report);

} // namespace hamdyn
