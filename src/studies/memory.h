#pragma once
// How freed memory is handled: handed back to the system (one large case, whose set-up peak
// matters) or kept for reuse (a batch of many members, where handing it back costs every member
// its page faults again).

#include "core/case_parameters.h"

#include <mpi.h>

namespace hamdyn {

/// Call after MPI_Init: Open MPI's memory hooks switch off glibc's mmap for large blocks, so
/// freed vectors, matrices and factors would stay resident and add up to the peak. This restores
/// mmap for blocks of 256 KiB and more, which then go back to the system when freed.
void release_freed_memory();

/// For a batch: large blocks come from the heap and freed memory stays there for the next
/// member (mmap'ed blocks would be unmapped at every free, each unmap a TLB shootdown across
/// the process's threads), and trim_freed_memory does nothing.
void keep_freed_memory();

/// Returns freed heap memory to the system (malloc_trim) unless keep_freed_memory was called.
void trim_freed_memory();

/// Throws InputError naming `parameter` = `value` when `bytes` (the whole job's estimate for
/// `what`, held 1/P by each rank) exceed 0.8 x the memory this node has available (MemAvailable,
/// or the job's cgroup memory.max when smaller, shared by the ranks on the node): refused up
/// front instead of ending in std::bad_alloc or the kernel's OOM killer. The environment
/// variable HAMDYN_IGNORE_MEMORY_ESTIMATE=1 skips the check. Collective.
void refuse_beyond_memory(const std::string& parameter, const std::string& value, double bytes,
                          const std::string& what, MPI_Comm comm);

/// Whether `bytes` (the whole job's, held 1/P by each rank) fit comfortably (half of what this
/// node has available: the study's other data comes on top): for a study that can choose a
/// faster method that takes more memory. Collective.
bool fits_in_memory(double bytes, MPI_Comm comm);

/// The unknowns of the case's line model with `n_elements` elements.
double dof_count(const CaseParameters& c, double n_elements);

/// refuse_beyond_memory for the case's mesh (naming Discretization/Elements). Collective.
void check_memory(const CaseParameters& c, MPI_Comm comm);

} // namespace hamdyn
