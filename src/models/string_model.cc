#include "models/string_model.h"

#include "core/expression.h"
#include "models/attached_oscillators.h"
#include "models/line_model_tools.h"

#include <deal.II/base/function.h>
#include <deal.II/base/quadrature_lib.h>
#include <deal.II/dofs/dof_tools.h>
#include <deal.II/fe/fe_values.h>
#include <deal.II/lac/dynamic_sparsity_pattern.h>
#include <deal.II/lac/sparsity_tools.h>
#include <deal.II/numerics/vector_tools.h>

#include <cmath>

namespace hamdyn {

using namespace dealii;

namespace {
// tau u_x, the transverse component of the tension: the string's internal (shear-like) force.
class InternalForce : public DataPostprocessorScalar<1> {
public:
  explicit InternalForce(double tension)
      : DataPostprocessorScalar<1>("internal_force", update_gradients), tension_(tension) {}
  void evaluate_scalar_field(const DataPostprocessorInputs::Scalar<1>& in,
                             std::vector<Vector<double>>& out) const override {
    for (unsigned int q = 0; q < out.size(); ++q)
      out[q](0) = tension_ * in.solution_gradients[q][0];
  }

private:
  double tension_;
};

} // namespace

StringModel::StringModel(const CaseParameters& c, const Triangulation<1>& tria, MPI_Comm comm)
    : c_(c), comm_(comm), fe_(QGaussLobatto<1>(c.degree + 1)), dof_handler_(tria) {
  dof_handler_.distribute_dofs(fe_);
  oscillators_ = std::make_unique<AttachedOscillators>(
      c.oscillators, dof_handler_, [this](double x) { return node_dof(x); }, comm);
  locally_owned_ = oscillators_->owned();
  locally_relevant_ = oscillators_->relevant();
  constraints_.reinit(locally_relevant_);
  for (int e : {0, 1})
    if (end(e).holds_translation) {
      constraints_.add_line(end_dof(e));
    }
  constraints_.close();
  distributed_force_ = std::make_unique<Expression>("Load/Distributed force", c.distributed_force,
                                                    std::vector<std::string>{"x", "t"});
  end_force_[0] =
      std::make_unique<Expression>("Left end/Force", c.left.force, std::vector<std::string>{"t"});
  end_force_[1] =
      std::make_unique<Expression>("Right end/Force", c.right.force, std::vector<std::string>{"t"});
  internal_force_ = std::make_unique<InternalForce>(c.tension);
  for (const Attachment& a : c.forces)
    point_forces_.push_back(std::make_unique<Expression>("Attachments/Forces", a.expression,
                                                         std::vector<std::string>{"t"}));
}

StringModel::~StringModel() = default;

double StringModel::frequency_scale() const {
  return std::sqrt(c_.tension / c_.mass_per_length) / c_.length;
}

std::pair<DoFHandler<1>::active_cell_iterator, unsigned int> StringModel::end_cell(int e) const {
  return vertex_at(dof_handler_, e == 0 ? 0.0 : c_.length, c_.length);
}

types::global_dof_index StringModel::end_dof(int e) const {
  const auto [cell, node] = end_cell(e);
  return cell->vertex_dof_index(node, 0);
}

types::global_dof_index StringModel::node_dof(double x) const {
  const auto [cell, node] = vertex_at(dof_handler_, x, c_.length);
  return cell->vertex_dof_index(node, 0);
}

namespace {
// Consistent mass: Gauss with p+1 points integrates rho phi_i phi_j exactly. Lumped mass:
// Gauss-Lobatto quadrature at the nodes, a diagonal matrix with positive entries.
Quadrature<1> mass_rule(const CaseParameters& c) {
  return c.mass_matrix == MassMatrix::lumped ? Quadrature<1>(QGaussLobatto<1>(c.degree + 1))
                                             : Quadrature<1>(QGauss<1>(c.degree + 1));
}
} // namespace

StringModel::Scratch::Scratch(const StringModel& model)
    : mass_values(model.fe_, mass_rule(model.c_), update_values | update_JxW_values),
      stiffness_values(model.fe_, QGauss<1>(model.c_.degree + 1),
                       update_gradients | update_JxW_values) {}

void StringModel::local_matrices(const DoFHandler<1>::active_cell_iterator& cell, Scratch& scratch,
                                 LocalMatrices& m) const {
  FEValues<1>& mass_values = scratch.mass_values;
  FEValues<1>& stiffness_values = scratch.stiffness_values;
  const unsigned int p = c_.degree;
  mass_values.reinit(cell);
  stiffness_values.reinit(cell);
  const unsigned int n = fe_.n_dofs_per_cell();
  m.mass.reinit(n, n);
  m.stiffness.reinit(n, n);
  for (unsigned int q = 0; q < mass_values.n_quadrature_points; ++q)
    for (unsigned int i = 0; i < n; ++i)
      for (unsigned int j = 0; j < n; ++j) {
        m.mass(i, j) += c_.mass_per_length * mass_values.shape_value(i, q) *
                        mass_values.shape_value(j, q) * mass_values.JxW(q);
      }
  for (unsigned int q = 0; q < p + 1; ++q)
    for (unsigned int i = 0; i < n; ++i)
      for (unsigned int j = 0; j < n; ++j)
        m.stiffness(i, j) += c_.tension * stiffness_values.shape_grad(i, q)[0] *
                             stiffness_values.shape_grad(j, q)[0] * stiffness_values.JxW(q);
}

std::unique_ptr<FEValues<1>> StringModel::load_values() const {
  return std::make_unique<FEValues<1>>(
      fe_, QGauss<1>(c_.degree + 2), update_values | update_quadrature_points | update_JxW_values);
}

void StringModel::local_load(const DoFHandler<1>::active_cell_iterator& cell, double t,
                             FEValues<1>& values, Vector<double>& f) const {
  values.reinit(cell);
  f.reinit(fe_.n_dofs_per_cell());
  for (unsigned int q = 0; q < values.n_quadrature_points; ++q) {
    const double load = (*distributed_force_)(values.quadrature_point(q)[0], t) * values.JxW(q);
    for (unsigned int i = 0; i < f.size(); ++i)
      f(i) += load * values.shape_value(i, q);
  }
}

void StringModel::assemble(SecondOrderSystem& s) const {
  s.comm = comm_;
  s.locally_owned = locally_owned_;
  DynamicSparsityPattern structure(oscillators_->structure_relevant()), system;
  DoFTools::make_sparsity_pattern(dof_handler_, structure, constraints_, false);
  const DynamicSparsityPattern& dsp = oscillators_->system_sparsity(structure, system);
  for (LA::SparseMatrix* m : {&s.mass, &s.stiffness})
    m->reinit(locally_owned_, locally_owned_, dsp, comm_);

  LocalMatrices local;
  Scratch scratch(*this);
  std::vector<types::global_dof_index> dofs(fe_.n_dofs_per_cell());
  for (const auto& cell : dof_handler_.active_cell_iterators()) {
    if (!cell->is_locally_owned())
      continue;
    local_matrices(cell, scratch, local);
    cell->get_dof_indices(dofs);
    constraints_.distribute_local_to_global(local.mass, dofs, s.mass);
    constraints_.distribute_local_to_global(local.stiffness, dofs, s.stiffness);
  }
  // Boundary terms of the weak form on the free ends: [M u_tt + D u_t + K u] du. The distributed
  // viscous damping gamma and Rayleigh damping are proportional to M and K:
  //   C = (gamma/rho + a) M + b K + D_ends,  D_ends = dashpot - (gamma/rho) * point mass,
  // the last term because gamma acts on the string but not on the end mass, which sits in M.
  const double viscous_factor = c_.viscous_damping / c_.mass_per_length;
  s.damping_mass_factor = viscous_factor + c_.rayleigh_mass;
  s.damping_stiffness_factor = c_.rayleigh_stiffness;
  s.extra_damping.clear();
  for (int e : {0, 1})
    if (!end(e).holds_translation)
      attach_to_ground(s, constraints_, end_dof(e), end(e).point_mass, end(e).spring,
                       end(e).dashpot, viscous_factor);
  attach_interior_devices(
      s, constraints_, c_, [this](double x) { return node_dof(x); }, viscous_factor);
  oscillators_->assemble(s, constraints_, viscous_factor);
  s.mass.compress(VectorOperation::add);
  s.stiffness.compress(VectorOperation::add);

  decouple_held_rows(s, constraints_);

  // The load f(t): the distributed part and the forces on the free ends.
  std::vector<PointLoad> end_forces;
  for (int e : {0, 1})
    if (!end(e).holds_translation)
      end_forces.push_back({end_dof(e), end_force_[e].get()});
  for (std::size_t k = 0; k < c_.forces.size(); ++k)
    end_forces.push_back({node_dof(c_.forces[k].x), point_forces_[k].get()});
  s.load = make_load(
      *distributed_force_, [this](double t, LA::Vector& f) { assemble_distributed_load(t, f); },
      end_forces, locally_owned_, comm_);
}

void StringModel::assemble_distributed_load(double t, LA::Vector& f) const {
  f = 0;
  Vector<double> local;
  const auto values = load_values();
  std::vector<types::global_dof_index> dofs(fe_.n_dofs_per_cell());
  for (const auto& cell : dof_handler_.active_cell_iterators()) {
    if (!cell->is_locally_owned())
      continue;
    local_load(cell, t, *values, local);
    cell->get_dof_indices(dofs);
    constraints_.distribute_local_to_global(local, dofs, f);
  }
  f.compress(VectorOperation::add);
}

void StringModel::initial_conditions(LA::Vector& u, LA::Vector& v) const {
  const Expression u0("Initial conditions/Displacement", c_.initial_displacement, {"x"});
  const Expression v0("Initial conditions/Velocity", c_.initial_velocity, {"x"});
  // Nodal interpolation by hand rather than VectorTools::interpolate, whose vectors must have the
  // DoFHandler's size (the system's also hold attached oscillators).
  const auto& support = fe_.get_unit_support_points();
  std::vector<types::global_dof_index> dofs(fe_.n_dofs_per_cell());
  for (const auto& cell : dof_handler_.active_cell_iterators()) {
    cell->get_dof_indices(dofs);
    const double x0 = cell->vertex(0)[0], h = cell->vertex(1)[0] - x0;
    for (unsigned int i = 0; i < dofs.size(); ++i)
      if (locally_owned_.is_element(dofs[i])) {
        u(dofs[i]) = u0(x0 + h * support[i][0], 0);
        v(dofs[i]) = v0(x0 + h * support[i][0], 0);
      }
  }
  finish_initial_state(constraints_, locally_owned_, u, v);
  oscillators_->initial_state(u, v);
}

HistoryFunctionals StringModel::history_functionals() const {
  HistoryFunctionals h;
  std::vector<LinearFunctional>& f = h.ends;
  const char* side[2] = {"left", "right"};
  for (int e : {0, 1}) {
    f.push_back({std::string("u_") + side[e], {end_dof(e)}, {1.0}, {}, {}, nullptr});
  }
  for (int e : {0, 1}) {
    f.push_back({std::string("v_") + side[e], {end_dof(e)}, {}, {1.0}, {}, nullptr});
  }
  for (int e : {0, 1}) {
    const auto [cell, node] = end_cell(e);
    LinearFunctional r{std::string("reaction_") + side[e], {}, {}, {}, {}, nullptr};
    if (!end(e).holds_translation) {
      // The ground's force on the end through spring and dashpot.
      r.dofs = {end_dof(e)};
      r.of_u = {-end(e).spring};
      r.of_v = {-end(e).dashpot};
    } else {
      LocalMatrices m;
      Scratch scratch(*this);
      local_matrices(cell, scratch, m);
      const unsigned int i = node; // FE_Q numbers the two vertex DoFs first
      std::vector<types::global_dof_index> dofs(fe_.n_dofs_per_cell());
      cell->get_dof_indices(dofs);
      std::function<double(double)> load_row;
      if (!distributed_force_->is_zero())
        load_row = [this, cell = cell, i, values = std::shared_ptr(load_values())](double t) {
          Vector<double> local;
          local_load(cell, t, *values, local);
          return local(i);
        };
      // C = (gamma / rho + a) M + b K on the cell
      FullMatrix<double> damping(m.mass.m(), m.mass.n());
      damping.add(c_.viscous_damping / c_.mass_per_length + c_.rayleigh_mass, m.mass,
                  c_.rayleigh_stiffness, m.stiffness);
      r = consistent_reaction(r.name, dofs, i, m.mass, damping, m.stiffness, load_row);
    }
    f.push_back(std::move(r));
  }
  h.probes = probe_functionals(dof_handler_, c_, [this](const auto& cell, double x) {
    const double x0 = cell->vertex(0)[0], x1 = cell->vertex(1)[0];
    std::vector<double> w(fe_.n_dofs_per_cell());
    for (unsigned int i = 0; i < w.size(); ++i)
      w[i] = fe_.shape_value(i, Point<1>((x - x0) / (x1 - x0)));
    return w;
  });
  for (auto& f : oscillators_->history_functionals())
    h.probes.push_back(std::move(f));
  return h;
}

void StringModel::structure_part(const LA::Vector& state, LA::Vector& structure) const {
  oscillators_->structure_part(state, structure);
}

void StringModel::add_output_fields(DataOut<1>& out, const LA::Vector& u, const LA::Vector& v,
                                    const LA::Vector& a) const {
  out.attach_dof_handler(dof_handler_);
  out.add_data_vector(u, "displacement");
  out.add_data_vector(v, "velocity");
  out.add_data_vector(a, "acceleration");
  out.add_data_vector(u, *internal_force_);
}

} // namespace hamdyn
