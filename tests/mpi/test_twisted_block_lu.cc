// The twisted block factorization (system/twisted_block_lu.h) on 1, 2 and 3 ranks: a chain of 2 x 2
// node blocks, non-symmetric, with a weak diagonal inside each block (a point pivot would
// interchange a node's two rows) and held nodes (identity rows and columns), divided as a cable
// run divides it (system/chain_partition.h). Every rank's solution at the nodes it keeps current
// (its own and the other part's node beside the cut) is deal.II's dense LU's (LAPACKFullMatrix)
// to round-off, and both parts have the same values at the two nodes beside the cut, to the bit.
// One process holding the whole chain eliminates it from both ends as two ranks do: its solution
// is theirs to the bit (a cable run's positions are the same on 1 and 2 ranks). add_coupled
// assembles an element's block as operator() does entry by entry.
#include "system/chain_partition.h"
#include "system/twisted_block_lu.h"

#include <deal.II/base/mpi.h>
#include <deal.II/lac/lapack_full_matrix.h>
#include <deal.II/lac/vector.h>

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>
#include <vector>

namespace {
using hamdyn::ChainPartition;

// Entry (i, j) of the test matrix (the same on every rank): 0 outside the block tridiagonal;
// a node's diagonal block [[e, 3], [3, e]] + noise, e small, so that the block is well
// conditioned while its diagonal entries are not; held nodes' rows and columns identity.
struct ChainMatrix {
  std::size_t nodes;
  std::vector<double> a; // dense, row-major
  std::vector<bool> held;

  ChainMatrix(std::size_t n, unsigned seed) : nodes(n), a(4 * n * n, 0.0), held(n, false) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> entry(-1, 1);
    const std::size_t size = 2 * n;
    for (std::size_t r = 0; r < size; ++r)
      for (std::size_t c = 0; c < size; ++c) {
        const std::size_t i = r / 2, j = c / 2;
        if (j + 1 < i || j > i + 1)
          continue;
        a[r * size + c] = i != j ? 0.5 * entry(random) : r == c ? 1e-3 * entry(random) : 6.0;
      }
    held[0] = held[n / 3] = true;
    for (std::size_t i = 0; i < n; ++i)
      if (held[i])
        for (std::size_t d : {2 * i, 2 * i + 1}) {
          for (std::size_t c = 0; c < size; ++c)
            a[d * size + c] = a[c * size + d] = 0;
          a[d * size + d] = 1;
        }
  }
};

// The twisted factorization of m over p, solving b (the rows it does not hold are dropped)
std::vector<double> twisted_solution(const ChainPartition& p, const ChainMatrix& m,
                                     const dealii::Vector<double>& b) {
  const std::size_t size = 2 * m.nodes;
  hamdyn::TwistedBlockLU lu;
  lu.reinit(p);
  for (std::size_t r = 0; r < size; ++r)
    for (std::size_t c = 0; c < size; ++c)
      if (m.a[r * size + c] != 0)
        lu(r, c) += m.a[r * size + c];
  std::vector<double> x(b.begin(), b.end());
  lu.factorize();
  lu.solve(x.data());
  return x;
}

void check_solve(std::size_t n, unsigned seed) {
  const MPI_Comm comm = MPI_COMM_WORLD;
  const ChainPartition p = ChainPartition::of(n, comm);
  const ChainMatrix m(n, seed);
  const std::size_t size = 2 * n;
  dealii::LAPACKFullMatrix<double> dense(size, size);
  for (std::size_t r = 0; r < size; ++r)
    for (std::size_t c = 0; c < size; ++c)
      dense(r, c) = m.a[r * size + c];
  std::mt19937 random(seed + 1);
  std::uniform_real_distribution<double> entry(-1, 1);
  dealii::Vector<double> b(size);
  for (double& v : b)
    v = entry(random);
  const std::vector<double> x = twisted_solution(p, m, b);
  // the whole chain on this process: the same numbers at the nodes the part keeps current
  const std::vector<double> whole = twisted_solution(ChainPartition::whole(n), m, b);
  for (std::size_t i = p.current_begin(); i < p.current_end(); ++i)
    for (std::size_t d : {2 * i, 2 * i + 1})
      EXPECT_EQ(whole[d], x[d]) << "node " << i << " of " << n;
  dense.compute_lu_factorization();
  dense.solve(b);
  double size_of_x = 0;
  for (double v : b)
    size_of_x = std::max(size_of_x, std::abs(v));
  for (std::size_t i = p.current_begin(); i < p.current_end(); ++i)
    for (std::size_t d : {2 * i, 2 * i + 1})
      EXPECT_NEAR(x[d], b[d], 1e-12 * size_of_x) << "node " << i << " of " << n;
  if (p.partner >= 0) { // the cut's two nodes: one rank's values are the other's, bit for bit
    const std::size_t cut = p.from_bottom() ? p.begin : p.end;
    double mine[4] = {x[2 * cut - 2], x[2 * cut - 1], x[2 * cut], x[2 * cut + 1]}, theirs[4];
    MPI_Sendrecv(mine, 4, MPI_DOUBLE, p.partner, 1, theirs, 4, MPI_DOUBLE, p.partner, 1, comm,
                 MPI_STATUS_IGNORE);
    for (int e = 0; e < 4; ++e)
      EXPECT_EQ(mine[e], theirs[e]);
  }
}

TEST(TwistedBlockLU, SolvesLikeTheDenseLU) {
  for (const std::size_t n : {2, 3, 4, 5, 9, 40})
    for (unsigned seed : {1u, 2u, 3u})
      check_solve(n, seed);
}

TEST(TwistedBlockLU, AddsAnElementsBlockAsEntryByEntry) {
  // a chain of 9 nodes: element k's block t_k as [t -t; -t t] at nodes (k, k + 1), a coupling
  // v I between them, and a diagonal that keeps it regular; once by add_coupled and
  // add_to_block_diagonal, once by operator()
  const ChainPartition p = ChainPartition::of(9, MPI_COMM_WORLD);
  std::mt19937 random(7);
  std::uniform_real_distribution<double> entry(-1, 1);
  std::vector<std::array<double, 4>> blocks(8);
  for (auto& t : blocks)
    for (double& v : t)
      v = entry(random);
  hamdyn::TwistedBlockLU by_blocks, by_entries;
  for (auto* lu : {&by_blocks, &by_entries}) {
    lu->reinit(p);
    for (std::size_t d = 0; d < 18; ++d)
      (*lu)(d, d) += 10.0 + d;
  }
  for (std::size_t k = 0; k < 8; ++k) {
    // a mass-like coupling, the same in both components
    by_blocks.add_to_block_diagonal(k, k + 1, 0.25 + 0.01 * k);
    by_blocks.add_to_block_diagonal(k + 1, k, 0.25 + 0.01 * k);
    for (std::size_t c = 0; c < 2; ++c) {
      by_entries(2 * k + c, 2 * (k + 1) + c) += 0.25 + 0.01 * k;
      by_entries(2 * (k + 1) + c, 2 * k + c) += 0.25 + 0.01 * k;
    }
    by_blocks.add_coupled(k, blocks[k]);
    for (std::size_t r = 0; r < 2; ++r)
      for (std::size_t c = 0; c < 2; ++c) {
        const double g = blocks[k][2 * r + c];
        by_entries(2 * k + r, 2 * k + c) += g;
        by_entries(2 * k + r, 2 * (k + 1) + c) -= g;
        by_entries(2 * (k + 1) + r, 2 * k + c) -= g;
        by_entries(2 * (k + 1) + r, 2 * (k + 1) + c) += g;
      }
  }
  std::vector<double> x(18), y(18);
  for (std::size_t d = 0; d < 18; ++d)
    x[d] = y[d] = entry(random);
  by_blocks.factorize();
  by_blocks.solve(x.data());
  by_entries.factorize();
  by_entries.solve(y.data());
  for (std::size_t i = p.current_begin(); i < p.current_end(); ++i)
    for (std::size_t d : {2 * i, 2 * i + 1})
      EXPECT_EQ(x[d], y[d]) << "entry " << d;
}

TEST(ChainPartition, DividesBetweenTheFirstAndLastRank) {
  const MPI_Comm comm = MPI_COMM_WORLD;
  const unsigned ranks = dealii::Utilities::MPI::n_mpi_processes(comm),
                 rank = dealii::Utilities::MPI::this_mpi_process(comm);
  const ChainPartition p = ChainPartition::of(11, comm);
  // every node owned once
  std::vector<double> owners(11, 0.0);
  for (std::size_t i = 0; i < 11; ++i)
    owners[i] = p.owns(i) ? 1 : 0;
  if (ranks > 1)
    MPI_Allreduce(MPI_IN_PLACE, owners.data(), 11, MPI_DOUBLE, MPI_SUM, comm);
  for (double o : owners)
    EXPECT_EQ(o, 1.0);
  if (ranks == 1)
    EXPECT_FALSE(p.distributed);
  else if (rank == 0)
    EXPECT_EQ(p.end, 5u);
  else if (rank == ranks - 1)
    EXPECT_EQ(p.begin, 5u);
  else
    EXPECT_EQ(p.begin, p.end);
  // a chain too short to divide is every rank's whole
  EXPECT_FALSE(ChainPartition::of(3, comm).distributed);
}

} // namespace
