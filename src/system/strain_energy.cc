#include "system/strain_energy.h"

#include "system/petsc_helpers.h"

#include <deal.II/base/mpi.h>

#include <algorithm>

namespace hamdyn {

StrainEnergy::StrainEnergy(const CellTable& cells, const SecondOrderSystem& s) : s_(s) {
  const dealii::types::global_dof_index first =
      s.locally_owned.n_elements() > 0 ? s.locally_owned.nth_index_in_set(0) : 0;
  auto is_owned = [&](dealii::types::global_dof_index g) {
    return g >= first && g < first + s.locally_owned.n_elements();
  };
  // Other ranks' DoFs that this rank's cells reach, every rank's in one list (the same on each,
  // as gather_entries' reduction needs), then the point entries' rows and columns.
  std::vector<dealii::types::global_dof_index> mine;
  cells.for_each_cell([&](const unsigned int* local, bool owned, const CellForms& forms) {
    for (unsigned int d = 0; owned && d < forms.n_dofs; ++d)
      if (!is_owned(cells.relevant()[local[d]]))
        mine.push_back(cells.relevant()[local[d]]);
  });
  for (const auto& rank : dealii::Utilities::MPI::all_gather(s.comm, mine))
    gathered_.insert(gathered_.end(), rank.begin(), rank.end());
  std::sort(gathered_.begin(), gathered_.end());
  gathered_.erase(std::unique(gathered_.begin(), gathered_.end()), gathered_.end());
  const std::size_t n_remote = gathered_.size();
  for (const MatrixEntry& e : s.point_stiffness)
    gathered_.push_back(e.row);
  for (const MatrixEntry& e : s.point_stiffness)
    gathered_.push_back(e.column);

  const CellForms* previous = nullptr;
  cells.for_each_cell([&](const unsigned int* local, bool owned, const CellForms& forms) {
    if (!owned)
      return;
    if (&forms != previous) { // a new distinct form: its stiffness rows in double
      previous = &forms;
      rows_.emplace_back(forms.stiffness.begin(), forms.stiffness.end());
    }
    bool remote = false;
    for (unsigned int d = 0; d < forms.n_dofs; ++d)
      remote = remote || !is_owned(cells.relevant()[local[d]]);
    const unsigned int form = unsigned(rows_.size() - 1);
    if (runs_.empty() || runs_.back().form != form || runs_.back().remote != remote)
      runs_.push_back({positions_.size(), 0, forms.n_dofs, form, remote});
    ++runs_.back().n_cells;
    for (unsigned int d = 0; d < forms.n_dofs; ++d) {
      const auto g = cells.relevant()[local[d]];
      if (is_owned(g))
        positions_.push_back(long(g - first));
      else
        positions_.push_back(
            -1 - long(std::lower_bound(gathered_.begin(), gathered_.begin() + long(n_remote), g) -
                      gathered_.begin()));
    }
  });
}

namespace {
// sum over the cells of sum_r w_r (b_r . x_cell)^2, N DoFs a cell (0: n of them, not unrolled)
template <unsigned int N>
double run_energy(const long* positions, std::size_t n_cells, unsigned int n,
                  const std::vector<double>& rows, const double* x) {
  const unsigned int d_count = N > 0 ? N : n;
  double sum = 0;
  for (std::size_t c = 0; c < n_cells; ++c, positions += d_count)
    for (std::size_t r = 0; r < rows.size(); r += d_count + 1) {
      double strain = 0;
      for (unsigned int d = 0; d < d_count; ++d)
        strain += rows[r + 1 + d] * x[positions[d]];
      sum += rows[r] * strain * strain;
    }
  return sum;
}
} // namespace

void StrainEnergy::add_forms(const std::vector<const LA::Vector*>& x, double* sums) const {
  const std::vector<double> gathered =
      gathered_.empty() ? std::vector<double>() : gather_entries(x, gathered_, s_.comm);
  const std::size_t n_gathered = gathered_.size(), n_points = s_.point_stiffness.size();
  const bool first = dealii::Utilities::MPI::this_mpi_process(s_.comm) == 0;
  for (std::size_t j = 0; j < x.size(); ++j) {
    const PetscScalar* values = nullptr;
    check_petsc(VecGetArrayRead(*x[j], &values));
    const double* remote = gathered.data() + j * n_gathered;
    double sum = 0;
    std::vector<double> cell_values; // a remote run's cells' values, one cell at a time
    for (const Run& run : runs_) {
      const long* positions = positions_.data() + run.first_position;
      const std::vector<double>& rows = rows_[run.form];
      if (run.remote) {
        std::vector<long> in_cell(run.n_dofs); // 0, 1, ..., n - 1
        for (unsigned int d = 0; d < run.n_dofs; ++d)
          in_cell[d] = long(d);
        cell_values.resize(run.n_dofs);
        for (std::size_t c = 0; c < run.n_cells; ++c, positions += run.n_dofs) {
          for (unsigned int d = 0; d < run.n_dofs; ++d)
            cell_values[d] = positions[d] >= 0 ? values[positions[d]] : remote[-1 - positions[d]];
          sum += run_energy<0>(in_cell.data(), 1, run.n_dofs, rows, cell_values.data());
        }
        continue;
      }
      switch (run.n_dofs) {
      case 2:
        sum += run_energy<2>(positions, run.n_cells, 2, rows, values);
        break;
      case 4:
        sum += run_energy<4>(positions, run.n_cells, 4, rows, values);
        break;
      default:
        sum += run_energy<0>(positions, run.n_cells, run.n_dofs, rows, values);
      }
    }
    check_petsc(VecRestoreArrayRead(*x[j], &values));
    if (first) { // the point entries: their rows' values, then their columns', last in the list
      const double* at = remote + n_gathered - 2 * n_points;
      for (std::size_t e = 0; e < n_points; ++e)
        sum += at[e] * s_.point_stiffness[e].value * at[n_points + e];
    }
    sums[j] += sum;
  }
}

} // namespace hamdyn
