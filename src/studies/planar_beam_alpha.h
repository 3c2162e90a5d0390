#pragma once
// Large motion of a line of planar beam elements with the rotation interpolation
// (models/planar_beam_element.h) stepped by generalized alpha (Chung & Hulbert, J. Appl. Mech.
// 60:371-375, 1993): at rho_inf < 1 a run damps the highest modes (the axial and shear ones
// that a run's step does not resolve), which the conserving midpoint rule
// (studies/planar_beam_motion.h) keeps.
//
// In the plane the configuration space is linear: the section's rotation theta adds (the angle
// of SO(2), on its cover R), and the kinetic energy (v^T M_A v + omega^T M_I omega) / 2 has a
// constant mass matrix in q = (x, z, theta), so Chung & Hulbert's scheme applies to q unchanged
// (in space it does not; Arnold & Bruels, Multibody Syst. Dyn. 18:185-202, 2007, carry it to
// Lie groups). The elements' forces at the alpha level are the mean of their end values, the
// form of the cable's generalized alpha (studies/cable_motion.h, after Erlicher, Bonaventura &
// Bursi, Comput. Mech. 28:83-104, 2002):
//   M (c (q1 - q0 - dt v0) - d a0) + (1 - af) F(q1) + af F(q0) = p,
// c = (1 - am) / (beta dt^2), d = (1 - am) (1/2 - beta) / beta - am (the inertia's argument
// (1 - am) a1 + am a0 with Newmark's a1), then Newmark's updates of a and v. T + V falls by
// what the scheme dissipates (the run's energy_error); the motion keeps second order in dt.
// Newton's method on q1 with the Jacobian c M + (1 - af) K_t(q1), symmetric for dead loads, in
// band storage (half bandwidth 3 p + 2).
#include "studies/planar_beam_motion.h"
#include "time/implicit_step.h"

#include <vector>

namespace hamdyn {

/// Sets s.a (3 per node, (x, z, theta)): M a = p - F(q) - C v at the free DoFs that carry mass; at
/// the held DoFs the given accelerations (`held`: a moving one's; the others 0); 0 at DoFs that
/// carry none (the rotations where rho I = 0: their equations are the sections' balance of moments,
/// with no acceleration in them). `loads`: nodal forces per DoF at t = 0 beside the line's own
/// (a drive's, PlanarBeamDrive), empty for none.
void start_planar_beam_alpha(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                             PlanarBeamMotion& s, const std::vector<MovedDof>& held = {},
                             const std::vector<double>& loads = {});

/// Steps s by dt (s.a from start_planar_beam_alpha; the line of the rotation interpolation) with
/// the scheme's alpha_m, alpha_f, beta and gamma; Newton's iterations end as
/// solve_planar_beam_step's (studies/planar_beam_newton.h). `drive`: held DoFs moved to their
/// values at the step's end and nodal loads at the alpha level; `work` (if given): what they, the
/// dashpots (their force C v_af at the alpha level) and the loads did over the step. Returns the
/// iterations; throws std::runtime_error, s unchanged, where they fail.
unsigned step_planar_beam_alpha(const PlanarBeamLine& line, const PlanarBeamInertia& inertia,
                                const NewmarkParameters& scheme, PlanarBeamMotion& s, double dt,
                                double tolerance, bool* at_round_off = nullptr,
                                const PlanarBeamDrive& drive = {},
                                PlanarBeamStepWork* work = nullptr);

} // namespace hamdyn
