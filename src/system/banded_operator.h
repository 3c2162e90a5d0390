#pragma once
// The products a time step and its energy ledger make with M, K and C, on each rank's rows in
// band storage.
//
// Why by hand: a line's DoFs, numbered along it, give matrices whose rows hold 2b + 1 entries
// (b: the element degree, 3 for a Hermite beam). PETSc's AIJ product reads a column index per
// entry and loops over each short row separately; measured on a 10^6-unknown P1 string, its two
// products per step and the ledger's three cost more than the whole rest of the step. In band
// storage the entries of all matrices of one row sit together, the columns are implied, and one
// pass forms several products at once (the step's M x_m + K x_k + C x_c, the ledger's v^T M v,
// u^T K u and the damping's quadratic form) at the cost of one. The few couplings a band cannot
// hold (another rank's DoF, an attached oscillator numbered after the line) are kept as a list
// and use values gathered with one MPI_Allreduce.
#include "system/matrix_rows.h"
#include "system/second_order_system.h"

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace hamdyn {

class CellTable;

class BandedOperator {
public:
  /// Copies the locally owned rows of `matrices` (each sum_k c_k A_k plus listed entries, all with
  /// the same row distribution, symmetric: std::logic_error otherwise) into band storage.
  /// Collective: every rank calls it together.
  void reinit(const std::vector<MatrixCombination>& matrices, MPI_Comm comm);
  /// M and K (matrices banded_mass and banded_stiffness of SecondOrderSystem) straight from the
  /// system's cells, its point entries and its held rows, where no assembled matrix exists (a
  /// modal study's: it never needs AIJ storage, whose set-up cost more than the eigensolver).
  /// Collective.
  void reinit(const CellTable& cells, const SecondOrderSystem& s);

  std::size_t n_matrices() const { return n_matrices_; }
  /// A_m(row, row) of a locally owned row.
  double diagonal_entry(std::size_t m, dealii::types::global_dof_index row) const {
    return diagonal(m, 0)[row - first_];
  }

  /// Up to five pairs (matrix, vector): the terms of a product sum_t A_t x_t or the forms
  /// x_t^T A_t x_t (held in place: a step allocates nothing). A product's vector may be a scaled
  /// array, x_t = scale_t * array entry by entry (each entry scaled as it is read, the rounding
  /// of a vector formed beforehand): the step's damping part dm v without a pass that writes it.
  struct Terms {
    static constexpr std::size_t capacity = 5;
    std::array<std::size_t, capacity> matrix{};
    std::array<const double*, capacity> x{};
    std::array<double, capacity> scale{};
    std::size_t count = 0;
    void add(std::size_t m, const double* vector, double factor = 1.0) {
      matrix.at(count) = m;
      scale[count] = factor;
      x[count++] = vector;
    }
  };

  /// y = sum_t A_t x_t over the local rows (x_t local arrays). Collective when a rank's rows reach
  /// another's columns (one MPI_Allreduce of those columns' values).
  void multiply(const Terms& terms, double* y) const;
  /// This rank's share of x_t^T A_t x_t for each term, in one pass over the rows, into sums[t];
  /// sum over the ranks for the values. Collective as multiply(). Unscaled terms only
  /// (std::logic_error otherwise).
  void quadratic_forms(const Terms& terms, double* sums) const;

  /// The rows of sum_m c_m A_m (c_m = coefficients[m]), for the line solver to factor from the
  /// band storage alone (the assembled matrices may be gone).
  class Rows : public RowSource {
  public:
    Rows(const BandedOperator& op, const std::vector<double>& coefficients)
        : op_(op), coefficients_(coefficients) {}
    const std::vector<std::pair<PetscInt, double>>& row(PetscInt r) override;
    std::pair<PetscInt, PetscInt> owned_rows() const override;
    MPI_Comm comm() const override { return op_.comm_; }

  private:
    const BandedOperator& op_;
    std::vector<double> coefficients_;
    std::vector<std::pair<PetscInt, double>> row_;
  };

private:
  // reinit's steps, shared by its two sources: note_coupling() for every coupling of a local row,
  // finish_layout() (collective), then add_entry() for every entry, then finish_entries().
  void start_layout(std::size_t n_matrices, dealii::types::global_dof_index first, std::size_t n,
                    MPI_Comm comm);
  void note_coupling(std::uint64_t row, std::uint64_t column);
  void finish_layout();
  /// Adds to A_m(row, column) of a local row; returns the band's entry (null for the lower half,
  /// which the upper one mirrors, and for an outer entry).
  double* add_entry(std::size_t m, std::uint64_t row, std::uint64_t column, double value);
  void finish_entries();
  /// uniform_rows_ from the band's values.
  void find_uniform_rows();
  /// sparse_rows_ from the band's values.
  void find_sparse_rows();
  /// The terms whose matrices are not sparse (sparse_rows_), in their order; `positions` their
  /// places in `terms`.
  Terms dense_terms(const Terms& terms, std::array<std::size_t, Terms::capacity>& positions) const;
  /// y_k += (A x)_k of a sparse matrix's rows (sparse_rows_), continuing each row's sum as the
  /// band's pass would have had the term come last (kernel: the pass's row kernel took the rows
  /// [b, n - b)).
  void add_sparse_product(std::size_t m, const double* x, double scale, bool kernel,
                          double* y) const;
  /// x^T A x of a sparse matrix from its rows, summed as the band's pass sums a form (kernel: in
  /// its four partial sums).
  double sparse_form(std::size_t m, const double* x, bool kernel) const;
  /// sum + (A_m (scale x))_k over row k's band, entry by entry from its first column (the row
  /// loop's order).
  double add_row_product(std::size_t m, const double* x, double scale, std::size_t k,
                         double sum) const;
  /// Row k's share of x^T A_m x: x_k (A(k, k) x_k + 2 sum_{j>0} A(k, k + j) x_{k+j}).
  double form_share(std::size_t m, const double* x, std::size_t k) const;
  bool is_local(std::uint64_t column) const { return column >= first_ && column < first_ + n_; }
  bool in_band(std::uint64_t row, std::uint64_t column) const;

  // An entry outside the band: row and column local, or the column another rank's (its index in
  // the gathered list).
  struct Outer {
    std::size_t row, matrix;
    bool local;
    std::size_t column; // local index, or the position in remote_columns_
    double value;
  };
  /// The terms' vectors at the columns this rank's rows reach outside its band, on every rank in
  /// one reduction, into gathered_ (left empty when no rank has such a column).
  void gather(const Terms& terms) const;
  /// Adds the outer entries' share to a product (forms = false: out = y) or to the forms' sums.
  void add_outer(const Terms& terms, bool forms, double* out) const;
  /// Diagonal j (0 .. b) of matrix m: entries A_m(k, k + j) for k = 0 .. n - 1 (zero past the
  /// local range); the lower half is its mirror.
  const double* diagonal(std::size_t m, int j) const {
    return values_.data() + (m * std::size_t(half_width_ + 1) + std::size_t(j)) * n_;
  }

  /// A_m(k, j) for local k and j within the band (from its upper half).
  double entry(std::size_t m, std::size_t k, std::size_t j) const {
    return j >= k ? diagonal(m, int(j - k))[k] : diagonal(m, int(k - j))[j];
  }

  MPI_Comm comm_ = MPI_COMM_NULL;
  std::size_t n_ = 0, n_matrices_ = 0;
  int half_width_ = 0;
  // Diagonal storage of the upper half band (M, K and C are symmetric; reinit checks): the
  // diagonals one after another, each n long, so that the loops over the rows read every array
  // contiguously and vectorize.
  std::vector<double> values_;
  std::vector<Outer> outer_;                  // sorted by row
  dealii::types::global_dof_index first_ = 0; // the first locally owned row
  std::vector<std::uint64_t> remote_columns_; // all ranks', sorted, the same on each
  bool any_remote_ = false;
  mutable std::vector<double> gathered_; // gather()'s values, kept to reuse the allocation
  // Per matrix, the longest run of rows [begin, end) over which each of its diagonals is one
  // constant (a uniform mesh's interior): the products and forms take the entries there from
  // registers, the pass reading only the vectors (the M product and the ledger's v^T M v are
  // bound by memory traffic, and two ranks share it).
  std::vector<std::pair<std::size_t, std::size_t>> uniform_rows_;
  // Per matrix, the rows its band reaches when they are few (at most a sixteenth of the rows;
  // sparse_[m] says so): a damping matrix of point dashpots (the viscous damping's correction at
  // an end mass, -dm m_end, is one entry) is applied from its rows instead of as a term of the
  // band's pass, which read v and the diagonals in every row for one entry (18 % of a damped
  // string's step with an end mass).
  std::vector<std::vector<std::size_t>> sparse_rows_;
  std::vector<char> sparse_;
};

} // namespace hamdyn
