#pragma once
// The bar chain (reductions/planar_bar_chain.h) of a planar beam case, on the nodes of its
// line of elements: a joint at every node, bars of EA / h between them, k = EI / h_j at the
// interior joints (h_j the mean of the two bars' lengths: Hencky's chain on an uneven spacing)
// and 2 EI / h at an end whose rotation is held, masses rho A h_j (an end's half bar) plus the
// point masses, and dead loads lumped alike: the weight and the distributed force on h_j, the
// end's force at the last joint, the end moment on the last bar.
#include "core/case_parameters.h"
#include "reductions/planar_bar_chain.h"
#include "studies/planar_beam_equilibrium.h"

namespace hamdyn {

/// The chain of case c on the nodes of `line` (c's line of elements). Throws InputError, naming
/// the key, for what the chain does not take: a frame, follower loads, a hub, a steady rotation,
/// ground motion, rotary inertias, springs and dashpots, a point mass away from a node, and a
/// static path by arc length (the chain's statics raise the load in steps).
PlanarBarChain make_planar_beam_chain(const CaseParameters& c, const ParameterFile& file,
                                      const PlanarBeamLine& line);

} // namespace hamdyn
