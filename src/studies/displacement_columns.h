#pragma once
// The displacement columns of history.csv (ends, rotations, probes, oscillators: the functionals
// of u alone), evaluated for vectors other than the state: a frequency response, a mode shape.
#include "models/model.h"

#include <complex>
#include <string>
#include <vector>

namespace hamdyn {

class DisplacementColumns {
public:
  explicit DisplacementColumns(const Model& model);
  std::vector<std::string> names() const;
  std::vector<std::string> units() const; // of each, as history_units.csv gives them
  std::size_t size() const { return functionals_.size(); }
  /// The columns' values of re + i im (im may be null: a real vector). Collective.
  std::vector<std::complex<double>> of(const LA::Vector& re, const LA::Vector* im,
                                       MPI_Comm comm) const;

private:
  std::vector<LinearFunctional> functionals_;
  std::vector<dealii::types::global_dof_index> indices_; // sorted union of their DoFs
};

} // namespace hamdyn
