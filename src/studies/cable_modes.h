#pragma once
// Small in-plane vibration of a lumped-mass cable line about its static equilibrium
// (studies/cable_equilibrium.h): K_t x = omega^2 M x, K_t assembled from the elements' tangents
// at the equilibrium, EA/L e e^T + T/l (I - e e^T) (models/cable_element.h), so that the
// tension's geometric stiffness is in it, and M lumped or consistent (models/cable_mass.h). This is
// the linearized theory Irvine & Caughey's shallow-cable modes approximate
// (exact/sagged_cable_frequencies.h); it holds the catenary's own geometry, which differs from the
// shallow theory by O((d/l)^2).
#include "models/cable_mass.h"
#include "studies/cable_equilibrium.h"

#include <string>
#include <vector>

namespace hamdyn {

/// The most elements chain_frequencies takes: its dense eigenvalues cost O(n^3), 2000 elements
/// seconds and 32 MB a matrix, more minutes to hours and gigabytes.
constexpr unsigned most_elements_for_modes = 2000;

/// InputError naming Discretization/Elements when a cable of `n_elements` is past that, for
/// `what` ("hamdyn modes of a cable").
void check_size_for_modes(unsigned n_elements, const std::string& what);
/// InputError naming Modes/Number of modes when it is more than the chain's free DoFs.
void check_number_of_modes(const CableChain& chain, unsigned n_modes);

/// The lowest modes of the chain's free nodes about its current configuration (an equilibrium),
/// its springs in the stiffness and its dashpots left out (undamped modes):
/// angular frequencies [rad/s], ascending, and each shape per node (0 at the held ones), scaled
/// so that its largest component is +1.
struct ChainModes {
  std::vector<double> omega;
  std::vector<std::vector<Vector2>> shapes;
};
ChainModes chain_modes(const CableChain& chain, const CableMass& mass, unsigned n_modes);

/// The frequencies alone. Dense LAPACK through deal.II (a chain of a few hundred elements, as a
/// comparison or a test takes; n^3 in the number of free DoFs).
std::vector<double> chain_frequencies(const CableChain& chain, const CableMass& mass,
                                      unsigned n_modes);

} // namespace hamdyn
