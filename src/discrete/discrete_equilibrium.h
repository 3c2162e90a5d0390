#pragma once
// A discrete system linearized about an equilibrium: the one Newton's method on the static forces
// finds from the initial state, on the motions the constraints allow (q = q0 + N z),
// then M z'' + G z' + K z = 0 with G the gyroscopic (skew) part of the rates' tangent
// (Meirovitch, Methods of Analytical Dynamics, secs. 6.4-6.6: stability of equilibria,
// gyroscopic systems). With G = 0 the modes are K x = w^2 M x; otherwise the eigenvalues of the
// first-order form [0, I; -M^-1 K, -M^-1 G] (LAPACK through deal.II; a discrete system has a few
// coordinates), where Re lambda decides stability (gyroscopic stabilization included).
#include "discrete/discrete_system.h"

#include <vector>

namespace hamdyn {

struct DiscreteLinearization {
  DenseVector equilibrium;                 // q*
  unsigned iterations = 0;                 // Newton's, from the initial state
  DenseMatrix mass, gyroscopic, stiffness; // on the constraints' null space, k x k
  bool has_gyroscopic() const { return gyroscopic.frobenius_norm() > 0; }
};

/// Finds q* from the case's initial displacements (at t = 0, at rest; elements' dashpots and the
/// dissipation function have no force there) and linearizes about it; Newton steps are the
/// least-norm solutions where the tangent is singular (a free chain's rigid-body motion, which
/// then keeps its initial position). Throws CollectiveFailure when Newton's method does not
/// converge (a system with no equilibrium: a free chain under a constant force).
DiscreteLinearization linearize_about_equilibrium(const DiscreteSystem& system);

/// lambda = growth_rate + i omega of one mode [1/s, rad/s]: a stable mode has growth_rate 0, a
/// divergent one omega 0, a flutter mode both.
struct LinearizedMode {
  double omega, growth_rate;
};
/// The k modes, ascending in omega (growth rates below 1e-10 of |lambda| are round-off, 0).
std::vector<LinearizedMode> linearized_modes(const DiscreteLinearization& l);

} // namespace hamdyn
