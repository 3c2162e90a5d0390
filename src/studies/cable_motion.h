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
// with the banded Jacobian 2 M / dt^2 - dF_mean/dx1 (half bandwidth 3), factored with partial
// pivoting (system/pivoted_band_lu.h) and, in a run, kept across steps (ChainJacobian).
#include "models/cable_mass.h"
#include "studies/cable_equilibrium.h"
#include "system/pivoted_band_lu.h"

#include <vector>

namespace hamdyn {

struct ChainMotion {
  double t = 0;
  std::vector<Vector2> x, v; // positions [m] and velocities [m/s] of the nodes
};

/// The step's Jacobian 2 M / dt^2 - dF_mean/dx1, factored at a linearization point (x0, x1, dt)
/// and kept across steps (modified Newton, Kelley, Iterative Methods for Linear and Nonlinear
/// Equations, SIAM 1995, sec. 5.4.3: the chord method): a run's steps change it little, and its
/// band factorization is most of a Newton iteration's cost. Its linearization point is what a
/// checkpoint keeps, so that a resumed run factors the same matrix and goes on bit for bit.
class ChainJacobian {
public:
  bool empty() const { return dt_ == 0; }
  /// Assembles and factors the Jacobian at (x0, x1, dt).
  void form(const CableChain& chain, const CableMass& mass, const std::vector<Vector2>& x0,
            const std::vector<Vector2>& x1, double dt);
  /// Solves J dx = r in place.
  void solve(std::vector<double>& r) const { lu_.solve(r.data()); }
  double dt() const { return dt_; }
  /// How many times it was factored.
  unsigned long factorizations() const { return factorizations_; }
  /// The linearization point (x0, x1 and dt, flattened; empty when none), and the reverse.
  std::vector<double> linearization() const;
  void restore(const CableChain& chain, const CableMass& mass, const std::vector<double>& point);

private:
  PivotedBandLU lu_;
  std::vector<Vector2> x0_, x1_;
  double dt_ = 0;
  unsigned long factorizations_ = 0;
};

/// Steps `s` by dt (held nodes stay where they are) and returns Newton's iterations. Newton's
/// method stops when its correction is below `tolerance` times the step's largest motion, or
/// below the positions' round-off (16 eps max|x|). Without `kept`, the Jacobian is formed at
/// every iteration (Newton's method); with it, the kept factorization serves while each
/// correction is at most a quarter of the one before, and is formed anew at the iterate where
/// one is not (and at a new dt); where a kept one leads away, or 12 iterations do not converge,
/// the step starts again from the predictor (then by Newton's method). Throws
/// std::runtime_error when it does not converge.
unsigned step_chain(const CableChain& chain, const CableMass& mass, ChainMotion& s, double dt,
                    double tolerance = 1e-13, ChainJacobian* kept = nullptr);

} // namespace hamdyn
