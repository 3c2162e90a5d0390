#pragma once
// `hamdyn compare` of a planar beam (Model/Type = planar beam): the geometrically exact finite
// elements beside Hencky's bar chain at large rotation built from the same case on the same nodes
// (studies/planar_beam_chain.h), and the exact solution where one exists.
#include "core/case_parameters.h"
#include "core/parameter_file.h"
#include "studies/named_values.h"

#include <mpi.h>

namespace hamdyn {

/// Where the beam is held against rigid motion: its static end under the dead loads (and, for a
/// cantilever under an end moment alone, the exact circle arc: Simo & Vu-Quoc 1986, sec. 7.1) and
/// its frequencies about the static state, compare.csv (mode, exact, primal_fe, chain, dual,
/// dual_fe). Always: the end's vertical displacement over the run from the case's initial state,
/// compare_history.csv (time, exact, primal_fe, chain, dual, dual_fe; the chain stepped by its
/// energy-consistent midpoint rule at the FE run's times). Results: omega_fe_k, omega_chain_k,
/// static_end_{x,z,rotation}_{fe,chain[,exact]}, largest_history_difference (the end's largest
/// distance between the two [m]) and chain_energy_error (the chain's largest |T + V - E_0| [J]).
NamedValues run_planar_beam_compare(const CaseParameters& c, const ParameterFile& file,
                                    MPI_Comm comm, bool report);

} // namespace hamdyn
