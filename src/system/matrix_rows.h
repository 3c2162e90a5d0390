#pragma once
// One row at a time of a matrix given as a combination sum_k c_k A_k plus listed entries
// (MatrixCombination), never assembled: the line solver and the banded operator fill their band
// storage from it.
#include "system/second_order_system.h"

#include <utility>
#include <vector>

namespace hamdyn {

class MatrixRows {
public:
  explicit MatrixRows(const MatrixCombination& a) : a_(a) {}
  /// Row r (locally owned) of the combination, columns sorted, each once.
  const std::vector<std::pair<PetscInt, double>>& row(PetscInt r);

private:
  void add(PetscInt col, double value);
  const MatrixCombination& a_;
  std::vector<std::pair<PetscInt, double>> row_;
};

} // namespace hamdyn
