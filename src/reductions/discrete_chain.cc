#include "reductions/discrete_chain.h"

#include "core/expression.h"
#include "core/input_error.h"
#include "mesh/line_mesh.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

namespace hamdyn {

using dealii::FullMatrix;
using dealii::Vector;

namespace {
FullMatrix<double> incidence_sum(const DiscreteChain& chain, ForceElement::Kind kind) {
  FullMatrix<double> a(chain.n_dofs(), chain.n_dofs());
  for (const ForceElement& e : chain.elements)
    if (e.kind == kind)
      for (const auto& [i, di] : e.incidence)
        for (const auto& [j, dj] : e.incidence)
          a(i, j) += e.coefficient * di * dj;
  return a;
}
} // namespace

FullMatrix<double> DiscreteChain::stiffness() const {
  return incidence_sum(*this, ForceElement::Kind::spring);
}

FullMatrix<double> DiscreteChain::damping() const {
  return incidence_sum(*this, ForceElement::Kind::dashpot);
}

namespace {
// Builds a chain on the mesh vertices x_0 < ... < x_N; nodes held in translation carry no DoF.
class ChainBuilder {
public:
  ChainBuilder(const CaseParameters& c) : c_(c), x_(line_vertices(c)) {
    const unsigned int n = x_.size();
    dof_.assign(n, -1);
    for (unsigned int i = 0; i < n; ++i)
      if (!((i == 0 && c.left.holds_translation) || (i + 1 == n && c.right.holds_translation))) {
        dof_[i] = n_dofs_++;
        chain_.dof_positions.push_back(x_[i]);
      }
    n_structure_ = n_dofs_;
    chain_.n_line_dofs = n_dofs_;
    for (const Attachment& o : c.oscillators) // their masses come after the line's DoFs
      chain_.dof_positions.push_back(o.x);
    n_dofs_ += c.oscillators.size();
    // then the rotations of beam ends that carry a rotary inertia (end_rotation_dof)
    if (model_kind(c.model_type).chain == ChainKind::hencky_bar_chain)
      for (const auto& [node, end] : {std::make_pair(0u, &c.left), std::make_pair(n - 1, &c.right)})
        if (!end->holds_rotation && end->rotary_inertia > 0) {
          end_rotation_dof_[node == 0 ? 0 : 1] = n_dofs_++;
          chain_.dof_positions.push_back(x_[node]);
        }
    chain_.mass.reinit(n_dofs_, n_dofs_);
  }

  unsigned int n_nodes() const { return x_.size(); }
  double x(unsigned int i) const { return x_[i]; }
  double h(unsigned int i) const { return x_[i + 1] - x_[i]; }
  /// Half the lengths of the segments next to node i: the string or beam a node stands for.
  double lumped_length(unsigned int i) const {
    return 0.5 * ((i > 0 ? h(i - 1) : 0) + (i + 1 < n_nodes() ? h(i) : 0));
  }
  unsigned int node_at(double x) const {
    return static_cast<unsigned int>(
        std::min_element(x_.begin(), x_.end(),
                         [x](double a, double b) { return std::abs(a - x) < std::abs(b - x); }) -
        x_.begin());
  }

  /// A row of D on nodes (held nodes dropped) and, for oscillators, on chain DoFs directly.
  using NodeRow = std::vector<std::pair<unsigned int, double>>;
  ForceElement::Kind spring = ForceElement::Kind::spring, dashpot = ForceElement::Kind::dashpot;

  /// The row on chain DoFs of weights on nodes (held nodes dropped) and on chain DoFs directly.
  NodeRow dof_row(const NodeRow& nodes, const NodeRow& extra_dofs) const {
    NodeRow row;
    for (const auto& [node, d] : nodes)
      if (dof_[node] >= 0)
        row.emplace_back(dof_[node], d);
    row.insert(row.end(), extra_dofs.begin(), extra_dofs.end());
    return row;
  }

  /// Adds a force element on node weights (and a parallel Rayleigh dashpot b k for a spring).
  void add(ForceElement::Kind kind, double coefficient, const NodeRow& nodes, double position,
           const NodeRow& extra_dofs = {}) {
    if (coefficient == 0)
      return;
    ForceElement e{kind, coefficient, dof_row(nodes, extra_dofs), position};
    if (e.incidence.empty())
      return;
    chain_.elements.push_back(e);
    if (kind == spring && c_.rayleigh_stiffness > 0)
      add(dashpot, c_.rayleigh_stiffness * coefficient, nodes, position, extra_dofs);
  }
  /// m (r . q')^2 / 2 in the kinetic energy: a point mass (one node or an oscillator's DoF) or
  /// a bar's rotation; with Rayleigh a, the dashpot a m on the same row.
  void add_inertia(double m, const NodeRow& nodes, const NodeRow& extra_dofs = {}) {
    const NodeRow row = dof_row(nodes, extra_dofs);
    for (const auto& [i, di] : row)
      for (const auto& [j, dj] : row)
        chain_.mass(i, j) += m * di * dj;
    if (c_.rayleigh_mass > 0 && m > 0 && !row.empty())
      chain_.elements.push_back(
          {dashpot, c_.rayleigh_mass * m, row, chain_.dof_positions[row.front().first]});
  }

  /// Ground devices, oscillators and point forces common to strings and beams.
  void add_attachments_and_ends() {
    const unsigned int last = n_nodes() - 1;
    for (const auto& [node, end] : {std::make_pair(0u, &c_.left), std::make_pair(last, &c_.right)})
      if (!end->holds_translation) {
        add_inertia(end->point_mass, {{node, 1.0}});
        add(spring, end->spring, {{node, 1.0}}, x(node));
        add(dashpot, end->dashpot, {{node, 1.0}}, x(node));
      }
    for (const Attachment& a : c_.point_masses)
      add_inertia(a.value, {{node_at(a.x), 1.0}});
    for (const Attachment& a : c_.springs)
      add(spring, a.value, {{node_at(a.x), 1.0}}, a.x);
    for (const Attachment& a : c_.dashpots)
      add(dashpot, a.value, {{node_at(a.x), 1.0}}, a.x);
    for (std::size_t k = 0; k < c_.oscillators.size(); ++k) {
      const Attachment& o = c_.oscillators[k];
      const unsigned int z = n_structure_ + k;
      add_inertia(o.value, {}, {{z, 1.0}});
      add(spring, o.stiffness, {{node_at(o.x), -1.0}}, o.x, {{z, 1.0}});
      add(dashpot, o.damping, {{node_at(o.x), -1.0}}, o.x, {{z, 1.0}});
    }
    // viscous damping gamma on the line's nodes (not on attached masses)
    for (unsigned int i = 0; i < n_nodes(); ++i)
      add(dashpot, c_.viscous_damping * lumped_length(i), {{i, 1.0}}, x(i));
  }

  /// An end moment [N m, expression in t] on the rotation given by weights on nodes and DoFs.
  struct EndMoment {
    NodeRow nodes, dofs;
    ExpressionPtr expression;
  };

  /// f(t): the distributed force lumped at the nodes, point forces, end forces; `moments` adds
  /// generalized forces of end moments (beams).
  void make_load(const std::vector<EndMoment>& moments) {
    struct Point {
      int dof;
      ExpressionPtr value;
    };
    const ExpressionPtr distributed = c_.distributed_force;
    std::vector<Point> points;
    for (const Attachment& a : c_.forces)
      points.push_back({dof_[node_at(a.x)], a.expression});
    const EndParameters* ends[2] = {&c_.left, &c_.right};
    for (int e : {0, 1})
      if (!ends[e]->holds_translation)
        points.push_back({dof_[e == 0 ? 0 : n_nodes() - 1], ends[e]->force});
    struct Moment {
      NodeRow row;
      ExpressionPtr value;
    };
    std::vector<Moment> generalized;
    generalized.reserve(moments.size());
    for (const EndMoment& m : moments)
      generalized.push_back({dof_row(m.nodes, m.dofs), m.expression});
    std::vector<std::pair<int, double>> nodes; // (DoF, lumped length) of every free node
    for (unsigned int i = 0; i < n_nodes(); ++i)
      if (dof_[i] >= 0)
        nodes.emplace_back(dof_[i], lumped_length(i));
    const unsigned int n = n_dofs_;
    const std::vector<double> positions = chain_.dof_positions;
    chain_.load = [=](double t) {
      Vector<double> f(n);
      if (!distributed->is_zero())
        for (const auto& [dof, length] : nodes)
          f(dof) += (*distributed)(positions[dof], t) * length;
      for (const Point& p : points)
        if (p.dof >= 0)
          f(p.dof) += (*p.value)(0.0, t);
      for (const Moment& m : generalized)
        for (const auto& [dof, d] : m.row)
          f(dof) += (*m.value)(0.0, t) * d;
      return f;
    };
  }

  void make_initial_state() {
    const Expression &u0 = *c_.initial_displacement, &v0 = *c_.initial_velocity;
    chain_.initial_displacement.reinit(n_dofs_);
    chain_.initial_velocity.reinit(n_dofs_);
    for (unsigned int i = 0; i < n_dofs_; ++i) { // an oscillator starts with its host
      chain_.initial_displacement(i) = u0(chain_.dof_positions[i], 0);
      chain_.initial_velocity(i) = v0(chain_.dof_positions[i], 0);
    }
    // An end rotation starts as the slope of the initial shape: the three-point one-sided
    // difference, second order, into the beam.
    for (int e : {0, 1})
      if (end_rotation_dof_[e] >= 0) {
        const double x = e == 0 ? x_.front() : x_.back(), d = (e == 0 ? 1 : -1) * 1e-5 * c_.length;
        auto slope = [&](const Expression& f) {
          return (-3 * f(x, 0) + 4 * f(x + d, 0) - f(x + 2 * d, 0)) / (2 * d);
        };
        chain_.initial_displacement(end_rotation_dof_[e]) = slope(u0);
        chain_.initial_velocity(end_rotation_dof_[e]) = slope(v0);
      }
  }

  const CaseParameters& c_;
  std::vector<double> x_;
  std::vector<int> dof_;
  int end_rotation_dof_[2] = {-1, -1}; // left, right; -1: none
  unsigned int n_dofs_ = 0, n_structure_ = 0;
  DiscreteChain chain_;
};

void build_string(ChainBuilder& b, const CaseParameters& c) {
  for (unsigned int i = 0; i < b.n_nodes(); ++i)
    b.add_inertia(c.mass_per_length * b.lumped_length(i), {{i, 1.0}});
  for (unsigned int i = 0; i + 1 < b.n_nodes(); ++i)
    b.add(b.spring, c.tension / b.h(i), {{i, -1.0}, {i + 1, 1.0}}, 0.5 * (b.x(i) + b.x(i + 1)));
  b.add_attachments_and_ends();
  b.make_load({});
  b.chain_.description =
      "mass-spring chain: " + std::to_string(b.n_nodes()) + " nodes, masses rho h, springs tau / h";
}

void build_bar_chain(ChainBuilder& b, const CaseParameters& c) {
  const unsigned int n = b.n_nodes(), last = n - 1;
  // rotation of bar i, (w_{i+1} - w_i) / h_i, times `factor`
  auto bar = [&](unsigned int i, double factor = 1.0) {
    return ChainBuilder::NodeRow{{i, -factor / b.h(i)}, {i + 1, factor / b.h(i)}};
  };
  for (unsigned int i = 0; i < n; ++i)
    b.add_inertia(c.mass_per_length * b.lumped_length(i), {{i, 1.0}});
  for (unsigned int i = 0; i + 1 < n; ++i)
    b.add_inertia(c.rotary_inertia_per_length * b.h(i), bar(i));
  // The axial force N: each bar's potential (N / 2) h phi^2 with phi = (w_{i+1} - w_i) / h, a
  // spring N / h on the bar's relative displacement like a string's (Hencky's chain was made
  // for exactly this, the stability of bars under axial load); negative in compression. An N
  // varying along the beam is taken at the bar's middle.
  for (unsigned int i = 0; i + 1 < n; ++i) {
    const double middle = 0.5 * (b.x(i) + b.x(i + 1));
    b.add(b.spring, c.axial_force_at(middle) / b.h(i), {{i, -1.0}, {i + 1, 1.0}}, middle);
  }
  // joint springs on the relative rotation of neighbouring bars
  for (unsigned int j = 1; j < last; ++j) {
    ChainBuilder::NodeRow row{
        {j - 1, 1.0 / b.h(j - 1)}, {j, -1.0 / b.h(j - 1) - 1.0 / b.h(j)}, {j + 1, 1.0 / b.h(j)}};
    b.add(b.spring, c.bending_stiffness / b.lumped_length(j), row, b.x(j));
  }
  std::vector<ChainBuilder::EndMoment> moments;
  for (const auto& [bar_index, node, end] :
       {std::make_tuple(0u, 0u, &c.left), std::make_tuple(last - 1, last, &c.right)}) {
    // The half bar between the last joint and the end is an elastic hinge 2 EI / h between the
    // bar's rotation and the end's own rotation theta (Hencky's chain lumps each joint's
    // curvature over the bar lengths around it; at an end only half a bar is left). A clamp or a
    // slide holds theta = 0. Devices at a free end act on theta: with a rotary inertia theta is
    // a DoF of its own; without one, theta is massless and is condensed statically,
    // theta = r phi + M / (k_h + K_r) with r = k_h / (k_h + K_r), leaving the series spring
    // k_h K_r / (k_h + K_r) on the bar and the dashpot and the moment on r phi (the dashpot so
    // condensed is exact as h -> 0). Hanging the devices on the bar itself, the slope at h / 2
    // from the end, makes the chain first order wherever they bend the end.
    const double hinge = 2 * c.bending_stiffness / b.h(bar_index);
    const int theta = b.end_rotation_dof_[node == 0 ? 0 : 1];
    if (end->holds_rotation)
      b.add(b.spring, hinge, bar(bar_index), b.x(node));
    else if (theta >= 0) {
      const ChainBuilder::NodeRow own = {{unsigned(theta), 1.0}};
      b.add_inertia(end->rotary_inertia, {}, own);
      b.add(b.spring, hinge, bar(bar_index, -1.0), b.x(node), own); // theta - phi
      b.add(b.spring, end->rotational_spring, {}, b.x(node), own);
      b.add(b.dashpot, end->rotational_dashpot, {}, b.x(node), own);
      moments.push_back({{}, own, end->moment});
    } else {
      const double r = hinge / (hinge + end->rotational_spring);
      const ChainBuilder::NodeRow condensed = bar(bar_index, r);
      b.add(b.spring, end->rotational_spring * r, bar(bar_index), b.x(node));
      b.add(b.dashpot, end->rotational_dashpot, condensed, b.x(node));
      moments.push_back({condensed, {}, end->moment});
    }
  }
  b.add_attachments_and_ends();
  b.make_load(moments);
  b.chain_.description = "Hencky bar chain: " + std::to_string(n) +
                         " joints, rotational springs EI / h, masses rho A h" +
                         (c.has_axial_force() ? ", bar springs N / h" : "");
}
} // namespace

DiscreteChain make_chain(const CaseParameters& c) {
  const ModelKind& kind = model_kind(c.model_type);
  if (c.has_nonlinear_elements()) {
    const auto [parameter, value] = first_nonlinear_element(c);
    throw InputError(parameter, value,
                     "compare's chain and duals are linear; a case with nonlinear springs, "
                     "dashpots or a large-amplitude string runs with hamdyn run (expected no "
                     "nonlinear element here)");
  }
  if (kind.chain == ChainKind::none)
    throw InputError("Model/Type", kind.name, kind.no_chain_reason);
  ChainBuilder b(c);
  if (kind.chain == ChainKind::mass_spring)
    build_string(b, c);
  else
    build_bar_chain(b, c);
  b.make_initial_state();
  std::stable_sort(
      b.chain_.elements.begin(), b.chain_.elements.end(),
      [](const ForceElement& a, const ForceElement& e) { return a.position < e.position; });
  return std::move(b.chain_);
}

} // namespace hamdyn
