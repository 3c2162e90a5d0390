#pragma once
// Large motion of a cable line: a chain of cable elements (models/cable_element.h) with a lumped
// mass matrix (point masses at the nodes, the model MoorDyn solves: Hall & Goupee, Ocean
// Engineering 104:590-603, 2015) or the elements' consistent one (models/cable_mass.h), stepped
// by the energy-consistent midpoint rule: with x1 = x0 + dt (v0 + v1) / 2 and
//   M (v1 - v0) / dt = the elements' discrete gradients F_mean(d0, d1) + p
// (Gonzalez, J. Nonlinear Sci. 6:449-467, 1996; Simo & Tarnow, ZAMP 43:757-792, 1992), the
// kinetic energy's change over a step, (v1 + v0)^T M (v1 - v0) / 2, is the elements' work, sum
// F_mean . (d1 - d0) = -(V1 - V0), plus the dead loads' p . (x1 - x0): T + V - p . x is conserved
// to Newton's tolerance, for any step, slack elements included (their discrete gradient is exact
// across the slack point). The scheme is second order in dt and implicit: Newton's method on x1
// with the banded Jacobian 2 M / dt^2 - dF_mean/dx1 (half bandwidth 3), factored without pivoting
// as its mass part dominates.
#include "models/cable_mass.h"
#include "studies/cable_equilibrium.h"

#include <vector>

namespace hamdyn {

struct ChainMotion {
  double t = 0;
  std::vector<Vector2> x, v; // positions [m] and velocities [m/s] of the nodes
};

/// Steps `s` by dt (held nodes stay where they are) and returns Newton's iterations. Newton's
/// method stops when its correction is below `tolerance` times the step's largest motion, or
/// below the positions' round-off (16 eps max|x|). Throws std::runtime_error when it does not
/// converge.
unsigned step_chain(const CableChain& chain, const CableMass& mass, ChainMotion& s, double dt,
                    double tolerance = 1e-13);

} // namespace hamdyn
