#include "studies/memory.h"

#include <malloc.h>

namespace hamdyn {

void release_freed_memory() {
  mallopt(M_MMAP_MAX, 65536);
  mallopt(M_MMAP_THRESHOLD, 1 << 18);
}

} // namespace hamdyn
