#include "system/chain_partition.h"

#include <deal.II/base/mpi.h>

#include <vector>

namespace hamdyn {

ChainPartition ChainPartition::whole(std::size_t n) {
  ChainPartition p;
  p.n = n;
  p.end = n;
  return p;
}

ChainPartition ChainPartition::of(std::size_t n, MPI_Comm comm) {
  ChainPartition p = whole(n);
  p.comm = comm;
  const unsigned ranks = dealii::Utilities::MPI::n_mpi_processes(comm);
  if (ranks == 1 || n < shortest_divided)
    return p;
  const unsigned rank = dealii::Utilities::MPI::this_mpi_process(comm);
  const std::size_t middle = ChainPartition::middle(n);
  p.distributed = true;
  if (rank == 0) {
    p.end = middle;
    p.partner = int(ranks - 1);
  } else if (rank == ranks - 1) {
    p.begin = middle;
    p.partner = 0;
  } else
    p.end = 0; // holds no nodes
  return p;
}

void gather_node_pairs(const ChainPartition& p, double* pairs) {
  if (!p.distributed)
    return;
  const int ranks = int(dealii::Utilities::MPI::n_mpi_processes(p.comm));
  // each rank's share (2 numbers a node) and where it starts
  const int mine[2] = {int(2 * p.begin), int(2 * (p.end - p.begin))};
  std::vector<int> shares(2 * ranks);
  MPI_Allgather(mine, 2, MPI_INT, shares.data(), 2, MPI_INT, p.comm);
  std::vector<int> displacements(ranks), counts(ranks);
  for (int r = 0; r < ranks; ++r) {
    displacements[r] = shares[2 * r];
    counts[r] = shares[2 * r + 1];
  }
  MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, pairs, counts.data(), displacements.data(),
                 MPI_DOUBLE, p.comm);
}

void sum_over_parts(const ChainPartition& p, double* values, int count) {
  if (p.distributed)
    MPI_Allreduce(MPI_IN_PLACE, values, count, MPI_DOUBLE, MPI_SUM, p.comm);
}

void max_over_parts(const ChainPartition& p, double* values, int count) {
  if (p.distributed)
    MPI_Allreduce(MPI_IN_PLACE, values, count, MPI_DOUBLE, MPI_MAX, p.comm);
}

} // namespace hamdyn
