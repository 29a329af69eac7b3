//===- Targets.h - What the fuzzers and the replay test run -----*- C++ -*-===//
//
// Two entry points over the library, shared by the libFuzzer binaries
// (FuzzText.cpp, FuzzPrograms.cpp) and the regression replay test
// (ReplayTest.cpp), so a saved crash replays exactly as it was found:
//
//   fuzzText      bytes are an MLIR file (and, after a NUL byte, an
//                 --assume expression): parse, analyse, report.
//   fuzzPrograms  bytes drive ProgramGenerator; the program must parse and
//                 lower, and its analysis must be internally consistent.
//
// A broken invariant prints what broke and the input, then aborts (the
// fuzzer saves the input; the replay test fails).
//
// The solver is bounded by Z3's resource limit, not by a time-out: the
// result does not depend on the machine's load, so it can be compared
// between runs, and Z3 4.8.12's timer thread (which deadlocked twice in
// fuzzing) stays out of the way.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_FUZZ_TARGETS_H
#define SYMSHAPE_TESTS_FUZZ_TARGETS_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace symshape::fuzz {

/// Z3 resource units per query: about 0.1 s on the seeds, no `unknown` on
/// them.
constexpr unsigned kFuzzRlimit = 200000;

void fuzzText(const uint8_t *data, size_t size);
void fuzzPrograms(const uint8_t *data, size_t size);

/// The program fuzzPrograms analyses for these bytes, with its
/// command-line assumptions as trailing `// --assume "..."` comments.
std::string generatedProgram(const uint8_t *data, size_t size);

} // namespace symshape::fuzz

#endif // SYMSHAPE_TESTS_FUZZ_TARGETS_H
