#include "reductions/string_impulse_dual.h"

#include "core/expression.h"
#include "models/line_model_tools.h"
#include "reductions/time_quadrature.h"
#include "system/line_schur_solver.h"
#include "system/petsc_helpers.h"

#include <deal.II/base/quadrature_lib.h>
#include <deal.II/dofs/dof_tools.h>
#include <deal.II/fe/fe_dgq.h>
#include <deal.II/fe/fe_q.h>
#include <deal.II/fe/fe_values.h>
#include <deal.II/lac/dynamic_sparsity_pattern.h>

#include <cmath>

namespace hamdyn {

using namespace dealii;

namespace {
const FEValuesExtractors::Scalar impulse(0), dashpot_impulse(1), kelvin_impulse(2);

// The momentum the impulses take from the string, -(D^T S) = (I + G)_x - H, of shape function i.
double pushed(const FEValues<1>& values, unsigned int i, unsigned int q) {
  return values[impulse].gradient(i, q)[0] + values[kelvin_impulse].gradient(i, q)[0] -
         values[dashpot_impulse].value(i, q);
}
} // namespace

// P(x_q, t) = int_0^t f dt at every quadrature point of the owned cells, and int_0^t F dt of the
// end force, accumulated by 3-point Gauss-Legendre from the previous call's time.
struct StringImpulseDual::LoadCache {
  std::unique_ptr<FEValues<1>> values; // on the load's quadrature points
  ExpressionPtr force, end_force, u0, v0;
  std::vector<std::vector<double>> momentum; // per owned cell, per quadrature point
  double end_momentum = 0, integrated_to = 0;
};

std::string StringImpulseDual::unsupported(const CaseParameters& c) {
  if (!model_kind(c.model_type).has_continuum_dual)
    return "the continuum dual is built for strings";
  if (!c.left.holds_translation)
    return "the string's dual recovers u from x = 0, which must be fixed";
  if (!c.point_masses.empty() || !c.springs.empty() || !c.dashpots.empty() || !c.forces.empty() ||
      !c.oscillators.empty())
    return "the string's dual takes no interior attachments";
  if (!c.right.holds_translation && c.right.point_mass == 0 &&
      (c.right.spring > 0 || c.right.dashpot > 0))
    return "a spring or dashpot at a free end needs an end mass in the dual (its susceptance)";
  return "";
}

StringImpulseDual::StringImpulseDual(const CaseParameters& c, const Triangulation<1>& tria,
                                     MPI_Comm comm, bool undamped, double recovery_position)
    : c_(c), comm_(comm), fe_(FE_Q<1>(QGaussLobatto<1>(c.degree + 1)), 1, FE_DGQ<1>(c.degree - 1),
                              1, FE_Q<1>(QGaussLobatto<1>(c.degree + 1)), 1),
      dof_handler_(tria) {
  dof_handler_.distribute_dofs(fe_);
  const EndParameters& right = c.right;
  const bool end_mass = !right.holds_translation && right.point_mass > 0;
  gamma_ = undamped ? 0 : c.viscous_damping + c.rayleigh_mass * c.mass_per_length;
  kelvin_ = undamped ? 0 : c.rayleigh_stiffness * c.tension;
  end_dashpot_ = undamped || !end_mass ? 0
                                       : right.dashpot + c.rayleigh_mass * right.point_mass +
                                             c.rayleigh_stiffness * right.spring;
  unsigned int n_extra = 0;
  if (end_mass && right.spring > 0)
    spring_dof_ = n_extra++;
  if (end_dashpot_ > 0)
    dashpot_dof_ = n_extra++;
  extra_ = std::make_unique<ExtraDofs>(dof_handler_, n_extra, comm);
  if (spring_dof_ >= 0)
    spring_dof_ = extra_->dof(spring_dof_);
  if (dashpot_dof_ >= 0)
    dashpot_dof_ = extra_->dof(dashpot_dof_);
  const auto [cell, vertex] = vertex_at(dof_handler_, c.length, c.length);
  end_dof_ = cell->vertex_dof_index(vertex, 0);
  end_kelvin_dof_ = cell->vertex_dof_index(vertex, 1);

  constraints_.reinit(extra_->relevant());
  if (!right.holds_translation && !end_mass) { // a free end carries no force: I(L) = G(L) = 0
    constraints_.add_line(end_dof_);
    constraints_.add_line(end_kelvin_dof_);
  }
  // fields whose coefficient is zero (no dashpots, no Rayleigh b) are held at 0
  const bool held_field[3] = {false, gamma_ == 0, kelvin_ == 0};
  std::vector<types::global_dof_index> dofs(fe_.n_dofs_per_cell());
  for (const auto& cell : dof_handler_.active_cell_iterators()) {
    cell->get_dof_indices(dofs);
    for (unsigned int i = 0; i < dofs.size(); ++i)
      if (held_field[fe_.system_to_component_index(i).first] &&
          !constraints_.is_constrained(dofs[i]))
        constraints_.add_line(dofs[i]);
  }
  constraints_.close();
  assemble(recovery_position);
}

StringImpulseDual::~StringImpulseDual() = default;

void StringImpulseDual::assemble(double recovery_position) {
  SecondOrderSystem& s = system_;
  s.comm = comm_;
  s.locally_owned = extra_->owned();
  DynamicSparsityPattern structure(extra_->structure_relevant()), full;
  DoFTools::make_sparsity_pattern(dof_handler_, structure, constraints_, false);
  std::vector<std::pair<types::global_dof_index, types::global_dof_index>> couplings;
  // e of the end mass's susceptance: I(L), G(L), J_K, J_D
  std::vector<types::global_dof_index> boundary{end_dof_, end_kelvin_dof_};
  for (int extra : {spring_dof_, dashpot_dof_})
    if (extra >= 0)
      boundary.push_back(extra);
  for (std::size_t a = 0; a < boundary.size(); ++a)
    for (std::size_t b = a + 1; b < boundary.size(); ++b)
      couplings.emplace_back(boundary[a], boundary[b]);
  const DynamicSparsityPattern& dsp = extra_->system_sparsity(structure, full, couplings);
  const auto& owned = s.locally_owned;
  s.mass.reinit(owned, owned, dsp, comm_);
  s.stiffness.reinit(owned, owned, dsp, comm_);
  s.has_damping_matrix = gamma_ > 0 || kelvin_ > 0 || dashpot_dof_ >= 0;
  if (s.has_damping_matrix)
    s.damping_matrix.reinit(owned, owned, dsp, comm_);

  // one FEValues for the matrices, the recovery and (kept) every load evaluation
  load_ = std::make_unique<LoadCache>();
  const QGauss<1> quadrature(c_.degree + 1);
  load_->values = std::make_unique<FEValues<1>>(fe_, quadrature,
                                                update_values | update_gradients |
                                                    update_quadrature_points | update_JxW_values);
  FEValues<1>& values = *load_->values;
  const unsigned int n = fe_.n_dofs_per_cell();
  FullMatrix<double> compliance(n, n), susceptance(n, n), resistance(n, n);
  std::vector<types::global_dof_index> dofs(n);
  const double tau = c_.tension, rho = c_.mass_per_length;
  recovery_.reinit(owned, comm_);
  for (const auto& cell : dof_handler_.active_cell_iterators()) {
    if (!cell->is_locally_owned())
      continue;
    values.reinit(cell);
    compliance = 0;
    susceptance = 0;
    resistance = 0;
    for (unsigned int q = 0; q < quadrature.size(); ++q)
      for (unsigned int i = 0; i < n; ++i) {
        const double di = pushed(values, i, q);
        for (unsigned int j = 0; j < n; ++j) {
          compliance(i, j) +=
              values[impulse].value(i, q) * values[impulse].value(j, q) / tau * values.JxW(q);
          susceptance(i, j) += di * pushed(values, j, q) / rho * values.JxW(q);
          if (gamma_ > 0)
            resistance(i, j) += values[dashpot_impulse].value(i, q) *
                                values[dashpot_impulse].value(j, q) / gamma_ * values.JxW(q);
          if (kelvin_ > 0)
            resistance(i, j) += values[kelvin_impulse].value(i, q) *
                                values[kelvin_impulse].value(j, q) / kelvin_ * values.JxW(q);
        }
      }
    cell->get_dof_indices(dofs);
    constraints_.distribute_local_to_global(compliance, dofs, s.mass);
    constraints_.distribute_local_to_global(susceptance, dofs, s.stiffness);
    if (s.has_damping_matrix)
      constraints_.distribute_local_to_global(resistance, dofs, s.damping_matrix);
  }
  // The end mass: a boundary susceptance on I(L) + J_K + J_D; the spring and the dashpot:
  // their compliance and resistance.
  if (!c_.right.holds_translation && c_.right.point_mass > 0)
    for (const auto a : boundary)
      if (owned.is_element(a))
        for (const auto b : boundary)
          s.stiffness.add(a, b, 1 / c_.right.point_mass);
  if (spring_dof_ >= 0 && owned.is_element(spring_dof_))
    s.mass.add(spring_dof_, spring_dof_, 1 / c_.right.spring);
  if (dashpot_dof_ >= 0 && owned.is_element(dashpot_dof_))
    s.damping_matrix.add(dashpot_dof_, dashpot_dof_, 1 / end_dashpot_);
  s.mass.compress(VectorOperation::add);
  s.stiffness.compress(VectorOperation::add);
  if (s.has_damping_matrix)
    s.damping_matrix.compress(VectorOperation::add);
  decouple_held_rows(s, constraints_);

  // u(x_r) = int_0^x_r I_t / tau dx (x_r is a mesh vertex)
  for (const auto& cell : dof_handler_.active_cell_iterators())
    if (cell->is_locally_owned() && cell->vertex(1)[0] <= recovery_position + 1e-12 * c_.length) {
      values.reinit(cell);
      Vector<double> local(n);
      for (unsigned int q = 0; q < quadrature.size(); ++q)
        for (unsigned int i = 0; i < n; ++i)
          local(i) += values[impulse].value(i, q) / tau * values.JxW(q);
      cell->get_dof_indices(dofs);
      constraints_.distribute_local_to_global(local, dofs, recovery_);
    }
  recovery_.compress(VectorOperation::add);

  // The load and its running time integrals.
  LoadCache& cache = *load_;
  cache.force = c_.distributed_force;
  cache.end_force = c_.right.force;
  cache.u0 = c_.initial_displacement;
  cache.v0 = c_.initial_velocity;
  for (const auto& cell : dof_handler_.active_cell_iterators())
    if (cell->is_locally_owned()) {
      values.reinit(cell);
      std::vector<double> p0;
      for (unsigned int q = 0; q < quadrature.size(); ++q)
        p0.push_back(rho * (*cache.v0)(values.quadrature_point(q)[0], 0));
      cache.momentum.push_back(p0);
    }
  if (!c_.right.holds_translation)
    cache.end_momentum = c_.right.point_mass * (*cache.v0)(c_.length, 0);
  s.load = [this](double t, LA::Vector& g) { assemble_load(t, g); };
}

void StringImpulseDual::assemble_load(double t, LA::Vector& g, bool rate) const {
  LoadCache& cache = *load_;
  FEValues<1>& values = *cache.values;
  AssertThrow(t >= cache.integrated_to,
              ExcMessage("the dual's load must be evaluated at increasing times"));
  const double a = cache.integrated_to;
  const bool advance = t > a && !rate;
  const unsigned int n = fe_.n_dofs_per_cell();
  Vector<double> local(n);
  std::vector<types::global_dof_index> dofs(n);
  g = 0;
  std::size_t k = 0;
  for (const auto& cell : dof_handler_.active_cell_iterators()) {
    if (!cell->is_locally_owned())
      continue;
    values.reinit(cell);
    local = 0;
    std::vector<double>& momentum = cache.momentum[k++];
    for (unsigned int q = 0; q < values.n_quadrature_points; ++q) {
      const double x = values.quadrature_point(q)[0];
      if (advance && !cache.force->is_zero())
        gauss_legendre_3(a, t, [&](double time, double weight) {
          momentum[q] += weight * (*cache.force)(x, time);
        });
      // (rho v0 + P)(dH - (dI + dG)_x) / rho; its rate with f in place of rho v0 + P
      const double p = rate ? (*cache.force)(x, t) : momentum[q];
      for (unsigned int i = 0; i < n; ++i)
        local(i) -= p * pushed(values, i, q) / c_.mass_per_length * values.JxW(q);
    }
    cell->get_dof_indices(dofs);
    constraints_.distribute_local_to_global(local, dofs, g);
  }
  if (!c_.right.holds_translation && c_.right.point_mass > 0) {
    if (advance)
      gauss_legendre_3(a, t, [&](double time, double weight) {
        cache.end_momentum += weight * (*cache.end_force)(0.0, time);
      });
    const double p = rate ? (*cache.end_force)(0.0, t) : cache.end_momentum;
    for (const auto dof : {int(end_dof_), int(end_kelvin_dof_), spring_dof_, dashpot_dof_})
      if (dof >= 0 && system_.locally_owned.is_element(dof) && !constraints_.is_constrained(dof))
        g(dof) += p / c_.right.point_mass;
  }
  if (!rate)
    cache.integrated_to = t;
  g.compress(VectorOperation::add);
}

void StringImpulseDual::initial_state(State& state) const {
  const LoadCache& cache = *load_;
  const double tau = c_.tension, L = c_.length, delta = 1e-6 * L;
  auto u0 = [&](double x) { return (*cache.u0)(x, 0); };
  auto v0 = [&](double x) { return (*cache.v0)(x, 0); };
  auto slope = [&](const std::function<double(double)>& f, double x) {
    return (f(x + delta) - f(x - delta)) / (2 * delta);
  };
  // S = 0; S' = the forces: I' = tau u_x, G' = b tau v_x, H' = gamma v, J_K' = K u(L),
  // J_D' = D v(L)
  state.u = 0;
  const auto& support = fe_.get_unit_support_points();
  std::vector<types::global_dof_index> dofs(fe_.n_dofs_per_cell());
  const auto& owned = system_.locally_owned;
  for (const auto& cell : dof_handler_.active_cell_iterators()) {
    cell->get_dof_indices(dofs);
    const double x0 = cell->vertex(0)[0], h = cell->vertex(1)[0] - x0;
    for (unsigned int i = 0; i < dofs.size(); ++i) {
      if (!owned.is_element(dofs[i]))
        continue;
      const double x = x0 + h * support[i][0];
      const unsigned int field = fe_.system_to_component_index(i).first;
      state.v(dofs[i]) = field == 0   ? tau * slope(u0, x)
                         : field == 1 ? gamma_ * v0(x)
                                      : kelvin_ * slope(v0, x);
    }
  }
  if (spring_dof_ >= 0 && owned.is_element(spring_dof_))
    state.v(spring_dof_) = c_.right.spring * u0(L);
  if (dashpot_dof_ >= 0 && owned.is_element(dashpot_dof_))
    state.v(dashpot_dof_) = end_dashpot_ * v0(L);
  finish_initial_state(constraints_, owned, state.u, state.v);

  // S'': C and R act on disjoint rows (I, J_K: compliance; H, G, J_D: resistance), so one solve
  // with C + R gives C S'' = g(0) - B S on the former and R S'' = g'(0) - B S' on the latter.
  LA::Vector g(owned, comm_), g_rate(owned, comm_), b_v(owned, comm_), rhs(owned, comm_);
  assemble_load(0.0, g);
  assemble_load(0.0, g_rate, true);
  system_.stiffness.vmult(b_v, state.v);
  for (const auto i : owned)
    rhs(i) = constraints_.is_constrained(i)     ? 0.0
             : system_.mass.diag_element(i) > 0 ? g(i)
                                                : g_rate(i) - b_v(i);
  rhs.compress(VectorOperation::insert);
  MatrixCombination c_plus_r;
  c_plus_r.terms = {{1.0, petsc_handle(system_.mass)}};
  if (system_.has_damping_matrix)
    c_plus_r.terms.emplace_back(1.0, petsc_handle(system_.damping_matrix));
  LineSchurSolver solver;
  solver.factorize(c_plus_r);
  solver.solve(rhs, state.a);
}

double StringImpulseDual::displacement(const LA::Vector& s_dot) const {
  return recovery_ * s_dot;
}

} // namespace hamdyn
