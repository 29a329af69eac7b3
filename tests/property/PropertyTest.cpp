//===- PropertyTest.cpp - Brute-force property test of symshape -----------===//
//
// Generates a few hundred programs with fixed seeds, runs each through
// symshape's library, and checks every finding against an independent
// brute-force model (Model.h, Oracle.h, Checker.h).
//
// Environment knobs, for reproducing a failure:
//   SYMSHAPE_PROPERTY_SEED=N    run only the program of seed N, verbosely
//   SYMSHAPE_PROPERTY_COUNT=N   run N programs (default kDefaultCount)
//   SYMSHAPE_PROPERTY_BASE=N    first seed of the range (default kBaseSeed)
//
//===----------------------------------------------------------------------===//

#include "Checker.h"
#include "Generator.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>

using namespace symshape::property;
using symshape::solver::Verdict;

namespace {

constexpr uint64_t kBaseSeed = 0x5eed0000;
constexpr size_t kDefaultCount = 400;

/// Every this many programs, run once more with the solver's fast paths off.
constexpr size_t kSlowPathEvery = 5;
/// How many counterexample reports to print in full.
constexpr size_t kMaxReports = 12;

std::optional<uint64_t> envNumber(const char *name) {
  const char *text = std::getenv(name);
  if (!text || !*text)
    return std::nullopt;
  return std::strtoull(text, nullptr, 0);
}

void printTally(const Tally &tally, double seconds) {
  std::cout << "property: " << tally.programs << " program runs, "
            << tally.obligations << " obligations, " << tally.assignments
            << " enumerated assignments, " << tally.witnesses
            << " witnesses replayed, " << tally.conditions
            << " conditions checked, " << seconds << " s\n  verdicts:";
  for (Verdict v : {Verdict::Safe, Verdict::UbPossible, Verdict::UbGuaranteed,
                    Verdict::Unreachable, Verdict::Error, Verdict::Unknown}) {
    auto it = tally.verdicts.find(v);
    std::cout << " " << symshape::solver::verdictName(v) << "="
              << (it == tally.verdicts.end() ? 0 : it->second);
  }
  std::cout << "\n  kinds:";
  for (const auto &[kind, count] : tally.kinds)
    std::cout << " " << kind << "=" << count;
  std::cout << "\n  programs with:";
  for (const auto &[feature, count] : tally.features)
    std::cout << " " << feature << "=" << count;
  std::cout << "\n";
}

} // namespace

TEST_CASE("symshape agrees with the brute-force model on random programs",
          "[property]") {
  auto start = std::chrono::steady_clock::now();
  Tally tally;
  std::optional<uint64_t> only = envNumber("SYMSHAPE_PROPERTY_SEED");
  size_t count = envNumber("SYMSHAPE_PROPERTY_COUNT").value_or(kDefaultCount);
  uint64_t base = envNumber("SYMSHAPE_PROPERTY_BASE").value_or(kBaseSeed);
  std::vector<uint64_t> seeds;
  if (only)
    seeds.push_back(*only);
  for (size_t i = 0; !only && i < count; ++i)
    seeds.push_back(base + i);

  for (size_t i = 0; i < seeds.size(); ++i) {
    Program program = generateProgram(seeds[i]);
    CheckOptions options;
    options.verbose = only.has_value();
    checkProgram(program, options, tally);
    if (only || i % kSlowPathEvery == 0) {
      options.fastPaths = false;
      options.verbose = false;
      checkProgram(program, options, tally);
    }
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  printTally(tally, seconds);

  // Reports go to stdout unwrapped (Catch wraps messages at 80 columns,
  // which would break the program text); Catch gets their first lines.
  for (size_t i = 0; i < tally.failures.size() && i < kMaxReports; ++i) {
    std::cout << tally.failures[i] << "\n";
    FAIL_CHECK(tally.failures[i].substr(0, tally.failures[i].find('\n')));
  }
  if (!tally.failures.empty()) {
    std::string seedList;
    for (uint64_t seed : tally.failingSeeds)
      seedList += " " + std::to_string(seed);
    FAIL_CHECK(std::to_string(tally.failures.size() + tally.suppressed) +
               " failures; rerun one with SYMSHAPE_PROPERTY_SEED=N, seeds:" +
               seedList);
  }
  if (only)
    return;
  // The generator must keep exercising every verdict.
  for (Verdict v : {Verdict::Safe, Verdict::UbPossible, Verdict::UbGuaranteed,
                    Verdict::Unreachable, Verdict::Error}) {
    INFO("verdict " << symshape::solver::verdictName(v));
    CHECK(tally.verdicts[v] >= 20);
  }
}
