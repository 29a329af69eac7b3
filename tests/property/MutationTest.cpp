//===- MutationTest.cpp - The property checker notices wrong answers ------===//
//
// A property test that accepts everything proves nothing. Each mutation
// below corrupts one of symshape's findings the way a buggy solver might
// (an unsound `safe`, a negated condition, a witness that does not violate)
// and requires the checker to report it.
//
//===----------------------------------------------------------------------===//

#include "Checker.h"
#include "Generator.h"

#include <catch2/catch.hpp>

using namespace symshape::property;
using symshape::solver::Finding;
using symshape::solver::FunctionVerdicts;
using symshape::solver::Obligation;
using symshape::solver::ObligationKind;
using symshape::solver::Problem;
using symshape::solver::Verdict;

namespace {

/// Corrupts `finding` and returns true, or leaves it and returns false.
using Mutator = std::function<bool(const Obligation &, Finding &)>;

struct Mutation {
  const char *name;
  Mutator apply;
};

/// Turns findings with verdict `from` into `to` (dropping witness and
/// condition when `to` has none).
Mutator retag(Verdict from, Verdict to) {
  return [from, to](const Obligation &, Finding &finding) {
    if (finding.verdict != from)
      return false;
    finding.verdict = to;
    if (to != Verdict::UbPossible && to != Verdict::UbGuaranteed) {
      finding.witness.clear();
      finding.condition.clear();
    }
    return true;
  };
}

std::vector<Mutation> mutations() {
  return {
      {"ub-possible reported safe", retag(Verdict::UbPossible, Verdict::Safe)},
      {"ub-possible reported unreachable",
       retag(Verdict::UbPossible, Verdict::Unreachable)},
      {"ub-possible reported ub-guaranteed",
       retag(Verdict::UbPossible, Verdict::UbGuaranteed)},
      {"ub-guaranteed reported ub-possible",
       retag(Verdict::UbGuaranteed, Verdict::UbPossible)},
      {"unreachable reported safe", retag(Verdict::Unreachable, Verdict::Safe)},
      {"safe reported unreachable", retag(Verdict::Safe, Verdict::Unreachable)},
      {"static error dropped", retag(Verdict::Error, Verdict::Safe)},
      {"spurious static error", retag(Verdict::Safe, Verdict::Error)},
      {"condition negated",
       [](const Obligation &, Finding &finding) {
         if (finding.verdict != Verdict::UbPossible)
           return false;
         finding.condition = "!(" + finding.condition + ")";
         return true;
       }},
      {"condition widened to true",
       [](const Obligation &, Finding &finding) {
         if (finding.verdict != Verdict::UbPossible)
           return false;
         finding.condition = "true";
         return true;
       }},
      {"witness misses a symbol",
       [](const Obligation &, Finding &finding) {
         if (finding.verdict != Verdict::UbPossible || finding.witness.empty())
           return false;
         finding.witness.pop_back();
         return true;
       }},
      {"witness does not violate",
       [](const Obligation &ob, Finding &finding) {
         // All sizes 1 never make two sizes != 1 differ.
         if (finding.verdict != Verdict::UbPossible ||
             ob.kind != ObligationKind::Broadcast)
           return false;
         for (auto &entry : finding.witness)
           entry.second = 1;
         return true;
       }},
  };
}

} // namespace

TEST_CASE("the property checker reports corrupted findings", "[property]") {
  constexpr uint64_t kFirstSeed = 0x5eed0000;
  for (const Mutation &mutation : mutations()) {
    INFO("mutation: " << mutation.name);
    bool applied = false;
    Tally tally;
    for (uint64_t seed = kFirstSeed; !applied && seed < kFirstSeed + 500;
         ++seed) {
      CheckOptions options;
      options.mutate = [&](const Problem &problem, FunctionVerdicts &v) {
        for (size_t k = 0; !applied && k < v.findings.size(); ++k)
          applied = mutation.apply(problem.obligations[k], v.findings[k]);
      };
      tally = Tally();
      checkProgram(generateProgram(seed), options, tally);
    }
    REQUIRE(applied);
    CHECK(!tally.failures.empty());
  }
}
