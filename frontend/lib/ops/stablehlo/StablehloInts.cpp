//===- StablehloInts.cpp - Integer and i1 values of the hlo family --------===//
//
// JAX's shape-polymorphic exports compute sizes and the predicates of their
// `shape_assertion`s with stablehlo ops on 0-d integer tensors:
//
//   %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (...) -> tensor<i32>
//   %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
//   %2 = stablehlo.compare  GE, %1, %c,  SIGNED : (...) -> tensor<i1>
//
// Each op's shape rule comes first (equal shapes); its values follow the
// shared integer rules (IntRules.h), element by element.
//
//===----------------------------------------------------------------------===//

#include "StablehloInternal.h"
#include "ops/rules/IntRules.h"
#include "ops/rules/OpRules.h"

namespace symshape::frontend::hlo {

/// The predicate of `direction` (the StableHLO spec's compare: "the
/// comparison_direction and compare_type" give the comparison; SIGNED and
/// UNSIGNED are the integer ones).
static CmpPred hloPredicate(ComparisonDirection direction, bool isUnsigned) {
  switch (direction) {
  case ComparisonDirection::EQ:
    return CmpPred::Eq;
  case ComparisonDirection::NE:
    return CmpPred::Ne;
  case ComparisonDirection::LT:
    return isUnsigned ? CmpPred::ULt : CmpPred::Lt;
  case ComparisonDirection::LE:
    return isUnsigned ? CmpPred::ULe : CmpPred::Le;
  case ComparisonDirection::GT:
    return isUnsigned ? CmpPred::UGt : CmpPred::Gt;
  case ComparisonDirection::GE:
    return isUnsigned ? CmpPred::UGe : CmpPred::Ge;
  }
  return CmpPred::Eq;
}

void lowerHloCompare(OpContext &ctx) {
  lowerBinary(ctx);
  if (ctx.failed() || ctx.attr("broadcast_dimensions"))
    return;
  // Both enums as the parser read them: a word it does not know leaves
  // the result's values unknown (its shape is the broadcast's anyway).
  bool typed = ctx.attr("compare_type") != nullptr;
  std::optional<ComparisonType> type =
      ctx.enumAttr<ComparisonType>("compare_type");
  std::optional<IntType> operand = operandIntType(ctx, 0);
  if (!operand || (typed && type != ComparisonType::SIGNED &&
                   type != ComparisonType::UNSIGNED))
    return; // floats (FLOAT, TOTALORDER): not a size computation
  std::optional<ComparisonDirection> direction =
      ctx.enumAttr<ComparisonDirection>("comparison_direction");
  if (direction)
    lowerIntCompare(
        ctx, hloPredicate(*direction, type == ComparisonType::UNSIGNED ||
                                          (!typed && operand->isUnsigned)));
}

void lowerHloLogic(OpContext &ctx, HloLogic kind) {
  lowerBinary(ctx);
  std::optional<IntType> type = resultIntType(ctx, 0);
  if (ctx.failed() || ctx.attr("broadcast_dimensions") || !type ||
      !type->isBool())
    return; // bitwise on integers: no size rule
  solver::FormulaStore &f = ctx.formulas();
  std::optional<std::vector<FormulaId>> a = boolOperand(ctx, 0);
  if (!a)
    return;
  if (kind == HloLogic::Not) {
    std::vector<FormulaId> out;
    for (FormulaId x : *a)
      out.push_back(f.mkNot(x));
    return setBoolResult(ctx, 0, std::move(out));
  }
  std::optional<std::vector<FormulaId>> b =
      ctx.numOperands() == 2 ? boolOperand(ctx, 1) : std::nullopt;
  if (!b || a->size() != b->size())
    return;
  std::vector<FormulaId> out;
  for (size_t k = 0; k < a->size(); ++k) {
    FormulaId x = (*a)[k], y = (*b)[k];
    out.push_back(kind == HloLogic::And ? f.mkAnd({x, y})
                  : kind == HloLogic::Or
                      ? f.mkOr({x, y})
                      : f.mkOr({f.mkAnd({x, f.mkNot(y)}),
                                f.mkAnd({f.mkNot(x), y})})); // xor
  }
  setBoolResult(ctx, 0, std::move(out));
}

void lowerHloSelect(OpContext &ctx) {
  lowerElementwiseScalars(ctx);
  if (ctx.failed() || ctx.numOperands() != 3)
    return;
  std::optional<std::vector<FormulaId>> pred = boolOperand(ctx, 0);
  if (!pred)
    return;
  auto pick = [&](size_t size, size_t k) { return size == 1 ? 0 : k; };
  if (std::optional<std::vector<FormulaId>> t = boolOperand(ctx, 1)) {
    std::optional<std::vector<FormulaId>> e = boolOperand(ctx, 2);
    if (!e || t->size() != e->size())
      return;
    std::vector<FormulaId> out;
    for (size_t k = 0; k < t->size(); ++k)
      out.push_back(
          selectBool(ctx, (*pred)[pick(pred->size(), k)], (*t)[k], (*e)[k]));
    return setBoolResult(ctx, 0, std::move(out));
  }
  // A predicate decided by its terms alone picks one operand, whose values
  // are then all that is needed.
  std::vector<std::optional<bool>> taken;
  for (FormulaId p : *pred)
    taken.push_back(decideCondition(ctx, p));
  if (pred->size() == 1 && taken[0]) {
    if (std::optional<std::vector<TermId>> v =
            intValues(ctx, *taken[0] ? 1 : 2))
      attachValues(ctx, 0, std::move(*v));
    return;
  }
  std::optional<std::vector<TermId>> t = intValues(ctx, 1),
                                     e = intValues(ctx, 2);
  if (!t || !e || t->size() != e->size())
    return;
  std::vector<TermId> out;
  for (size_t k = 0; k < t->size(); ++k) {
    std::optional<TermId> v =
        selectInt(ctx, (*pred)[pick(pred->size(), k)], (*t)[k], (*e)[k]);
    if (!v)
      return;
    out.push_back(*v);
  }
  attachValues(ctx, 0, std::move(out));
}

/// clamp(min, operand, max) = min(max(operand, min), max) element by
/// element (the spec's clamp; clamp_c1: min and max are rank 0 or the
/// operand's shape).
void lowerHloClamp(OpContext &ctx) {
  lowerElementwiseScalars(ctx);
  std::optional<IntType> type = resultIntType(ctx, 0);
  if (ctx.failed() || ctx.numOperands() != 3 || !type || type->isBool())
    return;
  std::optional<std::vector<TermId>> lo = intValues(ctx, 0),
                                     x = intValues(ctx, 1),
                                     hi = intValues(ctx, 2);
  if (!lo || !x || !hi)
    return;
  auto at = [](const std::vector<TermId> &v, size_t k) {
    return v.size() == 1 ? v[0] : v[k];
  };
  std::vector<TermId> out;
  for (size_t k = 0; k < x->size(); ++k) {
    if ((lo->size() != 1 && lo->size() != x->size()) ||
        (hi->size() != 1 && hi->size() != x->size()))
      return;
    IntOp maxOp = type->isUnsigned ? IntOp::MaxU : IntOp::Max;
    IntOp minOp = type->isUnsigned ? IntOp::MinU : IntOp::Min;
    std::optional<TermId> raised = intBinary(ctx, maxOp, (*x)[k], at(*lo, k));
    std::optional<TermId> v =
        raised ? intBinary(ctx, minOp, *raised, at(*hi, k)) : std::nullopt;
    if (!v)
      return;
    out.push_back(*v);
  }
  attachValues(ctx, 0, std::move(out));
}

void lowerIntArith(OpContext &ctx, IntOp op) {
  lowerBinary(ctx);
  if (ctx.failed() || ctx.numOperands() != 2 ||
      ctx.attr("broadcast_dimensions"))
    return;
  std::optional<IntType> type = resultIntType(ctx, 0);
  if (!type || type->isBool())
    return;
  if (type->isUnsigned && (op == IntOp::Max || op == IntOp::Min))
    op = op == IntOp::Max ? IntOp::MaxU : IntOp::MinU;
  if (type->isUnsigned && op == IntOp::DivTrunc)
    op = IntOp::DivU;
  if (type->isUnsigned && op == IntOp::RemTrunc)
    op = IntOp::RemU;
  lowerIntPairs(ctx, op);
}

void lowerHloIntUnary(OpContext &ctx, HloIntUnary kind) {
  lowerElementwise(ctx);
  std::optional<IntType> type = resultIntType(ctx, 0);
  if (ctx.failed() || ctx.numOperands() != 1 || !type || type->isBool())
    return;
  std::optional<std::vector<TermId>> a = intValues(ctx, 0);
  if (!a)
    return;
  solver::DimGraph &g = ctx.graph();
  TermId zero = ctx.constant(0), one = ctx.constant(1);
  std::vector<TermId> out;
  for (TermId x : *a) {
    TermId negated = ctx.sub(zero, x);
    if (kind == HloIntUnary::Negate)
      out.push_back(negated);
    else if (kind == HloIntUnary::Abs)
      out.push_back(g.selectLe(zero, x, x, negated));
    else // sign: -1, 0 or 1
      out.push_back(g.selectLe(x, ctx.constant(-1), ctx.constant(-1),
                               g.selectEq(x, zero, zero, one)));
  }
  attachValues(ctx, 0, std::move(out));
}

void lowerConvert(OpContext &ctx) {
  lowerSameShape(ctx);
  if (!ctx.failed())
    lowerIntConvert(ctx, IntExtension::Signed);
}

} // namespace symshape::frontend::hlo
