#include "models/string_model.h"

#include "core/expression.h"

#include <deal.II/base/quadrature_lib.h>
#include <deal.II/fe/fe_q.h>

#include <cmath>

namespace hamdyn {

using namespace dealii;

namespace {
// tau u_x, the transverse component of the tension: the string's internal (shear-like) force.
} // namespace

StringModel::StringModel(const CaseParameters& c, const Triangulation<1>& tria, MPI_Comm comm)
    : LineModel(c, tria, comm, std::make_unique<FE_Q<1>>(QGaussLobatto<1>(c.degree + 1))) {
  mass_values_ = lagrange_mass_values();
  stiffness_values_ = std::make_unique<FEValues<1>>(dof_handler().get_fe(), QGauss<1>(c.degree + 1),
                                                    update_gradients | update_JxW_values);
  load_values_ = lagrange_load_values();
  extended_ = std::make_unique<ExtendedLagrange>(dof_handler().get_fe());
}

StringModel::~StringModel() = default;

double StringModel::frequency_scale() const {
  return std::sqrt(c_.tension / c_.mass_per_length) / c_.length;
}

void StringModel::local_mass(const Cell& cell, double translational, double /*rotary*/,
                             FullMatrix<double>& mass) const {
  FEValues<1>& m = *mass_values_;
  m.reinit(cell);
  const unsigned int n = m.dofs_per_cell;
  mass.reinit(n, n);
  for (unsigned int q = 0; q < m.n_quadrature_points; ++q)
    for (unsigned int i = 0; i < n; ++i)
      for (unsigned int j = 0; j < n; ++j)
        mass(i, j) += translational * m.shape_value(i, q) * m.shape_value(j, q) * m.JxW(q);
}

void StringModel::gradient_products(const Cell& cell, double factor,
                                    FullMatrix<double>& out) const {
  FEValues<1>& k = *stiffness_values_;
  k.reinit(cell);
  const unsigned int n = k.dofs_per_cell;
  out.reinit(n, n);
  for (unsigned int q = 0; q < k.n_quadrature_points; ++q)
    for (unsigned int i = 0; i < n; ++i)
      for (unsigned int j = 0; j < n; ++j)
        out(i, j) += factor * k.shape_grad(i, q)[0] * k.shape_grad(j, q)[0] * k.JxW(q);
}

void StringModel::local_stiffness(const Cell& cell, FullMatrix<double>& stiffness) const {
  gradient_products(cell, c_.tension, stiffness);
}

bool StringModel::local_tension_stiffness(const Cell& cell, FullMatrix<double>& stiffness) const {
  gradient_products(cell, 1.0, stiffness);
  return true;
}

void StringModel::cell_forms(const Cell& cell, CellForms& forms) const {
  const extended h = extended(cell->vertex(1)[0]) - cell->vertex(0)[0];
  const unsigned int p = c_.degree;
  forms.clear(dof_handler().get_fe().n_dofs_per_cell());
  if (c_.mass_matrix == MassMatrix::lumped)
    extended_->add_lumped_rows(forms, forms.mass, 0, c_.mass_per_length * h);
  else
    extended_->add_gauss_rows(forms, forms.mass, p + 1, c_.mass_per_length * h, 0, 1, -1, 0);
  // tau int w_x^2 dx = tau / h int_0^1 (dw/dxi)^2 dxi
  extended_->add_gauss_rows(forms, forms.stiffness, p + 1, c_.tension / h, -1, 0, 0, 1);
}

void StringModel::geometric_rows(const Cell& cell, CellForms& forms,
                                 std::vector<extended>& form) const {
  const extended h = extended(cell->vertex(1)[0]) - cell->vertex(0)[0];
  extended_->add_gauss_rows(forms, form, c_.degree + 1, 1 / h, -1, 0, 0, 1);
}

void StringModel::local_load(const Cell& cell, double t, Vector<double>& f) const {
  FEValues<1>& values = *load_values_;
  values.reinit(cell);
  f.reinit(values.dofs_per_cell);
  for (unsigned int q = 0; q < values.n_quadrature_points; ++q) {
    const double load = (*c_.distributed_force)(values.quadrature_point(q)[0], t) * values.JxW(q);
    for (unsigned int i = 0; i < f.size(); ++i)
      f(i) += load * values.shape_value(i, q);
  }
}

std::vector<double> StringModel::displacement_weights(const Cell& cell, double x) const {
  const auto& fe = dof_handler().get_fe();
  const double x0 = cell->vertex(0)[0], x1 = cell->vertex(1)[0];
  std::vector<double> w(fe.n_dofs_per_cell());
  for (unsigned int i = 0; i < w.size(); ++i)
    w[i] = fe.shape_value(i, Point<1>((x - x0) / (x1 - x0)));
  return w;
}

void StringModel::interpolate(const Cell& cell, const std::function<double(double)>& w0,
                              const std::function<double(double)>& /*slope*/,
                              Vector<double>& local) const {
  const auto& support = dof_handler().get_fe().get_unit_support_points();
  const double x0 = cell->vertex(0)[0], h = cell->vertex(1)[0] - x0;
  local.reinit(support.size());
  for (unsigned int i = 0; i < support.size(); ++i)
    local[i] = w0(x0 + h * support[i][0]);
}

void StringModel::sample_resultants(const Cell&, const FEValues<1>& fe_values,
                                    const Vector<double>& local, double* out) const {
  // the internal force tau u_x
  for (unsigned int q = 0; q < fe_values.n_quadrature_points; ++q) {
    double slope = 0;
    for (unsigned int i = 0; i < local.size(); ++i)
      slope += local[i] * fe_values.shape_grad(i, q)[0];
    out[q] = c_.tension * slope;
  }
}

} // namespace hamdyn
