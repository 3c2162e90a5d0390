#pragma once
// Small in-plane vibration of a planar beam about a static state q (studies/
// planar_beam_equilibrium.h): K_t u = omega^2 M u on the free DoFs, K_t the elements' tangent at q
// (material and geometric stiffness: the section forces of a loaded state stiffen or soften it)
// and M their consistent mass (rho A for x and z, rho I for theta; with rho I = 0 the rotations
// are condensed out statically, as the Timoshenko beam's are). About the unloaded straight
// reference K_t is the Timoshenko element's with an axial bar's beside it, so the bending modes
// are the Timoshenko beam's of the same mesh (cli_planar_beam asserts it against hamdyn's).
// Dense LAPACK through deal.II, as the cable's modes: a beam of up to 2000 nodes.
//
// About steady rotation at Omega on a hub (the elements' set_steady_rotation: K_t then has the
// centrifugal softening -Omega^2 M_A, and the static state the centrifugal stretch whose tension
// stiffens the bending) the motion in the turning frame has the Coriolis terms too: M u'' + G u'
// + K_t u = 0 with G = 2 Omega M_A J, solved as a gyroscopic system (reductions/
// gyroscopic_eigen.h); a mode's shape is then the in-phase part of its complex shape (its
// largest component real), the Coriolis-coupled part in quadrature left out of `shapes`.
#include "studies/planar_beam_equilibrium.h"

#include <deal.II/lac/full_matrix.h>

#include <string>
#include <vector>

namespace hamdyn {

/// The most free DoFs planar_beam_modes takes: dense eigenvalues cost O(n^3), 6000 DoFs about a
/// minute and 290 MB a matrix.
constexpr std::size_t most_dofs_for_planar_beam_modes = 6000;
/// About steady rotation (Planar beam/Steady rotation), the most free DoFs with mass.
constexpr std::size_t most_dofs_for_rotating_planar_beam_modes = 1200;

/// Which eigenproblem a study solves: K phi = omega^2 M phi (as many modes as the DoFs with
/// mass) or K_m phi = -lambda K_g phi (as many as the free DoFs).
enum class PlanarEigenproblem { modes, buckling };
/// For hamdyn `study` ("modes", "spectrum", ...): InputError naming the line's followers, or
/// Discretization/Elements when the line has more free DoFs than that, or `count_key`
/// ("Modes/Number of modes", ...) when `n_modes` is more than it has.
void check_planar_beam_eigenproblem(const PlanarBeamLine& line, unsigned n_modes,
                                    PlanarEigenproblem problem, const std::string& study,
                                    const std::string& count_key);

/// Two of the line's matrices at q on its free DoFs, dense (rows in the order of `free`): the
/// tangent and the mass (modes), or the material and the geometric stiffness (buckling).
struct FreeMatrices {
  enum class Pair { tangent_and_mass, material_and_geometric };
  std::vector<unsigned> free; // the line's DoFs of the rows
  dealii::FullMatrix<double> first, second;
};
FreeMatrices free_matrices(const PlanarBeamLine& line, const std::vector<double>& q,
                           FreeMatrices::Pair pair);

/// u^T K_m u and u^T K_g u of the line at q for a vector u of its DoFs, from the elements'
/// strains (PlanarBeamElement::tangent_forms), and u^T M u: the Rayleigh quotients' parts.
/// `tangent` is u^T K_T u: material plus geometric where the strains are Reissner's, the
/// material part alone for a linear member (whose geometric part is its buckling's alone).
struct LineForms {
  double material = 0, geometric = 0, tangent = 0, mass = 0;
};
LineForms line_forms(const PlanarBeamLine& line, const std::vector<double>& q,
                     const std::vector<double>& u);
/// u^T M u alone (the elements' consistent mass and the point masses and rotary inertias).
double mass_form(const PlanarBeamLine& line, const std::vector<double>& u);

/// Scales a shape (per DoF) to a largest displacement component (x or z) of 1, its sign kept; a
/// shape of the rotations alone to a largest rotation of 1.
void scale_shape(std::vector<double>& shape);

struct PlanarBeamModes {
  std::vector<double> omega;               // [rad/s], ascending
  std::vector<std::vector<double>> shapes; // per DoF (0 at the held ones), largest |x|, |z| = 1
};
PlanarBeamModes planar_beam_modes(const PlanarBeamLine& line, const std::vector<double>& q,
                                  unsigned n_modes);

} // namespace hamdyn
