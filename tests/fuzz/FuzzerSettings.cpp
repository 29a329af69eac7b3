//===- FuzzerSettings.cpp - ASan's settings for both fuzzers --------------===//
//
// Linked into symshape_fuzz_text and symshape_fuzz_programs (never into
// anything else): ASan's defaults for them, and the malloc hook installed
// when libFuzzer starts. Both make Z3 contexts and allocate mostly Z3's
// memory; the text fuzzer's 700 runs from the CI seeds took 54-58 s with
// ASan's own defaults, 45-48 s with these.
//
//===----------------------------------------------------------------------===//

#include <cstdint>

#include <sanitizer/allocator_interface.h>
#include <sys/mman.h>

namespace {

/// ASan's malloc hook: the huge pages (2 MB) wholly inside a block of
/// 4 MB or more are advised as such before the block's owner writes it
/// (the system gives them on advice in THP's default `madvise` mode).
/// Such blocks are Z3's: each context made allocates two tables of
/// 8.1 MB and fills them. ASan maps every block over 128 KB afresh and
/// unmaps it once freed, so their 4,200 pages of 4 KB fault in again for
/// every context, 11 us each on this project's 2-core VMs (the tool's
/// allocator keeps the blocks: tools/Allocator.h). Only the pages wholly
/// inside the block are advised: no other block shares them.
void adviseHugePages(const volatile void *block, size_t size) {
  constexpr uintptr_t kHuge = uintptr_t(2) << 20;
  if (size < 2 * kHuge)
    return;
  const auto begin = reinterpret_cast<uintptr_t>(block);
  const uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1);
  const uintptr_t last = (begin + size) & ~(kHuge - 1);
  if (last > first)
    madvise(reinterpret_cast<void *>(first), last - first, MADV_HUGEPAGE);
}

/// ASan installs a malloc hook only with a free hook beside it.
void noFreeHook(const volatile void *) {}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  __sanitizer_install_malloc_and_free_hooks(&adviseHugePages, &noFreeHook);
  return 0;
}

/// ASan's defaults for the fuzzers (ASAN_OPTIONS still overrides them).
/// Most of its allocations are Z3's, and ASan recorded the stack of each
/// (the stack depot and the unwinding: 8% of an execution) and filled
/// each with 0xbe (3%): 13% less CPU over the same 1,000 inputs. Neither
/// finds a bug: an error is still caught where it happens; its report
/// only lacks the stack where the memory was allocated, which
/// `symshape_fuzz_replay --text|--programs` (built with ASan's defaults)
/// prints.
///
/// The quarantine, where freed memory waits before it is used again (so
/// that a use after the free is caught), holds 32 MB, not 256: an
/// execution frees 7 to 8 MB on average (ASan's print_stats from the CI
/// seeds: the program fuzzer 2,308 MB over 300 runs, the text fuzzer
/// 2,748 MB over 400), so a use after a free in the same execution, or
/// in the next three, is still caught. Cycling 256 MB through the caches
/// cost ASan's allocator a fifth of the time: the program fuzzer's 800
/// runs from the CI seeds, median 20 s, 17 s with 32 MB
/// (bench/README.md, stop 72).
///
/// strcmp's arguments are not checked (intercept_strcmp=0): of what a
/// fuzzer links, only Z3 and the C++ runtime call it, and libz3 does in
/// every assert and check. ASan's check of both strings on each call took
/// 3% of the program fuzzer's time over the 410 inputs of a minute's
/// corpus (libFuzzer's hook on strcmp, 4% more, still runs).
extern "C" const char *__asan_default_options() {
  return "malloc_context_size=0:max_malloc_fill_size=0:quarantine_size_mb=32:"
         "intercept_strcmp=0";
}
