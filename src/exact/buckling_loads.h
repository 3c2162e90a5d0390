#pragma once
// Exact critical axial loads of a uniform beam under a dead compressive force, independent of the
// finite elements.
#include "exact/beam_frequencies.h"

#include <vector>

namespace hamdyn::exact {

/// The n lowest compressive forces P > 0 at which an Euler-Bernoulli beam with the ends
/// `left`, `right` (held directions, translational and rotational springs; masses play no part)
/// buckles. With mu^2 = P / EI the static equation EI w'''' + P w'' = 0 has
/// w = A + B x + C cos(mu x) + D sin(mu x) (Timoshenko & Gere, Theory of Elastic Stability, 2nd
/// ed., 1961, sec. 2.1-2.3); each end gives w = 0 where the translation is held, else the shear
/// balance -+(EI w''' + P w') + K w = 0, and w' = 0 where the rotation is held, else the moment
/// balance +-EI w'' + K_r w' = 0 (- at x = L). Roots of the 4x4 determinant in mu L are
/// bracketed on a grid and bisected. Empty for a mechanism (a rigid motion no support or spring
/// stops).
std::vector<double> euler_buckling_loads(const BeamEnd& left, const BeamEnd& right, double length,
                                         double bending_stiffness, unsigned int n);

/// Engesser's load of a Timoshenko beam, P = P_E / (1 + P_E / kGA) for each Euler load P_E of a
/// mode that is one harmonic: pinned-pinned (P_E = n^2 pi^2 EI / L^2) and clamped-free
/// ((2n - 1)^2 pi^2 EI / 4L^2), nothing attached (Timoshenko & Gere, sec. 2.17). Empty for other
/// ends.
std::vector<double> engesser_buckling_loads(const BeamEnd& left, const BeamEnd& right,
                                            double length, double bending_stiffness,
                                            double shear_stiffness, unsigned int n);

} // namespace hamdyn::exact
