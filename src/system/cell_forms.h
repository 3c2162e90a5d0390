#pragma once
// A cell's mass and stiffness as sums of squares of point values, in extended precision:
//   x^T M_e y = sum_r w_r (a_r . x)(a_r . y),   x^T K_e y = sum_r w_r (b_r . x)(b_r . y),
// one row (w_r, a_r) per quadrature point and field (a displacement, a rotation, a curvature, a
// shear strain). Energies and residuals formed from these rows keep the digits an assembled
// matrix product loses (system/extended_precision.h).
#include "system/extended_precision.h"

#include <deal.II/base/types.h>

#include <functional>
#include <vector>

namespace hamdyn {

struct CellForms {
  unsigned int n_dofs = 0;
  /// Rows of (weight, n_dofs coefficients), one after the other.
  std::vector<extended> mass, stiffness;

  void clear(unsigned int dofs) {
    n_dofs = dofs;
    mass.clear();
    stiffness.clear();
  }
  /// Appends the row (weight, coefficients) to `form`; returns its coefficients, zeroed.
  extended* add_row(std::vector<extended>& form, extended weight) {
    form.push_back(weight);
    form.resize(form.size() + n_dofs, 0);
    return form.data() + form.size() - n_dofs;
  }
  std::size_t n_rows(const std::vector<extended>& form) const { return form.size() / (n_dofs + 1); }
};

/// Every cell whose DoFs this rank needs (its own cells and their neighbours), with the cell's
/// global DoF indices and whether this rank owns the cell.
using CellFormVisitor = std::function<void(const std::vector<dealii::types::global_dof_index>& dofs,
                                           bool owned, const CellForms& forms)>;

} // namespace hamdyn
