#include "studies/memory.h"

#include "core/input_error.h"

#include <deal.II/base/mpi.h>

#include <cstdio>
#include <fstream>
#include <malloc.h>
#include <string>

namespace hamdyn {

namespace {
bool keep = false;
}

void release_freed_memory() {
  keep = false;
  mallopt(M_MMAP_MAX, 65536);
  mallopt(M_MMAP_THRESHOLD, 1 << 18);
}

void keep_freed_memory() {
  keep = true;
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
}

void trim_freed_memory() {
  if (!keep)
    malloc_trim(0);
}

namespace {
// Bytes of the node's MemAvailable (/proc/meminfo), or 0 when unknown.
double available_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string name;
  double kilobytes = 0;
  std::string unit;
  while (meminfo >> name >> kilobytes >> unit)
    if (name == "MemAvailable:")
      return kilobytes * 1024;
  return 0;
}

std::string gigabytes(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g GB", bytes / 1e9);
  return text;
}
} // namespace

void check_memory(const CaseParameters& c, MPI_Comm comm) {
  // Measured peaks (resident set, 1 rank): `run` of a P1 string at 10^6 DoFs 1.17 GB, `modes`
  // (SLEPc with MUMPS) at 2.5 10^5 DoFs 0.39 GB: about 1.6 kB per DoF covers both.
  constexpr double bytes_per_dof = 1600;
  const double components = c.model_type == ModelType::string ? 1 : 2;
  const double degree = c.model_type == ModelType::euler_bernoulli_beam ? 1 : c.degree;
  const double dofs = components * (double(c.n_elements) * degree + 1);
  const double needed = bytes_per_dof * dofs;
  // The ranks on this node share its memory; each holds about 1/P of the case.
  MPI_Comm node;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  const double ranks_here = dealii::Utilities::MPI::n_mpi_processes(node);
  MPI_Comm_free(&node);
  const double ranks = dealii::Utilities::MPI::n_mpi_processes(comm);
  const double needed_here = needed * ranks_here / ranks;
  const double available = dealii::Utilities::MPI::min(available_bytes(), comm);
  if (available > 0 && needed_here > available)
    throw InputError(
        "Discretization/Elements", std::to_string(c.n_elements),
        "needs about " + gigabytes(needed) + " (" + gigabytes(needed_here) + " on this node) for " +
            std::to_string(static_cast<unsigned long long>(dofs)) + " DoFs, more than the " +
            gigabytes(available) + " available; expected fewer elements or more nodes");
}

} // namespace hamdyn
