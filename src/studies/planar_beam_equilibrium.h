#pragma once
// The static equilibrium of a line of planar beam elements (models/planar_beam_element.h) under
// dead loads: sum of the elements' internal forces = lambda p at the free DoFs, the held ones at
// their given values, for the load factor lambda raised from 0 to 1 (load stepping, each step
// solved by Newton's method from the last equilibrium; a step whose iterations fail — no
// convergence, or a tangent that is not positive definite on the way — is halved, one that
// converges quickly lets the next double: Crisfield, Non-linear Finite Element Analysis of Solids
// and Structures, vol. 1, 1991, sec. 9.5).
//
// The dead loads of a planar beam are conservative, a nodal moment too (theta is additive in the
// plane: its potential is -M theta), so the tangent is symmetric; at a stable equilibrium it is
// positive definite and is factored without pivoting in band storage (system/banded_lu.h; the
// DoFs are numbered node by node along the line: half bandwidth 3 p + 2 for degree p).
#include "models/planar_beam_element.h"

#include <boost/ptr_container/ptr_vector.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace hamdyn {

/// A follower force on a node: (f_x, f_z) as it acts at the reference, turned with the node's
/// section by theta - theta_reference (not conservative).
struct PlanarBeamFollower {
  std::size_t node = 0;
  double fx = 0, fz = 0; // [N]
};

/// Planar beam elements of one degree p joined at nodes: a line (element e joins nodes e p, ...,
/// e p + p) or a frame (members' ends at shared joint nodes). DoF 3 i + c is component c (x, z,
/// theta) of node i. A DoF may be tied to another (a hinge's second node: its x and z are the
/// joint's, its theta its own): the elements' terms in its row and column go to the other's,
/// and its row is the tie's equation q_i - q_j = 0, so that a Newton update moves both alike
/// (hold_dofs; constrain_residual). A frame's nodes are numbered by reverse Cuthill-McKee so
/// that the band stays narrow.
struct PlanarBeamLine {
  /// Each of its kind (models/make_planar_member.h; a frame's members may differ), held by
  /// pointer and copied by clone(): Boost's ptr_vector gives references on access and iteration.
  boost::ptr_vector<PlanarBeamElement> elements;
  /// Element e's node a is node element_nodes[e (p + 1) + a].
  std::vector<std::size_t> element_nodes;
  /// Per DoF the DoF whose row its terms go to (itself unless tied); empty: none tied.
  std::vector<std::size_t> tied_to;
  std::vector<double> reference;             // the DoFs of the unstressed reference [m, rad]
  std::vector<bool> held;                    // per DoF: held at its value
  std::vector<double> loads;                 // dead loads per DoF [N, N m] (lambda = 1)
  std::vector<PlanarBeamFollower> followers; // (lambda = 1)
  /// The key that gives the followers and its value, for messages (empty without followers).
  std::pair<std::string, std::string> followers_given;
  /// A follower's force at its node's rotation theta [N].
  std::array<double, 2> follower_force(const PlanarBeamFollower& f, double theta) const {
    const double turn = theta - reference[3 * f.node + 2];
    return {{f.fx * std::cos(turn) - f.fz * std::sin(turn),
             f.fx * std::sin(turn) + f.fz * std::cos(turn)}};
  }
  unsigned degree() const { return elements.empty() ? 1 : elements.front().degree(); }
  std::size_t node(std::size_t e, unsigned a) const {
    return element_nodes[e * (degree() + 1) + a];
  }
  /// Component c of element e's node a: its DoF.
  std::size_t dof(std::size_t e, unsigned a, unsigned c) const { return 3 * node(e, a) + c; }
  /// The row (and column) where DoF i's terms are added.
  std::size_t row(std::size_t i) const { return tied_to.empty() ? i : tied_to[i]; }
  bool tied(std::size_t i) const { return row(i) != i; }
  /// The half bandwidth of the matrices over the DoFs (3 p + 2 for a line of degree p).
  unsigned band() const;
  std::size_t n_nodes() const { return reference.size() / 3; }
  /// The node whose position the static path follows and the outputs call the end: a line's
  /// last, a frame's loaded point first in Geometry/Points (`watched` if set).
  std::size_t watched_node() const { return watched < n_nodes() ? watched : n_nodes() - 1; }
  std::size_t watched = std::size_t(-1);
  /// The nodes the outputs name: a line's start and end, a frame's points (at a hinge the first
  /// member's node).
  std::vector<std::pair<std::string, std::size_t>> named_nodes;
  bool frame = false; // a frame's (its theta the nodes' turns, its nodes in RCM order)
  /// The nodes at node i's reference place: i, and at a frame's hinge the other members' ends.
  std::vector<std::size_t> nodes_at(std::size_t i) const {
    std::vector<std::size_t> at;
    for (std::size_t j = 0; j < n_nodes(); ++j)
      if (reference[3 * j] == reference[3 * i] && reference[3 * j + 1] == reference[3 * i + 1])
        at.push_back(j);
    return at;
  }
  std::size_t members = 1;
  /// The node a hub turns (Planar beam/Start rotation): a line's first, a frame's Geometry/Hub.
  std::size_t hub_node = 0;
  std::size_t n_dofs() const { return reference.size(); }
  /// Whether every load is 0 and no element turns steadily (the reference is then the
  /// equilibrium; a steady rotation's centrifugal load is the elements' own, at any load factor).
  bool unloaded() const {
    return std::all_of(loads.begin(), loads.end(), [](double p) { return p == 0; }) &&
           followers.empty() &&
           std::all_of(elements.begin(), elements.end(),
                       [](const PlanarBeamElement& e) { return e.steady_rotation_rate() == 0; });
  }
};

/// A straight line from (x0, z0) to (x1, z1) of n elements of degree p, unstressed, nothing held
/// and no loads.
PlanarBeamLine
straight_planar_beam(double x0, double z0, double x1, double z1, unsigned n, unsigned degree,
                     const PlanarBeamSection& section,
                     PlanarBeamInterpolation interpolation = PlanarBeamInterpolation::rotations);

/// Element e's values out of a line's vector of `per_node` values a node (3: the DoFs; 2: a
/// motion's velocities), node by node.
void element_values(const PlanarBeamLine& line, std::size_t e, const std::vector<double>& all,
                    unsigned per_node, double* out);
/// The element's DoFs gathered from the line's vector q.
inline void element_dofs(const PlanarBeamLine& line, std::size_t e, const std::vector<double>& q,
                         double* qe) {
  element_values(line, e, q, 3, qe);
}
class BandedLU;
/// Adds `weight` times a follower's force p to a vector of the line's DoFs at its node's x and z
/// rows (a tied node's: its tie's, a hinge's joint): the statics' -lambda (as a negative internal
/// force), the steps' -1, the load vector's 1.
void add_follower_force(const PlanarBeamLine& line, std::size_t node,
                        const std::array<double, 2>& p, double weight, std::vector<double>& v);
/// Adds `weight` times a follower's stiffness -dp/dtheta = -J p (p its force) at its node's
/// (x, theta) and (z, theta) entries of k: the statics' load factor, the midpoint rule's 1/2 (p at
/// the middle rotation), generalized alpha's 1 - alpha_f. A follower acts on its node's x and z
/// rows (a tied node's: its tie's, a hinge's joint) and turns with its node's own theta.
void add_follower_stiffness(const PlanarBeamLine& line, std::size_t node,
                            const std::array<double, 2>& p, double weight, BandedLU& k);
/// Makes the rows and columns of the held DoFs of a matrix of the line's band those of the
/// identity (their values stay as given) and a tied DoF's row its tie's, e_i - e_j.
void hold_dofs(const PlanarBeamLine& line, BandedLU& k);
/// A tied DoF's value that of its tie, in a vector of the DoFs (a shape from the free DoFs).
void copy_ties(const PlanarBeamLine& line, std::vector<double>& values);
/// The residual's rows of the held DoFs 0 and a tied DoF's its tie's q_i - q_j.
void constrain_residual(const PlanarBeamLine& line, const std::vector<double>& q,
                        std::vector<double>& r);

/// The line's strain energy [J] at q.
double strain_energy(const PlanarBeamLine& line, const std::vector<double>& q);
/// The line's internal forces dV/dq at q, node by node.
std::vector<double> internal_forces(const PlanarBeamLine& line, const std::vector<double>& q);

/// InputError naming the key that gives the line's follower loads, if it has any: hamdyn
/// `study` takes dead loads only (a follower's stiffness is not symmetric: `why` the study needs
/// it so).
void refuse_followers(const PlanarBeamLine& line, const std::string& study, const std::string& why);

/// A point of the static path: the load factor and the watched node's position and rotation.
struct PlanarBeamPathPoint {
  double load_factor = 0, x = 0, z = 0, rotation = 0; // [1, m, m, rad]
};

struct PlanarBeamEquilibrium {
  unsigned load_steps = 0; // the steps that converged
  unsigned halvings = 0;   // the steps halved
  unsigned iterations = 0; // Newton's iterations in all
  double residual = 0;     // the largest free residual at the end, relative to `scale`
  double scale = 0;        // the largest load or internal force component [N, N m]
  /// Whether a step ended at double precision's floor (its corrections stopped shrinking at
  /// round-off size before the residual fell below 1e-13 of `scale`).
  bool at_round_off = false;
  /// The tangent's negative eigenvalues at the end (0: a stable equilibrium); -1 with follower
  /// loads (not symmetric: its pivots say nothing of stability).
  int unstable_directions = -1;
  unsigned arc_steps = 0; // the arc length's steps (0: load steps)
  /// "4 load steps" or "20 arc-length steps" (the log's words).
  std::string steps_text() const {
    return arc_steps > 0 ? std::to_string(arc_steps) + " arc-length steps"
                         : std::to_string(load_steps) + " load steps";
  }
  /// The path from the start (load factor 0) to the equilibrium (1), a point per step.
  std::vector<PlanarBeamPathPoint> path;
};

class PlanarBeamStaticForms;
/// The path point of the line at (lambda, q).
PlanarBeamPathPoint path_point(const PlanarBeamLine& line, double lambda,
                               const std::vector<double>& q);
/// The relative residual, its scale and the unstable directions at the equilibrium q (lambda = 1)
/// into `result`.
void finish_planar_beam_equilibrium(PlanarBeamStaticForms& forms, const std::vector<double>& q,
                                    PlanarBeamEquilibrium& result);

/// Solves for q (in: the start, whose held DoFs keep their values; out: the equilibrium; with no
/// load at all, the reference, with no step taken). Throws
/// std::runtime_error naming the load factor where steps of `smallest_step` do not converge.
PlanarBeamEquilibrium solve_planar_beam_equilibrium(const PlanarBeamLine& line,
                                                    std::vector<double>& q,
                                                    unsigned first_steps = 1,
                                                    double smallest_step = 1e-6);

} // namespace hamdyn
