#pragma once
// Small in-plane vibration of a planar beam about a static state q (studies/
// planar_beam_equilibrium.h): K_t u = omega^2 M u on the free DoFs, K_t the elements' tangent at q
// (material and geometric stiffness: the section forces of a loaded state stiffen or soften it)
// and M their consistent mass (rho A for x and z, rho I for theta; with rho I = 0 the rotations
// are condensed out statically, as the Timoshenko beam's are). About the unloaded straight
// reference K_t is the Timoshenko element's with an axial bar's beside it, so the bending modes
// are the Timoshenko beam's of the same mesh (cli_planar_beam asserts it against hamdyn's).
// Dense LAPACK through deal.II, as the cable's modes: a beam of up to 2000 nodes.
#include "studies/planar_beam_equilibrium.h"

#include <string>
#include <vector>

namespace hamdyn {

/// The most free DoFs planar_beam_modes takes: dense eigenvalues cost O(n^3), 6000 DoFs about a
/// minute and 290 MB a matrix.
constexpr std::size_t most_dofs_for_planar_beam_modes = 6000;

/// InputError naming Discretization/Elements when the line has more free DoFs than that, or
/// Modes/Number of modes when `n_modes` is more than it has.
void check_planar_beam_modes(const PlanarBeamLine& line, unsigned n_modes);

struct PlanarBeamModes {
  std::vector<double> omega;               // [rad/s], ascending
  std::vector<std::vector<double>> shapes; // per DoF (0 at the held ones), largest |x|, |z| = 1
};
PlanarBeamModes planar_beam_modes(const PlanarBeamLine& line, const std::vector<double>& q,
                                  unsigned n_modes);

} // namespace hamdyn
