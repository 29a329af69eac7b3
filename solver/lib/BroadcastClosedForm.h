//===- BroadcastClosedForm.h - broadcastable(...) conditions ----*- C++ -*-===//
//
// The closed form of broadcast obligations (SEMANTICS.md §6): a column whose
// sizes are t1..tn is fine exactly when `broadcastable(t1, ..., tn)`, "the
// terms that are not 1 are all equal". A chain of N broadcasts asks N such
// columns, each holding the previous one's sizes and one more, so its
// contract is the last column's atom alone; no solver, linear in N:
//
//   %1 = tosa.add(%a0, %a1)    broadcastable(%a0[0], %a1[0])
//   %2 = tosa.add(%1, %a2)     broadcastable(%a0[0], %a1[0], %a2[0])
//   contract: requires broadcastable(%a0[0], %a1[0], %a2[0])
//
// A column's leaves may be broadcasts themselves (DimGraph::kMaxFlatLeaves
// keeps long chains nested); they are flattened here, as DimGraph flattens
// short ones: the value is the same under "no earlier violation", which
// conditions and contracts assume.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_BROADCASTCLOSEDFORM_H
#define SYMSHAPE_SOLVER_BROADCASTCLOSEDFORM_H

#include "symshape/solver/Formula.h"

#include <optional>
#include <string>
#include <vector>

namespace symshape::solver {

/// The flat sizes of broadcast violation `violation` (a Conflict), sorted,
/// without duplicates; nullopt when it is not one, or when it holds more
/// than `limit` sizes once flattened (a wall of text, and a walk too long).
std::optional<std::vector<TermId>> broadcastColumn(const DimGraph &graph,
                                                   const FormulaStore &formulas,
                                                   FormulaId violation,
                                                   size_t limit);

/// "broadcastable(t1, ..., tn)"; nullopt when a size has no word in §6
/// (a select) or the column has fewer than two sizes.
std::optional<std::string> broadcastableText(const DimGraph &graph,
                                             const std::vector<TermId> &column);
/// The formula broadcastableText prints.
std::optional<symshape::Condition>
broadcastableCondition(const DimGraph &graph,
                       const std::vector<TermId> &column);

/// Whether broadcastableCondition(graph, column) is a formula, without
/// building it.
bool hasBroadcastableCondition(const DimGraph &graph,
                               const std::vector<TermId> &column);

/// Indices of the columns that no other column contains (the first of
/// equal ones): broadcastable(S) implies broadcastable(T) for every T
/// within S, so these alone say what all of them say. Columns are sorted.
std::vector<size_t>
maximalColumns(const std::vector<std::vector<TermId>> &columns);

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_BROADCASTCLOSEDFORM_H
