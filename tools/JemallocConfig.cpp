//===- JemallocConfig.cpp - How the tool's jemalloc gives memory back -----===//
//
// Compiled into the tool only when it links jemalloc (tools/CMakeLists.txt).
// jemalloc keeps freed pages for 10 s by default before it returns them,
// longer than a whole check runs: the ops the lowering frees (and the
// parse's temporaries) then stay in the peak. Returning them after 50 ms
// lowers the peak RSS of a 100k-op check by 5-10% at no measured cost on
// small inputs (returning at once cost up to 20% there).
//
// Its memory, metadata included, is asked for as huge pages (2 MB) where
// the system gives them (transparent huge pages in `madvise` or `always`
// mode): a check of 100k ops touches 70 MB, 18,000 pages of 4 KB, and on
// this project's 2-core VMs each first touch of one costs about 10 us, a
// third of the check's time. With huge pages a 100k-op check took 25-35%
// less wall time, for 15-30% more peak RSS (a huge page is resident
// whole). One arena for every thread (not four per core) keeps that extra
// to one set of partly used huge pages: 90 MB, not 100 MB, on the
// transformer reference file (bench/README.md, stop 71). MALLOC_CONF in
// the environment still overrides any of it.
//
// Huge pages pay while the heap grows: the parse and the lowering. A big
// function's judging then reuses what the lowering freed, and partly used
// huge pages hold its peak (4-5 MB on the 200k-op transformer file): from
// a big function's records to the end of the analysis, new pages are 4 KB
// ones (beforeBigRecord).
//
// Blocks of opt.oversize_threshold (8 MB) and more come from an arena of
// their own, which returns freed pages at once whatever the setting above
// (jemalloc sets its decay to 0). keepLargeBlocks lets it keep them while
// the judge makes and drops Z3 contexts, and has the pages of a context's
// tables faulted in as huge pages before Z3 writes them 4 KB at a time
// (faultInContextTables).
//
//===----------------------------------------------------------------------===//

#include "Allocator.h"

#include "symshape/frontend/Lowering.h"
#include "symshape/solver/Smt.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/types.h>

extern "C" {
// NOLINTNEXTLINE: the name and type jemalloc reads at start-up.
const char *malloc_conf =
    "dirty_decay_ms:50,thp:always,metadata_thp:always,narenas:1";
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

namespace {

/// The arena of the blocks of opt.oversize_threshold bytes and more (made
/// by the first of them), if there is one: found by allocating one.
std::optional<unsigned> findOversizeArena() {
  size_t threshold = 0;
  size_t size = sizeof threshold;
  if (mallctl("opt.oversize_threshold", &threshold, &size, nullptr, 0) != 0 ||
      threshold == 0)
    return std::nullopt;
  // volatile: the compiler may not drop an allocation it sees freed.
  void *volatile block = std::malloc(threshold);
  if (!block)
    return std::nullopt;
  void *looked = block;
  unsigned arena = 0;
  size = sizeof arena;
  int status = mallctl("arenas.lookup", &arena, &size, &looked, sizeof looked);
  std::free(block);
  if (status != 0)
    return std::nullopt;
  return arena;
}

/// findOversizeArena's answer, found once.
const std::optional<unsigned> &oversizeArena() {
  static const std::optional<unsigned> arena = findOversizeArena();
  return arena;
}

/// Gives the freed pages of every arena but the oversize one back to the
/// system: what keepLargeBlocks keeps there stays.
void returnFreedPages() {
  const std::optional<unsigned> &oversize = oversizeArena();
  unsigned arenas = 0;
  size_t size = sizeof arenas;
  if (mallctl("arenas.narenas", &arenas, &size, nullptr, 0) != 0)
    return;
  for (unsigned arena = 0; arena < arenas; ++arena)
    if (arena != oversize)
      mallctl(("arena." + std::to_string(arena) + ".purge").c_str(), nullptr,
              nullptr, nullptr, 0);
}

/// Set from a big function's records to the end of the analysis: the
/// kernel gives this process no new huge page meanwhile.
std::atomic<bool> smallPages{false};

/// Whether the kernel may give this process new huge pages (transparent
/// huge pages, system-wide in `madvise` or `always` mode). Pages already
/// huge stay so.
void allowHugePages(bool allow) {
#ifdef PR_SET_THP_DISABLE // Linux 3.15
  prctl(PR_SET_THP_DISABLE, allow ? 0 : 1, 0, 0, 0);
#else
  (void)allow;
#endif
}

/// Before a big function's records are made: the pages freed so far go
/// back, and new pages are small ones until the analysis ends.
void beforeBigRecord() {
  returnFreedPages();
  smallPages = true;
  allowHugePages(false);
}

/// What a Z3 4.8 context allocates first: two tables of 8.1 MB, each
/// filled with one write per 16 bytes.
constexpr size_t kContextTables = 2, kContextTableBytes = 0x820000 + 64;
/// A huge page: where the blocks start, so that all but their last 0.2 MB
/// take whole ones (and that last part small ones: a huge page there would
/// hold 1.9 MB that nothing uses).
constexpr size_t kHugePage = size_t(2) << 20;

/// Faults in, as huge pages where the system gives them, the blocks the
/// next Z3 context's tables will take, and frees them for it: while
/// keepLargeBlocks(true) holds, the oversize arena keeps them and the
/// context's tables get them back. On this project's 2-core VMs a 4 KB
/// page fault costs about 11 us, so the tables' 4,500 faults made the
/// first context of a process take 45-55 ms; with 2 MB pages it takes
/// 5 ms. The block is touched whole, as Z3 would: no page is added. (A
/// Z3 whose tables are of another size class leaves the two blocks
/// unused in the arena, 16 MB, until the session ends.)
void faultInContextTables() {
  if (smallPages) // the tables are written whole: huge pages waste nothing
    allowHugePages(true);
  // The tables come from the oversize arena: the pages the others hold
  // freed (a big function's lowering) would not take them, and would add
  // to them in the peak.
  returnFreedPages();
  void *blocks[kContextTables] = {};
  for (void *&block : blocks) {
    // posix_memalign: aligned_alloc wants a size the alignment divides.
    if (posix_memalign(&block, kHugePage, kContextTableBytes) != 0) {
      block = nullptr;
      break;
    }
    // The whole pages inside the block (advice on a page beyond it could
    // change another block's).
    constexpr uintptr_t kPage = 4096;
    const auto begin = reinterpret_cast<uintptr_t>(block);
    const uintptr_t first = (begin + kPage - 1) & ~(kPage - 1);
    const uintptr_t last = (begin + kContextTableBytes) & ~(kPage - 1);
    const uintptr_t wholeEnd = (begin + kContextTableBytes) & ~(kHugePage - 1);
#ifdef MADV_HUGEPAGE // Linux
    if (wholeEnd > first)
      madvise(reinterpret_cast<void *>(first), wholeEnd - first, MADV_HUGEPAGE);
    if (last > wholeEnd) // jemalloc advised the whole block huge
      madvise(reinterpret_cast<void *>(wholeEnd), last - wholeEnd,
              MADV_NOHUGEPAGE);
#endif
    volatile char *bytes = static_cast<char *>(block);
    for (size_t at = 0; at < kContextTableBytes; at += kPage)
      bytes[at] = 0;
  }
  for (void *block : blocks)
    std::free(block);
  if (smallPages)
    allowHugePages(false);
}

} // namespace

void keepLargeBlocks(bool keep) {
  if (!keep && smallPages.exchange(false)) // the analysis is over
    allowHugePages(true);
  const std::optional<unsigned> &arena = oversizeArena();
  // The arena's own decay (0 unless MALLOC_CONF set the default to -1 or
  // 0), put back afterwards.
  static ssize_t own = 0;
  if (!arena)
    return;
  const std::string prefix = "arena." + std::to_string(*arena) + ".";
  const std::string decay = prefix + "dirty_decay_ms";
  if (keep) {
    ssize_t never = -1;
    size_t size = sizeof own;
    mallctl(decay.c_str(), &own, &size, &never, sizeof never);
    solver::setBeforeNewContext(&faultInContextTables);
    return;
  }
  solver::setBeforeNewContext(nullptr);
  mallctl(decay.c_str(), nullptr, nullptr, &own, sizeof own);
  if (own != -1)
    mallctl((prefix + "purge").c_str(), nullptr, nullptr, nullptr, 0);
}

void returnFreedPagesAtBigRecords(bool on) {
  frontend::setBeforeBigRecord(on ? &beforeBigRecord : nullptr);
}

} // namespace symshape::tool
