//===- Finding.h - One obligation with its verdict --------------*- C++ -*-===//
//
// What symshape concludes about one thing an op requires (SEMANTICS.md §4):
// the obligation (its kind, rule, op, subject and place), the verdict, the
// exact condition under which the program has undefined behaviour, and a
// witness, all in one value:
//
//   for (const symshape::Finding &f : fn.findings())
//     if (f.verdict != symshape::Verdict::Safe)
//       std::cout << f.loc << ": " << f.verdict << " " << f.kind
//                 << ", UB exactly when " << f.condition << "\n";
//
// Part of the public API (symshape/symshape.h); only the standard library.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FINDING_H
#define SYMSHAPE_FINDING_H

#include "symshape/Condition.h"
#include "symshape/Result.h"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace symshape {

/// SEMANTICS.md §4, from best to worst.
enum class Verdict {
  Safe,
  Unreachable,
  Unknown,
  UbPossible,
  UbGuaranteed,
  Error
};

/// "safe", "unreachable", "unknown", "ub-possible", "ub-guaranteed", "error".
const char *verdictName(Verdict verdict);
std::ostream &operator<<(std::ostream &os, Verdict verdict);

/// A position in an input: what `file:line:col` names.
struct Location {
  std::string file;
  uint32_t line = 0; ///< 0: nowhere (an obligation of no op)
  uint32_t col = 0;

  /// "file:line:col".
  std::string str() const;
};
std::ostream &operator<<(std::ostream &os, const Location &loc);

/// A call on the way into a private function judged through its calls.
struct CallSite {
  std::string caller; ///< the function holding the call, without '@'
  Location loc;       ///< the call
};

/// One obligation of a function and what symshape concluded about it.
struct Finding {
  /// The obligation's kind: "broadcast", "assert", "cstr", "reshape", ...
  std::string kind;
  /// The id of the rule it checks (SPEC 3): "broadcastable",
  /// "dot_general_c9", "aten::view", ...
  std::string rule;
  std::string op;      ///< the op's name: "tosa.add"; empty for none
  std::string subject; ///< what is compared: "the broadcast of ..."
  /// The sentence the CLI prints for it ("... can fail at runtime").
  std::string message;
  Location loc; ///< the op
  /// When the op is in a private function judged through its calls: the
  /// calls that led there, outermost first; else empty.
  std::vector<CallSite> callStack;
  int dim = -1; ///< the result dim it concerns; -1 when none

  Verdict verdict = Verdict::Safe;
  /// The verdict as the reports rank it: errors, warnings, notes (a
  /// runtime check that can fail is the input contract, a note).
  Severity severity = Severity::Note;
  /// ub-possible, ub-guaranteed: UB happens exactly when this holds
  /// (within the function's facts), as a formula (symshape/Condition.h)
  /// whose str() is the text every report prints. Empty for other
  /// verdicts.
  Condition condition;
  /// Whether `witness` is given (it may name no size): ub-possible,
  /// ub-guaranteed, and unknown with a known violating assignment.
  bool hasWitness = false;
  /// Sizes that make it fail: name -> value, every other free size at 1.
  std::vector<std::pair<std::string, int64_t>> witness;
  /// unknown: why the solver gave up; else may explain the verdict.
  std::string reason;
  /// A runtime check in the input (cf.assert, shape.cstr_*, ...): one that
  /// can fail is the function's input contract, not an alarm.
  bool runtimeCheck = false;
  /// Its place among the function's obligations (the JSON's order).
  size_t index = 0;

  bool safe() const { return verdict == Verdict::Safe; }
};

} // namespace symshape

#endif // SYMSHAPE_FINDING_H
