#include "studies/memory.h"

#include "core/input_error.h"

#include <deal.II/base/mpi.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <malloc.h>
#include <string>
#include <utility>

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
  double available = 0;
  while (meminfo >> name >> kilobytes >> unit)
    if (name == "MemAvailable:")
      available = kilobytes * 1024;
  // A job's cgroup (Slurm, a container) may allow less than the node has: cgroup v2's
  // memory.max, "max" when unlimited.
  std::ifstream limit("/sys/fs/cgroup/memory.max");
  double cgroup = 0;
  if (limit >> cgroup && cgroup > 0 && (available == 0 || cgroup < available))
    available = cgroup;
  return available;
}

std::string gigabytes(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g GB", bytes / 1e9);
  return text;
}
} // namespace

namespace {
// This node's share of `bytes` (the ranks here hold ranks_here / P of it) and the memory
// available to it (0 when unknown). Collective.
std::pair<double, double> node_share(double bytes, MPI_Comm comm) {
  MPI_Comm node;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  const double ranks_here = dealii::Utilities::MPI::n_mpi_processes(node);
  MPI_Comm_free(&node);
  const double ranks = dealii::Utilities::MPI::n_mpi_processes(comm);
  return {bytes * ranks_here / ranks, dealii::Utilities::MPI::min(available_bytes(), comm)};
}
} // namespace

void refuse_beyond_memory(const std::string& parameter, const std::string& value, double bytes,
                          const std::string& what, MPI_Comm comm) {
  // The ranks on this node share its memory; each holds about 1/P of the case.
  const auto [here, available] = node_share(bytes, comm);
  const char* ignore = std::getenv("HAMDYN_IGNORE_MEMORY_ESTIMATE");
  if (ignore != nullptr && std::string(ignore) == "1")
    return;
  if (available > 0 && here > 0.8 * available)
    throw InputError(parameter, value,
                     "needs about " + gigabytes(bytes) + " (" + gigabytes(here) +
                         " on this node) for " + what + ", more than 0.8 x the " +
                         gigabytes(available) +
                         " available (HAMDYN_IGNORE_MEMORY_ESTIMATE=1 runs it anyway)");
}

bool fits_in_memory(double bytes, MPI_Comm comm) {
  const auto [here, available] = node_share(bytes, comm);
  return available == 0 || here <= 0.5 * available;
}

double dof_count(const CaseParameters& c, double n_elements) {
  const double components = c.model_type == ModelType::string ? 1 : 2;
  const double degree = c.model_type == ModelType::euler_bernoulli_beam ? 1 : c.degree;
  return components * (n_elements * degree + 1);
}

void check_memory(const CaseParameters& c, MPI_Comm comm) {
  // Measured peaks (resident set, 1 rank): `run` of a P1 string at 10^6 DoFs 1.17 GB, `modes`
  // (SLEPc with MUMPS) at 2.5 10^5 DoFs 0.39 GB: about 1.6 kB per DoF covers both.
  constexpr double bytes_per_dof = 1600;
  const double dofs = dof_count(c, double(c.n_elements));
  refuse_beyond_memory("Discretization/Elements", std::to_string(c.n_elements),
                       bytes_per_dof * dofs,
                       std::to_string(static_cast<unsigned long long>(dofs)) + " DoFs", comm);
}

} // namespace hamdyn
