#pragma once
// A discrete system linearized about an equilibrium: the one Newton's method on the static forces
// finds from the initial state with the constraints' multipliers (F(q) - A^T lambda = 0, every
// row on its position: the Equations' c . q at its initial value, a holonomic link's f at 0),
// then, on the rows' tangent space (q = q* + N z, A N = 0), M z'' + G z' + K z = 0 with K the
// static forces' tangent less sum lambda_k d2f_k/dq2 (a curved link's share: the Hessian of the
// Lagrangian function on the constraints' tangent space, Nocedal & Wright, Numerical
// Optimization, 2nd ed., sec. 12.4) and G the gyroscopic (skew) part
// of the rates' tangent
// (Meirovitch, Methods of Analytical Dynamics, secs. 6.4-6.6: stability of equilibria,
// gyroscopic systems). With cyclic coordinates c (their momenta p_c kept) the equilibrium is the
// relative one of the steady motion at the initial momenta, the minimum of Routh's amended
// potential (Meirovitch, secs. 4.8 and 6.7): Newton's method on the other coordinates r and the
// cyclic rates w with v = (0, w), F_r(q, v) = 0 and p_c(q, v) = p_c(0); linearized with
// delta p_c = 0 eliminating the cyclic rates, delta v_c = -M_cc^-1 (P delta r + M_cr delta r'),
// P = dp_c/dr, the reduced
//   M_R = M_rr - M_rc M_cc^-1 M_cr,  G_R = C_rr - M_rc M_cc^-1 P - C_rc M_cc^-1 M_cr,
//   K_R = K_rr - C_rc M_cc^-1 P,
// K = dF/dq, C = dF/dv at the steady motion (P is C's row c there: nothing depends on q_c), whose
// modes are those of Routh's amended potential, and each cyclic coordinate adds a zero mode.
// With G = 0 the modes are K x = w^2 M x; otherwise the eigenvalues of the
// first-order form [0, I; -M^-1 K, -M^-1 G] (LAPACK through deal.II; a discrete system has a few
// coordinates), where Re lambda decides stability (gyroscopic stabilization included).
#include "discrete/discrete_system.h"

#include <vector>

namespace hamdyn {

struct DiscreteLinearization {
  DenseVector equilibrium;                 // q*
  DenseVector rates;                       // v*: the cyclic coordinates' steady rates, else 0
  std::vector<std::size_t> cyclic;         // the cyclic coordinates (their p kept)
  DenseVector momenta;                     // p of each cyclic coordinate (the initial state's)
  unsigned iterations = 0;                 // Newton's, from the initial state
  DenseMatrix mass, gyroscopic, stiffness; // reduced, on the constraints' null space, k x k
  bool has_gyroscopic() const { return gyroscopic.frobenius_norm() > 0; }
};

/// Finds q* from the case's initial displacements (at t = 0, at rest, or with cyclic coordinates
/// in their steady motion at the initial momenta; the elements' dashpots are left out) and
/// linearizes about it; Newton steps are the
/// least-norm solutions where the tangent is singular (a free chain's rigid-body motion, which
/// then keeps its initial position). Throws CollectiveFailure when Newton's method does not
/// converge (a system with no equilibrium: a free chain under a constant force).
DiscreteLinearization linearize_about_equilibrium(const DiscreteSystem& system);

/// lambda = growth_rate + i omega of one mode [1/s, rad/s]: a stable mode has growth_rate 0, a
/// divergent one omega 0, a flutter mode both.
struct LinearizedMode {
  double omega, growth_rate;
};
/// The k modes and a zero mode for each cyclic coordinate, ascending in omega (growth rates below
/// 1e-10 of |lambda| are round-off, 0).
std::vector<LinearizedMode> linearized_modes(const DiscreteLinearization& l);

} // namespace hamdyn
