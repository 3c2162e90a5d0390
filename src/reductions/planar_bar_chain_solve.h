#pragma once
// The studies of the planar bar chain (reductions/planar_bar_chain.h) that hamdyn compare sets
// beside the planar beam's: its static state by Newton's method with load steps, its natural
// frequencies about a state, and its large motion by the energy-consistent midpoint step. The
// chain is small (its joints are the beam's nodes): every rank solves it alike, in band storage
// (half bandwidth 5: a joint's spring couples it to its two neighbours) or, for the modes,
// dense.
#include "reductions/planar_bar_chain.h"

#include <vector>

namespace hamdyn {

/// The chain's state at rest at its reference.
BarChainState bar_chain_at_rest(const PlanarBarChain& chain);

/// Moves s to the static state under the loads, raised in `steps` equal steps from 0 (each
/// halved, down to 1/64 of it, where Newton's method does not converge); returns the number of
/// Newton iterations. Throws CollectiveFailure where it does not converge.
unsigned solve_bar_chain_static(const PlanarBarChain& chain, BarChainState& s, unsigned steps = 20);

/// The lowest n angular frequencies [rad/s] of the chain linearized about positions x (the
/// tension's geometric stiffness included), ascending.
std::vector<double> bar_chain_frequencies(const PlanarBarChain& chain,
                                          const std::vector<Vector2>& x, unsigned n);

/// T [J] of state s.
double bar_chain_kinetic_energy(const PlanarBarChain& chain, const BarChainState& s);

/// One step of length dt by the trapezoidal rule with the energies' discrete gradient
/// (planar_bar_chain.h): M (v1 - v0) / dt = -(mean forces), x1 - x0 = dt (v0 + v1) / 2, so T + V
/// at its end is at its start's to Newton's tolerance. Throws CollectiveFailure where Newton's
/// method does not converge.
void step_bar_chain(const PlanarBarChain& chain, BarChainState& s, double dt);

} // namespace hamdyn
