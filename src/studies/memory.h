#pragma once

namespace hamdyn {

/// Call after MPI_Init: Open MPI's memory hooks switch off glibc's mmap for large blocks, so
/// freed vectors, matrices and factors would stay resident and add up to the peak. This restores
/// mmap for blocks of 256 KiB and more, which then go back to the system when freed.
void release_freed_memory();

} // namespace hamdyn
