#pragma once
// `hamdyn compare` of a cable (Model/Type = cable): the finite-element cable (two-node elements,
// consistent mass) beside the lumped-mass line this field uses (point masses joined by axial
// springs: MoorDyn's model, Hall & Goupee, Ocean Engineering 104, 2015) built from the same case,
// and the exact solution where one exists: their in-plane frequencies about the static
// equilibrium and the midspan's vertical displacement over the case's run.
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// Writes compare.csv (mode, exact, primal_fe, chain, dual, dual_fe: angular frequencies
/// [rad/s]; the duals blank, left out with a reason printed), compare_history.csv (time and the
/// same methods: the vertical displacement [m] of the node nearest midspan) and
/// used_parameters.prm. The exact frequencies are a chain hanging from one end's (j_0n / 2)
/// sqrt(g / L) (D. Bernoulli; Rayleigh, Theory of Sound, sec. 148), for a vertical cable with
/// its lower end free and no point masses; elsewhere blank.
NamedValues run_cable_compare(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                              bool report);

} // namespace hamdyn
