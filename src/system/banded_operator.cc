#include "system/banded_operator.h"

#include "system/cell_table.h"
#include "system/matrix_rows.h"
#include "system/petsc_helpers.h"

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace hamdyn {

namespace {
// Couplings further apart than this along the numbering are kept as outer entries (an attached
// oscillator's DoF, numbered after the line, and its host).
constexpr int max_half_width = 16;
} // namespace

void BandedOperator::start_layout(std::size_t n_matrices, dealii::types::global_dof_index first,
                                  std::size_t n, MPI_Comm comm) {
  comm_ = comm;
  n_matrices_ = n_matrices;
  first_ = first;
  n_ = n;
  half_width_ = 0;
  remote_columns_.clear();
  outer_.clear();
}

bool BandedOperator::in_band(std::uint64_t row, std::uint64_t column) const {
  const auto distance = row > column ? row - column : column - row;
  return is_local(column) && distance <= std::uint64_t(max_half_width);
}

void BandedOperator::note_coupling(std::uint64_t row, std::uint64_t column) {
  if (in_band(row, column))
    half_width_ = std::max(half_width_, int(row > column ? row - column : column - row));
  else if (!is_local(column))
    remote_columns_.push_back(column); // this rank's, until finish_layout gathers every rank's
}

void BandedOperator::finish_layout() {
  // Every rank's remote columns, the same list on each (gather() reduces values in its order).
  remote_columns_ = union_over_ranks(remote_columns_, comm_);
  any_remote_ = !remote_columns_.empty();
  values_.assign(n_ * n_matrices_ * std::size_t(half_width_ + 1), 0.0);
}

double* BandedOperator::add_entry(std::size_t m, std::uint64_t row, std::uint64_t column,
                                  double value) {
  const std::size_t k = std::size_t(row - first_);
  if (in_band(row, column)) {
    if (column < row) // the lower half is the upper one's mirror
      return nullptr;
    double& entry =
        values_[(m * std::size_t(half_width_ + 1) + std::size_t(column - row)) * n_ + k];
    entry += value;
    return &entry;
  }
  if (is_local(column))
    outer_.push_back({k, m, true, std::size_t(column - first_), value});
  else {
    const auto it = std::lower_bound(remote_columns_.begin(), remote_columns_.end(), column);
    outer_.push_back({k, m, false, std::size_t(it - remote_columns_.begin()), value});
  }
  return nullptr;
}

void BandedOperator::finish_entries() {
  std::stable_sort(outer_.begin(), outer_.end(),
                   [](const Outer& a, const Outer& b) { return a.row < b.row; });
  find_uniform_rows();
  find_sparse_rows();
}

void BandedOperator::find_sparse_rows() {
  sparse_rows_.assign(n_matrices_, {});
  sparse_.assign(n_matrices_, 0);
  const std::size_t b = std::size_t(half_width_);
  for (std::size_t m = 0; m < n_matrices_; ++m) {
    std::vector<char> reached(n_, 0); // row k: A(k, k + j) or its mirror A(k + j, k) nonzero
    for (std::size_t j = 0; j <= b; ++j)
      for (std::size_t k = 0; k + j < n_; ++k)
        if (diagonal(m, int(j))[k] != 0)
          reached[k] = reached[k + j] = 1;
    std::vector<std::size_t>& rows = sparse_rows_[m];
    for (std::size_t k = 0; k < n_; ++k)
      if (reached[k])
        rows.push_back(k);
    sparse_[m] = 16 * rows.size() <= n_;
    if (!sparse_[m])
      rows.clear();
  }
}

BandedOperator::Terms
BandedOperator::dense_terms(const Terms& terms,
                            std::array<std::size_t, Terms::capacity>& positions) const {
  Terms dense;
  for (std::size_t t = 0; t < terms.count; ++t)
    if (!sparse_[terms.matrix[t]]) {
      positions[dense.count] = t;
      dense.add(terms.matrix[t], terms.x[t], terms.scale[t]);
    }
  return dense;
}

void BandedOperator::add_sparse_product(std::size_t m, const double* x, double scale, bool kernel,
                                        double* y) const {
  const std::size_t b = std::size_t(half_width_);
  for (const std::size_t k : sparse_rows_[m]) {
    double sum = y[k];
    if (kernel && k >= b && k + b < n_) { // the kernel's order (Kernels::product_rows)
      sum += diagonal(m, 0)[k] * (scale * x[k]);
      for (std::size_t j = 1; j <= b; ++j)
        sum += diagonal(m, int(j))[k] * (scale * x[k + j]) +
               diagonal(m, int(j))[k - j] * (scale * x[k - j]);
    } else // the row loop's order (multiply's `row`)
      sum = add_row_product(m, x, scale, k, sum);
    y[k] = sum;
  }
}

double BandedOperator::add_row_product(std::size_t m, const double* x, double scale, std::size_t k,
                                       double sum) const {
  const std::size_t b = std::size_t(half_width_);
  for (std::size_t j = k >= b ? k - b : 0; j < std::min(n_, k + b + 1); ++j)
    sum += entry(m, k, j) * (scale * x[j]);
  return sum;
}

double BandedOperator::form_share(std::size_t m, const double* x, std::size_t k) const {
  double off = 0;
  for (std::size_t j = k + 1; j < std::min(n_, k + std::size_t(half_width_) + 1); ++j)
    off += diagonal(m, int(j - k))[k] * x[j];
  return x[k] * (diagonal(m, 0)[k] * x[k] + 2 * off);
}

double BandedOperator::sparse_form(std::size_t m, const double* x, bool kernel) const {
  const std::size_t b = std::size_t(half_width_);
  double sum = 0;
  if (!kernel) { // the row loop's running sum
    for (const std::size_t k : sparse_rows_[m])
      sum += form_share(m, x, k);
    return sum;
  }
  // Kernels::forms: rows below the last whole block of four in partial sum k % 4, the rest of
  // [0, n - b) in the first, combined, then the last b rows (quadratic_forms' `row`)
  const std::size_t end = n_ >= b ? n_ - b : 0, blocks = end - end % 4;
  double lanes[4] = {};
  for (const std::size_t k : sparse_rows_[m])
    if (k < end)
      lanes[k < blocks ? k % 4 : 0] += form_share(m, x, k);
  sum = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
  for (const std::size_t k : sparse_rows_[m])
    if (k >= end)
      sum += form_share(m, x, k);
  return sum;
}

void BandedOperator::find_uniform_rows() {
  uniform_rows_.assign(n_matrices_, {0, 0});
  for (std::size_t m = 0; m < n_matrices_; ++m) {
    const auto same_as = [&](std::size_t k, std::size_t p) {
      for (int j = 0; j <= half_width_; ++j)
        if (diagonal(m, j)[k] != diagonal(m, j)[p])
          return false;
      return true;
    };
    auto& [best_begin, best_end] = uniform_rows_[m];
    for (std::size_t p = 0; p < n_;) {
      std::size_t k = p + 1;
      while (k < n_ && same_as(k, p))
        ++k;
      if (k - p > best_end - best_begin)
        uniform_rows_[m] = {p, k};
      p = k;
    }
  }
}

void BandedOperator::reinit(const std::vector<MatrixCombination>& matrices, MPI_Comm comm) {
  Mat first_matrix = matrices.front().terms.front().second;
  PetscInt first = 0, last = 0;
  check_petsc(MatGetOwnershipRange(first_matrix, &first, &last));
  start_layout(matrices.size(), dealii::types::global_dof_index(first), std::size_t(last - first),
               comm);
  std::vector<MatrixRows> readers(matrices.begin(), matrices.end());
  for (auto& reader : readers)
    for (PetscInt row = first; row < last; ++row)
      for (const auto& entry : reader.row(row))
        note_coupling(std::uint64_t(row), std::uint64_t(entry.first));
  finish_layout();
  for (std::size_t m = 0; m < n_matrices_; ++m)
    for (PetscInt row = first; row < last; ++row) {
      const auto& entries = readers[m].row(row);
      double scale = 0; // the row's largest entry: asymmetry below its round-off is none
      for (const auto& entry : entries)
        scale = std::max(scale, std::abs(entry.second));
      for (const auto& [col, value] : entries) {
        add_entry(m, std::uint64_t(row), std::uint64_t(col), value);
        if (col < row && in_band(std::uint64_t(row), std::uint64_t(col))) {
          // only checked against the upper half, which holds it
          const std::size_t distance = std::size_t(row - col), k = std::size_t(row - first);
          const double mirror = diagonal(m, int(distance))[k - distance];
          if (std::abs(value - mirror) > 1e-12 * scale)
            throw std::logic_error("BandedOperator: matrix " + std::to_string(m) +
                                   " is not symmetric in row " + std::to_string(row));
        }
      }
    }
  finish_entries();
}

void BandedOperator::reinit(const CellTable& cells, const SecondOrderSystem& s) {
  AssertThrow(s.locally_owned.is_contiguous(), dealii::ExcMessage("non-contiguous rows"));
  const std::size_t n = s.locally_owned.n_elements();
  // C's part that is not proportional to M and K is the dashpots' entries alone here (a damping
  // matrix assembled from cells needs the assembled path): a third matrix when there are any.
  AssertThrow(!s.has_damping_matrix,
              dealii::ExcMessage("a damping matrix needs the assembled matrices"));
  const std::size_t n_matrices = s.extra_damping.empty() ? 2 : 3;
  start_layout(n_matrices, n > 0 ? s.locally_owned.nth_index_in_set(0) : 0, n, s.comm);
  // Held rows and columns take no part (as AffineConstraints eliminates them from an assembled
  // matrix); every rank's, since a cell may reach a neighbour's held DoF.
  const auto held = union_over_ranks(s.held_dofs, s.comm);
  const auto& relevant = cells.relevant();
  std::vector<char> free(relevant.size());
  for (std::size_t i = 0; i < relevant.size(); ++i)
    free[i] = !std::binary_search(held.begin(), held.end(), relevant[i]);
  auto owned_free = [&](unsigned int i) { return free[i] && is_local(relevant[i]); };
  const std::vector<MatrixEntry>* points[3] = {&s.point_mass, &s.point_stiffness, &s.extra_damping};
  auto owned_point = [&](const MatrixEntry& e) { return is_local(e.row); };

  for (int pass = 0; pass < 2; ++pass) {
    // pass 0 lays out the band, pass 1 fills it with the cells' matrices sum_r w_r a_r a_r^T
    // (formed once per distinct forms, in extended precision, rounded once) and the point entries
    const CellForms* formed = nullptr;
    std::vector<double> local[2];
    cells.for_each_cell([&](const unsigned int* dofs, bool, const CellForms& forms) {
      const unsigned int d = forms.n_dofs;
      if (pass == 1 && &forms != formed) {
        formed = &forms;
        for (std::size_t m = 0; m < 2; ++m) {
          const auto& form = m == SecondOrderSystem::banded_mass ? forms.mass : forms.stiffness;
          std::vector<extended> sum(std::size_t(d) * d, 0);
          for (std::size_t r = 0; r < forms.n_rows(form); ++r) {
            const extended w = form[r * (d + 1)];
            const extended* a = &form[r * (d + 1) + 1];
            for (unsigned int i = 0; i < d; ++i)
              for (unsigned int j = 0; j < d; ++j)
                sum[i * d + j] += w * a[i] * a[j];
          }
          local[m].assign(sum.begin(), sum.end());
        }
      }
      for (unsigned int i = 0; i < d; ++i)
        if (owned_free(dofs[i]))
          for (unsigned int j = 0; j < d; ++j)
            if (free[dofs[j]]) {
              if (pass == 0)
                note_coupling(relevant[dofs[i]], relevant[dofs[j]]);
              else
                for (std::size_t m = 0; m < 2; ++m)
                  add_entry(m, relevant[dofs[i]], relevant[dofs[j]], local[m][i * d + j]);
            }
    });
    for (std::size_t m = 0; m < n_matrices; ++m)
      for (const MatrixEntry& e : *points[m])
        if (owned_point(e)) {
          if (pass == 0)
            note_coupling(e.row, e.column);
          else
            add_entry(m, e.row, e.column, e.value);
        }
    if (pass == 0)
      finish_layout();
  }
  // The held rows' diagonal, by the rule an assembled system's decouple_held_rows follows.
  const auto [mass, stiffness] = held_row_diagonal(s, [&](dealii::types::global_dof_index i) {
    const std::size_t k = std::size_t(i - first_);
    return std::pair<double, double>(diagonal(SecondOrderSystem::banded_mass, 0)[k],
                                     diagonal(SecondOrderSystem::banded_stiffness, 0)[k]);
  });
  for (const auto i : s.held_dofs) {
    *add_entry(SecondOrderSystem::banded_mass, i, i, 0) = mass;
    *add_entry(SecondOrderSystem::banded_stiffness, i, i, 0) = stiffness;
  }
  finish_entries();
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
        values[t * n_remote + c] = terms.scale[t] * terms.x[t][remote_columns_[c] - first_];
  MPI_Allreduce(MPI_IN_PLACE, values.data(), int(values.size()), MPI_DOUBLE, MPI_SUM, comm_);
}

namespace {
// The kernels, with the half width B and the number of terms N known at compile time so that the
// loops over the band unroll and the loop over the rows vectorizes. u[t][j] is diagonal j >= 0 of
// term t's matrix (entries A(k, k + j), the lower half being its mirror), x[t] its vector.
template <int B, int N>
struct Kernels {
  using Diagonals = const double* [N][B + 1];
  // The rows [begin, end) over which every diagonal of every term's matrix is one constant
  // (BandedOperator::uniform_rows_), and those constants.
  struct Uniform {
    std::size_t begin = 0, end = 0;
    double value[N][B + 1] = {};
  };

  // A(k, k + j) of term t: from the arrays, or the run's constant (a uniform mesh's interior:
  // the same values without the 8 (b + 1) bytes per row the arrays cost a streaming pass).
  template <bool Constant>
  static double at(const Diagonals& u, const Uniform& c, int t, int j, std::size_t k) {
    if constexpr (Constant)
      return c.value[t][j];
    else
      return u[t][j][k];
  }

  // y_k = sum_t (sum_j A(k, k + j) x_{k+j} + sum_{j>0} A(k - j, k) x_{k-j}) for k in [begin,
  // end), rows whose band lies inside the local range, x_t's entries scale[t] times the arrays'
  // (an unscaled term's 1 * x is x exactly).
  template <bool Constant>
  static void product_rows(const Diagonals& u, const Uniform& c, const double* const* x,
                           const double* scale, std::size_t begin, std::size_t end,
                           double* __restrict y) {
    double f[N];
    for (int t = 0; t < N; ++t)
      f[t] = scale[t];
    for (std::size_t k = begin; k < end; ++k) {
      double sum = 0;
      for (int t = 0; t < N; ++t) {
        sum += at<Constant>(u, c, t, 0, k) * (f[t] * x[t][k]);
        for (int j = 1; j <= B; ++j)
          sum += at<Constant>(u, c, t, j, k) * (f[t] * x[t][k + j]) +
                 at<Constant>(u, c, t, j, k - j) * (f[t] * x[t][k - j]);
      }
      y[k] = sum;
    }
  }

  // The rows k in [B, n - B): those of the uniform run (whose reads A(k - j, k) stay inside it)
  // with the constants, the others from the arrays; the same sums either way.
  static void products(const Diagonals& u, const Uniform& c, const double* const* x,
                       const double* scale, std::size_t n, double* __restrict y) {
    const std::size_t first = B, last = n >= 2 * B ? n - B : B;
    const std::size_t from = std::clamp(c.begin + B, first, last);
    const std::size_t to = std::clamp(c.end, from, last);
    product_rows<false>(u, c, x, scale, first, from, y);
    product_rows<true>(u, c, x, scale, from, to, y);
    product_rows<false>(u, c, x, scale, to, last, y);
  }

  static constexpr int lanes = 4;
  // Rows [begin, end) (multiples of `lanes`) of the forms into s[t][k % lanes].
  template <bool Constant>
  static void form_rows(const Diagonals& u, const Uniform& c, const double* const* x,
                        std::size_t begin, std::size_t end, double (&s)[N][lanes]) {
    for (std::size_t k = begin; k < end; k += lanes)
      for (int t = 0; t < N; ++t)
        for (int lane = 0; lane < lanes; ++lane) {
          const std::size_t i = k + lane;
          double off = 0;
          for (int j = 1; j <= B; ++j)
            off += at<Constant>(u, c, t, j, i) * x[t][i + j];
          s[t][lane] += x[t][i] * (at<Constant>(u, c, t, 0, i) * x[t][i] + 2 * off);
        }
  }

  // x_t^T A_t x_t over the rows k in [0, n - B): x_k (A(k, k) x_k + 2 sum_{j>0} A(k, k + j)
  // x_{k+j}), each off-diagonal pair once. Four partial sums per form (rows 4i + lane) so that the
  // sum vectorizes (one running sum is a chain the compiler may not reorder), added in a fixed
  // order; the uniform run's whole blocks of four with the constants (each lane's sum in the same
  // order).
  static void forms(const Diagonals& u, const Uniform& c, const double* const* x, std::size_t n,
                    double* sums) {
    double s[N][lanes] = {};
    const std::size_t end = n >= B ? n - B : 0, blocks = end - end % lanes;
    const std::size_t from = std::min(blocks, (c.begin + lanes - 1) / lanes * lanes);
    const std::size_t to = std::clamp(std::min(c.end, blocks) / lanes * lanes, from, blocks);
    form_rows<false>(u, c, x, 0, from, s);
    form_rows<true>(u, c, x, from, to, s);
    form_rows<false>(u, c, x, to, blocks, s);
    for (std::size_t k = blocks; k < end; ++k)
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
bool with_kernels(int half_width, const BandedOperator::Terms& terms, Diagonal diagonal,
                  const std::vector<std::pair<std::size_t, std::size_t>>& uniform_rows, Run run) {
  return dispatch(half_width, terms.count, [&](auto b_constant, auto n_constant) {
    constexpr int B = decltype(b_constant)::value, N = decltype(n_constant)::value;
    typename Kernels<B, N>::Diagonals u;
    typename Kernels<B, N>::Uniform c;
    c.begin = 0;
    c.end = std::numeric_limits<std::size_t>::max();
    for (int t = 0; t < N; ++t) {
      const auto [begin, end] = uniform_rows[terms.matrix[t]];
      c.begin = std::max(c.begin, begin); // the rows where every term's matrix is uniform
      c.end = std::min(c.end, end);
      for (int j = 0; j <= B; ++j) {
        u[t][j] = diagonal(terms.matrix[t], j);
        c.value[t][j] = begin < end ? u[t][j][begin] : 0.0;
      }
    }
    c.end = std::max(c.begin, c.end);
    run(Kernels<B, N>(), u, c);
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
            e.value * (e.local ? terms.scale[t] * x[e.column] : gathered[t * n_remote + e.column]);
        if (forms)
          out[t] += x[e.row] * product;
        else
          out[e.row] += product;
      }
}

void BandedOperator::multiply(const Terms& all_terms, double* y) const {
  gather(all_terms);
  // The sparse matrices' terms after the others' pass, from their rows: the same sums where they
  // are the last terms, as in every product a step makes (the damping's comes last)
  std::array<std::size_t, Terms::capacity> positions{};
  const Terms terms = dense_terms(all_terms, positions);
  const std::size_t b = std::size_t(half_width_);
  // Row k: the rows near the ends of the local range, where the band reaches past it, and any
  // row when no kernel instance fits.
  auto row = [&](std::size_t k) {
    double sum = 0;
    for (std::size_t t = 0; t < terms.count; ++t)
      sum = add_row_product(terms.matrix[t], terms.x[t], terms.scale[t], k, sum);
    y[k] = sum;
  };
  const auto diagonals = [this](std::size_t m, int j) { return diagonal(m, j); };
  // (with no dense term, whether a kernel would have taken all the terms)
  const bool fast =
      terms.count == 0
          ? dispatch(half_width_, all_terms.count, [](auto, auto) {})
          : with_kernels(half_width_, terms, diagonals, uniform_rows_,
                         [&](auto kernels, const auto& u, const auto& c) {
                           kernels.products(u, c, terms.x.data(), terms.scale.data(), n_, y);
                         });
  if (terms.count == 0)
    std::fill(y, y + n_, 0.0);
  else if (fast) {
    for (std::size_t k = 0; k < std::min(b, n_); ++k)
      row(k);
    for (std::size_t k = std::max(b, n_ >= b ? n_ - b : 0); k < n_; ++k)
      row(k);
  } else
    for (std::size_t k = 0; k < n_; ++k)
      row(k);
  for (std::size_t t = 0; t < all_terms.count; ++t)
    if (sparse_[all_terms.matrix[t]])
      add_sparse_product(all_terms.matrix[t], all_terms.x[t], all_terms.scale[t], fast, y);
  add_outer(all_terms, false, y);
}

void BandedOperator::quadratic_forms(const Terms& all_terms, double* all_sums) const {
  for (std::size_t t = 0; t < all_terms.count; ++t)
    if (all_terms.scale[t] != 1)
      throw std::logic_error("BandedOperator::quadratic_forms takes unscaled terms");
  gather(all_terms);
  // The sparse matrices' forms from their rows, the others' in the band's pass
  std::array<std::size_t, Terms::capacity> positions{};
  const Terms terms = dense_terms(all_terms, positions);
  std::array<double, Terms::capacity> sums{};
  const std::size_t b = std::size_t(half_width_);
  // Row k's share, each off-diagonal pair counted once from its upper entry.
  auto row = [&](std::size_t k) {
    for (std::size_t t = 0; t < terms.count; ++t)
      sums[t] += form_share(terms.matrix[t], terms.x[t], k);
  };
  const auto diagonals = [this](std::size_t m, int j) { return diagonal(m, j); };
  const bool fast = terms.count == 0
                        ? dispatch(half_width_, all_terms.count, [](auto, auto) {})
                        : with_kernels(half_width_, terms, diagonals, uniform_rows_,
                                       [&](auto kernels, const auto& u, const auto& c) {
                                         kernels.forms(u, c, terms.x.data(), n_, sums.data());
                                       });
  for (std::size_t k = fast ? (n_ >= b ? n_ - b : 0) : 0; terms.count > 0 && k < n_; ++k)
    row(k);
  std::fill(all_sums, all_sums + all_terms.count, 0.0);
  for (std::size_t t = 0; t < terms.count; ++t)
    all_sums[positions[t]] = sums[t];
  for (std::size_t t = 0; t < all_terms.count; ++t)
    if (sparse_[all_terms.matrix[t]])
      all_sums[t] = sparse_form(all_terms.matrix[t], all_terms.x[t], fast);
  add_outer(all_terms, true, all_sums);
}

} // namespace hamdyn
