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
//     (`ub-guaranteed`: true on all of them).
//
// Each failure is a self-contained report: program text, options, the
// obligation, what symshape said, what was expected and an assignment.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_PROPERTY_CHECKER_H
#define SYMSHAPE_TESTS_PROPERTY_CHECKER_H

#include "Program.h"

#include "symshape/solver/Verdicts.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace symshape::property {

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
};

/// Runs `program` through symshape and records counts and failures.
void checkProgram(const Program &program, const CheckOptions &options,
                  Tally &tally);

} // namespace symshape::property

#endif // SYMSHAPE_TESTS_PROPERTY_CHECKER_H
