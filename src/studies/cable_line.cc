#include "studies/cable_line.h"

#include "core/input_error.h"
#include "core/text.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hamdyn {

namespace {
// The unstretched coordinates of the nodes: n elements spread over the intervals between the
// breakpoints in proportion to their lengths (largest remainders, at least one each), evenly
// within each, so every breakpoint is a node.
std::vector<double> node_coordinates(std::vector<double> breaks, unsigned n) {
  std::sort(breaks.begin(), breaks.end());
  breaks.erase(std::unique(breaks.begin(), breaks.end()), breaks.end());
  const std::size_t intervals = breaks.size() - 1;
  const double length = breaks.back() - breaks.front();
  std::vector<std::size_t> count(intervals, 1);
  std::vector<std::pair<double, std::size_t>> remainders;
  std::size_t given = intervals;
  for (std::size_t i = 0; i < intervals; ++i) {
    const double share = n * (breaks[i + 1] - breaks[i]) / length;
    const std::size_t whole = std::max<std::size_t>(1, std::size_t(share));
    count[i] = whole;
    given += whole - 1;
    remainders.emplace_back(share - double(whole), i);
  }
  std::sort(remainders.begin(), remainders.end(), std::greater<>());
  for (std::size_t k = 0; given < n && k < remainders.size(); ++k, ++given)
    ++count[remainders[k].second];
  std::vector<double> s{breaks.front()};
  for (std::size_t i = 0; i < intervals; ++i)
    for (std::size_t j = 1; j <= count[i]; ++j)
      s.push_back(j == count[i] ? breaks[i + 1]
                                : breaks[i] + (breaks[i + 1] - breaks[i]) * double(j) / count[i]);
  return s;
}

exact::ElasticCatenary catenary_of(const CableCase& c) {
  const exact::CableSpan span{c.right().x - c.left().x, c.right().z - c.left().z, c.axial_stiffness,
                              c.mass_per_length * c.gravity};
  using G = CableCase::Geometry;
  try {
    return c.geometry == G::unstretched_length
               ? exact::ElasticCatenary::with_length(span, c.geometry_value)
           : c.geometry == G::horizontal_tension
               ? exact::ElasticCatenary::with_horizontal_tension(span, c.geometry_value)
               : exact::ElasticCatenary::with_sag(span, c.geometry_value);
  } catch (const std::exception& e) {
    throw InputError("Cable/" + c.geometry_key, text_of(c.geometry_value),
                     std::string("no elastic catenary through the supports has it (") + e.what() +
                         ")");
  }
}
} // namespace

exact::PlaneVector CableLine::catenary_position(double at) const {
  const exact::PlaneVector p = catenary->position(at);
  return {left_support.x + p.x, left_support.z + p.z};
}

std::vector<double> element_tensions(const CableChain& chain, const std::vector<Vector2>& x) {
  std::vector<double> t;
  for (std::size_t k = 0; k < chain.elements.size(); ++k)
    t.push_back(chain.elements[k].tension(chord(x, k)));
  return t;
}

CableMarks cable_marks(const CableLine& line, const CableCase& c) {
  CableMarks marks;
  marks.held = line.chain.held;
  marks.point_mass.assign(line.s.size(), 0);
  for (std::size_t k = 0; k < line.mass_nodes.size(); ++k)
    marks.point_mass[line.mass_nodes[k]] += c.point_masses[k].mass;
  marks.spring.assign(line.s.size(), 0);
  marks.dashpot.assign(line.s.size(), 0);
  for (const NodeSpring& spring : line.chain.springs)
    marks.spring[spring.node] += spring.stiffness;
  for (const NodeDashpot& dashpot : line.chain.dashpots)
    marks.dashpot[dashpot.node] += dashpot.damping;
  return marks;
}

CableLine make_cable_line(const CableCase& c) {
  using G = CableCase::Geometry;
  CableLine line;
  line.left_support = c.left();
  // the polyline's corners at their unstretched coordinates (the chord: its two ends)
  std::vector<double> corners{0};
  for (std::size_t k = 0; k + 1 < c.points.size(); ++k)
    corners.push_back(corners.back() + distance(c.points[k], c.points[k + 1]));
  const bool catenary_geometry = c.geometry != G::chord && c.geometry != G::points;
  if (catenary_geometry) {
    line.catenary = catenary_of(c);
    line.unstretched_length = line.catenary->unstretched_length();
    corners = {0, line.unstretched_length};
  } else {
    line.unstretched_length = corners.back();
  }
  // The equilibrium of a cable without point masses is the elastic catenary of its unstretched
  // length through its supports (one hanging, or taut: shorter than the chord), whatever its
  // start: the chord's or the polyline's too.
  const double span = c.right().x - c.left().x;
  const double chord_length = distance(c.left(), c.right());
  // (springs anchored on a catenary start leave it the equilibrium; anchored elsewhere, not)
  if (c.point_masses.empty() && (c.springs.empty() || catenary_geometry) && c.held_points.empty() &&
      !c.left_free && !c.right_free && span > 0 &&
      (c.gravity > 0 || line.unstretched_length < chord_length)) {
    if (!catenary_geometry)
      line.catenary = exact::ElasticCatenary::with_length(
          {span, c.right().z - c.left().z, c.axial_stiffness, c.mass_per_length * c.gravity},
          line.unstretched_length);
    line.catenary_is_equilibrium = true;
  }
  std::vector<double> breaks = corners;
  const auto must_be_node = [&](const std::string& key, double at, const std::string& shown) {
    if (!(at < line.unstretched_length))
      throw InputError("Cable/" + key, shown,
                       "expected s below the unstretched length " +
                           text_of(line.unstretched_length) + " m");
    breaks.push_back(at);
  };
  for (const CablePointMass& m : c.point_masses)
    must_be_node("Point masses", m.s, text_of(m.s) + ": " + text_of(m.mass));
  for (const CableAttachment& a : c.springs)
    must_be_node("Springs", a.s, text_of(a.s) + ": " + text_of(a.constant));
  for (const CableAttachment& a : c.dashpots)
    must_be_node("Dashpots", a.s, text_of(a.s) + ": " + text_of(a.constant));
  for (const double at : c.held_points)
    must_be_node("Held points", at, text_of(at));
  line.s = node_coordinates(breaks, c.n_elements);

  CableChain& chain = line.chain;
  std::size_t corner = 0;
  for (const double s : line.s) {
    if (catenary_geometry) {
      const exact::PlaneVector p = line.catenary_position(s);
      chain.nodes.push_back({p.x, p.z});
      continue;
    }
    while (corner + 2 < corners.size() && s > corners[corner + 1])
      ++corner;
    const PlanePoint &a = c.points[corner], &b = c.points[corner + 1];
    const double f = (s - corners[corner]) / (corners[corner + 1] - corners[corner]);
    chain.nodes.push_back({a.x + f * (b.x - a.x), a.z + f * (b.z - a.z)});
  }
  chain.held.assign(chain.nodes.size(), false);
  chain.held.front() = !c.left_free;
  chain.held.back() = !c.right_free;
  for (std::size_t k = 0; k + 1 < line.s.size(); ++k)
    chain.elements.push_back(CableElement{line.s[k + 1] - line.s[k], c.axial_stiffness,
                                          c.tension_only, c.axial_damping});
  chain.loads = gravity_loads(chain.elements, c.mass_per_length * c.gravity);
  line.mass = cable_mass(chain.elements, c.mass_per_length, c.consistent_mass);
  const auto node_at = [&](double at) {
    return std::size_t(std::lower_bound(line.s.begin(), line.s.end(), at) - line.s.begin());
  };
  for (const double at : c.held_points) {
    line.held_nodes.push_back(node_at(at));
    chain.held[node_at(at)] = true;
  }
  for (const CableAttachment& a : c.springs) // anchored where the node starts
    chain.springs.push_back({node_at(a.s), a.constant, chain.nodes[node_at(a.s)]});
  for (const CableAttachment& a : c.dashpots)
    chain.dashpots.push_back({node_at(a.s), a.constant});
  chain.mass_damping = c.mass_damping;
  for (const CablePointMass& m : c.point_masses) {
    const std::size_t node = node_at(m.s);
    line.mass_nodes.push_back(node);
    line.mass.node[node] += m.mass;
    chain.loads[node][1] -= m.mass * c.gravity;
  }
  return line;
}

Vector2 node_reaction(const CableChain& chain, const std::vector<Vector2>& x, std::size_t i) {
  Vector2 sum = chain.loads[i];
  // the element before pulls node i with -its force, the element after with its force
  if (i > 0) {
    const Vector2 f = chain.elements[i - 1].force(chord(x, i - 1));
    sum = {sum.x - f.x, sum.z - f.z};
  }
  if (i + 1 < x.size()) {
    const Vector2 f = chain.elements[i].force(chord(x, i));
    sum = {sum.x + f.x, sum.z + f.z};
  }
  for (const NodeSpring& spring : chain.springs)
    if (spring.node == i)
      sum = {sum.x - spring.stiffness * (x[i].x - spring.anchor.x),
             sum.z - spring.stiffness * (x[i].z - spring.anchor.z)};
  return {-sum.x, -sum.z};
}

std::pair<Vector2, Vector2> support_reactions(const CableChain& chain,
                                              const std::vector<Vector2>& x) {
  return {node_reaction(chain, x, 0), node_reaction(chain, x, x.size() - 1)};
}

std::vector<double> node_tensions(const CableChain& chain, const std::vector<Vector2>& x) {
  const std::size_t n = chain.elements.size();
  std::vector<double> t(n + 1, 0);
  for (std::size_t k = 0; k < n; ++k) {
    const double tk = chain.elements[k].tension(chord(x, k));
    t[k] += 0.5 * tk;
    t[k + 1] += 0.5 * tk;
  }
  // at a support, the force it exerts: its element's tension is the one at the element's middle,
  // half an element away (first order in h), the reaction's carries the last half's weight too
  const auto [left, right] = support_reactions(chain, x);
  t.front() = std::hypot(left.x, left.z);
  t.back() = std::hypot(right.x, right.z);
  return t;
}

double force_balance_uncertainty(const CableChain& chain) {
  double smallest = INFINITY;
  for (std::size_t i = 0; i < chain.loads.size(); ++i) {
    const double p = std::hypot(chain.loads[i].x, chain.loads[i].z);
    if (!chain.held[i] && p > 0)
      smallest = std::min(smallest, p);
  }
  // the floor's factor 32 is its margin; the residuals measured at round-off lie at 1 to 8
  // EA/L eps |x|, what a force is known to
  return std::isfinite(smallest) ? residual_floor(chain) / 32 / smallest : 0.0;
}

std::string force_balance_warning(const CableChain& chain) {
  const double u = force_balance_uncertainty(chain);
  if (!(u > 1e-6))
    return {};
  return "the equilibrium's force balance is resolved only to " + text_of(u) +
         " of a node's load (double precision's floor for positions: EA/L eps |x| per element): "
         "its tensions and the frequencies about it may be off by as much; fewer elements or a "
         "smaller Cable/Axial stiffness move it";
}

std::size_t midspan_node(const CableLine& line) {
  const double half = 0.5 * line.unstretched_length;
  const auto middle = std::lower_bound(line.s.begin(), line.s.end(), half);
  std::size_t node = std::size_t(middle - line.s.begin());
  if (node > 0 && middle != line.s.end() && *middle - half > half - *(middle - 1))
    --node;
  return node;
}

} // namespace hamdyn
