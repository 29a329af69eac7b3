//===- Allocator.h - Preparing the tool's allocator for a memory cap ------===//
//
// Part of symshape. The tool's allocator is jemalloc where the build found
// it (tools/CMakeLists.txt), else the C library's malloc.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TOOL_ALLOCATOR_H
#define SYMSHAPE_TOOL_ALLOCATOR_H

namespace symshape::tool {

/// Sets up, while memory is still free, what the allocator would otherwise
/// create on first use and could not create under --memory-limit-mb. Call
/// before the limit is set. jemalloc gives a new thread one of its arenas,
/// creating the arena on first use; when that creation fails (the address
/// space is capped), jemalloc 5.3 goes on with no arena and the thread
/// crashes in its first malloc instead of getting nullptr or bad_alloc.
/// With every arena created first, a thread only ever picks an existing
/// one. Each costs about 2 MB of address space (counted by the cap); the
/// tool asks for one (JemallocConfig.cpp), jemalloc's default is 4 per
/// core. Nothing to do with the C library's malloc.
void prepareAllocatorForLimit();

/// Whether the blocks of 8 MB and more that are freed stay for the next
/// ones (`keep`), or are handled as before the last `keep` (jemalloc's
/// default: they go back to the system at once). Each Z3 context holds two
/// tables of 8 MB (in blocks of 10): made afresh, their pages fault in
/// again, 8 of the 9 ms a context costs to make, and a session makes one
/// per lane and per function judged alone. While they are kept, a Z3
/// context made when more are alive at once than before in that time has
/// its tables' blocks faulted in first, as huge pages (2 MB), and takes
/// them: 5 ms, where its 4,500 small page faults cost 45-55 ms on this
/// project's VMs. Nothing to do with the C library's malloc, which keeps
/// them.
void keepLargeBlocks(bool keep);

/// Whether the pages freed and not yet given back to the system are given
/// back at once when a big function has been lowered, before its values
/// are recorded (frontend::setBeforeBigRecord): the peak RSS of a check
/// of 200k ops. jemalloc gives them back 50 ms after they are freed
/// (JemallocConfig.cpp), and by then a big lowering has freed the blocks
/// of ops it read, and the smaller tables its own grew out of, which
/// nothing of the same size takes again. From then on to the next
/// keepLargeBlocks(false), the end of the analysis, new pages are small
/// ones: the judge reuses what the lowering freed, and partly used huge
/// pages would hold its peak. Nothing to do with the C library's malloc.
void returnFreedPagesAtBigRecords(bool on);

} // namespace symshape::tool

#endif // SYMSHAPE_TOOL_ALLOCATOR_H
