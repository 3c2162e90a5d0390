#include "studies/planar_frame_line.h"

#include "core/input_error.h"
#include "models/make_planar_member.h"
#include "studies/planar_beam_static_forms.h"
#include "system/banded_lu.h"

#include <deal.II/lac/dynamic_sparsity_pattern.h>
#include <deal.II/lac/sparsity_tools.h>

#include <algorithm>
#include <cmath>

namespace hamdyn {

PlanarBeamLine make_planar_frame_line(const PlanarBeamCase& c,
                                      PlanarBeamInterpolation interpolation) {
  const FrameGeometry& g = *c.frame;
  const unsigned p = c.degree;
  // in the order built (renumbered below): the points' nodes first
  std::vector<PlanePoint> at;
  for (const FrameGeometry::Point& point : g.points)
    at.push_back(point.at);
  std::vector<std::pair<std::size_t, std::size_t>> ties; // (node, the point's node it moves with)
  // each member's end nodes: the point's, or at a hinge a node of its own for all but the first
  // member there
  std::vector<std::array<std::size_t, 2>> ends(g.members.size());
  std::vector<bool> first_at(g.points.size(), true);
  for (std::size_t m = 0; m < g.members.size(); ++m)
    for (unsigned side = 0; side < 2; ++side) {
      const std::size_t point = side == 0 ? g.members[m].from : g.members[m].to;
      const bool hinge = std::count(g.hinges.begin(), g.hinges.end(), point) > 0;
      if (hinge && !first_at[point]) {
        ends[m][side] = at.size();
        ties.emplace_back(at.size(), point);
        at.push_back(g.points[point].at);
      } else
        ends[m][side] = point;
      first_at[point] = false;
    }
  PlanarBeamLine line;
  line.frame = true;
  line.members = g.members.size();
  std::vector<std::size_t> nodes; // element by element, p + 1 each
  for (std::size_t m = 0; m < g.members.size(); ++m) {
    const FrameGeometry::Member& member = g.members[m];
    const PlanePoint a = g.points[member.from].at, b = g.points[member.to].at;
    const double length = distance(a, b), angle = std::atan2(b.z - a.z, b.x - a.x);
    const double h = length / member.elements;
    const PlanarBeamSection section{member.section.axial, member.section.shear,
                                    member.section.bending, member.section.mass,
                                    member.section.rotary};
    std::size_t previous = ends[m][0];
    for (unsigned e = 0; e < member.elements; ++e) {
      line.elements.push_back(
          make_planar_member(member.model, p, h, angle, section, interpolation));
      PlanarBeamElement& element = line.elements.back();
      element.set_rotation_offset(angle);
      nodes.push_back(previous);
      for (unsigned k = 1; k <= p; ++k) {
        if (e + 1 == member.elements && k == p) {
          nodes.push_back(ends[m][1]);
          break;
        }
        const double xi = (e * h + element.node_coordinate(k)) / length;
        nodes.push_back(at.size());
        at.push_back({a.x + xi * (b.x - a.x), a.z + xi * (b.z - a.z)});
      }
      previous = nodes.back();
    }
  }
  // reverse Cuthill-McKee on the nodes' graph (an element's nodes and a tie couple)
  const std::size_t n_nodes = at.size();
  dealii::DynamicSparsityPattern graph(n_nodes, n_nodes);
  for (std::size_t first = 0; first < nodes.size(); first += p + 1)
    for (unsigned i = 0; i <= p; ++i)
      for (unsigned j = 0; j <= p; ++j)
        graph.add(nodes[first + i], nodes[first + j]);
  for (const auto& [node, point] : ties) {
    graph.add(node, point);
    graph.add(point, node);
  }
  std::vector<dealii::types::global_dof_index> number(n_nodes);
  dealii::SparsityTools::reorder_Cuthill_McKee(graph, number);
  for (auto& k : number) // (reversed: the same band, the usual order)
    k = n_nodes - 1 - k;
  for (const std::size_t node : nodes)
    line.element_nodes.push_back(number[node]);
  line.reference.assign(3 * n_nodes, 0.0); // theta: the turn from the reference
  for (std::size_t i = 0; i < n_nodes; ++i) {
    line.reference[3 * number[i]] = at[i].x;
    line.reference[3 * number[i] + 1] = at[i].z;
  }
  line.held.assign(3 * n_nodes, false);
  line.loads.assign(3 * n_nodes, 0.0);
  const auto node_of = [&](std::size_t point) { return std::size_t(number[point]); };
  for (const auto& [point, name] : g.supports) {
    PlanarBeamCase::Support s{};
    support_named(name, s);
    const auto held = PlanarBeamCase::held_components(s);
    for (unsigned k = 0; k < 3; ++k)
      line.held[3 * node_of(point) + k] = held[k];
  }
  if (!ties.empty()) {
    line.tied_to.resize(3 * n_nodes);
    for (std::size_t i = 0; i < line.tied_to.size(); ++i)
      line.tied_to[i] = i;
    for (const auto& [node, point] : ties)
      for (unsigned k = 0; k < 2; ++k) {
        const std::size_t dof = 3 * number[node] + k, at_point = 3 * node_of(point) + k;
        // a hinge's node at a support is held with the point (a tie to a held DoF would keep
        // a held row's value out of the tie's equation)
        if (line.held[at_point])
          line.held[dof] = true;
        else
          line.tied_to[dof] = at_point;
      }
  }
  // the loads: per member the distributed force and the weight; the points' forces, moments and
  // the masses' weight at their nodes
  add_distributed_forces(c, line);
  std::vector<double> fe(3 * (p + 1));
  for (const auto& [point, force] : g.forces) {
    line.loads[3 * node_of(point)] += force.x;
    line.loads[3 * node_of(point) + 1] += force.z;
  }
  for (const auto& [point, moment] : g.moments)
    line.loads[3 * node_of(point) + 2] += moment;
  for (const auto& [point, force] : g.follower_forces)
    line.followers.push_back({node_of(point), force.x, force.z});
  if (!g.follower_forces.empty() && line.followers_given.first.empty())
    line.followers_given = {"Geometry/Follower forces", g.follower_forces_text};
  // a point term on the first element with the point's node, at that node (its spring anchored
  // at the point's place)
  const auto attach = [&](std::size_t point, PlanarBeamPoint term) {
    for (std::size_t e = 0; e < line.elements.size(); ++e)
      if (line.node(e, 0) == node_of(point) || line.node(e, p) == node_of(point)) {
        term.xi = line.node(e, 0) == node_of(point) ? 0.0 : 1.0;
        term.anchor_x = g.points[point].at.x;
        term.anchor_z = g.points[point].at.z;
        line.elements[e].add_point(term);
        return;
      }
  };
  for (const auto& [point, mass] : g.point_masses) {
    line.loads[3 * node_of(point) + 1] -= mass * c.gravity;
    attach(point, {0, mass, 0, 0, 0, 0, 0});
  }
  for (const auto& [point, j] : g.point_rotary_inertias)
    attach(point, {0, 0, j, 0, 0, 0, 0});
  for (const auto& [point, k] : g.springs)
    attach(point, {0, 0, 0, k, 0, 0, 0});
  for (const auto& [point, d] : g.dashpots)
    attach(point, {0, 0, 0, 0, d, 0, 0});
  if (g.hub != std::size_t(-1))
    line.hub_node = node_of(g.hub);
  if (c.steady_rotation != 0) // (after the point masses: their share of the centrifugal load)
    for (PlanarBeamElement& element : line.elements)
      element.set_steady_rotation(c.steady_rotation, c.hub_point().x, c.hub_point().z);
  // the points the outputs report: all of Geometry/Points, a mesh's physically named ones
  std::size_t unsupported = g.points.size(), last_named = g.points.size() - 1;
  for (std::size_t point = 0; point < g.points.size(); ++point)
    if (g.points[point].named) {
      line.named_nodes.emplace_back(g.points[point].name, node_of(point));
      last_named = point;
      const auto held = [&](const auto& support) { return support.first == point; };
      if (unsupported == g.points.size() &&
          std::none_of(g.supports.begin(), g.supports.end(), held))
        unsupported = point;
    }
  // the static path and the history follow the first point with a force or moment, else the
  // first named point without a support (one that moves), else the last named point
  std::size_t watched = unsupported < g.points.size() ? unsupported : last_named;
  const bool loaded = !g.forces.empty() || !g.follower_forces.empty() || !g.moments.empty();
  if (loaded)
    watched = g.points.size();
  for (const auto& [point, force] : g.forces)
    watched = std::min(watched, point);
  for (const auto& [point, force] : g.follower_forces)
    watched = std::min(watched, point);
  for (const auto& [point, moment] : g.moments)
    watched = std::min(watched, point);
  line.watched = node_of(watched);
  return line;
}

void add_distributed_forces(const PlanarBeamCase& c, PlanarBeamLine& line) {
  const bool follows =
      c.distributed_force_follows && (c.distributed_force.x != 0 || c.distributed_force.z != 0);
  std::vector<double> fe(line.elements.empty() ? 0 : line.elements.front().n_dofs()),
      shares(fe.size());
  for (std::size_t e = 0; e < line.elements.size(); ++e) {
    const PlanarBeamElement& element = line.elements[e];
    std::fill(fe.begin(), fe.end(), 0.0);
    element.add_distributed_load(follows ? 0 : c.distributed_force.x,
                                 (follows ? 0 : c.distributed_force.z) -
                                     element.section().mass_per_length * c.gravity,
                                 fe.data());
    for (std::size_t i = 0; i < fe.size(); ++i)
      line.loads[line.row(line.dof(e, i / 3, i % 3))] += fe[i];
    if (!follows)
      continue;
    // the shares: a straight element's consistent loads of the force (its theta rows are 0)
    std::fill(shares.begin(), shares.end(), 0.0);
    element.add_distributed_load(c.distributed_force.x, c.distributed_force.z, shares.data());
    for (unsigned a = 0; a < element.n_nodes(); ++a)
      line.followers.push_back({line.node(e, a), shares[3 * a], shares[3 * a + 1]});
  }
  if (follows && line.followers_given.first.empty())
    line.followers_given = {"Planar beam/Distributed force follows", "true"};
}

void check_frame_held(const PlanarBeamCase& c, const PlanarBeamLine& line,
                      const std::string& study) {
  // At the reference every strain is 0 and the tangent is the material stiffness: positive
  // definite where the supports and joints hold every motion. A rigid motion or a mechanism
  // leaves a pivot of round-off size (of either sign): 1e-11 of its row's diagonal is far
  // below a slender member's genuine pivots (EI / (EA L^2) times (h / L)^2 ~ 1e-10 needs
  // EA L^2 / EI = 10^4 with 10^3 elements a member) and far above round-off.
  PlanarBeamStaticForms forms(line);
  BandedLU k;
  forms.assemble_tangent(0.0, line.reference, k);
  try {
    k.factorize(BandedLU::Pivots::positive, 1e-11);
  } catch (const std::exception&) {
    const std::size_t node = k.refused_row() / 3;
    // the point nearest to the node where the motion was found
    const FrameGeometry& g = *c.frame;
    std::size_t nearest = 0;
    double best = INFINITY;
    for (std::size_t i = 0; i < g.points.size(); ++i) {
      const double d = std::hypot(g.points[i].at.x - line.reference[3 * node],
                                  g.points[i].at.z - line.reference[3 * node + 1]);
      if (d < best) {
        best = d;
        nearest = i;
      }
    }
    const bool hinged = !g.hinges.empty();
    const std::string key = hinged ? "Geometry/Hinges" : "Geometry/Supports";
    throw InputError(key, hinged ? g.hinges_text : g.supports_text,
                     "expected supports and joints that hold the frame for " + study +
                         ": it moves without strain near point '" + g.points[nearest].name +
                         "' (a rigid motion the supports leave, or a mechanism of hinges: no "
                         "static state to find or to linearize about)");
  }
}

} // namespace hamdyn
