#pragma once
// Hencky's bar chain at large rotation in the plane: the chain reduction of a planar beam
// (hamdyn compare), as reductions/discrete_chain.h is the straight beams' (H. Hencky, Der Eisenbau
// 11, 1920). The joints are point masses at positions x_j = (x, z); consecutive joints are joined
// by bars, and an interior joint carries a rotational spring on the turn between its two bars:
//   V = sum_bars EA/(2 h_i) (|d_i| - h_i)^2 + sum_joints k_j psi_j^2 / 2 + clamps - sum p_j . x_j
//       - M (phi_last - phi_last,0),
// d_i = x_{i+1} - x_i a bar's chord, psi_j = atan2(d_{j-1} x d_j, d_{j-1} . d_j) the turn at
// joint j, k_j = EI / h_j with h_j the mean of its two bars' lengths, a clamp 2 EI / h (the half
// bar it stands for) on the turn of its bar from the clamp's direction, M a dead moment on the
// last bar. The bars are elastic (EA / h, the lumped-mass line's elements: models/
// cable_element.h), so its small-rotation limit is Hencky's chain with the beam's axial
// stiffness: Euler-Bernoulli bending (no shear flexibility) and no rotary inertia.
//
// The energy-consistent step needs a discrete gradient of each term (Gonzalez, J. Nonlinear Sci.
// 6:449-467, 1996). A bar's is CableElement::mean_force. A turn's: the angle phi(d) of a chord
// changes over a step by delta = atan2(d0 x d1, d0 . d1), and with d_m = (d0 + d1)/2,
// J d_m . (d1 - d0) = d0 x d1 exactly (J the quarter turn), so
//   g = delta / (d0 x d1) J d_m
// has g . (d1 - d0) = delta: a discrete gradient of phi, symmetric in d0 and d1 (second order),
// Jd/|d|^2 = dphi/dd at d0 = d1, and formed with no difference of nearly equal numbers (delta /
// (d0 x d1) -> 1 / (d0 . d1) as the turn vanishes). k psi-bar (g_b - g_a), psi-bar the mean turn,
// is then the spring's: its work is k psi-bar (psi_1 - psi_0), the energy's change exactly.
#include "models/cable_element.h"

#include <array>
#include <cstddef>
#include <functional>
#include <vector>

namespace hamdyn {

struct PlanarBarChain {
  std::vector<Vector2> reference;        // the joints at rest, straight [m]
  std::vector<CableElement> bars;        // bar i joins joints i and i + 1
  std::vector<double> joint_springs;     // k_j [N m/rad] per joint (0 at the ends)
  double start_clamp = 0, end_clamp = 0; // k [N m/rad] of a clamp on the first/last bar
  std::vector<double> masses;            // per joint [kg]
  std::vector<std::array<bool, 2>> held; // per joint: x, z held where they start
  std::vector<Vector2> loads;            // dead loads per joint [N]
  double end_moment = 0;                 // on the last bar [N m], counterclockwise
  std::size_t n_joints() const { return reference.size(); }
  std::size_t n_dofs() const { return 2 * reference.size(); }
  /// The DoFs not held, ascending (DoF 2 j + c is component c of joint j).
  std::vector<std::size_t> free_dofs() const;
};

/// The chain's state: joint positions and velocities, and the last bar's turn from the
/// reference, counted continuously through full turns (the end moment's work).
struct BarChainState {
  std::vector<Vector2> x, v;
  double end_turn = 0; // [rad]
};

/// The turn from chord a to chord b, in (-pi, pi].
double turn_between(const Vector2& a, const Vector2& b);

/// V [J] at positions x with the last bar's turn `end_turn`, the loads scaled by lambda.
double bar_chain_energy(const PlanarBarChain& chain, const std::vector<Vector2>& x, double end_turn,
                        double lambda = 1);

/// Adds a value to entry (i, j) of a matrix in the chain's DoF numbering.
using MatrixAdder = std::function<void(std::size_t i, std::size_t j, double value)>;

/// The internal forces minus lambda times the loads (dV/dx; 0 at equilibrium) at x into f (2 n
/// values); with `stiffness`, d2V/dx2 (symmetric, half bandwidth 5) added through it.
void bar_chain_residual(const PlanarBarChain& chain, const std::vector<Vector2>& x, double lambda,
                        std::vector<double>& f, const MatrixAdder* stiffness = nullptr);

/// The discrete gradient of V over a step from x0 to x1 minus the loads (the step's mean
/// forces), into f; with `slope`, its derivative by x1 (the bars' exactly, the turns' as half
/// their tangent at the midpoint: Newton's iterations then converge linearly, to the same
/// solution) added through it.
void bar_chain_mean_residual(const PlanarBarChain& chain, const std::vector<Vector2>& x0,
                             const std::vector<Vector2>& x1, std::vector<double>& f,
                             const MatrixAdder* slope = nullptr);

} // namespace hamdyn
