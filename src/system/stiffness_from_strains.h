#pragma once
// K x and x^T K x of a line model formed element by element from its strains at the quadrature
// points,
//   K x = sum_cells sum_r w_r b_r (b_r . x_cell),  x^T K x = sum_cells sum_r w_r (b_r . x_cell)^2,
// plus the point stiffnesses and the held rows' diagonal, for the elastic forces of a time step
// and the energy ledger.
//
// Why: a product with the assembled K forms each row from nodal values whose contributions cancel
// for a smooth x, and loses eps |K| |x| ~ eps N^(2m) of a row's scale for an operator of order 2m
// (Strang & Fix, An Analysis of the Finite Element Method, 1973, sec. 5.3). Those row errors are
// independent from row to row, so they do work on the smooth modes that carry the energy: on a
// Hermite cantilever at 10^5 elements the elastic forces were dominated by them and the energy
// balance failed by the whole energy within 100 steps. Here a strain b_r . x_cell is one
// difference quotient of order m (error ~eps N^m), and its round-off acts as a self-equilibrated
// stress on one cell, whose work on a smooth mode sums like a random walk over the cells: the
// forces' error on the low modes drops by ~N^m. It is the internal force of nonlinear finite
// elements, f_int = int B^T sigma dx (Belytschko, Liu & Moran, Nonlinear Finite Elements for
// Continua and Structures, 2000, ch. 2), formed with the linear stress sigma = w_r (b_r . x).
#include "system/cell_table.h"
#include "system/second_order_system.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace hamdyn {

class StiffnessFromStrains {
public:
  /// Collective: every rank builds it together. `held_stiffness` is K's diagonal in the held rows
  /// (decoupled from the cells, as in the assembled K).
  StiffnessFromStrains(const CellTable& cells, const SecondOrderSystem& s, double held_stiffness);

  /// This rank's share of x^T K x for each vector (its own cells; the point entries on the first
  /// rank) into sums[j]: sum over the ranks for the values. Collective (one MPI_Allreduce of the
  /// few values other ranks own, and of the point entries' rows and columns).
  void add_forms(const std::vector<const LA::Vector*>& x, double* sums) const;
  /// y += K x in this rank's rows (y: x's local array layout), from every cell that holds one of
  /// them, the rank's own and its neighbours', so no rank sends another its rows' sums.
  /// Collective as add_forms().
  void add_product(const LA::Vector& x, double* y) const;
  /// y = K x in this rank's rows: add_product() onto zeros, bit for bit, without the pass that
  /// zeroes y first (the rows inside a P1 line's run of cells are written, not added to).
  void set_product(const LA::Vector& x, double* y) const;

private:
  // Runs of consecutive cells that share their forms and their kind (a uniform mesh: one run of
  // plain cells), each cell's DoFs as positions in the local array. A cell that is not plain
  // (another rank's, or reaching another rank's DoF or a held one) has DoF positions that are
  // either local, or -1 - the place in the gathered values, or `held` (read as 0, never written:
  // held rows and columns take no part in the cells, as in the assembled K); such cells are
  // visited one at a time, so that the pass over a run of plain cells is a tight loop of fixed
  // length.
  static constexpr std::int32_t held = INT32_MIN;
  struct Run {
    std::size_t first_position, n_cells;
    unsigned int n_dofs, form;
    bool plain, owned; // owned: the cells count for this rank's forms
    // A plain run whose cells' positions are the first cell's shifted by `stride` from one cell
    // to the next (a uniform line numbered along x): only the first cell's positions are kept.
    bool regular = false;
    std::int64_t stride = 0;
  };
  /// Marks the plain runs whose positions are regular and keeps only their first cell's.
  void compress_regular_runs();
  /// The runs chained_product() takes: a P1 line's cells numbered along it, with at most
  /// max_chained_rows distinct strain rows.
  static constexpr std::size_t max_chained_rows = 4;
  bool chained(const Run& run, const std::int32_t* positions) const {
    const std::size_t n_rows = rows_[run.form].size() / 3;
    return run.regular && run.n_dofs == 2 && run.stride == 1 && positions[1] == positions[0] + 1 &&
           n_rows > 0 && n_rows <= max_chained_rows;
  }
  /// The rows set_product() must zero: all but the chained runs' inner rows, which no other
  /// cell reaches.
  void find_rows_to_zero();
  /// y = K x (overwrite) or y += K x: the product of add_product() and set_product().
  void product(const LA::Vector& x, double* y, bool overwrite) const;
  /// The cells' share of x^T K x (y null: this rank's cells only) or y += their K x (every cell
  /// visited), x's local values at `values`, the gathered ones at `remote`.
  /// overwrite: the chained runs' inner rows are written (their previous values ignored).
  double cells_pass(const double* values, const double* remote, double* y,
                    bool overwrite = false) const;
  /// The values of a cell that is not plain, for the held and the gathered positions.
  double value_at(std::int32_t position, const double* local, const double* remote) const {
    return position >= 0 ? local[position] : position == held ? 0.0 : remote[-1 - position];
  }
  const SecondOrderSystem& s_;
  std::vector<Run> runs_;
  std::vector<std::int32_t> positions_;
  std::vector<std::vector<double>> rows_; // per distinct form: (w, b_1 .. b_n) rows
  std::vector<std::int32_t> held_rows_;   // local positions of this rank's held rows
  // [begin, end) of the local rows set_product() zeroes before the cells' pass
  std::vector<std::pair<std::size_t, std::size_t>> rows_to_zero_;
  double held_stiffness_ = 0;
  // every rank's DoFs that some rank's cells reach from another, then the point entries' rows
  // and columns: the same list on every rank
  std::vector<dealii::types::global_dof_index> gathered_;
  std::size_t n_remote_ = 0;
};

} // namespace hamdyn
