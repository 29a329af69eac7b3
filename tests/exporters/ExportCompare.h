//===- ExportCompare.h - symshape on exporters' programs vs the oracle -*- C++
//-*-===//
//
// The acceptance test of issue 20 ("exports as they are"). For one
// generated program, the oracle runs its twin on every size assignment of
// a box (each free symbol of the public function in [0, 4]; [0, 3] when it
// has more than four) and records, per op *instance* (the op, and the
// calls that led to it), which assignments reach it, which have their
// first UB there and which fail a runtime check there. Then
// `symshape check --json` runs on the program as the exporter printed it
// and, per SPEC sections 2, 4 and 7:
//
//   - no op is opaque; a clean program has no UB finding and exits 0;
//   - the planted op has a non-safe finding, at its own op (for JAX inside
//     the private callee, with "call_stack" naming the call site), and no
//     other op has one;
//   - every runtime check has a finding of kind `assert` (cf.assert,
//     shape_assertion) or `cstr` (shape.cstr_*): `safe` when no reaching
//     size fails it, `ub-guaranteed` when all do, else `ub-possible` whose
//     condition is exactly the failing sizes (on the box, under P);
//   - every non-safe finding's condition is exactly the oracle's set of
//     sizes with UB (or a failed check) there, and its witness replays
//     under SPEC's rule: every size the witness does not name is 1;
//   - the exit status is 0 exactly when no op can have UB and no check
//     always fails.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_EXPORTERS_EXPORTCOMPARE_H
#define SYMSHAPE_EXPORTERS_EXPORTCOMPARE_H

#include "ExportGen.h"

#include <string>
#include <vector>

namespace symshape::exporters {

struct CompareOptions {
  std::string symshape; ///< the CLI to run
  std::string tempDir = "/tmp";
  /// Fail when a function has no "contract" (SPEC section 4); otherwise
  /// a present contract is checked and an absent one only counted.
  bool requireContract = false;
  /// The lowest value the brute force gives an integer value (`%n: index`,
  /// a dimension variable): below 0 for hand-written programs whose
  /// integers may be negative; sizes start at 0 whatever this says.
  int64_t integerLo = 0;
};

struct ExportStats {
  size_t programs = 0, findings = 0, checks = 0, checksRight = 0,
         plantedFound = 0, plantedMissed = 0, witnessesReplayed = 0,
         witnessesFailed = 0, conditionsExact = 0, opaque = 0, exitRight = 0,
         contractsChecked = 0, contractsAbsent = 0, assignments = 0;
  /// Safe runtime checks whose "implied_by" was read; of those, the ones
  /// the oracle confirms with only the named checks kept, and the ones
  /// each of whose named checks the box shows needed. Counted and noted,
  /// not failed: a named check whose sizes an op's requirement before the
  /// check also stops, one that stops no size of the box; checks with
  /// some dims safe and some not (the oracle runs an op whole).
  size_t impliedChecked = 0, impliedSufficient = 0, impliedMinimal = 0,
         impliedOpCovered = 0, impliedNotShownNeeded = 0, impliedPartial = 0;
  std::vector<std::string> failures; ///< one message per failed check
  std::vector<std::string> notes;    ///< soft observations, for -v
};

/// Compares symshape with the oracle on one program, adding to `stats`.
void compareExport(const ExportProgram &program, const CompareOptions &options,
                   ExportStats &stats);

/// The oracle against the generator's intent, without symshape: no UB in
/// a clean program; UB at the planted op (and nowhere else) for some sizes
/// of the box; a doomed check failing for every size that reaches it;
/// every check either redundant or failing for some sizes, never for all
/// (outside a doomed program). Empty when it holds, else why not.
std::string checkIntent(const ExportProgram &program);

/// One line of counters, for the test log.
std::string summarize(ExportFamily family, const ExportStats &stats);
/// The same line, headed by `label` (a hand-written program's file).
std::string summarize(const std::string &label, const ExportStats &stats);

} // namespace symshape::exporters

#endif // SYMSHAPE_EXPORTERS_EXPORTCOMPARE_H
