//===- Contract.h - The input contract of a function ------------*- C++ -*-===//
//
// One entry point, `computeContract`: for a function judged on its own, the
// exact condition on its inputs under which a run reaches its end.
//
//   checked   the runtime checks that can fail, together: outside it the
//             program stops cleanly at a check (cf.assert, shape_assertion,
//             shape.cstr_*);
//   requires  what a run that passes every check still needs to have no
//             UB: `true` when the checks cover every requirement, as a
//             well-guarded export should.
//
// Both are SEMANTICS.md §6 formulas (symshape/Condition.h trees, printed
// by the reports with str()) over the function's free symbols,
// simplified for a human (the condition printer's exact covers: sizes proved
// equal are stated once, ranges merged, implied conjuncts dropped):
//
//   func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>)
//     cf.assert (%a[0] == %b[0])          checked:  %a[0] == %b[0]
//     arith.addf %a, %b                   (safe: the check covers it)
//     arith.addf %a, %c                   requires: %a[0] == %c[0]
//
// An op with a static error has UB in every run that gets there: an
// entry-block op makes `requires` false. A runtime check symshape cannot
// read (opaque) makes the contract inexact, as `reason` says.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_CONTRACT_H
#define SYMSHAPE_SOLVER_CONTRACT_H

#include "symshape/Condition.h"
#include "symshape/solver/Problem.h"
#include "symshape/solver/Smt.h"
#include "symshape/solver/Verdicts.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace symshape::solver {

/// One conjunct of a contract too large to print whole: an obligation and
/// what it asks of the inputs.
struct ContractPart {
  uint32_t obligation = 0; ///< index into Problem::obligations
  /// What it asks; empty when no exact formula is known (the contract is
  /// then not exact).
  symshape::Condition holds;
  /// `holds` as the reports print it: "?" when it is empty.
  std::string text() const { return holds.empty() ? "?" : holds.str(); }
};

struct Contract {
  /// SEMANTICS.md §6 formulas (true when nothing is asked). Empty (kind
  /// None) when the formula was too large to print: then `*Parts` list its
  /// conjuncts.
  symshape::Condition checked = symshape::Condition::truth(true),
                      requires = symshape::Condition::truth(true);
  std::vector<ContractPart> checkedParts, requiresParts;
  /// False when the formulas are not the exact set of inputs: a runtime
  /// check is opaque (its predicate is not read exactly), code that may
  /// not run (blocks, regions of unknown ops) is asked of every run, or a
  /// condition could not be computed; `reason` says which, and
  /// `reasonLoc` the op it speaks of when it names one.
  bool exact = true;
  /// Not exact because conjuncts without a formula were left out: every
  /// input without UB satisfies `requires` (and passes `checked`), but not
  /// every input that does is without UB.
  bool necessaryOnly = false;
  std::string reason;
  std::optional<Location> reasonLoc;
};

/// Longer formulas are listed by finding instead (SEMANTICS.md §4: no wall of
/// text).
constexpr size_t kMaxContractText = 400;

/// The solver's answers of earlier contracts, keyed by everything they
/// were asked over: a function whose contract asks the very same questions
/// (same terms, formulas and symbol numbers: the same Z3 terms, of solvers
/// holding the same facts) gets the same answers without asking again.
/// Contracts computed without an environment (each in a Z3 context of its
/// own) answer as a function of the key alone, so their memo can be
/// shared by any functions and threads: which one asks first does not
/// change an answer. Given an environment, the answers also depend on what
/// it was asked before: give that memo only to the functions judged with
/// it, in one order.
class ContractMemo {
public:
  ContractMemo();
  ~ContractMemo();
  ContractMemo(const ContractMemo &) = delete;
  ContractMemo &operator=(const ContractMemo &) = delete;

  struct Impl; ///< opaque: defined in Contract.cpp
  Impl &impl() { return *impl_; }

private:
  std::unique_ptr<Impl> impl_;
};

/// The contract of `problem` from its verdicts (judgeFunction's). The
/// problem is only read: its formulas are built in a store of the
/// contract's own (FormulaStore::over).
Contract computeContract(const Problem &problem,
                         const FunctionVerdicts &verdicts,
                         const SmtLimits &limits,
                         SmtEnvironment *environment = nullptr,
                         ContractMemo *memo = nullptr);

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_CONTRACT_H
