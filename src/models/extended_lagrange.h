#pragma once
// The Lagrange elements' shape functions in extended precision, for a cell's mass and stiffness
// forms (system/cell_forms.h): deal.II's FE_Q tabulates in double, whose rounding of a shape
// function's slope is amplified by 1/h in every strain.
#include "system/cell_forms.h"

#include <deal.II/fe/fe.h>

#include <functional>
#include <map>
#include <vector>

namespace hamdyn {

class ExtendedLagrange {
public:
  /// `fe` is FE_Q or an FESystem of copies of one FE_Q: each DoF is (component, node) of the
  /// base element, whose support points are the nodes.
  explicit ExtendedLagrange(const dealii::FiniteElement<1>& fe);

  /// Rows at the points of an n_points Gauss rule, one per point q, weight factor * w_q:
  /// coefficients value_scale * l(xi_q) on the DoFs of `value_component` and
  /// slope_scale * l'(xi_q) (the slope on the unit cell) on those of `slope_component` (-1: none).
  void add_gauss_rows(CellForms& forms, std::vector<extended>& form, unsigned int n_points,
                      extended factor, int value_component, extended value_scale,
                      int slope_component, extended slope_scale) const;
  /// The same with the weight factor * f(xi_q) * w_q: a coefficient varying along the cell.
  void add_gauss_rows(CellForms& forms, std::vector<extended>& form, unsigned int n_points,
                      extended factor, const std::function<extended(extended)>& f,
                      int value_component, extended value_scale, int slope_component,
                      extended slope_scale) const;
  /// The lumped (nodal-quadrature) rows of `component`: e_i with weight factor * int l_i dxi
  /// (the Gauss-Lobatto weight of node i when the nodes are Gauss-Lobatto points).
  void add_lumped_rows(CellForms& forms, std::vector<extended>& form, unsigned int component,
                       extended factor) const;

private:
  struct Table {
    ExtendedRule rule;
    std::vector<std::vector<extended>> value, slope; // [q][node]
  };
  const Table& table(unsigned int n_points) const;

  std::vector<unsigned int> component_, node_; // of each cell DoF
  std::vector<extended> nodes_;
  std::vector<extended> node_integrals_;
  mutable std::map<unsigned int, Table> tables_;
};

} // namespace hamdyn
