#include "models/timoshenko_beam.h"

#include "core/expression.h"
#include "core/input_error.h"

#include <deal.II/base/quadrature_lib.h>
#include <deal.II/fe/fe_q.h>
#include <deal.II/fe/fe_system.h>

namespace hamdyn {

using namespace dealii;

namespace {
const FEValuesExtractors::Scalar w_field(0), theta_field(1);

const CaseParameters& checked(const CaseParameters& c) {
  // Without rho I the rotation carries no inertia: M is singular, so neither the initial
  // acceleration nor central difference is defined.
  if (!(c.rotary_inertia_per_length > 0))
    throw InputError("Model/Rotary inertia per length", std::to_string(c.rotary_inertia_per_length),
                     "a Timoshenko beam needs rho I > 0 (its rotation has inertia); expected a "
                     "real number > 0");
  return c;
}

// Bending moment EI theta_x and shear force kappa G A (w_x - theta) at the output points.
} // namespace

TimoshenkoBeamModel::TimoshenkoBeamModel(const CaseParameters& c, const Triangulation<1>& tria,
                                         MPI_Comm comm)
    : LineModel(checked(c), tria, comm,
                std::make_unique<FESystem<1>>(FE_Q<1>(QGaussLobatto<1>(c.degree + 1)), 2)) {
  const auto& fe = dof_handler().get_fe();
  const unsigned int p = c.degree;
  mass_values_ = lagrange_mass_values();
  bending_values_ = std::make_unique<FEValues<1>>(
      fe, QGauss<1>(p + 1), update_gradients | update_JxW_values | update_quadrature_points);
  shear_values_ =
      std::make_unique<FEValues<1>>(fe, QGauss<1>(p), // reduced: p points
                                    update_values | update_gradients | update_JxW_values);
  load_values_ = lagrange_load_values();
  extended_ = std::make_unique<ExtendedLagrange>(fe);
}

TimoshenkoBeamModel::~TimoshenkoBeamModel() = default;

void TimoshenkoBeamModel::local_mass(const Cell& cell, double translational, double rotary,
                                     FullMatrix<double>& mass) const {
  const unsigned int n = dof_handler().get_fe().n_dofs_per_cell();
  mass.reinit(n, n);
  FEValues<1>& m = *mass_values_;
  m.reinit(cell);
  for (unsigned int i = 0; i < n; ++i)
    for (unsigned int j = 0; j < n; ++j)
      for (unsigned int q = 0; q < m.n_quadrature_points; ++q)
        mass(i, j) += (translational * m[w_field].value(i, q) * m[w_field].value(j, q) +
                       rotary * m[theta_field].value(i, q) * m[theta_field].value(j, q)) *
                      m.JxW(q);
}

void TimoshenkoBeamModel::local_stiffness(const Cell& cell, FullMatrix<double>& stiffness) const {
  const unsigned int n = dof_handler().get_fe().n_dofs_per_cell();
  stiffness.reinit(n, n);
  FEValues<1>& b = *bending_values_;
  FEValues<1>& s = *shear_values_;
  b.reinit(cell);
  s.reinit(cell);
  for (unsigned int i = 0; i < n; ++i)
    for (unsigned int j = 0; j < n; ++j) {
      for (unsigned int q = 0; q < b.n_quadrature_points; ++q)
        stiffness(i, j) += c_.bending_stiffness * b[theta_field].gradient(i, q)[0] *
                           b[theta_field].gradient(j, q)[0] * b.JxW(q);
      for (unsigned int q = 0; q < s.n_quadrature_points; ++q) {
        const double gamma_i = s[w_field].gradient(i, q)[0] - s[theta_field].value(i, q);
        const double gamma_j = s[w_field].gradient(j, q)[0] - s[theta_field].value(j, q);
        stiffness(i, j) += c_.shear_stiffness * gamma_i * gamma_j * s.JxW(q);
      }
      // the axial force's geometric stiffness N int w_x dw_x dx, exact with p + 1 points
      for (unsigned int q = 0; c_.has_axial_force() && q < b.n_quadrature_points; ++q)
        stiffness(i, j) += c_.axial_force_at(b.quadrature_point(q)[0]) *
                           b[w_field].gradient(i, q)[0] * b[w_field].gradient(j, q)[0] * b.JxW(q);
    }
}

void TimoshenkoBeamModel::cell_forms(const Cell& cell, CellForms& forms) const {
  const extended h = extended(cell->vertex(1)[0]) - cell->vertex(0)[0];
  const unsigned int p = c_.degree;
  forms.clear(dof_handler().get_fe().n_dofs_per_cell());
  for (unsigned int component : {0u, 1u}) {
    const extended rho = component == 0 ? c_.mass_per_length : c_.rotary_inertia_per_length;
    if (c_.mass_matrix == MassMatrix::lumped)
      extended_->add_lumped_rows(forms, forms.mass, component, rho * h);
    else
      extended_->add_gauss_rows(forms, forms.mass, p + 1, rho * h, int(component), 1, -1, 0);
  }
  // EI int theta_x^2 dx (p + 1 points), kappa G A int (w_x - theta)^2 dx (reduced: p points),
  // as local_stiffness integrates them
  extended_->add_gauss_rows(forms, forms.stiffness, p + 1, c_.bending_stiffness / h, -1, 0, 1, 1);
  extended_->add_gauss_rows(forms, forms.stiffness, p, c_.shear_stiffness * h, 1, -1, 0, 1 / h);
  if (c_.axial_force_field) { // int N(x) w_x^2 dx: N at each Gauss point
    const double x0 = cell->vertex(0)[0];
    extended_->add_gauss_rows(
        forms, forms.stiffness, p + 1, 1 / h,
        [&](extended xi) { return extended(c_.axial_force_at(x0 + double(xi * h))); }, -1, 0, 0, 1);
  } else if (c_.axial_force != 0) // N int w_x^2 dx (p + 1 points), a weight of either sign
    extended_->add_gauss_rows(forms, forms.stiffness, p + 1, c_.axial_force / h, -1, 0, 0, 1);
}

void TimoshenkoBeamModel::geometric_rows(const Cell& cell, CellForms& forms,
                                         std::vector<extended>& form) const {
  const extended h = extended(cell->vertex(1)[0]) - cell->vertex(0)[0];
  if (const auto& weight = c_.buckling.geometric_weight) {
    const double x0 = cell->vertex(0)[0];
    extended_->add_gauss_rows(
        forms, form, c_.degree + 1, 1 / h,
        [&](extended xi) { return extended(weight(x0 + double(xi * h))); }, -1, 0, 0, 1);
  } else
    extended_->add_gauss_rows(forms, form, c_.degree + 1, 1 / h, -1, 0, 0, 1);
}

void TimoshenkoBeamModel::local_load(const Cell& cell, double t, Vector<double>& f) const {
  FEValues<1>& v = *load_values_;
  v.reinit(cell);
  f.reinit(dof_handler().get_fe().n_dofs_per_cell());
  for (unsigned int q = 0; q < v.n_quadrature_points; ++q) {
    const double load = (*c_.distributed_force)(v.quadrature_point(q)[0], t) * v.JxW(q);
    for (unsigned int i = 0; i < f.size(); ++i)
      f[i] += load * v[w_field].value(i, q);
  }
}

std::vector<double> TimoshenkoBeamModel::displacement_weights(const Cell& cell, double x) const {
  const auto& fe = dof_handler().get_fe();
  const double x0 = cell->vertex(0)[0], h = cell->vertex(1)[0] - x0;
  std::vector<double> w(fe.n_dofs_per_cell());
  for (unsigned int i = 0; i < w.size(); ++i)
    w[i] = fe.shape_value_component(i, Point<1>((x - x0) / h), 0);
  return w;
}

void TimoshenkoBeamModel::interpolate(const Cell& cell, const std::function<double(double)>& w0,
                                      const std::function<double(double)>& slope,
                                      Vector<double>& local) const {
  const auto& fe = dof_handler().get_fe();
  const double x0 = cell->vertex(0)[0], h = cell->vertex(1)[0] - x0;
  local.reinit(fe.n_dofs_per_cell());
  for (unsigned int i = 0; i < local.size(); ++i) {
    const double x = x0 + h * fe.get_unit_support_points()[i][0];
    local[i] = fe.system_to_component_index(i).first == 0 ? w0(x) : slope(x);
  }
}

void TimoshenkoBeamModel::sample_resultants(const Cell&, const FEValues<1>& fe_values,
                                            const Vector<double>& local, double* out) const {
  // M = EI theta_x, V = kGA (w_x - theta) at the points
  const unsigned int n = fe_values.n_quadrature_points;
  for (unsigned int q = 0; q < n; ++q) {
    double w_x = 0, theta = 0, theta_x = 0;
    for (unsigned int i = 0; i < local.size(); ++i) {
      w_x += local[i] * fe_values.shape_grad_component(i, q, 0)[0];
      theta += local[i] * fe_values.shape_value_component(i, q, 1);
      theta_x += local[i] * fe_values.shape_grad_component(i, q, 1)[0];
    }
    out[q] = c_.bending_stiffness * theta_x;
    out[n + q] = c_.shear_stiffness * (w_x - theta);
  }
}

} // namespace hamdyn
