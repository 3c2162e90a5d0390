#include "models/extended_lagrange.h"

namespace hamdyn {

ExtendedLagrange::ExtendedLagrange(const dealii::FiniteElement<1>& fe) {
  const auto& base = fe.base_element(0);
  for (const auto& p : base.get_unit_support_points())
    nodes_.push_back(p[0]);
  for (unsigned int i = 0; i < fe.n_dofs_per_cell(); ++i) {
    const auto [component, node] = fe.system_to_component_index(i);
    component_.push_back(component);
    node_.push_back(node);
  }
  // int_0^1 l_i dxi by Gauss with as many points as nodes (exact for degree 2n - 1)
  const Table& t = table(nodes_.size());
  node_integrals_.assign(nodes_.size(), 0);
  for (std::size_t q = 0; q < t.rule.points.size(); ++q)
    for (std::size_t i = 0; i < nodes_.size(); ++i)
      node_integrals_[i] += t.rule.weights[q] * t.value[q][i];
}

const ExtendedLagrange::Table& ExtendedLagrange::table(unsigned int n_points) const {
  auto found = tables_.find(n_points);
  if (found != tables_.end())
    return found->second;
  Table t;
  t.rule = gauss_rule(n_points);
  t.value.resize(n_points);
  t.slope.resize(n_points);
  for (unsigned int q = 0; q < n_points; ++q)
    lagrange_basis(nodes_, t.rule.points[q], t.value[q], t.slope[q]);
  return tables_.emplace(n_points, std::move(t)).first->second;
}

void ExtendedLagrange::add_gauss_rows(CellForms& forms, std::vector<extended>& form,
                                      unsigned int n_points, extended factor, int value_component,
                                      extended value_scale, int slope_component,
                                      extended slope_scale) const {
  add_gauss_rows(forms, form, n_points, factor, nullptr, value_component, value_scale,
                 slope_component, slope_scale);
}

void ExtendedLagrange::add_gauss_rows(CellForms& forms, std::vector<extended>& form,
                                      unsigned int n_points, extended factor,
                                      const std::function<extended(extended)>& f,
                                      int value_component, extended value_scale,
                                      int slope_component, extended slope_scale) const {
  const Table& t = table(n_points);
  for (unsigned int q = 0; q < n_points; ++q) {
    extended* row = forms.add_row(form, f ? factor * f(t.rule.points[q]) * t.rule.weights[q]
                                          : factor * t.rule.weights[q]);
    for (std::size_t i = 0; i < component_.size(); ++i) {
      if (int(component_[i]) == value_component)
        row[i] += value_scale * t.value[q][node_[i]];
      if (int(component_[i]) == slope_component)
        row[i] += slope_scale * t.slope[q][node_[i]];
    }
  }
}

void ExtendedLagrange::add_lumped_rows(CellForms& forms, std::vector<extended>& form,
                                       unsigned int component, extended factor) const {
  for (std::size_t i = 0; i < component_.size(); ++i)
    if (component_[i] == component)
      forms.add_row(form, factor * node_integrals_[node_[i]])[i] = 1;
}

} // namespace hamdyn
