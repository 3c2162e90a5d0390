#pragma once
// x^T K x of a line model summed element by element from its strains at the quadrature points,
//   x^T K x = sum_cells sum_r w_r (b_r . x_cell)^2 + the point stiffnesses,
// for the energy ledger. From the assembled K the nodal products cancel for a smooth x and the
// sum loses eps * cond(K) ~ eps N^(2m) of itself for an operator of order 2m (Strang & Fix, An
// Analysis of the Finite Element Method, 1973, sec. 5.3); a strain b_r . x_cell is one difference
// quotient of order m and loses ~eps N^m, and the sum of the squares loses nothing more. In
// double: measured on a Hermite cantilever the ledger's own error then stays below the
// trajectory's (the round-off of the elastic forces the time step forms).
#include "system/cell_table.h"
#include "system/second_order_system.h"

#include <vector>

namespace hamdyn {

class StrainEnergy {
public:
  /// Collective: every rank builds it together.
  StrainEnergy(const CellTable& cells, const SecondOrderSystem& s);

  /// This rank's share of x^T K x for each vector (its own cells; the point entries on the first
  /// rank) into sums[j]: sum over the ranks for the values. Collective (one MPI_Allreduce of
  /// the few values other ranks own, and of the point entries' rows and columns).
  void add_forms(const std::vector<const LA::Vector*>& x, double* sums) const;

private:
  // Runs of consecutive owned cells that share their forms (a uniform mesh: one run), each
  // cell's DoFs as positions in the local array, or for a cell that reaches another rank's DoF
  // as -1 - its place in the gathered values (such cells, at the rank boundaries, form runs of
  // their own): the pass over a run is a tight loop of fixed length.
  struct Run {
    std::size_t first_position, n_cells;
    unsigned int n_dofs, form;
    bool remote;
  };
  const SecondOrderSystem& s_;
  std::vector<Run> runs_;
  std::vector<long> positions_;
  std::vector<std::vector<double>> rows_; // per distinct form: (w, b_1 .. b_n) rows
  // every rank's DoFs that some rank's cells reach from another, then the point entries' rows
  // and columns: the same list on every rank
  std::vector<dealii::types::global_dof_index> gathered_;
};

} // namespace hamdyn
