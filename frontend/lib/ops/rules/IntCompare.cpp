//===- IntCompare.cpp - Comparisons and selects of size computations ------===//
//
// The comparison and select half of IntRules.h: arith.cmpi and
// stablehlo.compare as formulas over dim-graph terms, and selects on them
// as select terms (a select on a condition decided from its terms alone
// keeps only the branch it takes).
//
//   %p = arith.cmpi sge, %q, %c1 : index    %p = %q >= 1
//   %s = arith.select %p, %q, %c1 : index   %s = %q >= 1 ? %q : 1
//
//===----------------------------------------------------------------------===//

#include "IntRules.h"

namespace symshape::frontend {

using solver::FormulaKind;

CmpPred cmpPredicate(CmpIPredicate predicate) {
  switch (predicate) {
  case CmpIPredicate::eq:
    return CmpPred::Eq;
  case CmpIPredicate::ne:
    return CmpPred::Ne;
  case CmpIPredicate::slt:
    return CmpPred::Lt;
  case CmpIPredicate::sle:
    return CmpPred::Le;
  case CmpIPredicate::sgt:
    return CmpPred::Gt;
  case CmpIPredicate::sge:
    return CmpPred::Ge;
  case CmpIPredicate::ult:
    return CmpPred::ULt;
  case CmpIPredicate::ule:
    return CmpPred::ULe;
  case CmpIPredicate::ugt:
    return CmpPred::UGt;
  case CmpIPredicate::uge:
    return CmpPred::UGe;
  }
  return CmpPred::Eq; // unreachable: every case is listed
}

std::optional<FormulaId> compareInts(OpContext &c, CmpPred pred, TermId a,
                                     TermId b) {
  solver::FormulaStore &f = c.formulas();
  bool isUnsigned = pred >= CmpPred::ULt;
  if (isUnsigned &&
      !(c.graph().provablyNonNegative(a) && c.graph().provablyNonNegative(b))) {
    std::optional<int64_t> x = c.graph().constantValue(a),
                           y = c.graph().constantValue(b);
    if (!x || !y || *x < 0 || *y < 0)
      return std::nullopt; // the unsigned order of a value that may be < 0
  }
  switch (pred) {
  case CmpPred::Eq:
    return f.mkEq(a, b);
  case CmpPred::Ne:
    return f.mkNe(a, b);
  case CmpPred::Lt:
  case CmpPred::ULt:
    return f.mkLt(a, b);
  case CmpPred::Le:
  case CmpPred::ULe:
    return f.mkLe(a, b);
  case CmpPred::Gt:
  case CmpPred::UGt:
    return f.mkGt(a, b);
  case CmpPred::Ge:
  case CmpPred::UGe:
    return f.mkGe(a, b);
  }
  return std::nullopt;
}

/// select(cond, t, e) as a nest of select terms on cond's comparisons.
static std::optional<TermId> selectTerm(OpContext &c, FormulaId cond, TermId t,
                                        TermId e, int depth) {
  if (depth > 64)
    return std::nullopt;
  solver::DimGraph &g = c.graph();
  const solver::FormulaNode &node = c.formulas().node(cond);
  switch (node.kind) {
  case FormulaKind::True:
    return t;
  case FormulaKind::False:
    return e;
  case FormulaKind::Not:
    return selectTerm(c, node.args[0], e, t, depth + 1);
  case FormulaKind::And:
  case FormulaKind::Or: {
    // a && rest ? t : e  =  a ? (rest ? t : e) : e  (and dually for ||)
    bool isAnd = node.kind == FormulaKind::And;
    std::optional<TermId> acc = isAnd ? t : e;
    for (size_t k = node.args.size(); k-- > 0;) {
      acc = isAnd ? selectTerm(c, node.args[k], *acc, e, depth + 1)
                  : selectTerm(c, node.args[k], t, *acc, depth + 1);
      if (!acc)
        return std::nullopt;
    }
    return acc;
  }
  case FormulaKind::Eq:
    return g.selectEq(node.args[0], node.args[1], t, e);
  case FormulaKind::Le:
    return g.selectLe(node.args[0], node.args[1], t, e);
  case FormulaKind::Lt: // a < b  <=>  a + 1 <= b
    return g.selectLe(c.add(node.args[0], c.constant(1)), node.args[1], t, e);
  case FormulaKind::Conflict:
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<bool> decideCondition(OpContext &c, FormulaId cond, int depth) {
  if (depth > 64)
    return std::nullopt;
  solver::DimGraph &g = c.graph();
  const solver::FormulaNode &node = c.formulas().node(cond);
  switch (node.kind) {
  case FormulaKind::True:
    return true;
  case FormulaKind::False:
    return false;
  case FormulaKind::Not:
    if (std::optional<bool> inner = decideCondition(c, node.args[0], depth + 1))
      return !*inner;
    return std::nullopt;
  case FormulaKind::And:
  case FormulaKind::Or: {
    bool isAnd = node.kind == FormulaKind::And;
    bool undecided = false;
    for (FormulaId arg : node.args) {
      std::optional<bool> v = decideCondition(c, arg, depth + 1);
      if (!v)
        undecided = true;
      else if (*v != isAnd) // a false conjunct, a true disjunct
        return !isAnd;
    }
    return undecided ? std::nullopt : std::optional<bool>(isAnd);
  }
  case FormulaKind::Eq:
    return g.decideEq(node.args[0], node.args[1]);
  case FormulaKind::Le:
  case FormulaKind::Lt: {
    // a <= b, or a < b = !(b <= a): either way round, as decideLe knows
    // a size >= 0 from below ("0 <= %n") and a negative bound from above.
    TermId a = node.args[0], b = node.args[1];
    bool strict = node.kind == FormulaKind::Lt;
    if (std::optional<bool> v = strict ? g.decideLe(b, a) : g.decideLe(a, b))
      return strict ? !*v : *v;
    std::optional<bool> v = strict ? g.decideLe(c.add(a, c.constant(1)), b)
                                   : g.decideLe(c.add(b, c.constant(1)), a);
    if (v)
      return strict ? *v : !*v;
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

std::optional<TermId> selectInt(OpContext &c, FormulaId cond, TermId then,
                                TermId otherwise) {
  if (std::optional<bool> taken = decideCondition(c, cond))
    return *taken ? then : otherwise;
  return selectTerm(c, cond, then, otherwise, 0);
}

FormulaId selectBool(OpContext &c, FormulaId cond, FormulaId then,
                     FormulaId otherwise) {
  solver::FormulaStore &f = c.formulas();
  return f.mkOr({f.mkAnd({cond, then}), f.mkAnd({f.mkNot(cond), otherwise})});
}

bool lowerIntCompare(OpContext &c, CmpPred pred) {
  if (c.numOperands() != 2 || c.numResults() != 1)
    return false;
  std::optional<IntType> type = operandIntType(c, 0);
  if (type && type->isBool()) {
    // i1 operands (torch-mlir's `cmpi eq, %false, %false : i1`): equality
    // of truth values; an order on i1 is not a size computation.
    std::optional<std::vector<FormulaId>> a = boolOperand(c, 0),
                                          b = boolOperand(c, 1);
    if (!a || !b || a->size() != b->size() ||
        (pred != CmpPred::Eq && pred != CmpPred::Ne))
      return false;
    solver::FormulaStore &f = c.formulas();
    std::vector<FormulaId> out;
    for (size_t k = 0; k < a->size(); ++k) {
      FormulaId x = (*a)[k], y = (*b)[k];
      FormulaId same =
          f.mkOr({f.mkAnd({x, y}), f.mkAnd({f.mkNot(x), f.mkNot(y)})});
      out.push_back(pred == CmpPred::Eq ? same : f.mkNot(same));
    }
    setBoolResult(c, 0, std::move(out));
    return true;
  }
  std::optional<std::vector<TermId>> a = intOperand(c, 0), b = intOperand(c, 1);
  if (!a || !b || (a->size() != b->size() && a->size() != 1 && b->size() != 1))
    return false;
  size_t n = std::max(a->size(), b->size());
  std::vector<FormulaId> out;
  for (size_t k = 0; k < n; ++k) {
    std::optional<FormulaId> holds = compareInts(
        c, pred, (*a)[a->size() == 1 ? 0 : k], (*b)[b->size() == 1 ? 0 : k]);
    if (!holds)
      return false;
    out.push_back(*holds);
  }
  setBoolResult(c, 0, std::move(out));
  return true;
}

} // namespace symshape::frontend
