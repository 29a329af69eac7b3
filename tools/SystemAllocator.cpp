//===- SystemAllocator.cpp - The tool on the C library's malloc -----------===//
//
// Compiled into the tool when it does not link jemalloc
// (tools/CMakeLists.txt): malloc creates nothing on first use that a
// memory cap could make fail.
//
//===----------------------------------------------------------------------===//

#include "Allocator.h"

namespace symshape::tool {

void prepareAllocatorForLimit() {}

void keepLargeBlocks(bool) {}

void returnFreedPagesAtBigRecords(bool) {}

} // namespace symshape::tool
