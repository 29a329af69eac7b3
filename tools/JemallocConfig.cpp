//===- JemallocConfig.cpp - How the tool's jemalloc gives memory back -----===//
//
// Compiled into the tool only when it links jemalloc (tools/CMakeLists.txt).
// jemalloc keeps freed pages for 10 s by default before it returns them,
// longer than a whole check runs: the ops the lowering frees (and the
// parse's temporaries) then stay in the peak. Returning them after 50 ms
// lowers the peak RSS of a 100k-op check by 5-10% at no measured cost on
// small inputs (returning at once cost up to 20% there). MALLOC_CONF in
// the environment still overrides it.
//
//===----------------------------------------------------------------------===//

#include "Allocator.h"

#include <cstddef>

extern "C" {
// NOLINTNEXTLINE: the name and type jemalloc reads at start-up.
const char *malloc_conf = "dirty_decay_ms:50";
// jemalloc's control interface (declared here: the build needs only the
// library, not its header).
int mallctl(const char *name, void *oldValue, size_t *oldSize, void *newValue,
            size_t newSize);
}

namespace symshape::tool {

void prepareAllocatorForLimit() {
  unsigned arenas = 0;
  size_t size = sizeof arenas;
  if (mallctl("arenas.narenas", &arenas, &size, nullptr, 0) != 0)
    return;
  unsigned own = 0;
  size = sizeof own;
  if (mallctl("thread.arena", &own, &size, nullptr, 0) != 0)
    return;
  // Binding this thread to an arena creates it; then back to its own.
  for (unsigned index = 0; index < arenas; ++index)
    mallctl("thread.arena", nullptr, nullptr, &index, sizeof index);
  mallctl("thread.arena", nullptr, nullptr, &own, sizeof own);
}

} // namespace symshape::tool
