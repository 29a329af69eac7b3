//===- Conditions.h - Exact violating conditions for humans -----*- C++ -*-===//
//
// Given a solver holding P, builds a formula C over the free symbols with
// P && C  <=>  P && violation, as small as we can make it:
//
//   %a[0] not in {1, 4}
//   %a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]
//
// Method: the violation is lifted to atoms over free symbols (broadcast
// values split into their cases). Prime implicants are grown from models of
// P && violation by dropping literals while P && cube && !violation stays
// unsat, until P && violation && !(cover) is unsat; redundant primes are
// then removed. Every step is a solver query, so the result is exact.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_CONDITIONS_H
#define SYMSHAPE_SOLVER_CONDITIONS_H

#include "symshape/Condition.h"
#include "symshape/solver/DimGraph.h"
#include "symshape/solver/Formula.h"
#include "symshape/solver/Smt.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace symshape::solver {

/// Values of free symbols in one model.
using SymbolValues = std::unordered_map<TermId, int64_t>;

/// Models the caller already has, each with the values of at least the
/// violation's symbols. They spare the condition queries: a symbol two
/// models of P disagree on is not fixed by P, and each model is a minterm
/// the enumeration of the cover need not ask for.
struct KnownModels {
  std::vector<SymbolValues> violating; ///< of P && violation
  std::vector<SymbolValues> holding;   ///< of P && !violation
};

/// The condition of `violation` under the assertions of `solver`, as the
/// formula a report prints (symshape/Condition.h). nullopt
/// when it cannot be computed exactly (solver gave up, formula too large);
/// then `whyNot` says why. `checks` counts the solver queries made.
/// `mentioned`, when given, receives the free symbols the condition names
/// (sorted by term): under P the violation depends on these alone.
/// `asserted` and `failing`, when given, list the assertions of `solver`
/// that are true and false in P: where P bounds the sizes the condition
/// names to a few values, its cases are then found by evaluating them.
std::optional<symshape::Condition>
describeViolation(SmtSolver &solver, const DimGraph &graph,
                  const FormulaStore &formulas, FormulaId violation,
                  const KnownModels &known, std::string &whyNot, size_t &checks,
                  std::vector<TermId> *mentioned = nullptr,
                  const std::vector<FormulaId> *asserted = nullptr,
                  const std::vector<FormulaId> *failing = nullptr);

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_CONDITIONS_H
