#pragma once
// A block-tridiagonal matrix of 2 x 2 node blocks (a cable chain's Jacobian in its numbering, DoF 2
// i + a for component a of node i), factored without row interchanges between nodes and solved by
// the twisted factorization, on a chain divided between two ranks (system/chain_partition.h) or
// held whole by one process, cut at the same node: the first part eliminates its nodes from the top
// and the second its nodes from the bottom, at the same time, and the two meet in the 4 x 4 system
// of the two nodes beside the cut, which both ranks solve alike; each then substitutes back through
// its own nodes (two-way Gaussian elimination, van der Vorst, Parallel Computing 5:45-54, 1987; the
// twisted factorization, the parallel factorization with the scalar LU's operation count on two
// processors, Amodio & Brugnano, Linear Algebra Appl. 172:347-364, 1992). Each rank does half of
// the work, and the ranks exchange eight numbers a factorization and two a solve.
//
// Why by hand: deal.II's and PETSc's distributed direct solvers (MUMPS) are general sparse
// factorizations whose set-up alone costs more than a chain's whole band solve, and ScaLAPACK's
// band solver is not among Debian's deal.II dependencies.
//
// The pivots are the 2 x 2 Schur blocks, inverted exactly (the interchanges a point pivot would
// make between a node's two rows are in them). Without interchanges between nodes the
// elimination is stable where the matrix is positive definite: c M + K with the elements in
// tension, and with compressed elements while c M dominates their geometric stiffness. A zero
// pivot gives a non-finite solution, which the Newton iteration reads as divergence (and its
// caller retries the step in halves, raising c M).
#include "system/chain_partition.h"

#include <array>
#include <vector>

namespace hamdyn {

class TwistedBlockLU {
public:
  /// The zero matrix of the partition's chain; this process holds its own rows.
  void reinit(const ChainPartition& p);
  /// Entry (row, column) in the chain's numbering; rows this process does not own, and entries
  /// outside the block tridiagonal (which must stay 0), go to a scratch entry.
  double& operator()(std::size_t row, std::size_t column);
  /// Adds [t -t; -t t] at nodes (k, k + 1) (t: a 2 x 2 block, row-major), entry by entry as
  /// operator() would, the rows this process does not own left out. (A run assembles a
  /// chain's Jacobian an element at a time: by operator(), a branch and an index an entry took a
  /// tenth of a 5e4-element cable's step where its Jacobian was formed every fourth step.)
  void add_coupled(std::size_t k, const std::array<double, 4>& t);
  /// Adds v to both diagonal entries of the block of nodes (i, j), |i - j| <= 1 (a mass
  /// matrix's couplings, the same in both components), if this process owns node i's rows.
  void add_to_block_diagonal(std::size_t i, std::size_t j, double v);
  /// Factors the own rows; on a divided chain, with the other part (collective on both parts).
  void factorize();
  /// Solves A x = b: x holds b in the own rows on entry and, on return, the solution at the
  /// own nodes and at the other part's node beside the cut (collective on both parts).
  void solve(double* x) const;

private:
  using Block = std::array<double, 4>; // row-major
  // One part's elimination: nodes [begin, end) from the top or from the bottom, node i's
  // blocks in elimination order k (from the top: i = begin + k; from the bottom: i = end - 1 -
  // k): its diagonal, its coupling to the node eliminated before it and to the one after it
  // (the other part's node for the last)
  struct Part {
    Part(std::size_t first, std::size_t past, bool bottom)
        : begin(first), end(past), from_bottom(bottom) {}
    std::size_t begin, end;
    bool from_bottom;
    std::vector<Block> diagonal, before, after;
    std::vector<Block> inverse_pivot; // of the Schur block S_k
    std::vector<Block> multiplier;    // before_k S_{k-1}^{-1}
    std::vector<Block> scaled_after;  // S_k^{-1} after_k (the last's unused)
    Block last_pivot{};               // S of the last node eliminated
    std::size_t count() const { return end - begin; }
    std::size_t node(std::size_t k) const { return from_bottom ? end - 1 - k : begin + k; }
  };
  // This process's parts: its own on a divided chain; a whole chain of 4 nodes or more is
  // eliminated from both ends here, its two parts as two ranks would have them (the same
  // operations, so the same solution to the bit as on two ranks), in one pass over both: each
  // part's elimination is a chain of dependent 2 x 2 products, whose latency (not the memory)
  // bounded the solve, and two independent chains overlap. A shorter chain: one part, from the
  // top, with no cut.
  std::vector<Part> parts_;
  bool cut_ = false;                           // whether two parts meet (here, or with the partner)
  std::array<double, 16> interface_inverse_{}; // of the 4 x 4 system beside the cut
  ChainPartition p_;
  double scratch_ = 0;

  /// The block of nodes (i, j), |i - j| <= 1, of a node i this process owns: in its part's
  /// elimination order.
  Block& block(std::size_t i, std::size_t j);
};

} // namespace hamdyn
