//===- Targets.h - What the fuzzers and the replay test run -----*- C++ -*-===//
//
// Two entry points over the library, shared by the libFuzzer binaries
// (FuzzText.cpp, FuzzPrograms.cpp) and the regression replay test
// (ReplayTest.cpp), so a saved crash replays exactly as it was found:
//
//   fuzzText      bytes are an MLIR file (and, after a NUL byte, an
//                 --assume expression): parse, analyse, report.
//   fuzzPrograms  bytes drive ProgramGenerator; the program must parse and
//                 lower, and its analysis must be internally consistent
//                 (and, for some inputs, the same when done again).
//
// A broken invariant prints what broke and the input, then aborts (the
// fuzzer saves the input; the replay test fails).
//
// The solver is bounded by Z3's resource limit, so the result does not
// depend on the machine's load and can be compared between runs; a
// time-out (symshape's watchdog, not Z3's timer, which deadlocked twice in
// fuzzing) only backs it up.
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
/// Z3's nonlinear arithmetic does not count every step against the
/// resource limit: one refinement query of a degree-4 product ran for
/// minutes under it (found by fuzzing; the query depends on the order in
/// which terms were built, so only the clang build met it). A time-out per
/// query backs the limit up, as it does in the CLI. A run that may have met
/// it is not compared for determinism.
constexpr unsigned kFuzzBackstopMs = 3000;

/// Which of fuzzPrograms's costlier checks an input gets.
enum class Compare {
  /// Chosen by a hash of the input's bytes:
  ///  - one input in kCompareEvery is analysed twice and the reports
  ///    compared (the second analysis was a third of an execution's time);
  ///  - one input in kJudgeRefinedEvery has its refined text judged; the
  ///    others' refined texts are parsed and lowered only (the judge of
  ///    the refined text was a fifth of an execution's time, bench/README
  ///    stop 75).
  /// Whether two runs ask the same questions, and whether the judge takes
  /// a refined text, depends on the code paths, which the picked inputs
  /// (hundreds a minute) still reach.
  Sampled,
  /// Both for every input: a saved input replays its checks whatever its
  /// hash.
  Always,
};
constexpr unsigned kCompareEvery = 4;
constexpr unsigned kJudgeRefinedEvery = 2;

void fuzzText(const uint8_t *data, size_t size);
void fuzzPrograms(const uint8_t *data, size_t size,
                  Compare compare = Compare::Sampled);

/// The program fuzzPrograms analyses for these bytes, with its
/// command-line assumptions as trailing `// --assume "..."` comments.
std::string generatedProgram(const uint8_t *data, size_t size);

} // namespace symshape::fuzz

#endif // SYMSHAPE_TESTS_FUZZ_TARGETS_H
