#include "models/line_model_tools.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>

namespace hamdyn {

double bending_frequency_scale(const CaseParameters& c) {
  return std::sqrt(c.bending_stiffness / c.mass_per_length) / (c.length * c.length);
}

std::pair<dealii::DoFHandler<1>::active_cell_iterator, unsigned int>
vertex_at(const dealii::DoFHandler<1>& dof_handler, double x, double length) {
  // The ends are asked for most: the line's first and last cells before a search of all
  // (a scan of 10^6 cells for each end DoF cost a tenth of a second of set-up).
  const auto last = dof_handler.get_triangulation().last_active();
  const dealii::DoFHandler<1>::active_cell_iterator ends[2] = {
      dof_handler.begin_active(),
      {&dof_handler.get_triangulation(), last->level(), last->index(), &dof_handler}};
  for (const auto& cell : ends)
    for (unsigned int v = 0; v < 2; ++v)
      if (std::abs(cell->vertex(v)[0] - x) <= 1e-12 * length)
        return {cell, v};
  for (const auto& cell : dof_handler.active_cell_iterators())
    for (unsigned int v = 0; v < 2; ++v)
      if (std::abs(cell->vertex(v)[0] - x) <= 1e-12 * length)
        return {cell, v};
  AssertThrow(false, dealii::ExcMessage("no mesh vertex at x = " + std::to_string(x)));
  return {};
}

void decouple_held_rows(SecondOrderSystem& s,
                        const dealii::AffineConstraints<double>& constraints) {
  s.held_dofs.clear();
  for (const auto i : s.locally_owned)
    if (constraints.is_constrained(i))
      s.held_dofs.push_back(i);
  if (s.matrices != Matrices::assembled)
    return; // the band from the cells applies the same rule (BandedOperator::reinit)
  const auto [mass, stiffness] = held_row_diagonal(s, [&](dealii::types::global_dof_index i) {
    return std::make_pair(s.mass.diag_element(i), s.stiffness.diag_element(i));
  });
  for (const auto i : s.held_dofs) {
    s.mass.set(i, i, mass);
    s.stiffness.set(i, i, stiffness);
  }
  s.mass.compress(dealii::VectorOperation::insert);
  s.stiffness.compress(dealii::VectorOperation::insert);
}

void attach_to_ground(SecondOrderSystem& s, const dealii::AffineConstraints<double>& constraints,
                      dealii::types::global_dof_index dof, double inertia, double spring,
                      double dashpot, double viscous_factor) {
  if (constraints.is_constrained(dof))
    return;
  if (inertia != 0)
    s.point_mass.push_back({dof, dof, inertia});
  if (spring != 0)
    s.point_stiffness.push_back({dof, dof, spring});
  const double extra = dashpot - viscous_factor * inertia;
  if (extra != 0)
    s.extra_damping.push_back({dof, dof, extra});
}

void attach_interior_devices(SecondOrderSystem& s,
                             const dealii::AffineConstraints<double>& constraints,
                             const CaseParameters& c,
                             const std::function<dealii::types::global_dof_index(double)>& node_dof,
                             double viscous_factor) {
  for (const Attachment& a : c.point_masses)
    attach_to_ground(s, constraints, node_dof(a.x), a.value, 0, 0, viscous_factor);
  for (const Attachment& a : c.springs)
    attach_to_ground(s, constraints, node_dof(a.x), 0, a.value, 0, viscous_factor);
  for (const Attachment& a : c.dashpots)
    attach_to_ground(s, constraints, node_dof(a.x), 0, 0, a.value, viscous_factor);
}

LinearFunctional consistent_reaction(const std::string& name,
                                     std::vector<dealii::types::global_dof_index> cell_dofs,
                                     unsigned int row, const dealii::FullMatrix<double>& mass,
                                     const dealii::FullMatrix<double>& damping,
                                     const dealii::FullMatrix<double>& stiffness,
                                     std::function<double(double)> load_row) {
  LinearFunctional r{name, std::move(cell_dofs), {}, {}, {}, nullptr, ""};
  for (unsigned int j = 0; j < r.dofs.size(); ++j) {
    r.of_a.push_back(mass(row, j));
    r.of_v.push_back(damping(row, j));
    r.of_u.push_back(stiffness(row, j));
  }
  if (load_row)
    r.constant = [load_row = std::move(load_row)](double t) { return -load_row(t); };
  return r;
}

std::vector<LinearFunctional> probe_functionals(
    const dealii::DoFHandler<1>& dof_handler, const CaseParameters& c,
    const std::function<std::vector<double>(const dealii::DoFHandler<1>::active_cell_iterator&,
                                            double)>& weights) {
  std::vector<LinearFunctional> probes;
  for (std::size_t k = 0; k < c.probes.size(); ++k) {
    const double x = c.probes[k];
    for (const auto& cell : dof_handler.active_cell_iterators()) {
      // cells run along +x (line_mesh)
      if (x < cell->vertex(0)[0] - 1e-14 || x > cell->vertex(1)[0] + 1e-14)
        continue;
      std::vector<dealii::types::global_dof_index> dofs(cell->get_fe().n_dofs_per_cell());
      cell->get_dof_indices(dofs);
      const std::vector<double> w = weights(cell, x);
      probes.push_back({"u@" + c.probe_labels[k], dofs, w, {}, {}, nullptr, "m"});
      probes.push_back({"v@" + c.probe_labels[k], dofs, {}, w, {}, nullptr, "m/s"});
      break;
    }
  }
  return probes;
}

void finish_initial_state(const dealii::AffineConstraints<double>& constraints,
                          const dealii::IndexSet& owned, LA::Vector& u, LA::Vector& v) {
  for (const auto& line : constraints.get_lines())
    if (owned.is_element(line.index)) {
      u(line.index) = 0;
      v(line.index) = 0;
    }
  u.compress(dealii::VectorOperation::insert);
  v.compress(dealii::VectorOperation::insert);
}

} // namespace hamdyn

#include "core/expression.h"

namespace hamdyn {

std::function<void(double, LA::Vector&)>
make_load(const Expression& distributed,
          const std::function<void(double, LA::Vector&)>& assemble_distributed,
          std::vector<PointLoad> point_loads, const dealii::IndexSet& owned, MPI_Comm comm) {
  point_loads.erase(std::remove_if(point_loads.begin(), point_loads.end(),
                                   [](const PointLoad& p) { return p.value->is_zero(); }),
                    point_loads.end());
  if (distributed.is_zero() && point_loads.empty())
    return nullptr;
  auto fixed_part = std::make_shared<LA::Vector>(owned, comm);
  const bool varies = !distributed.is_zero() && !distributed.is_time_independent();
  if (!distributed.is_zero() && !varies)
    assemble_distributed(0.0, *fixed_part);
  return [=](double t, LA::Vector& f) {
    if (varies)
      assemble_distributed(t, f);
    else
      f = *fixed_part;
    for (const auto& p : point_loads)
      if (owned.is_element(p.dof))
        f(p.dof) += (*p.value)(0.0, t);
    f.compress(dealii::VectorOperation::add);
  };
}

} // namespace hamdyn
