//===- OpRules.cpp - Shape rules shared by several op entries -------------===//

#include "OpRules.h"
#include "IntRules.h"

namespace symshape::frontend {

void lowerSameShape(OpContext &ctx, bool allowScalars) {
  if (!ctx.expectRanked())
    return;
  if (ctx.numOperands() == 0) {
    for (size_t r = 0; r < ctx.numResults(); ++r)
      ctx.setResultFromType(r);
    return;
  }
  // The reference operand: the first one of the highest rank.
  size_t ref = 0;
  for (size_t i = 1; i < ctx.numOperands(); ++i)
    if (ctx.ranked(i) && ctx.rank(i) > ctx.rank(ref))
      ref = i;
  if (!ctx.ranked(ref)) {
    ctx.opaque("operand " + ctx.operandName(ref) + " is not a tensor");
    return;
  }
  size_t rank = ctx.rank(ref);
  for (size_t i = 0; i < ctx.numOperands(); ++i) {
    if (i == ref)
      continue;
    if (!ctx.ranked(i) || (allowScalars && ctx.rank(i) == 0))
      continue;
    if (ctx.rank(i) != rank) {
      ctx.error("expects operands of the same shape, got '" +
                ctx.operandType(ref).str() + "' and '" +
                ctx.operandType(i).str() + "'");
      return;
    }
    for (size_t d = 0; d < rank; ++d)
      ctx.requireSameDim(ref, d, i, d, "elementwise operand");
  }
  std::vector<TermId> dims = ctx.dims(ref);
  for (size_t r = 0; r < ctx.numResults(); ++r)
    ctx.setResult(r, dims);
}

TermId windowOutputSize(OpContext &c, TermId in, TermId padLo, TermId padHi,
                        TermId kernel, int64_t stride, int64_t dilation,
                        const std::string &what) {
  TermId padded = c.add(in, c.add(padLo, padHi));
  TermId span = c.add(c.mul(c.constant(dilation), c.sub(kernel, c.constant(1))),
                      c.constant(1));
  TermId out =
      c.add(c.floorDiv(c.sub(padded, span), c.constant(stride)), c.constant(1));
  c.requireInBounds(c.formulas().mkLe(c.constant(0), out),
                    "the window of " + what +
                        " (its output size must not be negative)");
  return out;
}

void lowerImplicitBroadcastRule(OpContext &ctx) {
  ctx.lowerer().lowerImplicitBroadcast(ctx.op());
}

/// func.call @g(..): the callee's shape semantics (lowering/LowerCall.cpp).
void lowerFuncCall(OpContext &c) { lowerCallOf(c, c.attr("callee")); }

void lowerCallOf(OpContext &c, const Attribute *callee) {
  if (!callee || callee->kind != AttrKind::SymbolRef) {
    c.opaque("the callee is not a symbol");
    return;
  }
  Lowerer &low = c.lowerer();
  const Function *function = low.findFunction(callee->str);
  if (!function) {
    c.opaque("@" + callee->str + " is not defined in this module");
    return;
  }
  std::string whyNot;
  std::optional<std::vector<ValueState>> returned =
      low.inlineCall(c.op(), *function, whyNot);
  if (!returned) {
    c.opaque(whyNot);
    return;
  }
  for (size_t r = 0; r < c.numResults() && r < returned->size(); ++r) {
    const ValueState &s = (*returned)[r];
    const Type &type = c.resultType(r);
    ValueId result = c.op().results[r];
    if (s.ranked && type.hasRank() && s.dims.size() == type.dims.size()) {
      c.setResult(r, s.dims);
      // The values a helper returns (JAX's `remainder`, `_where`, `clip`
      // on 0-d integer tensors): a 0-d integer's scalar, a vector's
      // elements, i1 predicates.
      if (s.hasExtents)
        setExtents(c, r, s.extents);
      else if (s.scalar != solver::kNoTerm && type.dims.empty() && !c.failed())
        c.lowerer().setIntElements(result, {s.scalar});
      if (s.hasBools && !c.failed())
        c.lowerer().setBoolElements(result, s.bools);
    } else if (s.scalar != solver::kNoTerm &&
               (type.isSizeLike() || type.kind == TypeKind::Integer)) {
      c.setScalarResult(r, s.scalar);
    } else if (s.hasBools && type.kind == TypeKind::Integer) {
      c.lowerer().setBoolElements(result, s.bools);
    } else if (s.hasExtents && type.kind == TypeKind::Shape) {
      c.setElementsResult(r, s.extents);
    }
  }
}

} // namespace symshape::frontend
