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

extern "C" {
// NOLINTNEXTLINE: the name and type jemalloc reads at start-up.
const char *malloc_conf = "dirty_decay_ms:50";
}
