#include "studies/displacement_columns.h"

#include <algorithm>

namespace hamdyn {

DisplacementColumns::DisplacementColumns(const Model& model) {
  const HistoryFunctionals h = model.history_functionals();
  for (const auto* list : {&h.ends, &h.probes})
    for (const LinearFunctional& f : *list)
      if (is_displacement(f)) {
        functionals_.push_back(f);
        indices_.insert(indices_.end(), f.dofs.begin(), f.dofs.end());
      }
  std::sort(indices_.begin(), indices_.end());
  indices_.erase(std::unique(indices_.begin(), indices_.end()), indices_.end());
}

std::vector<std::string> DisplacementColumns::names() const {
  std::vector<std::string> n;
  for (const auto& f : functionals_)
    n.push_back(f.name);
  return n;
}

std::vector<std::string> DisplacementColumns::units() const {
  std::vector<std::string> u;
  for (const auto& f : functionals_)
    u.push_back(f.unit);
  return u;
}

std::vector<std::complex<double>>
DisplacementColumns::of(const LA::Vector& re, const LA::Vector* im, MPI_Comm comm) const {
  std::vector<const LA::Vector*> vectors{&re};
  if (im)
    vectors.push_back(im);
  const auto entries = gather_entries(vectors, indices_, comm);
  std::vector<std::complex<double>> values;
  for (const auto& f : functionals_) {
    std::complex<double> v = 0;
    for (std::size_t j = 0; j < f.dofs.size(); ++j) {
      const std::size_t at =
          std::lower_bound(indices_.begin(), indices_.end(), f.dofs[j]) - indices_.begin();
      v += f.of_u[j] * std::complex<double>(entries[at], im ? entries[indices_.size() + at] : 0.0);
    }
    values.push_back(v);
  }
  return values;
}

} // namespace hamdyn
