//===- Evaluate.h - Terms and formulas at one assignment -------*- C++ -*-===//
//
// Plain evaluation, no solver: the value of a term and the truth of a
// formula when every free symbol has a value, exactly as Smt.cpp encodes
// them (applyTerm). Used where a concrete assignment settles a question
// without Z3: the refinement's trial models, the witness's size moves.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_EVALUATE_H
#define SYMSHAPE_SOLVER_EVALUATE_H

#include "symshape/solver/DimGraph.h"
#include "symshape/solver/Formula.h"

#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

namespace symshape::solver::detail {

/// Whether formula `f` holds when `term` gives each term's value (nullopt:
/// a term overflowed), exactly as Smt.cpp encodes it; nullopt when a term
/// overflows or the formula nests too deep to walk.
template <typename TermValue>
std::optional<bool> holdsAt(const FormulaStore &formulas, FormulaId f,
                            TermValue &&term, int depth = 0) {
  if (depth > 256)
    return std::nullopt;
  const FormulaNode &node = formulas.node(f);
  switch (node.kind) {
  case FormulaKind::True:
    return true;
  case FormulaKind::False:
    return false;
  case FormulaKind::Not: {
    std::optional<bool> inner =
        holdsAt(formulas, node.args[0], term, depth + 1);
    if (!inner)
      return std::nullopt;
    return !*inner;
  }
  case FormulaKind::And:
  case FormulaKind::Or: {
    bool isAnd = node.kind == FormulaKind::And;
    for (uint32_t arg : node.args) {
      std::optional<bool> v = holdsAt(formulas, arg, term, depth + 1);
      if (!v)
        return std::nullopt;
      if (*v != isAnd)
        return !isAnd;
    }
    return isAnd;
  }
  case FormulaKind::Eq:
  case FormulaKind::Le:
  case FormulaKind::Lt: {
    std::optional<int64_t> a = term(node.args[0]), b = term(node.args[1]);
    if (!a || !b)
      return std::nullopt;
    return node.kind == FormulaKind::Eq   ? *a == *b
           : node.kind == FormulaKind::Le ? *a <= *b
                                          : *a < *b;
  }
  case FormulaKind::Conflict: {
    // Some leaf is not 1 and differs from the column's value (its first
    // leaf that is not 1).
    int64_t column = 1;
    bool conflict = false;
    for (uint32_t leaf : node.args) {
      std::optional<int64_t> v = term(leaf);
      if (!v)
        return std::nullopt;
      if (*v == 1)
        continue;
      if (column == 1)
        column = *v;
      else if (*v != column)
        conflict = true;
    }
    return conflict;
  }
  }
  return std::nullopt;
}

class Evaluator {
public:
  /// `symbolValue` gives the value of a symbol term.
  Evaluator(const DimGraph &graph, const FormulaStore &formulas,
            std::function<int64_t(TermId)> symbolValue)
      : graph(graph), formulas(formulas), symbolValue(std::move(symbolValue)) {}

  /// nullopt when a step overflows int64 (the solver's integers are
  /// unbounded: such an assignment is not evaluated).
  std::optional<int64_t> term(TermId root);
  /// nullopt when a term overflows or the formula nests too deep to walk.
  std::optional<bool> holds(FormulaId f, int depth = 0);

private:
  std::optional<int64_t> compute(TermId t);

  const DimGraph &graph;
  const FormulaStore &formulas;
  std::function<int64_t(TermId)> symbolValue;
  std::unordered_map<TermId, std::optional<int64_t>> memo;
  std::vector<int64_t> operandValues; ///< compute()'s, kept for its capacity
};

/// The terms under some formulas and terms, operands first, evaluated at
/// one assignment of their symbols by a pass over flat arrays: for many
/// assignments of one set of terms (the refinement's trial models), a few
/// operations per term instead of a walk and a hash lookup. Values are
/// Evaluator's (applyTerm).
class TermProgram {
public:
  TermProgram(const DimGraph &graph, const FormulaStore &formulas,
              const std::vector<FormulaId> &formulaRoots,
              const std::vector<TermId> &termRoots);

  /// Evaluates every term with symbol k at `values[k]`; false, evaluating
  /// nothing, when a symbol has no value.
  bool run(const std::unordered_map<uint32_t, int64_t> &values);
  /// After run(): nullopt when the term overflowed or is not one of the
  /// program's.
  std::optional<int64_t> term(TermId t) const {
    auto it = slotOf.find(t);
    if (it == slotOf.end() || !known[it->second])
      return std::nullopt;
    return value[it->second];
  }
  std::optional<bool> holds(FormulaId f) const {
    return holdsAt(formulas, f, [this](TermId t) { return term(t); });
  }
  /// How many terms a run evaluates.
  size_t size() const { return order.size(); }

private:
  const DimGraph &graph;
  const FormulaStore &formulas;
  std::unordered_map<TermId, uint32_t> slotOf;
  std::vector<TermId> order;          ///< operands before their users
  std::vector<uint32_t> operands;     ///< slots of each term's operands ...
  std::vector<uint32_t> firstOperand; ///< ... from here (size()+1 entries)
  std::vector<int64_t> value;
  std::vector<char> known;
  std::vector<int64_t> scratch; ///< one term's operand values
};

} // namespace symshape::solver::detail

#endif // SYMSHAPE_SOLVER_EVALUATE_H
