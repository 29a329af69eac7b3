//===- MutationTest.cpp - The property checker notices wrong answers ------===//
//
// A property test that accepts everything proves nothing. Each mutation
// below corrupts one of symshape's findings the way a buggy solver might
// (an unsound `safe`, a negated condition, a witness that does not violate)
// and requires the checker to report it, on a program the checker accepts
// unmutated. Findings are mutated on the implicit-broadcast programs and,
// kind by kind, on mixed ones; refinement claims (a refined integer, a
// class) on both. The model's own op rules are held to the oracle registry
// of tests/models: a model that forgets a rule must be reported too.
//
//===----------------------------------------------------------------------===//

#include "Checker.h"
#include "Generator.h"
#include "Model.h"

#include <catch2/catch.hpp>

#include <deque>
#include <optional>
#include <string>
#include <utility>

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
  std::string name;
  Mutator apply;
};

/// Only obligations of `kind`.
Mutator onKind(ObligationKind kind, Mutator inner) {
  return [kind, inner](const Obligation &ob, Finding &finding) {
    return ob.kind == kind && inner(ob, finding);
  };
}

/// Turns findings with verdict `from` into `to` (dropping witness and
/// condition when `to` has none).
Mutator retag(Verdict from, Verdict to) {
  return [from, to](const Obligation &, Finding &finding) {
    if (finding.verdict != from)
      return false;
    finding.verdict = to;
    if (to != Verdict::UbPossible && to != Verdict::UbGuaranteed) {
      finding.witness.clear();
      finding.hasWitness = false;
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
         finding.condition = symshape::solver::ConditionText(
             symshape::Condition::negation(finding.condition.formula()));
         return true;
       }},
      {"condition widened to true",
       [](const Obligation &, Finding &finding) {
         if (finding.verdict != Verdict::UbPossible)
           return false;
         finding.condition =
             symshape::solver::ConditionText(symshape::Condition::truth(true));
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

/// Mutations of the other families' findings, for mixed programs.
std::vector<Mutation> mixedMutations() {
  std::vector<Mutation> out;
  for (auto [kind, name] : {std::pair{ObligationKind::MappedDim, "mapped-dim"},
                            std::pair{ObligationKind::Cast, "cast"},
                            std::pair{ObligationKind::Cstr, "cstr"},
                            std::pair{ObligationKind::Join, "join"}}) {
    std::string prefix = name;
    out.push_back({prefix + ": ub-possible reported safe",
                   onKind(kind, retag(Verdict::UbPossible, Verdict::Safe))});
    out.push_back(
        {prefix + ": ub-guaranteed reported unreachable",
         onKind(kind, retag(Verdict::UbGuaranteed, Verdict::Unreachable))});
    out.push_back(
        {prefix + ": condition negated",
         onKind(kind, [](const Obligation &, Finding &finding) {
           if (finding.verdict != Verdict::UbPossible)
             return false;
           finding.condition = symshape::solver::ConditionText(
               symshape::Condition::negation(finding.condition.formula()));
           return true;
         })});
  }
  out.push_back(
      {"static error dropped (mixed)", retag(Verdict::Error, Verdict::Safe)});
  return out;
}

/// Mutations of the refinement claims.
struct ShapeMutation {
  const char *name;
  std::function<bool(std::vector<ShapeClaim> &)> apply;
};

std::vector<ShapeMutation> shapeMutations() {
  return {
      {"a refined integer off by one",
       [](std::vector<ShapeClaim> &claims) {
         for (ShapeClaim &claim : claims)
           if (claim.constant && claim.candidate) {
             *claim.constant += 1;
             return true;
           }
         return false;
       }},
      {"two dims of different integers put in one class",
       [](std::vector<ShapeClaim> &claims) {
         for (ShapeClaim &a : claims)
           for (ShapeClaim &b : claims)
             if (a.constant && b.constant && *a.constant != *b.constant &&
                 a.candidate) {
               a.name = b.name = "%merged";
               return true;
             }
         return false;
       }},
      {"a class named after a dim it does not equal",
       [](std::vector<ShapeClaim> &claims) {
         for (ShapeClaim &a : claims)
           for (ShapeClaim &b : claims)
             if (a.constant && b.name.size() && b.dim >= 0 && !b.constant &&
                 a.candidate) {
               // b varies or is unknown; a is constant: naming a after b's
               // class claims a == b.
               a.name = b.name;
               a.constant.reset();
               return true;
             }
         return false;
       }},
  };
}

/// The i-th program of a generator's seed range, if the checker accepts it
/// as it is (computed once, on demand); nullptr otherwise.
const Program *cleanProgram(bool mixed, size_t i) {
  static std::deque<std::optional<Program>> lists[2]; // stable addresses
  std::deque<std::optional<Program>> &list = lists[mixed];
  while (list.size() <= i) {
    uint64_t n = list.size();
    Program program = mixed ? generateMixedProgram(0x6d1e0000 + n)
                            : generateProgram(0x5eed0000 + n);
    Tally clean;
    CheckOptions options;
    options.skipKnown = true; // this tests the checker, not symshape
    checkProgram(program, options, clean);
    list.push_back(clean.failures.empty()
                       ? std::optional<Program>(std::move(program))
                       : std::nullopt);
  }
  return list[i] ? &*list[i] : nullptr;
}

/// Finds a clean program where the mutation `apply` installs applies;
/// returns the tally of the mutated check.
template <typename Apply>
std::pair<bool, Tally> mutateSomewhere(bool mixedOnly, bool shapes,
                                       Apply apply) {
  constexpr size_t kPrograms = 500;
  for (bool mixed : {false, true}) {
    if (mixedOnly && !mixed)
      continue;
    for (size_t i = 0; i < kPrograms; ++i) {
      const Program *program = cleanProgram(mixed, i);
      if (!program)
        continue;
      bool applied = false;
      CheckOptions options;
      options.skipKnown = true;
      options.shapes = shapes;
      options.registry = false; // the model is what cleanProgram compared
      apply(options, applied);
      Tally tally;
      checkProgram(*program, options, tally);
      if (applied)
        return {true, tally};
    }
  }
  return {false, Tally()};
}

} // namespace

TEST_CASE("the property checker reports corrupted findings", "[property]") {
  auto findingMutation = [](const Mutation &mutation, bool mixedOnly) {
    INFO("mutation: " << mutation.name);
    auto [applied, tally] = mutateSomewhere(
        mixedOnly, false, [&](CheckOptions &options, bool &applied) {
          options.mutate = [&](const Problem &problem, FunctionVerdicts &v) {
            for (size_t k = 0; !applied && k < v.findings.size(); ++k) {
              Finding finding = v.findings[k];
              if ((applied = mutation.apply(problem.obligations[k], finding)))
                v.findings.set(k, std::move(finding));
            }
          };
        });
    REQUIRE(applied);
    CHECK(!tally.failures.empty());
  };
  for (const Mutation &mutation : mutations())
    findingMutation(mutation, false);
  for (const Mutation &mutation : mixedMutations())
    findingMutation(mutation, true);
  for (const ShapeMutation &mutation : shapeMutations()) {
    INFO("shape mutation: " << mutation.name);
    for (bool mixedOnly : {false, true}) {
      auto [applied, tally] = mutateSomewhere(
          mixedOnly, true, [&](CheckOptions &options, bool &applied) {
            options.mutateShapes = [&](std::vector<ShapeClaim> &claims) {
              applied = applied || mutation.apply(claims);
            };
          });
      REQUIRE(applied);
      CHECK(!tally.failures.empty());
    }
  }
}

TEST_CASE("the property checker holds the model's op rules to the registry",
          "[property]") {
  // The model forgets a runtime rule of one op: a broadcast column that
  // may conflict, or a declared result dim that may differ, never fails.
  // The registry still finds that op's UB, so the comparison must report
  // it (whatever else then fails against symshape).
  for (ModelKind kind : {ModelKind::Broadcast, ModelKind::ResultCast}) {
    INFO("forgotten rule: " << modelKindName(kind));
    bool reported = false;
    for (bool mixed : {false, true})
      for (size_t i = 0; i < 200 && !reported; ++i) {
        const Program *program = cleanProgram(mixed, i);
        if (!program)
          continue;
        bool applied = false;
        CheckOptions options;
        options.skipKnown = true;
        options.shapes = false;
        options.mutateModel = [&](Model &model) {
          for (ModelObligation &ob : model.obligations)
            if (!applied && ob.kind == kind && !ob.staticError &&
                ob.form != Form::Never && ob.form != Form::Always) {
              ob.form = Form::Never;
              applied = true;
            }
        };
        Tally tally;
        checkProgram(*program, options, tally);
        for (const std::string &failure : tally.failures)
          reported =
              reported || failure.find("the model and the oracle registry "
                                       "disagree") != std::string::npos;
      }
    CHECK(reported);
  }
}
