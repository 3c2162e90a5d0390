#pragma once
// The energies' share of a step that keeps T + V of a natural system (T = 1/2 q-dot^T M(q) q-dot,
// V(q)) exactly: Gonzalez's discrete gradient (O. Gonzalez, "Time integration and discrete
// Hamiltonian systems", J. Nonlinear Sci. 6:449, 1996, eq. 17, the midpoint discrete gradient)
// in the momentum form of Lagrange's equations. With the trapezoidal rule
// q1 - q0 = h (v0 + v1) / 2 (generalized-alpha at rho_inf = 1), the balance
//   (p(q1, v1) - p(q0, v0)) / h = f + (Q0 + Q1) / 2 - (g_d0 + g_d1) / 2,   p = M(q) q-dot,
// with f = f_m + [(-dV + 1/2 v0^T (M1 - M0) v1 - dq . f_m) / |dq_r|^2] dq_r, f_m = dL/dq at the
// step's midpoint, gives T1 + V1 - T0 - V0 = dq . ((Q0 + Q1) / 2 - (g_d0 + g_d1) / 2) to
// round-off, configuration-dependent inertia included (since T1 - T0 = v-bar . dp -
// 1/2 v0^T (M1 - M0) v1 and v-bar = dq / h). f - f_m is O(h^2): the step stays of order 2. The
// correction is along dq_r, the step of the coordinates that are not cyclic, rather than
// Gonzalez's dq: f still meets his two conditions of a discrete gradient (f . dq = the energy
// change, f -> dL/dq as q1 -> q0), the mismatch vanishes with dq_r (T and V do not depend on a
// cyclic coordinate), and a cyclic coordinate's momentum (dL/dq_c = 0) is kept exactly, as the
// flow keeps it.
#include "discrete/discrete_system.h"

namespace hamdyn {

/// The residual (p1 - p0) / h - f - (Q0 + Q1) / 2 + (g_d0 + g_d1) / 2 of the step from (q0, v0)
/// at t0 to (q1, v1) at t0 + h (the energies must be natural: LagrangeEquations::is_natural()).
DenseVector energy_consistent_residual(const LagrangeEquations& energies, const DenseVector& q0,
                                       const DenseVector& v0, const DenseVector& q1,
                                       const DenseVector& v1, double t0, double h);

} // namespace hamdyn
