#pragma once
// One row at a time of a matrix that is never assembled: the line solver and the banded operator
// fill their band storage from it. MatrixRows reads a combination sum_k c_k A_k of PETSc matrices
// plus listed entries (MatrixCombination); BandedOperator::Rows a combination of its own.
#include "system/second_order_system.h"

#include <utility>
#include <vector>

namespace hamdyn {

class RowSource {
public:
  virtual ~RowSource() = default;
  /// Row r (locally owned): global columns, sorted, each once.
  virtual const std::vector<std::pair<PetscInt, double>>& row(PetscInt r) = 0;
  /// The locally owned rows [first, last).
  virtual std::pair<PetscInt, PetscInt> owned_rows() const = 0;
  virtual MPI_Comm comm() const = 0;
};

class MatrixRows : public RowSource {
public:
  explicit MatrixRows(const MatrixCombination& a) : a_(a) {}
  const std::vector<std::pair<PetscInt, double>>& row(PetscInt r) override;
  std::pair<PetscInt, PetscInt> owned_rows() const override;
  MPI_Comm comm() const override;

private:
  void add(PetscInt col, double value);
  const MatrixCombination& a_;
  std::vector<std::pair<PetscInt, double>> row_;
};

} // namespace hamdyn
