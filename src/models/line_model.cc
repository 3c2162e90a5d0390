#include "models/line_model.h"

#include "core/expression.h"
#include "models/attached_oscillators.h"
#include "models/line_model_tools.h"
#include "system/axial_tension.h"
#include "system/nodal_force.h"

#include <deal.II/base/quadrature_lib.h>
#include <deal.II/dofs/dof_tools.h>
#include <deal.II/lac/dynamic_sparsity_pattern.h>
#include <deal.II/lac/sparsity_tools.h>

#include <algorithm>
#include <map>
#include <sstream>

namespace hamdyn {

using namespace dealii;

LineModel::LineModel(const CaseParameters& c, const Triangulation<1>& tria, MPI_Comm comm,
                     std::unique_ptr<FiniteElement<1>> fe)
    : c_(c), comm_(comm), fe_(std::move(fe)), n_components_(fe_->n_components()),
      dof_handler_(tria) {
  dof_handler_.distribute_dofs(*fe_);
  for (const auto& cell : dof_handler_.active_cell_iterators())
    if (cell->is_locally_owned())
      ++n_local_cells_;
  // Vertex DoFs first, w before theta: local index n_components * vertex + component (the
  // reactions rely on it).
  AssertThrow(n_components_ == 1 || n_components_ == 2, ExcMessage("a line model has w (, theta)"));
  for (unsigned int i = 0; i < 2 * n_components_; ++i)
    AssertThrow(fe_->system_to_component_index(i) ==
                    std::make_pair(i % n_components_, i / n_components_),
                ExcMessage("unexpected DoF order in the line model's element"));
  oscillators_ = std::make_unique<AttachedOscillators>(
      c.oscillators, dof_handler_, [this](double x) { return node_dof(x); }, comm);
  locally_owned_ = oscillators_->owned();
  locally_relevant_ = oscillators_->relevant();
  constraints_.reinit(locally_relevant_);
  for (int e : {0, 1}) {
    if (end(e).holds_translation)
      constraints_.add_line(end_dof(e, 0));
    if (has_rotation() && end(e).holds_rotation)
      constraints_.add_line(end_dof(e, 1));
  }
  constraints_.close();
}

LineModel::~LineModel() = default;

std::unique_ptr<FEValues<1>> LineModel::lagrange_mass_values() const {
  // Consistent mass: Gauss with p+1 points integrates rho phi_i phi_j exactly. Lumped mass:
  // Gauss-Lobatto quadrature at the nodes, a diagonal matrix with positive entries.
  const unsigned int p = c_.degree;
  const Quadrature<1> rule = c_.mass_matrix == MassMatrix::lumped
                                 ? Quadrature<1>(QGaussLobatto<1>(p + 1))
                                 : Quadrature<1>(QGauss<1>(p + 1));
  return std::make_unique<FEValues<1>>(*fe_, rule, update_values | update_JxW_values);
}

std::unique_ptr<FEValues<1>> LineModel::lagrange_load_values() const {
  return std::make_unique<FEValues<1>>(
      *fe_, QGauss<1>(c_.degree + 2), update_values | update_quadrature_points | update_JxW_values);
}

types::global_dof_index LineModel::node_dof(double x) const {
  const auto [cell, v] = vertex_at(dof_handler_, x, c_.length);
  return cell->vertex_dof_index(v, 0);
}

types::global_dof_index LineModel::end_dof(int e, unsigned int component) const {
  const auto [cell, v] = vertex_at(dof_handler_, e == 0 ? 0.0 : c_.length, c_.length);
  return cell->vertex_dof_index(v, component);
}

void LineModel::assemble_distributed_load(double t, LA::Vector& f) const {
  f = 0;
  std::vector<types::global_dof_index> dofs(fe_->n_dofs_per_cell());
  Vector<double> local;
  for (const auto& cell : dof_handler_.active_cell_iterators()) {
    if (!cell->is_locally_owned())
      continue;
    cell->get_dof_indices(dofs);
    local_load(cell, t, local);
    constraints_.distribute_local_to_global(local, dofs, f);
  }
  f.compress(VectorOperation::add);
}

void LineModel::assemble(SecondOrderSystem& s, Matrices matrices, MassForm form) const {
  AssertThrow(form == MassForm::inertia || matrices == Matrices::band_from_cells,
              ExcMessage("the geometric stiffness as M is built from the cells only"));
  s.comm = comm_;
  s.locally_owned = locally_owned_;
  s.locally_relevant = locally_relevant_;
  s.matrices = matrices;
  s.has_damping_matrix = viscous_needs_own_matrix();
  if (matrices == Matrices::assembled)
    assemble_matrices(s);
  // End terms in every direction the support leaves free. Damping C = (gamma/rho A + a) M + b K
  // + dashpots - (gamma/rho A) (end masses and inertias): gamma acts on the structure, not on
  // them. With rotary inertia, gamma's matrix is assembled apart and the M-proportional part is a
  // only.
  const double viscous_factor =
      viscous_needs_own_matrix() ? 0.0 : c_.viscous_damping / c_.mass_per_length;
  s.damping_mass_factor = viscous_factor + c_.rayleigh_mass;
  s.damping_stiffness_factor = c_.rayleigh_stiffness;
  s.extra_damping.clear();
  s.point_mass.clear();
  s.point_stiffness.clear();
  for (int e : {0, 1}) {
    const EndParameters& p = end(e);
    if (!p.holds_translation)
      attach_to_ground(s, constraints_, end_dof(e, 0), p.point_mass, p.spring, p.dashpot,
                       viscous_factor);
    if (has_rotation() && !p.holds_rotation)
      attach_to_ground(s, constraints_, end_dof(e, 1), p.rotary_inertia, p.rotational_spring,
                       p.rotational_dashpot, viscous_factor);
  }
  attach_interior_devices(
      s, constraints_, c_, [this](double x) { return node_dof(x); }, viscous_factor);
  oscillators_->assemble(s, constraints_, viscous_factor);
  if (form == MassForm::geometric_stiffness)
    s.point_mass.clear(); // no point inertia: M is int w_x dw_x dx alone
  if (matrices == Matrices::assembled) {
    s.add_point_entries();
    s.mass.compress(VectorOperation::add);
    s.stiffness.compress(VectorOperation::add);
  }
  decouple_held_rows(s, constraints_);
  add_nodal_forces(s);
  s.visit_cell_forms = [this, form](const CellFormVisitor& visit) {
    visit_cell_forms(visit, form);
  };

  std::vector<PointLoad> point_loads;
  for (int e : {0, 1}) {
    if (!end(e).holds_translation)
      point_loads.push_back({end_dof(e, 0), end(e).force.get()});
    if (has_rotation() && !end(e).holds_rotation)
      point_loads.push_back({end_dof(e, 1), end(e).moment.get()});
  }
  for (std::size_t k = 0; k < c_.forces.size(); ++k)
    point_loads.push_back({node_dof(c_.forces[k].x), c_.forces[k].expression.get()});
  s.load = make_load(
      *c_.distributed_force, [this](double t, LA::Vector& f) { assemble_distributed_load(t, f); },
      point_loads, locally_owned_, comm_);
  if (c_.ground_motion.active() && form == MassForm::inertia) {
    // Uniform support excitation in relative coordinates: the effective load -M r a_g(t)
    // (Chopra, Dynamics of Structures, 4th ed., eq. 9.4.9); springs, dashpots and viscous damping
    // to ground then act on the relative motion, i.e. they move with the ground.
    auto inertia = std::make_shared<LA::Vector>(s.locally_owned, comm_);
    translation_inertia(*inertia);
    s.load = [case_load = s.load, inertia, ground = c_.ground_motion](double t, LA::Vector& f) {
      if (case_load)
        case_load(t, f);
      else
        f = 0;
      f.add(-ground(t), *inertia);
    };
  }
  if (c_.has_moving_loads() && form == MassForm::inertia) {
    auto cells = std::make_shared<std::vector<Cell>>();
    for (const auto& cell : dof_handler_.active_cell_iterators())
      cells->push_back(cell); // along +x (mesh/line_mesh.h)
    if (!c_.moving_forces.empty())
      // A force moving along the line acts through the shape functions of the element it stands
      // on (Fryba, Vibration of Solids and Structures under Moving Loads, 1972, sec. 1: the
      // consistent nodal load of a point force at x(t)).
      s.load = [case_load = s.load, cells, this](double t, LA::Vector& f) {
        if (case_load)
          case_load(t, f);
        else
          f = 0;
        add_moving_forces(t, *cells, f);
      };
    add_moving_bodies(s, cells);
  }
}

namespace {
/// The cell of `cells` (the active cells along +x) that holds x in [0, L]: the first whose right
/// end is at or beyond x.
using CellIterator = DoFHandler<1>::active_cell_iterator;
const CellIterator& cell_at(const std::vector<CellIterator>& cells, double x) {
  const auto cell =
      std::lower_bound(cells.begin(), cells.end(), x,
                       [](const CellIterator& c, double at) { return c->vertex(1)[0] < at; });
  return cell == cells.end() ? cells.back() : *cell;
}
} // namespace

void LineModel::add_moving_forces(double t, const std::vector<Cell>& cells, LA::Vector& f) const {
  for (const MovingForce& force : c_.moving_forces) {
    const ContactShape shape = contact_shape(cells, (*force.position)(0, t)); // none off the line
    const double amplitude = (*force.amplitude)(0, t);
    for (std::size_t j = 0; j < shape.dofs.size(); ++j)
      if (locally_owned_.is_element(shape.dofs[j]))
        f(shape.dofs[j]) += amplitude * shape.n[j];
  }
  f.compress(VectorOperation::add);
}

std::array<std::vector<double>, 3> LineModel::displacement_derivatives(const Cell& cell,
                                                                       double x) const {
  const double x0 = cell->vertex(0)[0], h = cell->vertex(1)[0] - x0;
  const Point<1> xi((x - x0) / h);
  std::array<std::vector<double>, 3> d;
  for (auto& v : d)
    v.resize(fe_->n_dofs_per_cell());
  for (unsigned int i = 0; i < fe_->n_dofs_per_cell(); ++i) {
    d[0][i] = fe_->shape_value_component(i, xi, 0);
    d[1][i] = fe_->shape_grad_component(i, xi, 0)[0] / h;
    d[2][i] = fe_->shape_grad_grad_component(i, xi, 0)[0][0] / (h * h);
  }
  return d;
}

void LineModel::add_moving_bodies(SecondOrderSystem& s,
                                  const std::shared_ptr<const std::vector<Cell>>& cells) const {
  MovingBodies moving;
  for (const MovingBody& b : c_.moving_bodies) {
    MovingContact body;
    body.name = b.name;
    body.mass = b.mass;
    body.stiffness = b.stiffness;
    body.damping = b.damping;
    body.x = [e = b.position](double t) { return (*e)(0, t); };
    body.x_t = [e = b.velocity](double t) { return (*e)(0, t); };
    body.x_tt = [e = b.acceleration](double t) { return (*e)(0, t); };
    moving.bodies.push_back(body);
  }
  moving.gravity = c_.gravity;
  moving.contact_shape = [cells, this](double x) { return contact_shape(*cells, x); };
  moving.body_shape = [cells, this](double x) { return body_shape(*cells, x); };
  s.parts.set(std::move(moving));
}

namespace {
/// The shape of the nonzero weights (per DoF: w, w_x, w_xx), without the held DoFs.
ContactShape shape_of(const std::map<types::global_dof_index, std::array<double, 3>>& weights,
                      const AffineConstraints<double>& constraints) {
  ContactShape shape;
  for (const auto& [dof, w] : weights)
    if (!constraints.is_constrained(dof) && (w[0] != 0 || w[1] != 0 || w[2] != 0)) {
      shape.dofs.push_back(dof);
      shape.n.push_back(w[0]);
      shape.n_x.push_back(w[1]);
      shape.n_xx.push_back(w[2]);
    }
  return shape;
}
} // namespace

ContactShape LineModel::contact_shape(const std::vector<Cell>& cells, double x) const {
  if (!(x >= 0 && x <= c_.length))
    return ContactShape();
  const Cell& on = cell_at(cells, x);
  const auto d = displacement_derivatives(on, x);
  std::vector<types::global_dof_index> dofs(fe_->n_dofs_per_cell());
  on->get_dof_indices(dofs);
  std::map<types::global_dof_index, std::array<double, 3>> weights;
  for (std::size_t j = 0; j < dofs.size(); ++j)
    weights[dofs[j]] = {{d[0][j], d[1][j], d[2][j]}};
  return shape_of(weights, constraints_);
}

ContactShape LineModel::body_shape(const std::vector<Cell>& cells, double x) const {
  if (slope_continuous() || !(x >= 0 && x <= c_.length))
    return contact_shape(cells, x);
  // A C0 element's w_x jumps at its nodes, and so would the contact point's material velocity
  // w_t + x' w_x each time a body crosses one: an impact per node, after which a rigid mass's
  // response depends on the mesh and does not converge (its own force kinks w under it, which
  // the elements carry at their nodes). A body meets the line instead through the C1 field
  // recovered from w: in each element the cubic Hermite interpolant of the nodal values and of
  // the nodal means of the two elements' w_x (nodal averaging, Zienkiewicz & Zhu, Int. J. Numer.
  // Meth. Eng. 33:1331-1364, 1992); its slope, the same for the slope with the means of w_xx, so
  // that w_t + x' w_x and its time derivative meet no jump (a jump in z'' the trapezoidal rule
  // would carry on as an alternating mode). At a node the slope is the mean of the two
  // elements', the mean the continuum's contact velocity takes where the body's force kinks w
  // (z' = <w_t> + x' <w_x> across a point moving at x', where [w_t] = -x' [w_x]). The mass is
  // then tied at the velocity level to z' = R(v) + x' G(u) (R the recovered value, G the
  // recovered slope), which is not the time derivative of R(u) at x(t): z drifts from it by
  // O(h) times the kink, as the recovery's own error does.
  const Cell& on = cell_at(cells, x);
  const std::size_t k = std::size_t(&on - cells.data()); // (cell_at returns an element of cells)
  const double x0 = on->vertex(0)[0], h = on->vertex(1)[0] - x0, xi = (x - x0) / h;
  // the cubic Hermite basis on [0, 1] and its derivative: value at 0, slope at 0, value at 1,
  // slope at 1
  const std::array<double, 4> basis{{2 * xi * xi * xi - 3 * xi * xi + 1,
                                     xi * xi * xi - 2 * xi * xi + xi,
                                     -2 * xi * xi * xi + 3 * xi * xi, xi * xi * xi - xi * xi}};
  const std::array<double, 4> basis_x{{6 * xi * xi - 6 * xi, 3 * xi * xi - 4 * xi + 1,
                                       -6 * xi * xi + 6 * xi, 3 * xi * xi - 2 * xi}};
  std::map<types::global_dof_index, std::array<double, 3>> weights;
  std::vector<types::global_dof_index> dofs(fe_->n_dofs_per_cell());
  for (int end = 0; end < 2; ++end) {
    const double node = end == 0 ? x0 : x0 + h;
    const double value = basis[2 * end], slope = h * basis[2 * end + 1];
    const double value_x = basis_x[2 * end] / h, slope_x = basis_x[2 * end + 1];
    const auto d = displacement_derivatives(on, node);
    on->get_dof_indices(dofs);
    for (std::size_t j = 0; j < dofs.size(); ++j)
      weights[dofs[j]][0] += value * d[0][j];
    // the nodal means over the cells that share the node (one at the ends of the line)
    std::vector<const Cell*> sharing{&on};
    if (end == 0 && k > 0)
      sharing.push_back(&cells[k - 1]);
    if (end == 1 && k + 1 < cells.size())
      sharing.push_back(&cells[k + 1]);
    const double share = 1.0 / double(sharing.size());
    for (const Cell* cell : sharing) {
      const auto dc = displacement_derivatives(*cell, node);
      (*cell)->get_dof_indices(dofs);
      for (std::size_t j = 0; j < dofs.size(); ++j) {
        weights[dofs[j]][0] += share * slope * dc[1][j];
        weights[dofs[j]][1] += share * (value * dc[1][j] + slope * dc[2][j]);
        weights[dofs[j]][2] += share * (value_x * dc[1][j] + slope_x * dc[2][j]);
      }
    }
  }
  return shape_of(weights, constraints_);
}

void LineModel::assemble_matrices(SecondOrderSystem& s) const {
  DynamicSparsityPattern structure(oscillators_->structure_relevant()), system;
  DoFTools::make_sparsity_pattern(dof_handler_, structure, constraints_, false);
  const DynamicSparsityPattern& dsp = oscillators_->system_sparsity(structure, system);
  s.mass.reinit(locally_owned_, locally_owned_, dsp, comm_);
  s.stiffness.reinit(locally_owned_, locally_owned_, dsp, comm_);
  if (s.has_damping_matrix)
    s.damping_matrix.reinit(locally_owned_, locally_owned_, dsp, comm_);
  std::vector<types::global_dof_index> dofs(fe_->n_dofs_per_cell());
  FullMatrix<double> local;
  for (const auto& cell : dof_handler_.active_cell_iterators()) {
    if (!cell->is_locally_owned())
      continue;
    cell->get_dof_indices(dofs);
    local_mass(cell, c_.mass_per_length, c_.rotary_inertia_per_length, local);
    constraints_.distribute_local_to_global(local, dofs, s.mass);
    local_stiffness(cell, local);
    constraints_.distribute_local_to_global(local, dofs, s.stiffness);
    if (s.has_damping_matrix) {
      local_mass(cell, c_.viscous_damping, 0, local);
      constraints_.distribute_local_to_global(local, dofs, s.damping_matrix);
    }
  }
  if (s.has_damping_matrix)
    s.damping_matrix.compress(VectorOperation::add);
  assemble_tension_stiffness(s, dsp);
}

void LineModel::visit_cell_forms(const CellFormVisitor& visit, MassForm form) const {
  std::vector<types::global_dof_index> dofs(fe_->n_dofs_per_cell());
  CellForms forms;
  // A cell's forms depend on its length alone (the section is uniform, every model's cell_forms
  // forms them from h = x1 - x0 in extended precision): a cell as long as the one before reuses
  // them (at 10^6 cells, forming each cell's Gauss rows anew cost more than the pass using them).
  extended previous_length = -1;
  for (const auto& cell : dof_handler_.active_cell_iterators()) {
    if (cell->is_artificial())
      continue;
    cell->get_dof_indices(dofs);
    const bool owned = cell->is_locally_owned();
    if (!owned && std::none_of(dofs.begin(), dofs.end(),
                               [this](auto i) { return locally_owned_.is_element(i); }))
      continue;
    const extended length = extended(cell->vertex(1)[0]) - cell->vertex(0)[0];
    // (a coefficient varying along the line makes every cell's rows its own)
    if (length != previous_length || c_.axial_force_field || c_.buckling.geometric_weight) {
      cell_forms(cell, forms);
      if (form == MassForm::geometric_stiffness) {
        forms.mass.clear();
        geometric_rows(cell, forms, forms.mass);
      }
    }
    previous_length = length;
    visit(dofs, owned, forms);
  }
}

void LineModel::assemble_tension_stiffness(SecondOrderSystem& s,
                                           const DynamicSparsityPattern& dsp) const {
  s.parts.erase<AxialTension>();
  if (!(c_.axial_stiffness > 0))
    return;
  AxialTension& tension = s.parts.set(AxialTension{c_.axial_stiffness / (2 * c_.length), c_.tension,
                                                   std::make_shared<LA::SparseMatrix>()});
  LA::SparseMatrix& k1 = *tension.stiffness;
  k1.reinit(locally_owned_, locally_owned_, dsp, comm_);
  std::vector<types::global_dof_index> dofs(fe_->n_dofs_per_cell());
  FullMatrix<double> local;
  for (const auto& cell : dof_handler_.active_cell_iterators())
    if (cell->is_locally_owned() && local_tension_stiffness(cell, local)) {
      cell->get_dof_indices(dofs);
      constraints_.distribute_local_to_global(local, dofs, k1);
    }
  k1.compress(VectorOperation::add);
}

void LineModel::add_nodal_forces(SecondOrderSystem& s) const {
  s.parts.erase<NodalForces>();
  std::vector<NodalForce> elements;
  auto add = [&](types::global_dof_index dof, const std::string& name, const ExpressionPtr& law,
                 double e_scale, const char* unit) {
    if (!law || constraints_.is_constrained(dof)) // a held DoF stays held
      return;
    elements.push_back(
        {dof, name, NodalForce::Kind::spring, [law](double e) { return (*law)(e, 0); }, e_scale,
         law->has_exact_slope()
             ? std::function<double(double)>([law](double e) { return law->slope(e); })
             : nullptr});
    elements.back().unit = unit;
  };
  auto add_dashpot = [&](types::global_dof_index dof, const std::string& name, double c, double p) {
    if (c > 0 && !constraints_.is_constrained(dof))
      elements.push_back({dof, name, NodalForce::Kind::dashpot, nullptr, 0, nullptr, c, p});
  };
  auto at = [](const char* what, double x) {
    std::ostringstream name;
    name << what << "@" << x;
    return name.str();
  };
  const char* side[2] = {"left", "right"};
  for (int e : {0, 1}) {
    if (!end(e).holds_translation) {
      add(end_dof(e, 0), std::string("spring_force_") + side[e], end(e).spring_law,
          1e-6 * c_.length, "N");
      add_dashpot(end_dof(e, 0), std::string("dashpot_force_") + side[e],
                  end(e).dashpot_law_coefficient, end(e).dashpot_law_degree);
    }
    if (has_rotation() && !end(e).holds_rotation)
      add(end_dof(e, 1), std::string("spring_moment_") + side[e], end(e).rotational_spring_law,
          1e-6, "N m");
  }
  for (const Attachment& a : c_.nonlinear_springs)
    add(node_dof(a.x), at("spring_force", a.x), a.expression, 1e-6 * c_.length, "N");
  for (const Attachment& a : c_.nonlinear_dashpots)
    add_dashpot(node_dof(a.x), at("dashpot_force", a.x), a.value, a.degree);
  if (!elements.empty())
    s.parts.set(NodalForces{std::move(elements)});
}

void LineModel::initial_conditions(LA::Vector& u, LA::Vector& v) const {
  const Expression &w0 = *c_.initial_displacement, &w1 = *c_.initial_velocity;
  const double delta = 1e-6 * c_.length;
  // Interpolation by hand rather than VectorTools::interpolate, whose vectors must have the
  // DoFHandler's size (the system's also hold attached oscillators).
  struct Field {
    LA::Vector& values;
    std::function<double(double)> value, slope;
  };
  const auto field = [delta](LA::Vector& values, const Expression& e) {
    return Field{
        values, [&e](double x) { return e(x, 0); },
        [&e, delta](double x) { return (e(x + delta, 0) - e(x - delta, 0)) / (2 * delta); }};
  };
  const Field fields[2] = {field(u, w0), field(v, w1)};
  std::vector<types::global_dof_index> dofs(fe_->n_dofs_per_cell());
  Vector<double> local;
  for (const auto& cell : dof_handler_.active_cell_iterators()) {
    cell->get_dof_indices(dofs);
    for (const Field& f : fields) {
      interpolate(cell, f.value, f.slope, local);
      for (unsigned int i = 0; i < dofs.size(); ++i)
        if (locally_owned_.is_element(dofs[i]))
          f.values(dofs[i]) = local[i];
    }
  }
  finish_initial_state(constraints_, locally_owned_, u, v);
  oscillators_->initial_state(u, v);
}

LinearFunctional LineModel::reaction(int e, unsigned int component, const std::string& name) const {
  const EndParameters& p = end(e);
  const bool held = component == 0 ? p.holds_translation : p.holds_rotation;
  const char* unit = component == 0 ? "N" : "N m";
  if (!held) // the ground's force on the end through spring and dashpot
    return {name,
            {end_dof(e, component)},
            {component == 0 ? -p.spring : -p.rotational_spring},
            {component == 0 ? -p.dashpot : -p.rotational_dashpot},
            {},
            nullptr,
            unit};
  // The held row of M a + C v + K u - f from the end cell's unconstrained matrices.
  const auto [cell, vertex] = vertex_at(dof_handler_, e == 0 ? 0.0 : c_.length, c_.length);
  FullMatrix<double> mass, stiffness, viscous;
  local_mass(cell, c_.mass_per_length, c_.rotary_inertia_per_length, mass);
  local_stiffness(cell, stiffness);
  // C = (gamma / rho A + a) M + b K on the cell, or a M + b K + gamma's own matrix
  FullMatrix<double> damping(mass.m(), mass.n());
  if (viscous_needs_own_matrix()) {
    damping.add(c_.rayleigh_mass, mass, c_.rayleigh_stiffness, stiffness);
    local_mass(cell, c_.viscous_damping, 0, viscous);
    damping.add(1.0, viscous);
  } else
    damping.add(c_.viscous_damping / c_.mass_per_length + c_.rayleigh_mass, mass,
                c_.rayleigh_stiffness, stiffness);
  const unsigned int i = n_components_ * vertex + component;
  std::vector<types::global_dof_index> dofs(fe_->n_dofs_per_cell());
  cell->get_dof_indices(dofs);
  std::function<double(double)> load_row;
  if (!c_.distributed_force->is_zero())
    load_row = [this, cell = cell, i](double t) {
      Vector<double> f;
      local_load(cell, t, f);
      return f[i];
    };
  if (c_.ground_motion.active()) {
    // the held row's share of the effective load -M r a_g: the reaction is then the support's
    // force with the absolute acceleration a + r a_g, what a base-shear sum wants
    Vector<double> m_r(dofs.size());
    mass.vmult(m_r, cell_translation());
    load_row = [distributed = load_row, inertia = m_r[i], ground = c_.ground_motion](double t) {
      return (distributed ? distributed(t) : 0.0) - inertia * ground(t);
    };
  }
  LinearFunctional r = consistent_reaction(name, dofs, i, mass, damping, stiffness, load_row);
  r.unit = unit;
  return r;
}

HistoryFunctionals LineModel::history_functionals() const {
  HistoryFunctionals h;
  const char* side[2] = {"left", "right"};
  for (int e : {0, 1})
    h.ends.push_back({std::string("u_") + side[e], {end_dof(e, 0)}, {1.0}, {}, {}, nullptr, "m"});
  for (int e : {0, 1})
    h.ends.push_back({std::string("v_") + side[e], {end_dof(e, 0)}, {}, {1.0}, {}, nullptr, "m/s"});
  for (int e : {0, 1})
    h.ends.push_back(reaction(e, 0, std::string("reaction_") + side[e]));
  if (has_rotation()) {
    for (int e : {0, 1})
      h.ends.push_back(
          {std::string("theta_") + side[e], {end_dof(e, 1)}, {1.0}, {}, {}, nullptr, "rad"});
    for (int e : {0, 1})
      h.ends.push_back(reaction(e, 1, std::string("moment_reaction_") + side[e]));
  }
  h.probes = probe_functionals(dof_handler_, c_, [this](const auto& cell, double x) {
    return displacement_weights(cell, x);
  });
  for (auto& f : oscillators_->history_functionals())
    h.probes.push_back(std::move(f));
  if (c_.ground_motion.active())
    add_absolute_accelerations(h);
  auto add_position = [&h](const std::string& name, const ExpressionPtr& x) {
    h.probes.push_back(
        {"position_" + name, {}, {}, {}, {}, [x](double t) { return (*x)(0, t); }, "m"});
  };
  for (const MovingForce& force : c_.moving_forces)
    add_position(force.name, force.position);
  for (const MovingBody& body : c_.moving_bodies)
    add_position(body.name, body.position);
  return h;
}

Vector<double> LineModel::cell_translation() const {
  Vector<double> r(fe_->n_dofs_per_cell());
  for (unsigned int i = 0; i < r.size(); ++i)
    r[i] = fe_->system_to_component_index(i).first == 0 ? 1 : 0;
  return r;
}

void LineModel::translation_inertia(LA::Vector& m_r) const {
  m_r = 0;
  FullMatrix<double> mass;
  const unsigned int n = fe_->n_dofs_per_cell();
  const Vector<double> r = cell_translation();
  Vector<double> product(n);
  std::vector<types::global_dof_index> dofs(n);
  for (const auto& cell : dof_handler_.active_cell_iterators())
    if (cell->is_locally_owned()) {
      local_mass(cell, c_.mass_per_length, c_.rotary_inertia_per_length, mass);
      mass.vmult(product, r);
      cell->get_dof_indices(dofs);
      for (unsigned int i = 0; i < n; ++i)
        if (!constraints_.is_constrained(dofs[i]))
          m_r(dofs[i]) += product[i];
    }
  // point masses and oscillators, added once (by rank 0) wherever their rows live
  if (Utilities::MPI::this_mpi_process(comm_) == 0) {
    auto add = [&](types::global_dof_index dof, double m) {
      if (m != 0 && !constraints_.is_constrained(dof))
        m_r(dof) += m;
    };
    add(end_dof(0, 0), c_.left.point_mass);
    add(end_dof(1, 0), c_.right.point_mass);
    for (const Attachment& a : c_.point_masses)
      add(node_dof(a.x), a.value);
    // the oscillators' DoFs are numbered after the DoFHandler's (models/extra_dofs.h)
    for (std::size_t k = 0; k < c_.oscillators.size(); ++k)
      m_r(dof_handler_.n_dofs() + k) += c_.oscillators[k].value;
  }
  m_r.compress(VectorOperation::add);
}

void LineModel::add_absolute_accelerations(HistoryFunctionals& h) const {
  // <c>_abs_acc = the column's relative acceleration plus a_g for a translation (an end's u, a
  // probe's u, an oscillator), alone for a rotation (a uniform translation turns nothing)
  std::vector<LinearFunctional> absolute;
  for (const auto* list : {&h.ends, &h.probes})
    for (const LinearFunctional& f : *list)
      if (is_displacement(f)) {
        const bool rotation = f.unit == "rad";
        std::function<double(double)> ground;
        if (!rotation)
          ground = [g = c_.ground_motion](double t) { return g(t); };
        absolute.push_back({f.name + "_abs_acc", f.dofs, {}, {}, f.of_u, ground, f.unit + "/s^2"});
      }
  h.probes.insert(h.probes.end(), absolute.begin(), absolute.end());
}

void LineModel::structure_part(const LA::Vector& state, LA::Vector& structure) const {
  oscillators_->structure_part(state, structure);
}

OutputFields LineModel::output_fields() const {
  OutputFields fields;
  const bool rotation = has_rotation();
  fields.components = rotation ? 2 : 1;
  for (const auto& [w, theta] :
       {std::pair{"displacement", "rotation"}, std::pair{"velocity", "rotation_rate"},
        std::pair{"acceleration", "rotational_acceleration"}}) {
    fields.point.push_back(w);
    if (rotation)
      fields.point.push_back(theta);
  }
  for (const auto& name : resultant_names())
    (resultants_per_cell() ? fields.cell : fields.point).push_back(name);
  fields.n_local_cells = n_local_cells_;
  return fields;
}

void LineModel::sample_cell(const Cell& cell, const FEValues<1>& fe_values,
                            const std::array<const LA::Vector*, 3>& state,
                            std::array<Vector<double>, 3>& local, double* point_values,
                            double* cell_values) const {
  // point field (s, c) at point j: point_values[(s * n_components + c) * n + j], then the
  // resultants (point data after them, or cell data)
  const unsigned int n = fe_values.n_quadrature_points, n_dofs = fe_->n_dofs_per_cell();
  for (unsigned int s = 0; s < 3; ++s) {
    local[s].reinit(n_dofs, /*omit_zeroing_entries=*/true); // no allocation after the first cell
    cell->get_dof_values(*state[s], local[s]);
    for (unsigned int c = 0; c < n_components_; ++c)
      for (unsigned int j = 0; j < n; ++j) {
        double value = 0;
        for (unsigned int i = 0; i < n_dofs; ++i)
          value += local[s][i] * fe_values.shape_value_component(i, j, c);
        point_values[(s * n_components_ + c) * n + j] = value;
      }
  }
  sample_resultants(cell, fe_values, local[0],
                    resultants_per_cell() ? cell_values : point_values + 3 * n_components_ * n);
}

void LineModel::sample_output_fields(
    const LA::Vector& u, const LA::Vector& v, const LA::Vector& a,
    const std::function<void(const double*, const double*, const double*)>& sink) const {
  // The points DataOut would sample: the cell's ends and its equal subdivisions.
  const unsigned int n_points = output_subdivisions() + 1;
  std::vector<Point<1>> points;
  for (unsigned int j = 0; j < n_points; ++j)
    points.emplace_back(double(j) / double(n_points - 1));
  FEValues<1> fe_values(*fe_, Quadrature<1>(points),
                        update_values | update_gradients | update_quadrature_points);
  const OutputFields fields = output_fields();
  std::vector<double> x(n_points), point_values(fields.point.size() * n_points),
      cell_values(std::max<std::size_t>(1, fields.cell.size()));
  std::array<Vector<double>, 3> local; // sample_cell's scratch
  for (const auto& cell : dof_handler_.active_cell_iterators()) {
    if (!cell->is_locally_owned())
      continue;
    fe_values.reinit(cell);
    for (unsigned int j = 0; j < n_points; ++j)
      x[j] = fe_values.quadrature_point(j)[0];
    sample_cell(cell, fe_values, {{&u, &v, &a}}, local, point_values.data(), cell_values.data());
    sink(x.data(), point_values.data(), cell_values.data());
  }
}

std::vector<double> LineModel::sample_at(const std::vector<double>& x, const LA::Vector& u,
                                         const LA::Vector& v, const LA::Vector& a) const {
  const OutputFields fields = output_fields();
  const std::size_t n_point_fields = fields.point.size(),
                    n_fields = n_point_fields + fields.cell.size();
  std::vector<double> values(x.size() * n_fields, 0.0);
  std::vector<double> cell_values(std::max<std::size_t>(1, fields.cell.size()));
  std::array<Vector<double>, 3> local; // sample_cell's scratch
  for (const auto& cell : dof_handler_.active_cell_iterators()) {
    if (!cell->is_locally_owned())
      continue;
    // the positions in [x0, x1), and x1 itself in the cell that ends the line: each in one cell
    // (x is sorted: found by bisection, not by a pass over x for every cell)
    const double x0 = cell->vertex(0)[0], x1 = cell->vertex(1)[0];
    const bool last = std::abs(x1 - c_.length) <= 1e-12 * c_.length;
    const auto first = std::lower_bound(x.begin(), x.end(), x0);
    const auto end =
        last ? std::upper_bound(first, x.end(), x1) : std::lower_bound(first, x.end(), x1);
    if (first == end)
      continue;
    std::vector<std::size_t> mine;
    std::vector<Point<1>> reference;
    for (auto it = first; it != end; ++it) {
      mine.push_back(std::size_t(it - x.begin()));
      reference.emplace_back((*it - x0) / (x1 - x0));
    }
    FEValues<1> fe_values(*fe_, Quadrature<1>(reference), update_values | update_gradients);
    fe_values.reinit(cell);
    const std::size_t n = mine.size();
    std::vector<double> point_values(n_point_fields * n);
    sample_cell(cell, fe_values, {{&u, &v, &a}}, local, point_values.data(), cell_values.data());
    for (std::size_t k = 0; k < n; ++k) {
      for (std::size_t f = 0; f < n_point_fields; ++f)
        values[mine[k] * n_fields + f] = point_values[f * n + k];
      for (std::size_t f = 0; f < fields.cell.size(); ++f)
        values[mine[k] * n_fields + n_point_fields + f] = cell_values[f];
    }
  }
  return values;
}

} // namespace hamdyn
