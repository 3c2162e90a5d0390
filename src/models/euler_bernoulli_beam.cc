#include "models/euler_bernoulli_beam.h"

#include "core/expression.h"
#include "models/hermite_beam_element.h"

#include <deal.II/fe/fe_q.h>
#include <deal.II/fe/fe_system.h>

namespace hamdyn {

using namespace dealii;

namespace {
double cell_length(const DoFHandler<1>::active_cell_iterator& cell) {
  return cell->vertex(1)[0] - cell->vertex(0)[0]; // cells run along +x (line_mesh)
}

} // namespace

EulerBernoulliBeamModel::EulerBernoulliBeamModel(const CaseParameters& c,
                                                 const Triangulation<1>& tria, MPI_Comm comm)
    : LineModel(c, tria, comm, std::make_unique<FESystem<1>>(FE_Q<1>(1), 2)) {}

void EulerBernoulliBeamModel::local_mass(const Cell& cell, double translational, double rotary,
                                         FullMatrix<double>& mass) const {
  const double h = cell_length(cell);
  mass = c_.mass_matrix == MassMatrix::lumped ? hermite::lumped_mass(h, translational, rotary)
                                              : hermite::consistent_mass(h, translational, rotary);
}

void EulerBernoulliBeamModel::local_stiffness(const Cell& cell,
                                              FullMatrix<double>& stiffness) const {
  const double h = cell_length(cell), x0 = cell->vertex(0)[0];
  stiffness = hermite::stiffness(h, c_.bending_stiffness);
  if (c_.axial_force_field)
    hermite::add_geometric_stiffness(stiffness, h,
                                     [&](double xi) { return c_.axial_force_at(x0 + xi * h); });
  else if (c_.axial_force != 0)
    hermite::add_geometric_stiffness(stiffness, h, c_.axial_force);
}

void EulerBernoulliBeamModel::cell_forms(const Cell& cell, CellForms& forms) const {
  const extended h = extended(cell->vertex(1)[0]) - cell->vertex(0)[0];
  forms.clear(4);
  if (c_.mass_matrix == MassMatrix::lumped) {
    // HRZ's diagonal is a scaling of the consistent one: its double entries are the form
    const auto m =
        hermite::lumped_mass(double(h), c_.mass_per_length, c_.rotary_inertia_per_length);
    for (unsigned int i = 0; i < 4; ++i)
      forms.add_row(forms.mass, m(i, i))[i] = 1;
  } else {
    hermite::add_extended_rows(forms, forms.mass, h, 0, c_.mass_per_length);
    if (c_.rotary_inertia_per_length != 0)
      hermite::add_extended_rows(forms, forms.mass, h, 1, c_.rotary_inertia_per_length);
  }
  hermite::add_extended_rows(forms, forms.stiffness, h, 2, c_.bending_stiffness);
  if (c_.axial_force_field) { // int N(x) w_x^2 dx: N at each Gauss point
    const double x0 = cell->vertex(0)[0];
    hermite::add_extended_rows(forms, forms.stiffness, h, 1, [&](extended xi) {
      return extended(c_.axial_force_at(x0 + double(xi * h)));
    });
  } else if (c_.axial_force != 0) // N int w_x^2 dx: a weight of either sign
    hermite::add_extended_rows(forms, forms.stiffness, h, 1, c_.axial_force);
}

void EulerBernoulliBeamModel::geometric_rows(const Cell& cell, CellForms& forms,
                                             std::vector<extended>& form) const {
  const extended h = extended(cell->vertex(1)[0]) - cell->vertex(0)[0];
  if (const auto& weight = c_.buckling.geometric_weight) {
    const double x0 = cell->vertex(0)[0];
    hermite::add_extended_rows(forms, form, h, 1,
                               [&](extended xi) { return extended(weight(x0 + double(xi * h))); });
  } else
    hermite::add_extended_rows(forms, form, h, 1, 1);
}

void EulerBernoulliBeamModel::local_load(const Cell& cell, double t, Vector<double>& f) const {
  f = hermite::load(cell->vertex(0)[0], cell_length(cell),
                    [&](double x) { return (*c_.distributed_force)(x, t); });
}

std::vector<double> EulerBernoulliBeamModel::displacement_weights(const Cell& cell,
                                                                  double x) const {
  const double h = cell_length(cell);
  const auto n = hermite::values((x - cell->vertex(0)[0]) / h, h);
  return {n.begin(), n.end()};
}

std::array<std::vector<double>, 3>
EulerBernoulliBeamModel::displacement_derivatives(const Cell& cell, double x) const {
  const double h = cell_length(cell), xi = (x - cell->vertex(0)[0]) / h;
  const auto n = hermite::values(xi, h), n_x = hermite::first_derivatives(xi, h),
             n_xx = hermite::second_derivatives(xi, h);
  return {{{n.begin(), n.end()}, {n_x.begin(), n_x.end()}, {n_xx.begin(), n_xx.end()}}};
}

void EulerBernoulliBeamModel::interpolate(const Cell& cell, const std::function<double(double)>& w0,
                                          const std::function<double(double)>& slope,
                                          Vector<double>& local) const {
  local.reinit(4);
  for (unsigned int v = 0; v < 2; ++v) {
    local[2 * v] = w0(cell->vertex(v)[0]);
    local[2 * v + 1] = slope(cell->vertex(v)[0]);
  }
}

void EulerBernoulliBeamModel::sample_resultants(const Cell& cell, const FEValues<1>&,
                                                const Vector<double>& local, double* out) const {
  // From the Hermite cubic of the cell: M = EI w_xx (midpoint), V = -EI w_xxx (constant).
  const double h = cell_length(cell);
  const auto d2 = hermite::second_derivatives(0.5, h), d3 = hermite::third_derivatives(h);
  double w2 = 0, w3 = 0;
  for (unsigned int i = 0; i < 4; ++i) {
    w2 += d2[i] * local[i];
    w3 += d3[i] * local[i];
  }
  out[0] = c_.bending_stiffness * w2;
  out[1] = -c_.bending_stiffness * w3;
}

} // namespace hamdyn
