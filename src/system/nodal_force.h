#pragma once
// Nonlinear force elements between one DoF and ground: a spring whose force F(e) is any law of
// its extension e (the DoF's displacement or rotation). They add g(u) = sum_k F_k(u_k) e_k to
// M a + C v + K u; their tangent F'_k sits on the diagonal of a few rows, which is what lets a
// Newton iteration work in the space of these elements only (time/newmark_family.cc).
#include <deal.II/base/types.h>

#include <functional>
#include <string>
#include <vector>

namespace hamdyn {

struct NodalForce {
  dealii::types::global_dof_index dof;
  std::string name;                  // its history column
  std::function<double(double)> law; // F(e) [N or N m]
  double e_scale;                    // a small extension of this element [m or rad]
};

/// dF/de at e by a central difference with a step relative to |e| and to the element's e_scale
/// (the law is a user expression, which has no symbolic derivative): about 1e-10
/// relative accuracy, enough for Newton's quadratic convergence to 1e-10 tolerances.
double force_slope(const NodalForce& element, double e);

/// int_{e0}^{e1} F de by 8-point Gauss-Legendre quadrature: exact for polynomial laws up to
/// degree 15, and to round-off for smooth laws over one time step's change of extension.
double potential_increment(const NodalForce& element, double e0, double e1);

} // namespace hamdyn
