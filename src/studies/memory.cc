#include "studies/memory.h"

#include <malloc.h>

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

} // namespace hamdyn
