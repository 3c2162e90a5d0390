#pragma once
// Which nodes of a chain (a cable's line of n nodes, block-tridiagonal in its 2 x 2 node blocks)
// a process steps. On one rank, or for a chain too short to divide, every rank holds the whole
// chain (replicated, as the small systems are). On two or more ranks the chain is divided at its
// middle node between the first rank (nodes [0, m), eliminated from the top) and the last
// (nodes [m, n), from the bottom), which meet in a 4 x 4 system of the two nodes beside the cut:
// the twisted factorization (system/twisted_block_lu.h). Ranks between them hold no nodes: a
// two-ended elimination divides a chain in two parts only, and a third part's elimination would
// carry fill from both of its ends (spikes) to be worth it.
#include <mpi.h>

#include <cstddef>

namespace hamdyn {

struct ChainPartition {
  std::size_t n = 0;              // the chain's nodes
  std::size_t begin = 0, end = 0; // the nodes whose rows this process owns
  int partner = -1;               // the other part's rank (-1: the chain is not divided)
  bool distributed = false;       // whether the ranks hold parts (sums and maxima are reduced)
  MPI_Comm comm = MPI_COMM_SELF;

  /// The fewest nodes a chain is divided with, and the node it is cut at (the second part's
  /// first).
  static constexpr std::size_t shortest_divided = 4;
  static std::size_t middle(std::size_t n) { return n / 2; }
  /// The whole chain on this process (as every rank holds it when not divided).
  static ChainPartition whole(std::size_t n);
  /// The division of n nodes over `comm`'s ranks, as above (whole below 4 nodes or on one rank).
  static ChainPartition of(std::size_t n, MPI_Comm comm);

  /// Whether this process owns node i's rows.
  bool owns(std::size_t i) const { return begin <= i && i < end; }
  /// Whether this process eliminates its nodes from the bottom (the chain's second part).
  bool from_bottom() const { return partner >= 0 && begin > 0; }
  /// The nodes this process keeps current: its own and the other part's node beside the cut
  /// (the interface solve gives both parts both nodes); a step's residual reads one node past
  /// its rows.
  std::size_t current_begin() const { return from_bottom() ? begin - 1 : begin; }
  std::size_t current_end() const { return partner >= 0 && !from_bottom() ? end + 1 : end; }
  /// The elements whose forces reach this process's rows: [first_element(), last_element()).
  std::size_t first_element() const { return current_begin(); }
  std::size_t last_element() const { return end < n ? end : (n > 0 ? n - 1 : 0); }
  /// The elements this process counts in sums (each element once): the one across the cut is
  /// the first part's.
  std::size_t first_counted_element() const { return begin; }
};

/// Every rank gets the owners' values of `pairs`, two numbers a node (a no-op when the chain is
/// not divided).
void gather_node_pairs(const ChainPartition& p, double* pairs);

/// The sum over the ranks of each value (in place; a no-op when the chain is not divided).
void sum_over_parts(const ChainPartition& p, double* values, int count);

/// The largest over the ranks of each value (in place; a no-op when the chain is not divided).
void max_over_parts(const ChainPartition& p, double* values, int count);

} // namespace hamdyn
