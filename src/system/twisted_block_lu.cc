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
  cut_ = p.partner >= 0 || (!p.distributed && p.n >= ChainPartition::shortest_divided);
  std::vector<Part> parts;
  if (p.partner >= 0)
    parts.emplace_back(p.begin, p.end, p.from_bottom());
  else if (cut_) { // the whole chain here, cut where two ranks would divide it
    const std::size_t middle = ChainPartition::middle(p.n);
    parts.emplace_back(0, middle, false);
    parts.emplace_back(middle, p.n, true);
  } else
    parts.emplace_back(p.begin, p.end, false);
  // the same parts as before keep their storage (a run forms its Jacobian again and again:
  // allocated anew, the first touch of each page was a page fault, a tenth of a 5e4-element
  // cable's step where its Jacobian was formed every fourth step)
  const bool same =
      parts.size() == parts_.size() &&
      std::equal(parts.begin(), parts.end(), parts_.begin(), [](const Part& a, const Part& b) {
        return a.begin == b.begin && a.end == b.end && a.from_bottom == b.from_bottom;
      });
  if (!same)
    parts_ = std::move(parts);
  for (Part& part : parts_) {
    for (auto* blocks : {&part.diagonal, &part.before, &part.after})
      blocks->assign(part.count(), Block{{0, 0, 0, 0}});
    part.inverse_pivot.resize(part.count());
    part.multiplier.resize(part.count());
    part.scaled_after.resize(part.count());
  }
}

TwistedBlockLU::Block& TwistedBlockLU::block(std::size_t i, std::size_t j) {
  Part& part = parts_.size() == 2 && i >= parts_[1].begin ? parts_[1] : parts_[0];
  const std::size_t k = part.from_bottom ? part.end - 1 - i : i - part.begin;
  if (j == i)
    return part.diagonal[k];
  // the node before i in the elimination order is i - 1 from the top, i + 1 from the bottom
  return ((j < i) != part.from_bottom ? part.before : part.after)[k];
}

double& TwistedBlockLU::operator()(std::size_t row, std::size_t column) {
  const std::size_t i = row / 2, j = column / 2;
  if (!p_.owns(i) || j + 1 < i || j > i + 1)
    return scratch_ = 0;
  return block(i, j)[2 * (row % 2) + column % 2];
}

void TwistedBlockLU::add_coupled(std::size_t k, const std::array<double, 4>& t) {
  for (const std::size_t i : {k, k + 1}) {
    if (!p_.owns(i))
      continue;
    Block &diagonal = block(i, i), &coupling = block(i, i == k ? k + 1 : k);
    for (std::size_t entry = 0; entry < 4; ++entry) {
      diagonal[entry] += t[entry];
      coupling[entry] -= t[entry];
    }
  }
}

void TwistedBlockLU::add_to_block_diagonal(std::size_t i, std::size_t j, double v) {
  if (!p_.owns(i))
    return;
  Block& b = block(i, j);
  b[0] += v;
  b[3] += v;
}

namespace {
// The interface's inverse from the two parts' last rows, [S_top, after_top] on (x_{m-1}, x_m)
// and [after_bottom, S_bottom] (8 numbers each: S, then the coupling), by deal.II's
// Gauss-Jordan with pivoting, the same operations on both ranks; a singular system is left to
// give non-finite corrections, as a zero pivot does
std::array<double, 16> interface_inverse(const std::array<double, 8>& top,
                                         const std::array<double, 8>& bottom) {
  dealii::FullMatrix<double> a(4, 4);
  for (unsigned r = 0; r < 2; ++r)
    for (unsigned c = 0; c < 2; ++c) {
      a(r, c) = top[2 * r + c];            // S_top on x_{m-1}
      a(r, 2 + c) = top[4 + 2 * r + c];    // top's coupling on x_m
      a(2 + r, c) = bottom[4 + 2 * r + c]; // bottom's coupling on x_{m-1}
      a(2 + r, 2 + c) = bottom[2 * r + c]; // S_bottom on x_m
    }
  try {
    a.gauss_jordan();
  } catch (...) {
    a = 0;
    a(0, 0) = std::numeric_limits<double>::quiet_NaN();
  }
  std::array<double, 16> inverse{};
  for (unsigned r = 0; r < 4; ++r)
    for (unsigned c = 0; c < 4; ++c)
      inverse[4 * r + c] = a(r, c);
  return inverse;
}
} // namespace

void TwistedBlockLU::factorize() {
  // elimination step k of a part (two parts' steps side by side: see parts_)
  const auto eliminate = [](Part& part, std::size_t k) {
    Block pivot = part.diagonal[k];
    if (k > 0) {
      part.multiplier[k] = times(part.before[k], part.inverse_pivot[k - 1]);
      const Block fill = times(part.multiplier[k], part.after[k - 1]);
      for (std::size_t e = 0; e < 4; ++e)
        pivot[e] -= fill[e];
    }
    part.inverse_pivot[k] = inverse(pivot);
    if (k > 0)
      part.scaled_after[k - 1] = times(part.inverse_pivot[k - 1], part.after[k - 1]);
    part.last_pivot = pivot;
  };
  std::size_t longest = 0;
  for (const Part& part : parts_)
    longest = std::max(longest, part.count());
  for (std::size_t k = 0; k < longest; ++k)
    for (Part& part : parts_)
      if (k < part.count())
        eliminate(part, k);
  if (!cut_)
    return;
  // the 4 x 4 system of the nodes beside the cut, (m - 1, m): each part's last row, S of its
  // last node and its coupling across the cut, the top part's first
  std::array<double, 8> rows[2];
  for (std::size_t j = 0; j < parts_.size(); ++j) {
    std::copy(parts_[j].last_pivot.begin(), parts_[j].last_pivot.end(), rows[j].begin());
    std::copy(parts_[j].after.back().begin(), parts_[j].after.back().end(), rows[j].begin() + 4);
  }
  if (p_.partner >= 0) {
    MPI_Sendrecv(rows[0].data(), 8, MPI_DOUBLE, p_.partner, interface_tag, rows[1].data(), 8,
                 MPI_DOUBLE, p_.partner, interface_tag, p_.comm, MPI_STATUS_IGNORE);
    if (p_.from_bottom())
      std::swap(rows[0], rows[1]);
  }
  interface_inverse_ = interface_inverse(rows[0], rows[1]);
}

namespace {
// A part's sweeps, node by node in its elimination order, 2 numbers apart up or down the chain
// (step), its current y (forward) or x_{k+1} (back) in locals: through memory, each node waited
// for the store of the one before (a fifth of a divided cable's solve, perf).
struct Sweep {
  double* xk; // the node's numbers in x
  std::ptrdiff_t step;
  double y0, y1;
};

// forward: y_k = b_k - G_k y_{k-1}, and S_k^{-1} y_k stored, so that the chain from node to node
// is one 2 x 2 product (as BandedLU's scaled rows)
[[gnu::always_inline]] inline void forward(Sweep& s, const Block& g, const Block& inverse_pivot) {
  s.xk += s.step;
  const double y0 = s.xk[0] - (g[0] * s.y0 + g[1] * s.y1);
  const double y1 = s.xk[1] - (g[2] * s.y0 + g[3] * s.y1);
  s.y0 = y0, s.y1 = y1;
  s.xk[0] = inverse_pivot[0] * y0 + inverse_pivot[1] * y1;
  s.xk[1] = inverse_pivot[2] * y0 + inverse_pivot[3] * y1;
}

// back: x_k = S_k^{-1} y_k - (S_k^{-1} after_k) x_{k+1}
[[gnu::always_inline]] inline void back(Sweep& s, const Block& w) {
  s.xk -= s.step;
  const double x0 = s.xk[0] - (w[0] * s.y0 + w[1] * s.y1);
  const double x1 = s.xk[1] - (w[2] * s.y0 + w[3] * s.y1);
  s.xk[0] = s.y0 = x0;
  s.xk[1] = s.y1 = x1;
}
} // namespace

void TwistedBlockLU::solve(double* x) const {
  if (parts_.empty() || parts_[0].count() == 0)
    return;
  // each part's first node (S_0^{-1} b_0), then the forward sweeps side by side (two parts'
  // lengths differ by one node at most: the longer's last alone)
  const auto start = [&](const Part& part) {
    Sweep s{x + 2 * part.node(0), part.from_bottom ? -2 : 2, 0, 0};
    s.y0 = s.xk[0], s.y1 = s.xk[1];
    times_into(part.inverse_pivot[0], s.xk, s.xk);
    return s;
  };
  const Part& a = parts_[0];
  const Part* const b = parts_.size() == 2 ? &parts_[1] : nullptr;
  Sweep sa = start(a), sb = b ? start(*b) : Sweep{};
  const std::size_t common = b ? std::min(a.count(), b->count()) : a.count();
  std::size_t k = 1;
  if (b)
    for (; k < common; ++k) {
      forward(sa, a.multiplier[k], a.inverse_pivot[k]);
      forward(sb, b->multiplier[k], b->inverse_pivot[k]);
    }
  for (std::size_t ka = k; ka < a.count(); ++ka)
    forward(sa, a.multiplier[ka], a.inverse_pivot[ka]);
  for (std::size_t kb = k; b && kb < b->count(); ++kb)
    forward(sb, b->multiplier[kb], b->inverse_pivot[kb]);
  // xk: each part's last node's; without a cut it is solved (S^{-1} y, no coupling after it)
  if (cut_) {
    // the right side in the order (m - 1, m), alike on both ranks
    double rhs[4] = {sa.y0, sa.y1, sb.y0, sb.y1};
    if (!b) {
      MPI_Sendrecv(rhs, 2, MPI_DOUBLE, p_.partner, interface_tag, rhs + 2, 2, MPI_DOUBLE,
                   p_.partner, interface_tag, p_.comm, MPI_STATUS_IGNORE);
      if (p_.from_bottom())
        std::swap_ranges(rhs, rhs + 2, rhs + 2);
    }
    const std::size_t cut = a.from_bottom ? a.begin : a.end; // node m
    for (unsigned r = 0; r < 4; ++r)
      x[2 * (cut - 1) + r] =
          interface_inverse_[4 * r] * rhs[0] + interface_inverse_[4 * r + 1] * rhs[1] +
          interface_inverse_[4 * r + 2] * rhs[2] + interface_inverse_[4 * r + 3] * rhs[3];
  }
  // the back sweeps from each part's last node: the longer's first alone, then side by side
  sa.y0 = sa.xk[0], sa.y1 = sa.xk[1];
  if (b)
    sb.y0 = sb.xk[0], sb.y1 = sb.xk[1];
  for (std::size_t ka = a.count() - 1; ka-- > common - 1;)
    back(sa, a.scaled_after[ka]);
  for (std::size_t kb = b ? b->count() - 1 : 0; kb-- > common - 1;)
    back(sb, b->scaled_after[kb]);
  for (k = common - 1; k-- > 0;) {
    back(sa, a.scaled_after[k]);
    if (b)
      back(sb, b->scaled_after[k]);
  }
}

} // namespace hamdyn
