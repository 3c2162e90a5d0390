#include "system/line_schur_solver.h"

#include "system/matrix_rows.h"
#include "system/petsc_helpers.h"

#include <deal.II/lac/vector.h>

#include <algorithm>
#include <cmath>

namespace hamdyn {

namespace {
// Couplings further apart than this along the numbering go to the interface.
constexpr PetscInt max_bandwidth = 64;
} // namespace

void LineSchurSolver::factorize(const MatrixCombination& a) {
  MatrixRows rows(a);
  factorize(rows);
}

void LineSchurSolver::factorize(RowSource& reader) {
  *this = LineSchurSolver();
  comm_ = reader.comm();
  const std::pair<PetscInt, PetscInt> range = reader.owned_rows();
  const PetscInt last = range.second;
  first_ = range.first;
  n_local_ = last - first_;

  // Interface DoFs: owned rows with a column owned by another rank, or one further along the
  // numbering than a band can hold (an attached oscillator, numbered after the line's DoFs, and
  // its host node). Structural symmetry makes both ends of such a coupling interface DoFs.
  std::vector<PetscInt> interior_index(n_local_, -1);
  for (PetscInt row = first_; row < last; ++row) {
    const auto& entries = reader.row(row);
    const bool coupled = std::any_of(entries.begin(), entries.end(), [&](const auto& e) {
      return e.first < first_ || e.first >= last || std::abs(e.first - row) > max_bandwidth;
    });
    if (coupled)
      interface_.push_back(row - first_);
    else {
      interior_index[row - first_] = static_cast<PetscInt>(interior_.size());
      interior_.push_back(row - first_);
    }
  }
  interior_contiguous_ =
      interior_.empty() || interior_.back() - interior_.front() + 1 == PetscInt(interior_.size());
  if (!interior_contiguous_)
    buffer_.resize(interior_.size());

  // The global interface list, in rank order (hence sorted).
  int n_ranks = 1, my_rank = 0;
  MPI_Comm_size(comm_, &n_ranks);
  MPI_Comm_rank(comm_, &my_rank);
  const int n_mine = static_cast<int>(interface_.size());
  std::vector<int> counts(n_ranks), offsets(n_ranks, 0);
  MPI_Allgather(&n_mine, 1, MPI_INT, counts.data(), 1, MPI_INT, comm_);
  for (int r = 1; r < n_ranks; ++r)
    offsets[r] = offsets[r - 1] + counts[r - 1];
  std::vector<PetscInt> mine(interface_.size());
  for (std::size_t k = 0; k < interface_.size(); ++k) {
    mine[k] = first_ + interface_[k];
    interface_slot_.push_back(offsets[my_rank] + static_cast<unsigned int>(k));
  }
  interface_global_.resize(offsets.back() + counts.back());
  MPI_Allgatherv(mine.data(), n_mine, MPIU_INT, interface_global_.data(), counts.data(),
                 offsets.data(), MPIU_INT, comm_);

  // The interior block in band storage: bandwidths first, then the entries.
  const std::size_t n_interior = interior_.size();
  unsigned int lower = 0, upper = 0;
  for (std::size_t i = 0; i < n_interior; ++i)
    for (const auto& [col, value] : reader.row(first_ + interior_[i])) {
      const PetscInt j = interior_index[col - first_];
      if (j < 0)
        continue;
      lower = std::max<unsigned int>(lower, j < PetscInt(i) ? unsigned(PetscInt(i) - j) : 0u);
      upper = std::max<unsigned int>(upper, j > PetscInt(i) ? unsigned(j - PetscInt(i)) : 0u);
    }
  AssertThrow(std::max(lower, upper) <= unsigned(max_bandwidth),
              dealii::ExcMessage("LineSchurSolver: the DoFs are not numbered along the line "
                                 "(bandwidth " +
                                 std::to_string(std::max(lower, upper)) + ")"));
  interior_factor_.reinit(n_interior, lower, upper);
  for (std::size_t i = 0; i < n_interior; ++i)
    for (const auto& [col, value] : reader.row(first_ + interior_[i])) {
      const PetscInt j = interior_index[col - first_];
      if (j >= 0)
        interior_factor_(i, j) += value;
    }
  // A pivot that is not positive on one rank is every rank's failure: reduced before the Schur
  // complement's reduction, so no rank waits in it for one that has thrown.
  int not_definite = 0;
  try {
    interior_factor_.factorize();
  } catch (const std::runtime_error&) {
    not_definite = 1;
  }
  MPI_Allreduce(MPI_IN_PLACE, &not_definite, 1, MPI_INT, MPI_MAX, comm_);
  if (not_definite)
    throw NotPositiveDefinite("LineSchurSolver: the matrix is not positive definite (a pivot "
                              "of its interior block is not positive)");

  // A_GI rows, the A_GG part of the Schur complement, and W = A_II^-1 A_IG.
  const std::size_t n_g = interface_global_.size();
  std::vector<double> schur(n_g * n_g, 0.0);
  auto slot_of = [&](PetscInt global) -> long {
    const auto it = std::lower_bound(interface_global_.begin(), interface_global_.end(), global);
    return (it != interface_global_.end() && *it == global) ? it - interface_global_.begin() : -1;
  };
  coupling_rows_.resize(interface_.size());
  w_columns_.resize(interface_.size());
  for (std::size_t k = 0; k < interface_.size(); ++k) {
    const PetscInt row = first_ + interface_[k];
    for (const auto& [col, value] : reader.row(row)) {
      const long slot = slot_of(col);
      if (slot >= 0)
        schur[interface_slot_[k] * n_g + slot] += value;
      else // not an interface DoF, so an interior DoF of this rank
        coupling_rows_[k].emplace_back(interior_index[col - first_], value);
    }
    if (n_interior == 0)
      continue;
    std::vector<double> column(n_interior, 0.0);
    for (const auto& [i, unused] : coupling_rows_[k]) {
      (void)unused;
      for (const auto& [col, value] : reader.row(first_ + interior_[i]))
        if (col == row)
          column[i] = value;
    }
    interior_factor_.solve(column.data());
    // W's columns decay away from the interface: entries below round-off of the largest one
    // cannot change x_I and are dropped, which makes the back substitution local.
    double largest = 0;
    for (double w : column)
      largest = std::max(largest, std::abs(w));
    w_columns_[k] = TrimmedColumn(column.data(), n_interior, 1e-18 * largest);
    const TrimmedColumn& w = w_columns_[k];
    if (!w.values.empty())
      w_reach_.emplace_back(w.begin, w.begin + w.values.size());
  }
  // sorted and merged where they overlap (a middle rank's two ends stay two ranges)
  std::sort(w_reach_.begin(), w_reach_.end());
  BandedLU::Held merged;
  for (const auto& range : w_reach_)
    if (!merged.empty() && range.first <= merged.back().second)
      merged.back().second = std::max(merged.back().second, range.second);
    else
      merged.push_back(range);
  w_reach_ = merged;
  for (std::size_t k = 0; k < interface_.size(); ++k)
    for (std::size_t l = 0; l < interface_.size(); ++l) {
      double a_gi_w = 0;
      for (const auto& [i, value] : coupling_rows_[k])
        a_gi_w += value * w_columns_[l](std::size_t(i));
      schur[interface_slot_[k] * n_g + interface_slot_[l]] -= a_gi_w;
    }
  interface_values_.assign(n_g, 0.0);
  if (n_g == 0)
    return;
  MPI_Allreduce(MPI_IN_PLACE, schur.data(), static_cast<int>(schur.size()), MPI_DOUBLE, MPI_SUM,
                comm_);
  schur_.reinit(static_cast<unsigned int>(n_g));
  for (std::size_t r = 0; r < n_g; ++r)
    for (std::size_t c = 0; c < n_g; ++c)
      schur_(r, c) = schur[r * n_g + c];
  schur_.compute_lu_factorization();
}

void LineSchurSolver::solve(Vec b, Vec x) const {
  solve(b, x, [](std::size_t, double) {});
}

void LineSchurSolver::solve_scattered_interior(const double* b) const {
  for (std::size_t i = 0; i < interior_.size(); ++i)
    buffer_[i] = b[interior_[i]];
  interior_factor_.solve(buffer_.data());
}

void LineSchurSolver::solve_interface(const double* b, double* x) const {
  const bool in_place = solves_in_place();
  double* y = in_place ? x + interior_.front() : buffer_.data(); // y_i at y[i]
  if (!interface_global_.empty()) {
    // g = b_G - A_GI y, summed over ranks; x_G = S^-1 g; x_I = y - W x_G.
    std::fill(interface_values_.begin(), interface_values_.end(), 0.0);
    for (std::size_t k = 0; k < interface_.size(); ++k) {
      double g = b[interface_[k]];
      for (const auto& [i, value] : coupling_rows_[k])
        g -= value * y[i];
      interface_values_[interface_slot_[k]] = g;
    }
    MPI_Allreduce(MPI_IN_PLACE, interface_values_.data(),
                  static_cast<int>(interface_values_.size()), MPI_DOUBLE, MPI_SUM, comm_);
    dealii::Vector<double> x_g(interface_values_.begin(), interface_values_.end());
    schur_.solve(x_g);
    for (std::size_t k = 0; k < interface_.size(); ++k) {
      const double coefficient = x_g[interface_slot_[k]];
      x[interface_[k]] = coefficient;
      w_columns_[k].subtract_from(y, coefficient);
    }
  }
  if (!in_place)
    for (std::size_t i = 0; i < interior_.size(); ++i)
      x[interior_[i]] = y[i];
}

} // namespace hamdyn
