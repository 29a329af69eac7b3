//===- Formula.h - Boolean formulas over dim terms --------------*- C++ -*-===//
//
// Obligations, facts and assumptions are formulas over the terms of a
// DimGraph. Formulas are hash-consed and simplified as they are built, so an
// obligation that types alone decide folds to True or False without a solver.
//
//   conflict({%a[0], 4})  -- "two operand sizes differ and neither is 1":
//                            %a[0] != 1 && %a[0] != 4
//   conflict({3, 2})      -- True (two different static sizes)
//   conflict({%a[0], 1})  -- False
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_FORMULA_H
#define SYMSHAPE_SOLVER_FORMULA_H

#include "symshape/solver/DimGraph.h"
#include "symshape/solver/IdIndex.h"

#include <cstdint>
#include <vector>

namespace symshape::solver {

using FormulaId = uint32_t;

enum class FormulaKind : uint8_t {
  True,
  False,
  Not,      ///< args[0] is a formula
  And,      ///< args are formulas
  Or,       ///< args are formulas
  Eq,       ///< args are terms: args[0] == args[1]
  Le,       ///< args[0] <= args[1]
  Lt,       ///< args[0] < args[1]
  Conflict, ///< args are terms (broadcast leaves, sorted): at least two of
            ///< them are not 1 and differ -- a broadcast violation
};

struct FormulaNode {
  FormulaKind kind = FormulaKind::True;
  std::vector<uint32_t> args;
};

/// Builds hash-consed formulas over the terms of one DimGraph.
class FormulaStore {
public:
  explicit FormulaStore(const DimGraph &graph);

  /// A store that reads `base`'s formulas and keeps the ones it builds to
  /// itself, with the ids `base` would have given them: a caller can build
  /// formulas while others read `base`, which must not change meanwhile.
  static FormulaStore over(const FormulaStore &base) {
    return FormulaStore(&base);
  }

  FormulaId mkTrue() const { return trueId; }
  FormulaId mkFalse() const { return falseId; }
  FormulaId mkBool(bool value) const { return value ? trueId : falseId; }
  FormulaId mkNot(FormulaId f);
  FormulaId mkAnd(std::vector<FormulaId> fs);
  FormulaId mkOr(std::vector<FormulaId> fs);
  FormulaId mkImplies(FormulaId a, FormulaId b) { return mkOr({mkNot(a), b}); }
  FormulaId mkEq(TermId a, TermId b);
  FormulaId mkNe(TermId a, TermId b) { return mkNot(mkEq(a, b)); }
  FormulaId mkLe(TermId a, TermId b);
  FormulaId mkLt(TermId a, TermId b);
  FormulaId mkGe(TermId a, TermId b) { return mkLe(b, a); }
  FormulaId mkGt(TermId a, TermId b) { return mkLt(b, a); }
  /// The broadcast violation of one column whose operand sizes are
  /// `operands`; broadcast terms among them contribute their leaves.
  FormulaId mkConflict(const std::vector<TermId> &operands);

  const FormulaNode &node(FormulaId id) const {
    return id < baseSize ? base->node(id) : nodes[id - baseSize];
  }
  size_t size() const { return baseSize + nodes.size(); }
  bool isTrue(FormulaId id) const { return id == trueId; }
  bool isFalse(FormulaId id) const { return id == falseId; }

  /// Terms that atoms of `id` mention directly.
  std::vector<TermId> termsOf(FormulaId id) const;
  /// The highest polynomial degree among those terms.
  uint32_t degreeOf(FormulaId id) const;

private:
  explicit FormulaStore(const FormulaStore *base)
      : graph(base->graph), base(base), baseSize(FormulaId(base->size())),
        trueId(base->trueId), falseId(base->falseId) {}

  FormulaId intern(FormulaNode node);

  static uint32_t hashOf(const FormulaNode &node);

  const DimGraph *graph;
  const FormulaStore *base = nullptr; ///< of an overlay (`over`)
  FormulaId baseSize = 0;             ///< base's formulas: ids [0, baseSize)
  std::vector<FormulaNode> nodes;     ///< ids baseSize and on
  IdIndex interned;                   ///< nodes by kind and arguments
  FormulaId trueId = 0, falseId = 1;
};

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_FORMULA_H
