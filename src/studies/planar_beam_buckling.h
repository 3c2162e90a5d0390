#pragma once
// Linearized buckling of a planar beam about its static state q under the case's dead loads
// (studies/planar_beam_equilibrium.h): the tangent's two parts at q, the material stiffness K_m
// and the geometric K_g (the section forces' share, proportional to the loads in a linear
// prebuckling state), and the load factors lambda with K_m u + lambda K_g u = 0: lambda times
// the case's loads is critical (Bathe, Finite Element Procedures, 1996, sec. 6.8.2, the
// "linearized buckling analysis"; Code_Aster's CRIT_STAB). The straight column under an end
// compression P gives lambda P = pi^2 EI / (4 L^2) (clamped-free), less its shear and axial
// flexibility's share (cli_planar_beam). Dense LAPACK on the free DoFs, as the modes.
#include "studies/planar_beam_equilibrium.h"

#include <vector>

namespace hamdyn {

struct PlanarBeamBuckling {
  std::vector<double> factors;             // the critical load factors lambda > 0, ascending
  std::vector<std::vector<double>> shapes; // per DoF (0 at the held ones), largest |x|, |z| = 1
};

/// The smallest `n_modes` positive load factors at q and their shapes (fewer where the loads
/// leave fewer compressive states: a tension-only case has none).
PlanarBeamBuckling planar_beam_buckling(const PlanarBeamLine& line, const std::vector<double>& q,
                                        unsigned n_modes);

} // namespace hamdyn
