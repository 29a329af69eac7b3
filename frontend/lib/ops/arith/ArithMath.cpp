//===- ArithMath.cpp - Shape functions of arith and math ------------------===//
//
// On tensors and vectors, arith and math ops are elementwise: every operand
// and the result have one shape (the verifiers compare the static types;
// two `?` sizes that differ at runtime are UB, an `equal` obligation).
//
//   %0 = arith.addf %a, %b : tensor<?xf32>     equal: %a[0] == %b[0]
//
// On index values, addi / subi / muli compute the integer (and floordivsi /
// ceildivsi by a positive constant, maxsi / minsi), so sizes flow through
// size arithmetic:
//
//   %m = arith.addi %n, %c1 : index            %m = %n + 1
//
//===----------------------------------------------------------------------===//

#include "ArithInternal.h"
#include "ops/rules/IntRules.h"
#include "ops/rules/OpRules.h"

namespace symshape::frontend {

static bool anyShaped(OpContext &c) {
  for (size_t i = 0; i < c.numOperands(); ++i)
    if (c.operandType(i).isShaped())
      return true;
  for (size_t r = 0; r < c.numResults(); ++r)
    if (c.resultType(r).isShaped())
      return true;
  return false;
}

static bool anySizeResult(OpContext &c) {
  for (size_t r = 0; r < c.numResults(); ++r)
    if (c.resultType(r).isSizeLike())
      return true;
  return false;
}

void lowerElementwise(OpContext &c) {
  if (anyShaped(c)) {
    lowerSameShape(c);
    return;
  }
  // Scalars: nothing to check. An index result nobody computes is a size
  // symshape cannot relate to its operands.
  if (anySizeResult(c))
    c.opaque("'" + c.op().name + "' on index values is not modelled");
}

void lowerElementCast(OpContext &c) { lowerSameShape(c); }

/// On i1 values: the formulas' and, or, xor. False for `Unknown`.
static bool lowerBoolLogic(OpContext &c, BoolLogic logic) {
  if (logic == BoolLogic::Unknown)
    return false;
  std::optional<IntType> type = resultIntType(c, 0);
  if (!type || !type->isBool() || c.numOperands() != 2)
    return false;
  std::optional<std::vector<FormulaId>> a = boolOperand(c, 0),
                                        b = boolOperand(c, 1);
  if (!a || !b || a->size() != b->size())
    return false;
  solver::FormulaStore &f = c.formulas();
  std::vector<FormulaId> out;
  for (size_t k = 0; k < a->size(); ++k) {
    FormulaId x = (*a)[k], y = (*b)[k];
    if (logic == BoolLogic::And)
      out.push_back(f.mkAnd({x, y}));
    else if (logic == BoolLogic::Or)
      out.push_back(f.mkOr({x, y}));
    else // xori: exactly one holds
      out.push_back(
          f.mkOr({f.mkAnd({x, f.mkNot(y)}), f.mkAnd({f.mkNot(x), y})}));
  }
  setBoolResult(c, 0, std::move(out));
  return true;
}

void lowerIndexBinary(OpContext &c, BoolLogic logic,
                      std::optional<IntOp> arith) {
  if (anyShaped(c) || c.numOperands() != 2) {
    lowerElementwise(c);
    return;
  }
  if (lowerBoolLogic(c, logic))
    return;
  if (arith && lowerIntPairs(c, *arith))
    return;
  lowerElementwise(c);
}

void lowerIntCompareOp(OpContext &c) {
  if (anyShaped(c)) {
    lowerElementwise(c);
    return;
  }
  // The predicate as the parser read it (custom form `slt`, generic form
  // `2 : i64`; arith::CmpIPredicate).
  if (std::optional<CmpIPredicate> predicate =
          c.enumAttr<CmpIPredicate>("predicate"))
    lowerIntCompare(c, cmpPredicate(*predicate));
}

void lowerArithSelect(OpContext &c) {
  if (anyShaped(c) || c.numOperands() != 3) {
    lowerElementwise(c);
    return;
  }
  std::optional<std::vector<FormulaId>> cond = boolOperand(c, 0);
  if (!cond || cond->size() != 1) {
    lowerElementwise(c);
    return;
  }
  if (std::optional<std::vector<FormulaId>> t = boolOperand(c, 1)) {
    if (std::optional<std::vector<FormulaId>> e = boolOperand(c, 2)) {
      setBoolResult(c, 0, {selectBool(c, (*cond)[0], (*t)[0], (*e)[0])});
      return;
    }
  }
  std::optional<TermId> picked;
  if (std::optional<bool> taken = decideCondition(c, (*cond)[0])) {
    std::optional<std::vector<TermId>> v = intOperand(c, *taken ? 1 : 2);
    if (v && v->size() == 1)
      picked = v->front();
  } else {
    std::optional<std::vector<TermId>> t = intOperand(c, 1),
                                       e = intOperand(c, 2);
    if (t && e && t->size() == 1 && e->size() == 1)
      picked = selectInt(c, (*cond)[0], (*t)[0], (*e)[0]);
  }
  if (picked)
    setIntResult(c, 0, {*picked});
  else
    lowerElementwise(c);
}

void lowerIndexCast(OpContext &c, IntExtension extension) {
  if (c.numOperands() != 1 || c.numResults() != 1)
    return;
  if (anyShaped(c)) {
    lowerSameShape(c);
    std::optional<std::vector<TermId>> elements = c.elements(0);
    if (!c.failed() && elements)
      setExtents(c, 0, std::move(*elements));
    return;
  }
  if (lowerIntConvert(c, extension))
    return;
  if (anySizeResult(c))
    c.opaque("an integer cast to index whose value is not known");
}

} // namespace symshape::frontend
