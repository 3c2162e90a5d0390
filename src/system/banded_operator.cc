#include "system/banded_operator.h"

#include "system/matrix_rows.h"
#include "system/petsc_helpers.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace hamdyn {

namespace {
// Couplings further apart than this along the numbering are kept as outer entries (an attached
// oscillator's DoF, numbered after the line, and its host).
constexpr PetscInt max_half_width = 16;
} // namespace

void BandedOperator::reinit(const std::vector<MatrixCombination>& matrices, MPI_Comm comm) {
  comm_ = comm;
  n_matrices_ = matrices.size();
  Mat first_matrix = matrices.front().terms.front().second;
  PetscInt first = 0, last = 0;
  check_petsc(MatGetOwnershipRange(first_matrix, &first, &last));
  n_ = std::size_t(last - first);

  std::vector<MatrixRows> readers(matrices.begin(), matrices.end());
  auto in_band = [&](PetscInt row, PetscInt col) {
    return col >= first && col < last && std::abs(col - row) <= max_half_width;
  };
  half_width_ = 0;
  std::vector<std::uint64_t> mine; // remote columns of this rank's rows
  for (auto& reader : readers)
    for (PetscInt row = first; row < last; ++row)
      for (const auto& [col, value] : reader.row(row)) {
        if (in_band(row, col))
          half_width_ = std::max<int>(half_width_, int(std::abs(col - row)));
        else if (col < first || col >= last)
          mine.push_back(std::uint64_t(col));
      }

  // Every rank's remote columns, the same list on each (gather() reduces values in its order).
  remote_columns_.clear();
  for (const auto& columns : dealii::Utilities::MPI::all_gather(comm, mine))
    remote_columns_.insert(remote_columns_.end(), columns.begin(), columns.end());
  std::sort(remote_columns_.begin(), remote_columns_.end());
  remote_columns_.erase(std::unique(remote_columns_.begin(), remote_columns_.end()),
                        remote_columns_.end());
  any_remote_ = !remote_columns_.empty();

  const std::size_t width = std::size_t(half_width_ + 1);
  values_.assign(n_ * n_matrices_ * width, 0.0);
  outer_.clear();
  for (std::size_t m = 0; m < n_matrices_; ++m)
    for (PetscInt row = first; row < last; ++row) {
      const std::size_t k = std::size_t(row - first);
      const auto& entries = readers[m].row(row);
      double scale = 0; // the row's largest entry: asymmetry below its round-off is none
      for (const auto& entry : entries)
        scale = std::max(scale, std::abs(entry.second));
      for (const auto& [col, value] : entries) {
        if (in_band(row, col) && col >= row)
          values_[(m * width + std::size_t(col - row)) * n_ + k] = value;
        else if (in_band(row, col)) { // the lower half: only checked against the upper one
          const std::size_t distance = std::size_t(row - col);
          const double mirror = values_[(m * width + distance) * n_ + k - distance];
          if (std::abs(value - mirror) > 1e-12 * scale)
            throw std::logic_error("BandedOperator: matrix " + std::to_string(m) +
                                   " is not symmetric in row " + std::to_string(row));
        } else if (col >= first && col < last)
          outer_.push_back({k, m, true, std::size_t(col - first), value});
        else {
          const auto it =
              std::lower_bound(remote_columns_.begin(), remote_columns_.end(), std::uint64_t(col));
          outer_.push_back({k, m, false, std::size_t(it - remote_columns_.begin()), value});
        }
      }
    }
  std::stable_sort(outer_.begin(), outer_.end(),
                   [](const Outer& a, const Outer& b) { return a.row < b.row; });
  first_ = dealii::types::global_dof_index(first);
}

std::pair<PetscInt, PetscInt> BandedOperator::Rows::owned_rows() const {
  return {PetscInt(op_.first_), PetscInt(op_.first_ + op_.n_)};
}

const std::vector<std::pair<PetscInt, double>>& BandedOperator::Rows::row(PetscInt r) {
  row_.clear();
  const std::size_t k = std::size_t(r) - op_.first_, b = std::size_t(op_.half_width_);
  for (std::size_t j = k >= b ? k - b : 0; j < std::min(op_.n_, k + b + 1); ++j) {
    double value = 0;
    for (std::size_t m = 0; m < op_.n_matrices_; ++m)
      if (coefficients_[m] != 0)
        value += coefficients_[m] * op_.entry(m, k, j);
    row_.emplace_back(PetscInt(op_.first_ + j), value);
  }
  const auto [begin, end] =
      std::equal_range(op_.outer_.begin(), op_.outer_.end(), Outer{k, 0, false, 0, 0.0},
                       [](const Outer& a, const Outer& b) { return a.row < b.row; });
  for (auto e = begin; e != end; ++e) {
    if (coefficients_[e->matrix] == 0)
      continue;
    const PetscInt column =
        e->local ? PetscInt(op_.first_ + e->column) : PetscInt(op_.remote_columns_[e->column]);
    const double value = coefficients_[e->matrix] * e->value;
    auto at =
        std::find_if(row_.begin(), row_.end(), [&](const auto& c) { return c.first == column; });
    if (at != row_.end())
      at->second += value;
    else
      row_.emplace_back(column, value);
  }
  std::sort(row_.begin(), row_.end());
  return row_;
}

void BandedOperator::gather(const Terms& terms) const {
  std::vector<double>& values = gathered_;
  values.clear();
  if (!any_remote_)
    return;
  const std::size_t n_remote = remote_columns_.size();
  values.assign(terms.count * n_remote, 0.0);
  for (std::size_t c = 0; c < n_remote; ++c)
    if (remote_columns_[c] >= first_ && remote_columns_[c] < first_ + n_)
      for (std::size_t t = 0; t < terms.count; ++t)
        values[t * n_remote + c] = terms.x[t][remote_columns_[c] - first_];
  MPI_Allreduce(MPI_IN_PLACE, values.data(), int(values.size()), MPI_DOUBLE, MPI_SUM, comm_);
}

namespace {
// The kernels, with the half width B and the number of terms N known at compile time so that the
// loops over the band unroll and the loop over the rows vectorizes. u[t][j] is diagonal j >= 0 of
// term t's matrix (entries A(k, k + j), the lower half being its mirror), x[t] its vector.
template <int B, int N>
struct Kernels {
  using Diagonals = const double* [N][B + 1];

  // y_k = sum_t (sum_j A(k, k + j) x_{k+j} + sum_{j>0} A(k - j, k) x_{k-j}) for k in [B, n - B),
  // the rows whose band lies inside the local range.
  static void products(const Diagonals& u, const double* const* x, std::size_t n,
                       double* __restrict y) {
    for (std::size_t k = B; k + B < n; ++k) {
      double sum = 0;
      for (int t = 0; t < N; ++t) {
        sum += u[t][0][k] * x[t][k];
        for (int j = 1; j <= B; ++j)
          sum += u[t][j][k] * x[t][k + j] + u[t][j][k - j] * x[t][k - j];
      }
      y[k] = sum;
    }
  }

  // x_t^T A_t x_t over the rows k in [0, n - B): x_k (A(k, k) x_k + 2 sum_{j>0} A(k, k + j)
  // x_{k+j}), each off-diagonal pair once. Four partial sums per form (rows 4i + lane) so that the
  // sum vectorizes (one running sum is a chain the compiler may not reorder), added in a fixed
  // order.
  static void forms(const Diagonals& u, const double* const* x, std::size_t n, double* sums) {
    constexpr int lanes = 4;
    double s[N][lanes] = {};
    const std::size_t end = n >= B ? n - B : 0;
    std::size_t k = 0;
    for (; k + lanes <= end; k += lanes)
      for (int t = 0; t < N; ++t)
        for (int lane = 0; lane < lanes; ++lane) {
          const std::size_t i = k + lane;
          double off = 0;
          for (int j = 1; j <= B; ++j)
            off += u[t][j][i] * x[t][i + j];
          s[t][lane] += x[t][i] * (u[t][0][i] * x[t][i] + 2 * off);
        }
    for (; k < end; ++k)
      for (int t = 0; t < N; ++t) {
        double off = 0;
        for (int j = 1; j <= B; ++j)
          off += u[t][j][k] * x[t][k + j];
        s[t][0] += x[t][k] * (u[t][0][k] * x[t][k] + 2 * off);
      }
    for (int t = 0; t < N; ++t)
      sums[t] = (s[t][0] + s[t][1]) + (s[t][2] + s[t][3]);
  }
};

// Runs run(B, N) (as std::integral_constant) for the run-time half width and term count when an
// instance exists (half widths 1 to 4, the degrees of hamdyn's elements; 1 to 5 terms), and
// returns false otherwise.
template <int B = 1, int N = 1, class Run>
bool dispatch(int half_width, std::size_t terms, Run&& run) {
  if constexpr (B > 4)
    return false;
  else if constexpr (N > 5)
    return dispatch<B + 1, 1>(half_width, terms, run);
  else {
    if (half_width == B && terms == std::size_t(N)) {
      run(std::integral_constant<int, B>(), std::integral_constant<int, N>());
      return true;
    }
    return dispatch<B, N + 1>(half_width, terms, run);
  }
}

// Runs run(kernels, diagonals) with Kernels<B, N> for the half width and the terms' count, the
// diagonals of the terms' matrices from diagonal(m, j), when an instance exists.
template <class Diagonal, class Run>
bool with_kernels(int half_width, const BandedOperator::Terms& terms, Diagonal diagonal, Run run) {
  return dispatch(half_width, terms.count, [&](auto b_constant, auto n_constant) {
    constexpr int B = decltype(b_constant)::value, N = decltype(n_constant)::value;
    typename Kernels<B, N>::Diagonals u;
    for (int t = 0; t < N; ++t)
      for (int j = 0; j <= B; ++j)
        u[t][j] = diagonal(terms.matrix[t], j);
    run(Kernels<B, N>(), u);
  });
}
} // namespace

void BandedOperator::add_outer(const Terms& terms, bool forms, double* out) const {
  const std::vector<double>& gathered = gathered_;
  const std::size_t n_remote = remote_columns_.size();
  for (const Outer& e : outer_)
    for (std::size_t t = 0; t < terms.count; ++t)
      if (terms.matrix[t] == e.matrix) {
        const double* x = terms.x[t];
        const double product =
            e.value * (e.local ? x[e.column] : gathered[t * n_remote + e.column]);
        if (forms)
          out[t] += x[e.row] * product;
        else
          out[e.row] += product;
      }
}

void BandedOperator::multiply(const Terms& terms, double* y) const {
  gather(terms);
  const std::size_t b = std::size_t(half_width_);
  // Row k: the rows near the ends of the local range, where the band reaches past it, and any
  // row when no kernel instance fits.
  auto row = [&](std::size_t k) {
    double sum = 0;
    for (std::size_t t = 0; t < terms.count; ++t)
      for (std::size_t j = k >= b ? k - b : 0; j < std::min(n_, k + b + 1); ++j)
        sum += entry(terms.matrix[t], k, j) * terms.x[t][j];
    y[k] = sum;
  };
  const auto diagonals = [this](std::size_t m, int j) { return diagonal(m, j); };
  const bool fast = with_kernels(half_width_, terms, diagonals, [&](auto kernels, const auto& u) {
    kernels.products(u, terms.x.data(), n_, y);
  });
  if (fast) {
    for (std::size_t k = 0; k < std::min(b, n_); ++k)
      row(k);
    for (std::size_t k = std::max(b, n_ >= b ? n_ - b : 0); k < n_; ++k)
      row(k);
  } else
    for (std::size_t k = 0; k < n_; ++k)
      row(k);
  add_outer(terms, false, y);
}

void BandedOperator::quadratic_forms(const Terms& terms, double* sums) const {
  gather(terms);
  const std::size_t b = std::size_t(half_width_);
  std::fill(sums, sums + terms.count, 0.0);
  // Row k's share, each off-diagonal pair counted once from its upper entry.
  auto row = [&](std::size_t k) {
    for (std::size_t t = 0; t < terms.count; ++t) {
      const double* x = terms.x[t];
      double off = 0;
      for (std::size_t j = k + 1; j < std::min(n_, k + b + 1); ++j)
        off += diagonal(terms.matrix[t], int(j - k))[k] * x[j];
      sums[t] += x[k] * (diagonal(terms.matrix[t], 0)[k] * x[k] + 2 * off);
    }
  };
  const auto diagonals = [this](std::size_t m, int j) { return diagonal(m, j); };
  const bool fast = with_kernels(half_width_, terms, diagonals, [&](auto kernels, const auto& u) {
    kernels.forms(u, terms.x.data(), n_, sums);
  });
  for (std::size_t k = fast ? (n_ >= b ? n_ - b : 0) : 0; k < n_; ++k)
    row(k);
  add_outer(terms, true, sums);
}

} // namespace hamdyn
