#pragma once
// The C1 cubic Hermite element of an Euler-Bernoulli beam on [x0, x0 + h], with the DoFs
// (w0, theta0, w1, theta1), theta = dw/dx, in the order deal.II's FESystem(FE_Q(1), 2) numbers
// the DoFs of a line cell (vertex by vertex, w before theta).
//
// Why by hand: deal.II 9.4 has no FE_Hermite (it came in 9.6), so an
// FESystem(FE_Q(1), 2) DoFHandler provides numbering and parallel ownership and the local
// matrices are computed here from the Hermite shape functions (e.g. Przemieniecki, Theory of Matrix
// Structural Analysis, 1968, sec. 5.6 and 11.3; Cook et al., Concepts and Applications of FEA, 4th
// ed., 2.3).
#include "system/cell_forms.h"

#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <array>
#include <functional>

namespace hamdyn::hermite {

/// N_i at xi = (x - x0)/h in [0, 1], and their x-derivatives of order 1 to 3, in double or (for
/// the extended-precision forms) long double.
template <typename Real>
using ShapeOf = std::array<Real, 4>;
using Shape = ShapeOf<double>;

template <typename Real>
ShapeOf<Real> values_in(Real xi, Real h) {
  const Real x2 = xi * xi, x3 = x2 * xi;
  return {{1 - 3 * x2 + 2 * x3, h * (xi - 2 * x2 + x3), 3 * x2 - 2 * x3, h * (x3 - x2)}};
}
template <typename Real>
ShapeOf<Real> first_derivatives_in(Real xi, Real h) {
  const Real x2 = xi * xi;
  return {{(-6 * xi + 6 * x2) / h, 1 - 4 * xi + 3 * x2, (6 * xi - 6 * x2) / h, 3 * x2 - 2 * xi}};
}
template <typename Real>
ShapeOf<Real> second_derivatives_in(Real xi, Real h) {
  return {{(-6 + 12 * xi) / (h * h), (-4 + 6 * xi) / h, (6 - 12 * xi) / (h * h), (6 * xi - 2) / h}};
}
inline Shape values(double xi, double h) {
  return values_in(xi, h);
}
inline Shape first_derivatives(double xi, double h) {
  return first_derivatives_in(xi, h);
}
inline Shape second_derivatives(double xi, double h) {
  return second_derivatives_in(xi, h);
}
inline Shape third_derivatives(double h) {
  return {{12 / (h * h * h), 6 / (h * h), -12 / (h * h * h), 6 / (h * h)}};
}

/// int EI N_i'' N_j'' dx (exact: 2-point Gauss).
dealii::FullMatrix<double> stiffness(double h, double bending_stiffness);
/// Adds int N N_i' N_j' dx (exact: 3-point Gauss), the geometric stiffness of the axial force N
/// (e.g. Przemieniecki, Theory of Matrix Structural Analysis, 1968, sec. 15.3).
void add_geometric_stiffness(dealii::FullMatrix<double>& k, double h, double axial_force);
/// The same for an axial force varying along the element, N at x0 + xi h given as a function of
/// xi in [0, 1] (exact for N linear in x; Gauss quadrature otherwise).
void add_geometric_stiffness(dealii::FullMatrix<double>& k, double h,
                             const std::function<double(double)>& axial_force_at);
/// int rho A N_i N_j + rho I N_i' N_j' dx (exact: 4-point Gauss): translational and rotary
/// inertia, consistent.
dealii::FullMatrix<double> consistent_mass(double h, double mass_per_length,
                                           double rotary_inertia_per_length);
/// Diagonal mass by HRZ lumping (Hinton, Rock & Zienkiewicz, Earthquake Eng. Struct. Dyn.
/// 4:245, 1976): the consistent diagonal scaled so that the translational entries carry the
/// element's mass rho A h; rotary entries stay positive, as central difference needs.
dealii::FullMatrix<double> lumped_mass(double h, double mass_per_length,
                                       double rotary_inertia_per_length);
/// Rows of a cell form (system/cell_forms.h) for coefficient * int (d^order w / dx^order)^2 dx,
/// order 0, 1 or 2, by Gauss with 4 - order points (exact for the cubic's square).
void add_extended_rows(CellForms& forms, std::vector<extended>& form, extended h,
                       unsigned int order, extended coefficient);
/// The same with a coefficient varying along the element, given as a function of xi in [0, 1].
void add_extended_rows(CellForms& forms, std::vector<extended>& form, extended h,
                       unsigned int order, const std::function<extended(extended)>& coefficient_at);
/// int q(x) N_i dx for a distributed load q (6-point Gauss).
dealii::Vector<double> load(double x0, double h, const std::function<double(double)>& q);

} // namespace hamdyn::hermite
