#include "system/twisted_block_lu.h"

#include <deal.II/lac/full_matrix.h>

#include <algorithm>
#include <cstddef>
#include <limits>

namespace hamdyn {

namespace {
using Block = std::array<double, 4>;

Block times(const Block& a, const Block& b) {
  return {{a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
           a[2] * b[1] + a[3] * b[3]}};
}

// (a zero determinant gives non-finite entries: see the header)
Block inverse(const Block& a) {
  const double det = a[0] * a[3] - a[1] * a[2];
  return {{a[3] / det, -a[1] / det, -a[2] / det, a[0] / det}};
}

// x = a y (x may be y)
void times_into(const Block& a, const double* y, double* x) {
  const double y0 = y[0], y1 = y[1];
  x[0] = a[0] * y0 + a[1] * y1;
  x[1] = a[2] * y0 + a[3] * y1;
}

constexpr int interface_tag = 5127;
} // namespace

void TwistedBlockLU::reinit(const ChainPartition& p) {
  p_ = p;
  const std::size_t count = p.end - p.begin;
  for (auto* blocks : {&diagonal_, &before_, &after_})
    blocks->assign(count, Block{{0, 0, 0, 0}});
  inverse_pivot_.resize(count);
  multiplier_.resize(count);
  scaled_after_.resize(count);
}

double& TwistedBlockLU::operator()(std::size_t row, std::size_t column) {
  const std::size_t i = row / 2, j = column / 2;
  if (!p_.owns(i) || j + 1 < i || j > i + 1)
    return scratch_ = 0;
  const std::size_t k = p_.from_bottom() ? p_.end - 1 - i : i - p_.begin;
  const std::size_t entry = 2 * (row % 2) + column % 2;
  if (j == i)
    return diagonal_[k][entry];
  // the node before i in the elimination order is i - 1 from the top, i + 1 from the bottom
  const bool toward_before = (j < i) != p_.from_bottom();
  return (toward_before ? before_ : after_)[k][entry];
}

void TwistedBlockLU::factorize() {
  const std::size_t count = diagonal_.size();
  if (count == 0)
    return;
  Block pivot{};
  for (std::size_t k = 0; k < count; ++k) {
    pivot = diagonal_[k];
    if (k > 0) {
      multiplier_[k] = times(before_[k], inverse_pivot_[k - 1]);
      const Block fill = times(multiplier_[k], after_[k - 1]);
      for (std::size_t e = 0; e < 4; ++e)
        pivot[e] -= fill[e];
    }
    inverse_pivot_[k] = inverse(pivot);
    if (k > 0)
      scaled_after_[k - 1] = times(inverse_pivot_[k - 1], after_[k - 1]);
  }
  if (p_.partner < 0)
    return;
  // the 4 x 4 system of the nodes beside the cut, (m - 1, m): the first part's last row
  // [S_top, after_top] and the second's [after_bottom, S_bottom], alike on both ranks
  std::array<double, 8> mine{}, theirs{};
  std::copy(pivot.begin(), pivot.end(), mine.begin()); // S of the last node eliminated
  std::copy(after_.back().begin(), after_.back().end(), mine.begin() + 4);
  MPI_Sendrecv(mine.data(), 8, MPI_DOUBLE, p_.partner, interface_tag, theirs.data(), 8, MPI_DOUBLE,
               p_.partner, interface_tag, p_.comm, MPI_STATUS_IGNORE);
  const std::array<double, 8>& top = p_.from_bottom() ? theirs : mine;
  const std::array<double, 8>& bottom = p_.from_bottom() ? mine : theirs;
  dealii::FullMatrix<double> a(4, 4);
  for (unsigned r = 0; r < 2; ++r)
    for (unsigned c = 0; c < 2; ++c) {
      a(r, c) = top[2 * r + c];            // S_top on x_{m-1}
      a(r, 2 + c) = top[4 + 2 * r + c];    // top's coupling on x_m
      a(2 + r, c) = bottom[4 + 2 * r + c]; // bottom's coupling on x_{m-1}
      a(2 + r, 2 + c) = bottom[2 * r + c]; // S_bottom on x_m
    }
  // Gauss-Jordan with pivoting (deal.II's), the same operations on both ranks; a singular
  // system is left to give non-finite corrections, as a zero pivot does
  try {
    a.gauss_jordan();
  } catch (...) {
    a = 0;
    a(0, 0) = std::numeric_limits<double>::quiet_NaN();
  }
  for (unsigned r = 0; r < 4; ++r)
    for (unsigned c = 0; c < 4; ++c)
      interface_inverse_[4 * r + c] = a(r, c);
}

void TwistedBlockLU::solve(double* x) const {
  const std::size_t count = diagonal_.size();
  if (count == 0)
    return;
  // node by node in the elimination order, 2 numbers apart up or down the chain
  const std::ptrdiff_t step = p_.from_bottom() ? -2 : 2;
  double* const first = x + 2 * node(0);
  // forward: y_k = b_k - G_k y_{k-1}, carried in registers, and S_k^{-1} y_k stored, so that
  // each pass's chain from node to node is one 2 x 2 product (as PivotedBandLU's scaled rows)
  double y[2] = {first[0], first[1]};
  times_into(inverse_pivot_[0], y, first);
  double* xk = first;
  for (std::size_t k = 1; k < count; ++k) {
    xk += step;
    const Block& g = multiplier_[k];
    const double y0 = xk[0] - (g[0] * y[0] + g[1] * y[1]);
    const double y1 = xk[1] - (g[2] * y[0] + g[3] * y[1]);
    y[0] = y0, y[1] = y1;
    times_into(inverse_pivot_[k], y, xk);
  }
  // xk: the last node's; without a partner it is solved (S^{-1} y, no coupling after it)
  if (p_.partner >= 0) {
    double theirs[2];
    MPI_Sendrecv(y, 2, MPI_DOUBLE, p_.partner, interface_tag, theirs, 2, MPI_DOUBLE, p_.partner,
                 interface_tag, p_.comm, MPI_STATUS_IGNORE);
    // the right side in the order (m - 1, m), alike on both ranks
    const double* top = p_.from_bottom() ? theirs : y;
    const double* bottom = p_.from_bottom() ? y : theirs;
    const double b[4] = {top[0], top[1], bottom[0], bottom[1]};
    double u[4];
    for (unsigned r = 0; r < 4; ++r)
      u[r] = interface_inverse_[4 * r] * b[0] + interface_inverse_[4 * r + 1] * b[1] +
             interface_inverse_[4 * r + 2] * b[2] + interface_inverse_[4 * r + 3] * b[3];
    const std::size_t cut = p_.from_bottom() ? p_.begin : p_.end; // node m
    for (unsigned e = 0; e < 4; ++e)
      x[2 * (cut - 1) + e] = u[e];
  }
  // back: x_k = S_k^{-1} y_k - (S_k^{-1} after_k) x_{k+1}, x_{k+1} carried in registers (reloaded,
  // each node waited for the store of the one before: a fifth of a divided cable's solve, perf)
  double next[2] = {xk[0], xk[1]};
  for (std::size_t k = count - 1; k-- > 0;) {
    xk -= step;
    const Block& w = scaled_after_[k];
    const double x0 = xk[0] - (w[0] * next[0] + w[1] * next[1]);
    const double x1 = xk[1] - (w[2] * next[0] + w[3] * next[1]);
    xk[0] = next[0] = x0;
    xk[1] = next[1] = x1;
  }
}

} // namespace hamdyn
