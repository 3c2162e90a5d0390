#pragma once
// Large motion of a cable line: a chain of cable elements (models/cable_element.h) with a lumped
// mass matrix (point masses at the nodes, the model MoorDyn solves: Hall & Goupee, Ocean
// Engineering 104:590-603, 2015) or the elements' consistent one (models/cable_mass.h).
//
// At rho_inf = 1 it is stepped by the energy-consistent midpoint rule: with x1 = x0 + dt (v0 +
// v1) / 2 and
//   M (v1 - v0) / dt = the elements' discrete gradients F_mean(d0, d1) + p
// (Gonzalez, J. Nonlinear Sci. 6:449-467, 1996; Simo & Tarnow, ZAMP 43:757-792, 1992), the
// kinetic energy's change over a step, (v1 + v0)^T M (v1 - v0) / 2, is the elements' work, sum
// F_mean . (d1 - d0) = -(V1 - V0), plus the dead loads' p . (x1 - x0): T + V - p . x is conserved
// to Newton's tolerance, for any step, slack elements included (their discrete gradient is exact
// across the slack point).
//
// At rho_inf < 1 it is stepped by generalized alpha (Chung & Hulbert, J. Appl. Mech. 60:371-375,
// 1993, eqs. (3), (4), (8)) with the elements' forces at the alpha level taken as the weighted
// mean of their end values (one of the two nonlinear forms Erlicher, Bonaventura & Bursi analyse,
// Comput. Mech. 28:83-104, 2002; the form the line models' nonlinear springs take):
//   M ((1 - am) a1 + am a0) = (1 - af) F(x1) + af F(x0) + p,
// which damps the highest modes (the chain's axial ones, far above the motion a run resolves) and
// keeps second order; T + V then falls by what the scheme dissipates (the ledger's energy_error).
// The other form, F((1 - af) x1 + af x0), lets T + V at the step ends rise above its start where a
// slack cable snaps taut (the pendulum of cases/cable_pendulum.prm at rho_inf = 0.9: +0.29 J of
// 3.97, and its tension spikes 30 % above the midpoint rule's); this one never did there.
// Both are implicit: Newton's method on x1 with the Jacobian c M - dF/dx1, c = (1 - am) / (beta
// dt^2) (2 / dt^2 for the midpoint rule), block tridiagonal in 2 x 2 node blocks, eliminated from
// both ends toward the chain's middle (system/twisted_block_lu.h) and, in a run, kept across
// steps (ChainJacobian).
//
// On two or more ranks a run divides the chain in two at that middle (system/chain_partition.h):
// each part forms its own rows' residual and Jacobian and eliminates them toward the cut; the
// iterations' largest corrections and the step's works are reduced over the ranks, so every rank
// takes the same decisions. One rank does both parts' operations (its two sweeps side by side),
// so the positions are the same to the bit on 1 and 2 ranks (the energies are sums in another
// order). The positions outside a part's nodes are stale until gathered (gather_nodes).
#include "models/cable_mass.h"
#include "studies/cable_equilibrium.h"
#include "system/chain_partition.h"
#include "system/twisted_block_lu.h"

#include <vector>

namespace hamdyn {

struct ChainMotion {
  double t = 0;
  std::vector<Vector2> x, v; // positions [m] and velocities [m/s] of the nodes
  std::vector<Vector2> a;    // accelerations [m/s^2]: generalized alpha's (set by start_chain)
};

/// A held node's position at the end of a step (a support's prescribed motion), or another of its
/// vectors.
struct NodePosition {
  std::size_t node;
  Vector2 x;
};

/// How a chain steps: the energy-consistent midpoint rule, or generalized alpha.
struct ChainScheme {
  bool midpoint = true;
  double alpha_m = 0.5, alpha_f = 0.5, beta = 0.25, gamma = 0.5;
  /// The midpoint rule at rho_inf = 1, generalized alpha (time/newmark_scheme.h's) below.
  static ChainScheme for_spectral_radius(double rho_infinity);
  /// The inertia's argument (1 - am) a1 + am a0 is c (x1 - x0 - dt v0) - d a0.
  double c(double dt) const { return (1 - alpha_m) / (beta * dt * dt); }
  double d() const { return midpoint ? 0 : (1 - alpha_m) * (0.5 - beta) / beta - alpha_m; }
};

/// Sets s.a for generalized alpha: M a = F(x) + p + q on the free nodes (q: further loads at
/// t = 0, node by node, or empty), given on the held ones (`held_a`, the supports' prescribed
/// accelerations, node by node; empty: 0); the midpoint rule needs none (s.a cleared).
void start_chain(const CableChain& chain, const CableMass& mass, const ChainScheme& scheme,
                 ChainMotion& s, const std::vector<NodePosition>& held_a = {},
                 const std::vector<Vector2>& loads = {});

/// The step's Jacobian 2 M / dt^2 - dF_mean/dx1, factored at a linearization point (x0, x1, dt)
/// and kept across steps (modified Newton, Kelley, Iterative Methods for Linear and Nonlinear
/// Equations, SIAM 1995, sec. 5.4.3: the chord method): a run's steps change it little, and
/// forming and factoring it costs about three Newton iterations (perf, 5e4 elements). Its
/// linearization point is what a checkpoint keeps, so that a resumed run factors the same matrix
/// and goes on bit for bit.
class ChainJacobian {
public:
  bool empty() const { return dt_ == 0; }
  /// Assembles and factors the Jacobian at (x0, x1, dt): the whole chain's, or a divided
  /// chain's part (`p`, collective over its two parts).
  void form(const CableChain& chain, const CableMass& mass, const ChainScheme& scheme,
            const std::vector<Vector2>& x0, const std::vector<Vector2>& x1, double dt,
            const ChainPartition* p = nullptr);
  /// Solves J dx = r in place (on a divided chain: r in the own rows, dx at the nodes the part
  /// keeps current).
  void solve(std::vector<double>& r) const { blocks_.solve(r.data()); }
  double dt() const { return dt_; }
  /// How many times it was factored.
  unsigned long factorizations() const { return factorizations_; }
  /// The linearization point (x0, x1 and dt, flattened; empty when none; on a divided chain
  /// gathered from both parts, collective), and the reverse.
  std::vector<double> linearization(const ChainPartition* p = nullptr) const;
  void restore(const CableChain& chain, const CableMass& mass, const ChainScheme& scheme,
               const std::vector<double>& point, const ChainPartition* p = nullptr);

private:
  TwistedBlockLU blocks_;
  std::vector<Vector2> x0_, x1_;
  double dt_ = 0;
  unsigned long factorizations_ = 0;
};

/// step_chain's vectors, kept from step to step by a run: allocated anew, each step's first
/// touch of their pages was a page fault per 4 KiB (a tenth of a 10^5-unknown cable's step).
struct ChainScratch {
  std::vector<Vector2> predictor, x1;
  std::vector<double> dx;
  std::vector<double> l0; // the elements' lengths at the step's start
  /// Whether l0 holds the lengths at the state's positions: step_chain forms them at the end of
  /// a step, for the next and for the energy between; whoever moves the state otherwise (a
  /// restore) clears it.
  bool lengths_of_state = false;
  /// Of each element, formed once (a scratch serves one chain): EA / L, and L side by side (the
  /// residual's element loop read them from the elements, 32 bytes each); whether any is
  /// tension-only, whether any has axial damping; the held nodes.
  std::vector<double> stiffness, rest;
  bool tension_only = false, damped = false;
  std::vector<std::size_t> held;
};

/// How step_chain makes a step, and what it reports besides the state.
struct ChainStep {
  /// Newton's method stops when its correction is below `tolerance` times the step's largest
  /// motion, or below the positions' round-off (16 eps max|x|).
  double tolerance = 1e-13;
  /// Without one, the Jacobian is formed at every iteration (Newton's method); with it, the kept
  /// factorization serves while each correction is at most a tenth of the one before, and is
  /// formed anew at the iterate where one is not (and at a new dt); where a kept one leads away,
  /// or 12 iterations do not converge, the step starts again from the predictor (then by
  /// Newton's method, which gives up where 8 of its iterations find no smaller correction).
  ChainJacobian* kept = nullptr;
  /// Its vectors (none: its own for the step).
  ChainScratch* scratch = nullptr;
  ChainScheme scheme;
  /// Held nodes that move: where they are at the step's end (the other held nodes stay).
  std::vector<NodePosition> moved;
  /// The part of a divided chain this process steps (none: the whole chain).
  const ChainPartition* partition = nullptr;
  /// Loads besides the chain's dead ones over the step, at the alpha level ((1 - af) q(t1) +
  /// af q(t0): the mean for the midpoint rule), node by node [N]; empty: none.
  std::vector<Vector2> loads;
  /// Out: their work over the step [J], sum q . (x1 - x0) over the free nodes (for the
  /// midpoint rule, what closes the energy balance with them exactly).
  double load_work = 0;
  /// Out: the work the held nodes' forces did on the chain over the step [J], sum S . (x1 - x0)
  /// with S the force holding each moved node (the step's residual there).
  double support_work = 0;
  /// Out: the energy the dashpots took over the step [J], sum c v_af . (x1 - x0) (for the
  /// midpoint rule c |x1 - x0|^2 / dt, which closes the energy balance exactly).
  double dissipated = 0;
};

/// Every rank gets the owners' values of x (a no-op when the chain is not divided; collective).
inline void gather_nodes(const ChainPartition& p, std::vector<Vector2>& x) {
  static_assert(sizeof(Vector2) == 2 * sizeof(double), "Vector2 is two doubles");
  gather_node_pairs(p, reinterpret_cast<double*>(x.data()));
}

/// Steps `s` by dt (generalized alpha needs s.a from start_chain) and returns Newton's
/// iterations. Throws std::runtime_error when it does not converge (on every rank of a divided
/// chain alike). On a divided chain, s is current at the nodes the part keeps current.
unsigned step_chain(const CableChain& chain, const CableMass& mass, ChainMotion& s, double dt,
                    ChainStep& how);
/// The same with the defaults (the midpoint rule, a Jacobian of its own, nothing moved).
unsigned step_chain(const CableChain& chain, const CableMass& mass, ChainMotion& s, double dt);

} // namespace hamdyn
