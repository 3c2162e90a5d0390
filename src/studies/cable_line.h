#pragma once
// A case's cable (core/cable_case.h) as the chain the cable's studies solve
// (studies/cable_equilibrium.h, cable_motion.h, cable_modes.h): nodes spread evenly along the
// unstretched length between the points that must be nodes (the supports, a polyline's corners,
// the point masses, springs and dashpots), placed on the geometry as given — the elastic catenary
// through the supports for Unstretched length, Horizontal tension or Sag
// (exact/elastic_catenary.h), the polyline or the chord — with the ends held, the weight of the
// elements and the point masses as dead loads, the mass matrix of the elements plus the point
// masses, and the springs (anchored where their nodes start) and dashpots.
#include "core/cable_case.h"
#include "exact/elastic_catenary.h"
#include "models/cable_mass.h"
#include "output/cable_series.h"
#include "studies/cable_equilibrium.h"

#include <optional>
#include <string>
#include <vector>

namespace hamdyn {

struct CableLine {
  CableChain chain;                    // nodes at the geometry as given: the start
  std::vector<double> s;               // each node's unstretched coordinate [m]
  CableMass mass;                      // the elements' and the point masses [kg]
  std::vector<std::size_t> mass_nodes; // the node of each point mass, in the case's order
  std::vector<std::size_t> held_nodes; // the node of each held point, in the case's order
  double unstretched_length = 0;       // m
  /// The elastic catenary of the geometry (Unstretched length, Horizontal tension or Sag), or,
  /// for a chord or polyline start, the one of its unstretched length through the supports
  /// where that is the static equilibrium (`catenary_is_equilibrium`: no point masses, the
  /// right support to the right of the left one, hanging under gravity or taut).
  std::optional<exact::ElasticCatenary> catenary;
  bool catenary_is_equilibrium = false;
  /// The catenary's point at s, in the case's coordinates [m].
  exact::PlaneVector catenary_position(double s) const;
  PlanePoint left_support;
};

/// What the cable's ParaView series marks at each node: held, point mass, spring, dashpot.
CableMarks cable_marks(const CableLine& line, const CableCase& c);

/// The chain of the case's cable. Throws InputError naming the geometry's key when no elastic
/// catenary has it (a sag the cable cannot reach, ...).
CableLine make_cable_line(const CableCase& c);

/// The force a support exerts on the chain's node i at positions `x` (the node's residual: the
/// elements' pull, a spring there and the node's own dead load balanced), (x, z) [N].
Vector2 node_reaction(const CableChain& chain, const std::vector<Vector2>& x, std::size_t i);

/// The node nearest the middle of the unstretched length (history.csv's midspan_x, midspan_z).
std::size_t midspan_node(const CableLine& line);

/// The end supports' reactions: left, then right.
std::pair<Vector2, Vector2> support_reactions(const CableChain& chain,
                                              const std::vector<Vector2>& x);

/// Each element's tension [N] at positions x.
std::vector<double> element_tensions(const CableChain& chain, const std::vector<Vector2>& x);

/// T at each node [N] at equilibrium: the mean of the tensions of the two elements that meet
/// there, and at a support the magnitude of its reaction.
std::vector<double> node_tensions(const CableChain& chain, const std::vector<Vector2>& x);

/// How finely double precision resolves the chain's force balance at its current positions: an
/// element's force uncertainty EA/L eps |x| over the smallest nonzero dead load at a node (0
/// without loads). Its tensions' differences, and the frequencies about it, carry that relative
/// uncertainty: a stiff cable of many short elements reaches 10^-3 (EA = 10^9 N, 1 m in 200
/// elements: 1.8 10^-3, its first frequency off by 4 10^-4).
double force_balance_uncertainty(const CableChain& chain);

/// The warning for an uncertainty above 10^-6 (empty below): what it is and what moves it.
std::string force_balance_warning(const CableChain& chain);

} // namespace hamdyn
