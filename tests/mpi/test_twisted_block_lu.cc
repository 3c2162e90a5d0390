// The twisted block factorization (system/twisted_block_lu.h) on 1, 2 and 3 ranks: a chain of 2 x 2
// node blocks, non-symmetric, with a weak diagonal inside each block (a point pivot would
// interchange a node's two rows) and held nodes (identity rows and columns), divided as a cable
// run divides it (system/chain_partition.h). Every rank's solution at the nodes it keeps current
// (its own and the other part's node beside the cut) is deal.II's dense LU's (LAPACKFullMatrix)
// to round-off, and both parts have the same values at the two nodes beside the cut, to the bit.
#include "system/chain_partition.h"
#include "system/twisted_block_lu.h"

#include <deal.II/base/mpi.h>
#include <deal.II/lac/lapack_full_matrix.h>
#include <deal.II/lac/vector.h>

#include <gtest/gtest.h>

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

void check_solve(std::size_t n, unsigned seed) {
  const MPI_Comm comm = MPI_COMM_WORLD;
  const ChainPartition p = ChainPartition::of(n, comm);
  const ChainMatrix m(n, seed);
  const std::size_t size = 2 * n;
  hamdyn::TwistedBlockLU lu;
  lu.reinit(p);
  dealii::LAPACKFullMatrix<double> dense(size, size);
  for (std::size_t r = 0; r < size; ++r)
    for (std::size_t c = 0; c < size; ++c) {
      dense(r, c) = m.a[r * size + c];
      if (m.a[r * size + c] != 0)
        lu(r, c) += m.a[r * size + c]; // the rows it does not hold are dropped
    }
  std::mt19937 random(seed + 1);
  std::uniform_real_distribution<double> entry(-1, 1);
  dealii::Vector<double> b(size);
  for (double& v : b)
    v = entry(random);
  std::vector<double> x(b.begin(), b.end());
  lu.factorize();
  lu.solve(x.data());
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
  for (const std::size_t n : {4, 5, 9, 40})
    for (unsigned seed : {1u, 2u, 3u})
      check_solve(n, seed);
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
