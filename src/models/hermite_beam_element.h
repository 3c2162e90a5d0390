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
#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <array>
#include <functional>

namespace hamdyn::hermite {

using Shape = std::array<double, 4>;

/// N_i at xi = (x - x0)/h in [0, 1], and their x-derivatives of order 1 to 3.
Shape values(double xi, double h);
Shape first_derivatives(double xi, double h);
Shape second_derivatives(double xi, double h);
Shape third_derivatives(double h);

/// int EI N_i'' N_j'' dx (exact: 2-point Gauss).
dealii::FullMatrix<double> stiffness(double h, double bending_stiffness);
/// int rho A N_i N_j + rho I N_i' N_j' dx (exact: 4-point Gauss): translational and rotary
/// inertia, consistent.
dealii::FullMatrix<double> consistent_mass(double h, double mass_per_length,
                                           double rotary_inertia_per_length);
/// Diagonal mass by HRZ lumping (Hinton, Rock & Zienkiewicz, Earthquake Eng. Struct. Dyn.
/// 4:245, 1976): the consistent diagonal scaled so that the translational entries carry the
/// element's mass rho A h; rotary entries stay positive, as central difference needs.
dealii::FullMatrix<double> lumped_mass(double h, double mass_per_length,
                                       double rotary_inertia_per_length);
/// int q(x) N_i dx for a distributed load q (6-point Gauss).
dealii::Vector<double> load(double x0, double h, const std::function<double(double)>& q);

} // namespace hamdyn::hermite
