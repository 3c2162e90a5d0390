#pragma once
// The complementary (impulse) solution of a discrete system, after Rimrott & Tabarrok's
// complementary Appell equations (theory/000, eqs. 14-21, 27-31, 35-41): the unknowns are the
// force elements' impulses S (S-dot = F, the element force), equilibrium holds by construction
// (the impulse fit, eq. 28, with the constraints' impulses eliminated),
//   q-dot = P (M q-dot(0) + integral_0^t Q - D_s^T S - D_d^T H) - W d(t),
//   P = M^-1 - W C M^-1,  W = M^-1 C^T (C M^-1 C^T)^-1,
// and the equations of motion are compatibility (the speed fit): each spring's extension rate is
// the speed its ends impose, c(S-dot) S-double-dot = d . q-dot with the tangent compliance
// c = de/dF of its law at F = S-dot (eqs. 36-39), each dashpot's rate law v(H-dot) = d . q-dot.
// With linear springs this is eq. (31), C S'' + B S = D M^-1 (p0 + int Q), B = D P D^T.
//
// Integrated by the trapezoidal rule in the extensions, e(F1) - e(F0) = h/2 (d . q-dot0 +
// d . q-dot1), each spring's impulse over the step h F-bar with F-bar its mean force between e0
// and e1 (Gonzalez's discrete gradient, system/force_laws.h: the dual keeps T + V as the primal
// at rho_inf = 1 does, and moves as it does to round-off). Newton's method iterates on the
// extensions e = e(F) (the inverse law) rather than on F: a hardening spring's compliance is
// infinite at zero force (eq. 38, c ~ F^(-2/3)) and Newton's method on F would have to cross that
// point every half period; the force F(e) and the compliance 1/F'(e) follow from the law itself. A
// law is invertible only where F'(e) > 0: the dual stops where a spring's slope reaches zero
// (the sliding bar's |2 S-dot| = k l^2, eq. 54) with a line naming the element and the force.
// The coordinates come back by the same rule from the velocities, q1 = q0 + h/2 (q-dot0 + q-dot1).
// A dashpot of degree p < 2, whose force law c |w|^(p-1) sign(w) has an infinite slope at rest,
// is solved for its force G instead, with Moreau's impulse h G1 over the step as in the primal
// (Moreau, Nonsmooth Mechanics and Applications, CISM 302, 1988): its rate law
// w(G1) = d . q-dot1 for 1 < p < 2, and for p = 1 (dry friction) sticking or slipping.
#include "core/failure_message.h"
#include "discrete/discrete_system.h"
#include "reductions/impulse_fit.h"

#include <stdexcept>
#include <vector>

namespace hamdyn {

/// The dual cannot go on: a law is not invertible at the force reached (exit 1 with its line).
/// Every rank solves the same small system, so every rank raises it at once.
struct DualFailure : CollectiveFailure {
  using CollectiveFailure::CollectiveFailure;
};

struct ImpulseState {
  double t = 0;
  DenseVector S, F, e;      // springs: impulses, forces S-dot, extensions e(F)
  DenseVector H, G, w;      // dashpots: impulses, forces H-dot, rates
  DenseVector load_impulse; // integral_0^t Q
  DenseVector q, v;         // the coordinates and their rates, recovered
};

class ImpulseSolution {
public:
  explicit ImpulseSolution(const DiscreteSystem& system);
  ImpulseState initial_state() const;
  /// Advances to t1; throws DualFailure naming the element and the force where a law cannot be
  /// inverted, CollectiveFailure when Newton's method does not converge.
  void step(ImpulseState& s, double t1) const;
  /// The compliance matrix diag(1/F'(e)) and susceptance D_s P D_s^T of the springs at the
  /// state's extensions (eq. 31 for linear springs).
  DenseMatrix compliance(const DenseVector& e) const;
  const DenseMatrix& susceptance() const { return susceptance_; }

private:
  DenseVector velocities(const ImpulseState& s, double t) const;
  void check_invertible(const ImpulseState& s) const;
  const DiscreteSystem& system_;
  ImpulseFit fit_;          // P and W
  DenseMatrix susceptance_; // D_s P D_s^T
  DenseVector initial_momentum_;
  std::vector<std::size_t> force_dashpots_; // dashpots of degree p < 2, solved for their force
};

} // namespace hamdyn
