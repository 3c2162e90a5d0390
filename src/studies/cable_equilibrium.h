#pragma once
// The static equilibrium of a cable in the plane: a chain of cable elements (models/
// cable_element.h) between held nodes under dead loads at the nodes, sum of the elements' forces
// + loads = 0, found from any start, the straight, unstressed or compressed chord included
// (whose tangent is singular or indefinite: the start Code_Aster's SSNL114 case needs
// continuation for).
//
// The equilibrium minimizes the total potential Pi(x) = sum V_e - sum p . x (a stable one; the
// loads are dead), so the iteration is Newton's method made globally convergent as a trust
// region in Levenberg-Marquardt form (Nocedal & Wright, Numerical Optimization, 2nd ed., sec.
// 4.1 and 10.3; More, Lecture Notes in Math. 630, 1978): a step solves (S + mu D) dx = r with S
// the tangent stiffness (models/cable_element.h), D its material diagonal and r the residual
// force, and is taken only if it lowers Pi; mu grows tenfold when a step fails (or S + mu D has
// a non-positive pivot) and shrinks tenfold when one succeeds, so far from equilibrium the
// iteration walks down the energy and near it is Newton's, converging quadratically. No load
// stepping or user tuning is needed from a straight start: the first steps, at large mu, let
// the weight pull the chain into a sag.
//
// Each chain of more than 64 elements first solves the chain with every other node merged and
// starts from its equilibrium (nested iteration), so the number of iterations does not grow with
// the number of elements. The chain's matrix is block tridiagonal in the node order (half bandwidth
// 3), factored in band storage (system/banded_lu.h) in O(n): 10^5 elements take milliseconds per
// iteration.
#include "models/cable_element.h"

#include <algorithm>
#include <string>
#include <vector>

namespace hamdyn {

/// A linear spring from a node to a fixed anchor, the same in x and z: force -k (x - anchor) [N],
/// energy k |x - anchor|^2 / 2.
struct NodeSpring {
  std::size_t node;
  double stiffness; // k [N/m]
  Vector2 anchor;   // [m]
};
/// A linear dashpot from a node to the ground, the same in x and z: force -c v [N].
struct NodeDashpot {
  std::size_t node;
  double damping; // c [N s/m]
};

struct CableChain {
  std::vector<Vector2> nodes;         // positions [m]: the start, the equilibrium on return
  std::vector<bool> held;             // per node: held where it is
  std::vector<CableElement> elements; // element k joins nodes k and k + 1
  std::vector<Vector2> loads;         // dead loads at the nodes [N]
  std::vector<NodeSpring> springs;    // at nodes, to their anchors
  std::vector<NodeDashpot> dashpots;  // at nodes (the motion's: a static chain has no velocity)
  double mass_damping = 0; // alpha [1/s]: the force -alpha M v on the nodes (the motion's)
};

struct ChainEquilibrium {
  /// Newton's iterations on the given chain (after its coarser chains').
  unsigned iterations = 0;
  /// How many coarser chains were solved first (nested iteration).
  std::size_t coarser_chains = 0;
  /// The largest residual force at a free node, relative to the largest element force or load,
  /// and the floor double precision sets it (32 eps max(EA/L) max|x| relative to the same).
  double residual = 0, residual_floor = 0;
};

/// The chain's total potential Pi = sum of the elements' and the springs' energies - sum p . x [J]
/// at positions x;
/// `size`, when given, gets the sum of its terms' magnitudes (what its round-off is relative to).
/// With [first, last): the share of those nodes (their springs and loads, and the elements from
/// each of them to the next). With `lengths`: the elements' chord lengths at x, known; with
/// `stiffness`, their EA / L too.
double potential_energy(const CableChain& chain, const std::vector<Vector2>& x,
                        double* size = nullptr, std::size_t first = 0,
                        std::size_t last = std::size_t(-1),
                        const std::vector<double>* lengths = nullptr,
                        const std::vector<double>* stiffness = nullptr);

/// Adds an element's 2 x 2 block t (d force on its first node / d chord) to a matrix in the
/// chain's numbering (DoF 2 i + a for component a of node i) as [t -t; -t t] at element k's
/// nodes: the tangent of the chain's forces, for any matrix with entries a(i, j).
template <class Matrix>
void add_element_block(Matrix& a, std::size_t k, const Matrix2& t) {
  for (std::size_t p : {0u, 1u})
    for (std::size_t q : {0u, 1u}) {
      const double g = t[2 * p + q];
      a(2 * k + p, 2 * k + q) += g;
      a(2 * k + p, 2 * (k + 1) + q) -= g;
      a(2 * (k + 1) + p, 2 * k + q) -= g;
      a(2 * (k + 1) + p, 2 * (k + 1) + q) += g;
    }
}

/// Adds the chain's tangent stiffness at its nodes to a matrix in the chain's numbering: each
/// element's tangent (models/cable_element.h: the tension's geometric part in it) and each
/// spring's k on both components.
template <class Matrix>
void add_tangent_stiffness(Matrix& a, const CableChain& chain) {
  for (std::size_t k = 0; k < chain.elements.size(); ++k)
    add_element_block(a, k, chain.elements[k].tangent(chord(chain.nodes, k)));
  for (const NodeSpring& spring : chain.springs)
    for (std::size_t c : {0u, 1u})
      a(2 * spring.node + c, 2 * spring.node + c) += spring.stiffness;
}

/// Makes the rows and columns of the held nodes' DoFs identity in a band matrix of half
/// bandwidth 3 in the chain's numbering (their unknowns stay 0).
template <class Band>
void hold_rows(Band& a, const std::vector<bool>& held) {
  const std::size_t n = 2 * held.size();
  for (std::size_t i = 0; i < held.size(); ++i)
    if (held[i])
      for (std::size_t row : {2 * i, 2 * i + 1}) {
        for (std::size_t c = row >= 3 ? row - 3 : 0; c <= std::min(n - 1, row + 3); ++c)
          a(row, c) = a(c, row) = 0;
        a(row, row) = 1;
      }
}

/// The nodal dead loads of a uniform weight w per unstretched length [N/m, in -z]: w L_e / 2
/// at each end of each element (exact for the chain's straight elements, whose weight acts at
/// their ends).
std::vector<Vector2> gravity_loads(const std::vector<CableElement>& elements, double weight);

/// The residual force [N] below which double precision cannot bring the chain at its current
/// positions: positions known to eps |x| make an element's force uncertain by EA/L eps |x|, 32
/// times that for a node's two elements and both coordinates (cable_equilibrium.cc).
double residual_floor(const CableChain& chain);

/// Moves chain.nodes to the equilibrium (converged when the residual is at 1e-10 or below the
/// floor). Throws std::invalid_argument for a chain that is not one (sizes, no held node) and
/// std::runtime_error naming what failed when no equilibrium is found.
ChainEquilibrium solve_cable_equilibrium(CableChain& chain);

} // namespace hamdyn
