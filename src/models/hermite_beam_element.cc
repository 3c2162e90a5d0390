#include "models/hermite_beam_element.h"

#include <deal.II/base/quadrature_lib.h>

namespace hamdyn::hermite {

using dealii::FullMatrix;

namespace {
// sum_q w_q c(xi_q) a_i(xi_q) a_j(xi_q) h over a Gauss rule on [0, 1]
template <typename ShapeAt, typename CoefficientAt>
void add_product(FullMatrix<double>& m, unsigned int n_points, double h,
                 CoefficientAt coefficient_at, ShapeAt shape) {
  const dealii::QGauss<1> rule(n_points);
  for (unsigned int q = 0; q < rule.size(); ++q) {
    const double xi = rule.point(q)[0], coefficient = coefficient_at(xi);
    const Shape a = shape(xi);
    for (unsigned int i = 0; i < 4; ++i)
      for (unsigned int j = 0; j < 4; ++j)
        m(i, j) += coefficient * a[i] * a[j] * rule.weight(q) * h;
  }
}

template <typename ShapeAt>
void add_product(FullMatrix<double>& m, unsigned int n_points, double h, double coefficient,
                 ShapeAt shape) {
  add_product(
      m, n_points, h, [coefficient](double) { return coefficient; }, shape);
}
} // namespace

void add_extended_rows(CellForms& forms, std::vector<extended>& form, extended h,
                       unsigned int order, extended coefficient) {
  add_extended_rows(forms, form, h, order, [coefficient](extended) { return coefficient; });
}

void add_extended_rows(CellForms& forms, std::vector<extended>& form, extended h,
                       unsigned int order,
                       const std::function<extended(extended)>& coefficient_at) {
  static const ExtendedRule rules[3] = {gauss_rule(4), gauss_rule(3), gauss_rule(2)};
  const ExtendedRule& rule = rules[order];
  for (std::size_t q = 0; q < rule.points.size(); ++q) {
    const extended xi = rule.points[q];
    const ShapeOf<extended> a = order == 0   ? values_in(xi, h)
                                : order == 1 ? first_derivatives_in(xi, h)
                                             : second_derivatives_in(xi, h);
    extended* row = forms.add_row(form, coefficient_at(xi) * rule.weights[q] * h);
    for (unsigned int i = 0; i < 4; ++i)
      row[i] = a[i];
  }
}

FullMatrix<double> stiffness(double h, double ei) {
  FullMatrix<double> k(4, 4);
  add_product(k, 2, h, ei, [h](double xi) { return second_derivatives(xi, h); });
  return k;
}

void add_geometric_stiffness(FullMatrix<double>& k, double h, double axial_force) {
  add_product(k, 3, h, axial_force, [h](double xi) { return first_derivatives(xi, h); });
}

void add_geometric_stiffness(FullMatrix<double>& k, double h,
                             const std::function<double(double)>& axial_force_at) {
  add_product(k, 3, h, axial_force_at, [h](double xi) { return first_derivatives(xi, h); });
}

FullMatrix<double> consistent_mass(double h, double rho_a, double rho_i) {
  FullMatrix<double> m(4, 4);
  add_product(m, 4, h, rho_a, [h](double xi) { return values(xi, h); });
  if (rho_i != 0)
    add_product(m, 3, h, rho_i, [h](double xi) { return first_derivatives(xi, h); });
  return m;
}

FullMatrix<double> lumped_mass(double h, double rho_a, double rho_i) {
  const FullMatrix<double> consistent = consistent_mass(h, rho_a, 0);
  // HRZ: scale the diagonal so that the two translational entries add up to rho A h.
  const double scale = rho_a * h / (consistent(0, 0) + consistent(2, 2));
  FullMatrix<double> m(4, 4);
  for (unsigned int i = 0; i < 4; ++i)
    m(i, i) = scale * consistent(i, i);
  if (rho_i != 0) { // rotary inertia rho I h, shared by the two rotations
    m(1, 1) += 0.5 * rho_i * h;
    m(3, 3) += 0.5 * rho_i * h;
  }
  return m;
}

dealii::Vector<double> load(double x0, double h, const std::function<double(double)>& q) {
  dealii::Vector<double> f(4);
  const dealii::QGauss<1> rule(6);
  for (unsigned int p = 0; p < rule.size(); ++p) {
    const double xi = rule.point(p)[0];
    const Shape n = values(xi, h);
    const double value = q(x0 + xi * h) * rule.weight(p) * h;
    for (unsigned int i = 0; i < 4; ++i)
      f[i] += value * n[i];
  }
  return f;
}

} // namespace hamdyn::hermite
