//===- Checker.h - Runs one Program through symshape and compares -*- C++ -*-=//
//
// For one generated program: runs symshape's library (Session), then checks
// its obligations and findings against the brute-force Oracle:
//
//  1. kinds, dims, op names and order equal the model's; `error` exactly
//     where the static rules (or, for assumptions, unsatisfiability) say;
//  2. the verdict equals the enumerated one (so `safe` and `unreachable` are
//     sound, and complete on the exact domain); `unknown` needs a reason;
//  3. a witness names exactly the free symbols, reaches the op and violates
//     the obligation;
//  4. a condition is true exactly on the violating reaching assignments
//     (`ub-guaranteed`: true on all of them);
//  5. refinement (SPEC 5, with computeShapes): every dim symshape refines to
//     an integer has that value in every well-defined execution W of the
//     domain, dims sharing a class name are equal in each, `wellDefined()`
//     is false exactly when W is empty; and it counts how many dims that
//     brute force finds constant symshape refines (completeness).
//
// Each failure is a self-contained report: program text, options, the
// obligation, what symshape said, what was expected and an assignment.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_PROPERTY_CHECKER_H
#define SYMSHAPE_TESTS_PROPERTY_CHECKER_H

#include "Generator.h"
#include "Program.h"

#include "symshape/solver/Verdicts.h"

#include <optional>

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace symshape::property {

struct Model;

/// Counts across a run.
struct Tally {
  size_t programs = 0;
  size_t obligations = 0;
  size_t assignments = 0; ///< enumerated assignments, summed over programs
  size_t conditions = 0;  ///< conditions checked on the whole domain
  size_t witnesses = 0;   ///< witnesses replayed
  std::map<solver::Verdict, size_t> verdicts; ///< symshape's verdicts
  std::map<std::string, size_t> kinds;        ///< obligation kinds
  std::map<std::string, size_t> features;     ///< programs per feature
  std::vector<std::string> failures;          ///< counterexample reports
  size_t suppressed = 0; ///< further failures of a program, only counted
  std::vector<uint64_t> failingSeeds;
  /// Per op family (opFamily, or "assume"): obligations and verdicts.
  std::map<std::string, std::map<solver::Verdict, size_t>> families;

  // Refinement (SPEC 5).
  size_t refinedPrograms = 0; ///< programs whose shapes were checked
  size_t notWellDefined = 0;  ///< of them, W empty (and symshape agrees)
  size_t constantClaims = 0;  ///< dims refined to an integer, checked
  size_t nameClaims = 0;      ///< dims in a named class of >= 2, checked
  size_t candidateDims = 0;   ///< declared `?` dims (and shape extents)
  size_t bruteConstant = 0;   ///< of them, constant over W (W non-empty)
  size_t refinedConstant = 0; ///< of those, refined to that integer
  /// Of bruteConstant, those whose model term is not a constant (the value
  /// follows from obligations, facts or assumptions), and of them refined.
  size_t bruteDerived = 0, refinedDerived = 0;
  /// Of bruteConstant, those in programs symshape calls not well defined.
  size_t missedIllDefined = 0;
  size_t apiChecks = 0; ///< shapeOf / sameSize / refinedTypeOf comparisons
  size_t wellDefinedButEmpty = 0; ///< wellDefined() with W empty (unknowns)
  std::vector<std::string> missedConstants; ///< a few examples, for the log

  // The model against the oracle registry of tests/models (issue 41).
  size_t registryPrograms = 0; ///< programs compared with the registry
  size_t registryRuns = 0;     ///< registry runs (assignments) compared
  size_t registryPartial = 0;  ///< of them, stopped at an op it cannot run
  size_t registryUb = 0;       ///< of them, UB at the op the model says
  /// Of them, where both stop past the first op with a static error or an
  /// unranked operand (CheckerRegistry.cpp's horizon): nothing compared.
  size_t registryBeyond = 0;
  std::map<std::string, size_t> registrySkipped; ///< programs not compared
};

/// What symshape says of one dim (or scalar) of a value, as the checker
/// reads it from ShapeRefinement.
struct ShapeClaim {
  int value = 0; ///< index into Program::values
  int dim = 0;   ///< -1: the scalar of an index / size value
  std::optional<int64_t> constant;
  std::string name; ///< class name, "" when none
  /// Counted for completeness: a `?` dim of a tensor type, an extent of a
  /// !shape.shape, or the `?` length of an extent tensor.
  bool candidate = false;
};

struct CheckOptions {
  /// Judge with the solver's fast paths (folding, caching) on.
  bool fastPaths = true;
  /// Print every program and its findings, failing or not.
  bool verbose = false;
  /// Applied to a copy of symshape's verdicts before checking, to test that
  /// the checker notices wrong answers.
  std::function<void(const solver::Problem &, solver::FunctionVerdicts &)>
      mutate;
  /// Applied to the model before anything is judged by it, to test that
  /// the comparison with the registry notices a wrong op rule.
  std::function<void(Model &)> mutateModel;
  /// Applied to the shape claims read from symshape before checking them.
  std::function<void(std::vector<ShapeClaim> &)> mutateShapes;
  /// Check most specific shapes (runs symshape with computeShapes).
  bool shapes = true;
  /// Skip the checks of the known discrepancies K3 and K7 (Generator.cpp);
  /// SYMSHAPE_PROPERTY_SKIP_KNOWN sets the default.
  bool skipKnown = skipKnownDiscrepancies();
  /// Compare the model with the oracle registry (CheckerRegistry.cpp);
  /// off where symshape's verdicts alone change (the mutation tests).
  bool registry = true;
};

/// Runs `program` through symshape and records counts and failures.
void checkProgram(const Program &program, const CheckOptions &options,
                  Tally &tally);

} // namespace symshape::property

#endif // SYMSHAPE_TESTS_PROPERTY_CHECKER_H
