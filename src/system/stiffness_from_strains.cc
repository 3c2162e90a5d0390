#include "system/stiffness_from_strains.h"

#include "system/petsc_helpers.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <numeric>
#include <type_traits>

namespace hamdyn {

namespace {
// The stiffness rows (w, b) of `forms` in double, rows with the same b merged into one with the
// sum of their weights (a P1 element's strain is the same at its quadrature points: one row
// instead of two halves the work of a product).
std::vector<double> merged_rows(const CellForms& forms) {
  const unsigned int n = forms.n_dofs;
  std::vector<extended> weights;
  std::vector<double> strains; // the distinct b, n each
  for (std::size_t r = 0; r < forms.n_rows(forms.stiffness); ++r) {
    const extended* row = &forms.stiffness[r * (n + 1)];
    const std::vector<double> b(row + 1, row + 1 + n);
    std::size_t k = 0;
    while (k < weights.size() && !std::equal(b.begin(), b.end(), strains.begin() + long(k * n)))
      ++k;
    if (k == weights.size()) {
      weights.push_back(0);
      strains.insert(strains.end(), b.begin(), b.end());
    }
    weights[k] += row[0];
  }
  std::vector<double> rows;
  for (std::size_t k = 0; k < weights.size(); ++k) {
    rows.push_back(double(weights[k]));
    rows.insert(rows.end(), strains.begin() + long(k * n), strains.begin() + long((k + 1) * n));
  }
  return rows;
}
} // namespace

StiffnessFromStrains::StiffnessFromStrains(const CellTable& cells, const SecondOrderSystem& s,
                                           double held_stiffness)
    : s_(s), held_stiffness_(held_stiffness) {
  const dealii::types::global_dof_index first =
      s.locally_owned.n_elements() > 0 ? s.locally_owned.nth_index_in_set(0) : 0;
  auto is_owned = [&](dealii::types::global_dof_index g) {
    return g >= first && g < first + s.locally_owned.n_elements();
  };
  // every rank's held DoFs: a cell may reach a neighbour's
  const auto held_dofs = union_over_ranks(s.held_dofs, s.comm);
  auto is_held = [&](dealii::types::global_dof_index g) {
    return std::binary_search(held_dofs.begin(), held_dofs.end(), g);
  };
  auto is_free_owned = [&](dealii::types::global_dof_index g) {
    return is_owned(g) && !is_held(g);
  };
  const auto& relevant = cells.relevant();
  // The cells this rank visits: its own (for the forms) and every cell that holds one of its
  // free rows (for the product).
  auto visits = [&](const unsigned int* local, bool owned, unsigned int n_dofs) {
    for (unsigned int d = 0; !owned && d < n_dofs; ++d)
      owned = is_free_owned(relevant[local[d]]);
    return owned;
  };
  // Other ranks' DoFs that this rank's cells reach, every rank's in one list (the same on each,
  // as gather_entries' reduction needs), then the point entries' rows and columns.
  std::vector<dealii::types::global_dof_index> mine;
  cells.for_each_cell([&](const unsigned int* local, bool owned, const CellForms& forms) {
    if (visits(local, owned, forms.n_dofs))
      for (unsigned int d = 0; d < forms.n_dofs; ++d)
        if (!is_owned(relevant[local[d]]) && !is_held(relevant[local[d]]))
          mine.push_back(relevant[local[d]]);
  });
  gathered_ = union_over_ranks(mine, s.comm);
  n_remote_ = gathered_.size();
  for (const MatrixEntry& e : s.point_stiffness)
    gathered_.push_back(e.row);
  for (const MatrixEntry& e : s.point_stiffness)
    gathered_.push_back(e.column);

  const CellForms* previous = nullptr;
  cells.for_each_cell([&](const unsigned int* local, bool owned, const CellForms& forms) {
    if (!visits(local, owned, forms.n_dofs))
      return;
    if (&forms != previous) { // a new distinct form: its stiffness rows in double
      previous = &forms;
      rows_.push_back(merged_rows(forms));
    }
    bool plain = owned;
    for (unsigned int d = 0; d < forms.n_dofs; ++d)
      plain = plain && is_free_owned(relevant[local[d]]);
    const unsigned int form = unsigned(rows_.size() - 1);
    if (runs_.empty() || runs_.back().form != form || runs_.back().plain != plain ||
        runs_.back().owned != owned)
      runs_.push_back({positions_.size(), 0, forms.n_dofs, form, plain, owned});
    ++runs_.back().n_cells;
    for (unsigned int d = 0; d < forms.n_dofs; ++d) {
      const auto g = relevant[local[d]];
      if (is_held(g))
        positions_.push_back(held);
      else if (is_owned(g))
        positions_.push_back(std::int32_t(g - first));
      else
        positions_.push_back(std::int32_t(
            -1 - (std::lower_bound(gathered_.begin(), gathered_.begin() + long(n_remote_), g) -
                  gathered_.begin())));
    }
  });
  for (const auto i : s.held_dofs)
    held_rows_.push_back(std::int32_t(i - first));
  compress_regular_runs();
  find_rows_to_zero();
}

void StiffnessFromStrains::find_rows_to_zero() {
  const std::size_t n = s_.locally_owned.n_elements();
  // inner: a row inside a chained run (written there by its two cells); reached: a row some
  // other cell adds to. Every inner row must be reached by no other cell, else all are zeroed.
  std::vector<char> inner(n, 0), reached(n, 0);
  for (const Run& run : runs_) {
    const std::int32_t* p = positions_.data() + run.first_position;
    if (chained(run, p)) {
      std::fill(inner.begin() + p[0] + 1, inner.begin() + p[0] + long(run.n_cells), 1);
      reached[std::size_t(p[0])] = reached[std::size_t(p[0]) + run.n_cells] = 1;
      continue;
    }
    for (std::size_t c = 0; c < run.n_cells; ++c)
      for (unsigned int d = 0; d < run.n_dofs; ++d) {
        const std::int64_t at =
            run.regular ? p[d] + std::int64_t(c) * run.stride : std::int64_t(p[c * run.n_dofs + d]);
        if (at >= 0)
          reached[std::size_t(at)] = 1;
      }
  }
  bool separate = true;
  for (std::size_t i = 0; separate && i < n; ++i)
    separate = !(inner[i] && reached[i]);
  for (std::size_t i = 0; i < n;) {
    std::size_t end = i;
    while (end < n && !(separate && inner[end]))
      ++end;
    if (end > i)
      rows_to_zero_.emplace_back(i, end);
    i = end;
    while (i < n && separate && inner[i])
      ++i;
  }
}

void StiffnessFromStrains::compress_regular_runs() {
  std::vector<std::int32_t> kept;
  for (Run& run : runs_) {
    const std::int32_t* p = positions_.data() + run.first_position;
    const std::size_t n = run.n_dofs;
    run.regular = run.plain && run.n_cells >= 2;
    if (run.regular) {
      run.stride = std::int64_t(p[n]) - p[0];
      for (std::size_t c = 1; run.regular && c < run.n_cells; ++c)
        for (std::size_t d = 0; run.regular && d < n; ++d)
          run.regular = std::int64_t(p[c * n + d]) == p[d] + std::int64_t(c) * run.stride;
    }
    const std::size_t first = kept.size();
    kept.insert(kept.end(), p, p + (run.regular ? n : run.n_cells * n));
    run.first_position = first;
  }
  positions_ = std::move(kept);
}

namespace {
// The cells' share of x^T K x (y null) or of y += K x, over n_cells cells of N DoFs each (0: n of
// them, not unrolled). Cell c's DoFs are at `positions` + c * n in x and y; in a regular run
// (Regular) they are the first cell's `positions` shifted by c * stride. Reading no position per
// cell is a quarter less memory traffic for a P1 string (x, y read and written, 8 bytes of
// positions per cell), the pass a step spends most in.
template <unsigned int N, bool Regular>
double run_cells(const std::int32_t* positions, std::int64_t stride, std::size_t n_cells,
                 unsigned int n, const std::vector<double>& rows, const double* x, double* y) {
  const unsigned int d_count = N > 0 ? N : n;
  std::int32_t pattern[N > 0 ? N : 1];
  if constexpr (Regular && N > 0) // a local copy the compiler keeps in registers
    std::copy(positions, positions + N, pattern);
  const std::int32_t* at = Regular && N > 0 ? pattern : positions;
  // The forms' sum in four partial sums, cell c in sums[c % 4], added in a fixed order at the end:
  // one running sum was a chain of dependent additions, one per cell, that set the pace of the
  // ledger's pass (as in BandedOperator's forms).
  double sums[4] = {};
  for (std::size_t c = 0; c < n_cells; ++c) {
    const double* xc = Regular ? x + std::int64_t(c) * stride : x;
    double* yc = Regular && y ? y + std::int64_t(c) * stride : y;
    for (std::size_t r = 0; r < rows.size(); r += d_count + 1) {
      const double* b = &rows[r + 1];
      double strain = 0;
      for (unsigned int d = 0; d < d_count; ++d)
        strain += b[d] * xc[at[d]];
      const double stress = rows[r] * strain;
      if (yc)
        for (unsigned int d = 0; d < d_count; ++d)
          yc[at[d]] += stress * b[d];
      else
        sums[c % 4] += stress * strain;
    }
    if constexpr (!Regular)
      at += d_count;
  }
  return (sums[0] + sums[1]) + (sums[2] + sums[3]);
}

// The strain rows of a P1 line's cells (w, b_1, b_2 each), copied into locals (y's stores cannot
// change them, so a loop keeps them in registers) for the chained kernels below, and one cell's
// stress w (b . x_cell) in row r, cell k's DoFs at k and k + 1, as run_cells forms it.
template <std::size_t Rows>
struct ChainedRows {
  explicit ChainedRows(const double* rows) {
    for (std::size_t r = 0; r < Rows; ++r) {
      w[r] = rows[3 * r];
      b1[r] = rows[3 * r + 1];
      b2[r] = rows[3 * r + 2];
    }
  }
  double strain(std::size_t r, const double* x, std::size_t k) const {
    double strain = 0;
    strain += b1[r] * x[k];
    strain += b2[r] * x[k + 1];
    return strain;
  }
  double stress(std::size_t r, const double* x, std::size_t k) const {
    return w[r] * strain(r, x, k);
  }
  double w[Rows], b1[Rows], b2[Rows];
};

// y += K x over a regular run of two-DoF cells in which each cell's second DoF is the next one's
// first (a P1 line, DoFs numbered along it): the sums of run_cells<2, true>, the same operations
// in the same order (so bit for bit the same y). Row k inside the run takes the share of the cell
// before it and then its own,
//   y_k = (y_k + s_{k-1} b_2) + s_k b_1,  s_k = w ((0 + b_1 x_k) + b_2 x_{k+1}),
// one term per strain row of the form, so each row is computed on its own from x_{k-1}, x_k and
// x_{k+1}: the loop has no dependence from one row to the next and the compiler vectorizes it
// (each stress is formed twice, which costs less than carrying it: a stress carried from cell to
// cell through y, or in registers, kept the loop scalar, and this pass took a fifth of a damped
// P1 string's step, four times the band's mass product over as many bytes).
// overwrite: the inner rows' previous values are ignored (y = K x there), the first and last
// added to as always.
template <std::size_t Rows>
void chained_product(std::size_t first, std::size_t n_cells, const ChainedRows<Rows> rows,
                     const double* x, double* y, bool overwrite) {
  if (n_cells == 0)
    return;
  double& head = y[first]; // the run's first row: its first cell's share alone
  for (std::size_t r = 0; r < Rows; ++r)
    head += rows.stress(r, x, first) * rows.b1[r];
  const auto inner = [&](auto written) {
    for (std::size_t k = first + 1; k < first + n_cells; ++k) {
      // 0 + the shares is what the shares would add to a zeroed y: the same sums
      double yk = written ? 0.0 : y[k];
      for (std::size_t r = 0; r < Rows; ++r)
        yk += rows.stress(r, x, k - 1) * rows.b2[r];
      for (std::size_t r = 0; r < Rows; ++r)
        yk += rows.stress(r, x, k) * rows.b1[r];
      y[k] = yk;
    }
  };
  if (overwrite)
    inner(std::true_type());
  else
    inner(std::false_type());
  double& last = y[first + n_cells];
  for (std::size_t r = 0; r < Rows; ++r)
    last += rows.stress(r, x, first + n_cells - 1) * rows.b2[r];
}

// x^T K x over the cells chained_product() takes, as run_cells<2, true> sums it (the same
// partial sums in the same order, cell c in sums[c % 4]), with the cells taken four at a time so
// that the four partial sums are four independent chains the compiler keeps in registers (two
// vectors of two).
template <std::size_t Rows>
double chained_forms(std::size_t first, std::size_t n_cells, const ChainedRows<Rows> rows,
                     const double* x) {
  double sums[4] = {};
  const auto cell = [&](std::size_t k, double& sum) {
    for (std::size_t r = 0; r < Rows; ++r) {
      const double strain = rows.strain(r, x, k);
      sum += rows.w[r] * strain * strain;
    }
  };
  std::size_t c = 0;
  for (; c + 4 <= n_cells; c += 4)
    for (std::size_t lane = 0; lane < 4; ++lane)
      cell(first + c + lane, sums[lane]);
  for (; c < n_cells; ++c)
    cell(first + c, sums[c % 4]);
  return (sums[0] + sums[1]) + (sums[2] + sums[3]);
}

// The chained kernels for the run's number of strain rows (1 to max_chained_rows): y null, the
// forms; else the product.
template <std::size_t Rows>
double chained_pass(std::size_t first, std::size_t n_cells, const std::vector<double>& rows,
                    const double* x, double* y, bool overwrite) {
  const ChainedRows<Rows> chain(rows.data());
  if (!y)
    return chained_forms(first, n_cells, chain, x);
  chained_product(first, n_cells, chain, x, y, overwrite);
  return 0;
}

double chained_pass(std::int32_t first, std::size_t n_cells, const std::vector<double>& rows,
                    const double* x, double* y, bool overwrite) {
  const std::size_t at = std::size_t(first);
  switch (rows.size() / 3) {
  case 1:
    return chained_pass<1>(at, n_cells, rows, x, y, overwrite);
  case 2:
    return chained_pass<2>(at, n_cells, rows, x, y, overwrite);
  case 3:
    return chained_pass<3>(at, n_cells, rows, x, y, overwrite);
  default:
    return chained_pass<4>(at, n_cells, rows, x, y, overwrite);
  }
}

template <bool Regular>
double run_cells(const std::int32_t* positions, std::int64_t stride, std::size_t n_cells,
                 unsigned int n, const std::vector<double>& rows, const double* x, double* y) {
  switch (n) {
  case 2:
    return run_cells<2, Regular>(positions, stride, n_cells, n, rows, x, y);
  case 4:
    return run_cells<4, Regular>(positions, stride, n_cells, n, rows, x, y);
  default:
    return run_cells<0, Regular>(positions, stride, n_cells, n, rows, x, y);
  }
}
} // namespace

double StiffnessFromStrains::cells_pass(const double* values, const double* remote, double* y,
                                        bool overwrite) const {
  double sum = 0;
  std::vector<std::int32_t> in_cell;       // 0, 1, ..., n - 1
  std::vector<double> cell_values, cell_y; // a cell's, for cells that are not plain
  for (const Run& run : runs_) {
    if (!y && !run.owned) // the forms count each cell on its owner only
      continue;
    const std::int32_t* positions = positions_.data() + run.first_position;
    const std::vector<double>& rows = rows_[run.form];
    if (run.regular) {
      // a P1 line's cells, each sharing its second DoF with the next: the kernels above
      if (chained(run, positions))
        sum += chained_pass(positions[0], run.n_cells, rows, values, y, overwrite);
      else
        sum += run_cells<true>(positions, run.stride, run.n_cells, run.n_dofs, rows, values, y);
      continue;
    }
    if (run.plain) {
      sum += run_cells<false>(positions, 0, run.n_cells, run.n_dofs, rows, values, y);
      continue;
    }
    in_cell.resize(run.n_dofs);
    std::iota(in_cell.begin(), in_cell.end(), 0);
    cell_values.resize(run.n_dofs);
    for (std::size_t c = 0; c < run.n_cells; ++c, positions += run.n_dofs) {
      for (unsigned int d = 0; d < run.n_dofs; ++d)
        cell_values[d] = value_at(positions[d], values, remote);
      cell_y.assign(run.n_dofs, 0.0);
      sum += run_cells<false>(in_cell.data(), 0, 1, run.n_dofs, rows, cell_values.data(),
                              y ? cell_y.data() : nullptr);
      for (unsigned int d = 0; y && d < run.n_dofs; ++d)
        if (positions[d] >= 0) // this rank's free rows only
          y[positions[d]] += cell_y[d];
    }
  }
  return sum;
}

void StiffnessFromStrains::add_forms(const std::vector<const LA::Vector*>& x, double* sums) const {
  const std::vector<double> gathered =
      gathered_.empty() ? std::vector<double>() : gather_entries(x, gathered_, s_.comm);
  const std::size_t n_gathered = gathered_.size(), n_points = s_.point_stiffness.size();
  const bool first = dealii::Utilities::MPI::this_mpi_process(s_.comm) == 0;
  for (std::size_t j = 0; j < x.size(); ++j) {
    const PetscScalar* values = nullptr;
    check_petsc(VecGetArrayRead(*x[j], &values));
    const double* remote = gathered.data() + j * n_gathered;
    double sum = cells_pass(values, remote, nullptr);
    for (const std::int32_t i : held_rows_)
      sum += held_stiffness_ * values[i] * values[i];
    check_petsc(VecRestoreArrayRead(*x[j], &values));
    if (first) { // the point entries: their rows' values, then their columns', last in the list
      const double* at = remote + n_gathered - 2 * n_points;
      for (std::size_t e = 0; e < n_points; ++e)
        sum += at[e] * s_.point_stiffness[e].value * at[n_points + e];
    }
    sums[j] += sum;
  }
}

void StiffnessFromStrains::add_product(const LA::Vector& x, double* y) const {
  product(x, y, false);
}

void StiffnessFromStrains::set_product(const LA::Vector& x, double* y) const {
  product(x, y, true);
}

void StiffnessFromStrains::product(const LA::Vector& x, double* y, bool overwrite) const {
  const std::vector<double> gathered =
      gathered_.empty() ? std::vector<double>() : gather_entries(x, gathered_, s_.comm);
  const PetscScalar* values = nullptr;
  check_petsc(VecGetArrayRead(x, &values));
  // Zeroing only the rows the chained runs do not write saves a pass over y (its write and its
  // read back): on an undamped P1 string that pass was a tenth of the step's memory traffic.
  if (overwrite)
    for (const auto& [begin, end] : rows_to_zero_)
      std::fill(y + begin, y + end, 0.0);
  cells_pass(values, gathered.data(), y, overwrite);
  const std::size_t n_points = s_.point_stiffness.size();
  const double* columns = gathered.data() + gathered_.size() - n_points;
  const auto range = x.local_range();
  for (std::size_t e = 0; e < n_points; ++e) {
    const MatrixEntry& p = s_.point_stiffness[e];
    if (p.row >= range.first && p.row < range.second &&
        !std::binary_search(s_.held_dofs.begin(), s_.held_dofs.end(), p.row))
      y[p.row - range.first] += p.value * columns[e];
  }
  for (const std::int32_t i : held_rows_)
    y[i] += held_stiffness_ * values[i];
  check_petsc(VecRestoreArrayRead(x, &values));
}

} // namespace hamdyn
