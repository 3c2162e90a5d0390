#pragma once
// The linearization of a system's nonlinear springs and dashpots about a state, for the studies
// that need a linear system (modes, frequency response).
#include "system/nodal_force.h"
#include "system/second_order_system.h"

#include <utility>
#include <vector>

namespace hamdyn {

/// Replaces the system's NodalForces by their linearization: each spring's slope dF/de at its
/// extension `extensions[k]` joins K (point_stiffness, and the assembled K when there is one), each
/// dashpot joins C as a viscous one with its coefficient (exact for degree 2, F = c v; the caller
/// refuses other degrees where they matter). The system has no NodalForces part afterwards. Returns
/// the numbers of springs and dashpots. Collective.
std::pair<std::size_t, std::size_t> linearize_nodal_forces(SecondOrderSystem& s,
                                                           const std::vector<double>& extensions);

} // namespace hamdyn
