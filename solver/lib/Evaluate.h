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

} // namespace symshape::solver::detail

#endif // SYMSHAPE_SOLVER_EVALUATE_H
