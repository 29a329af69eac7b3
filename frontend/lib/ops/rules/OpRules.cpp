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

TermId windowSpan(OpContext &c, TermId kernel, int64_t dilation) {
  return c.add(c.mul(c.constant(dilation), c.sub(kernel, c.constant(1))),
               c.constant(1));
}

TermId windowCount(OpContext &c, TermId padded, TermId span, int64_t stride) {
  return c.add(c.floorDiv(c.sub(padded, span), c.constant(stride)),
               c.constant(1));
}

int64_t windowSpan(int64_t kernel, int64_t dilation) {
  return dilation * (kernel - 1) + 1;
}

int64_t windowCount(int64_t padded, int64_t span, int64_t stride) {
  return (padded - span) / stride + 1;
}

TermId windowOutputSize(OpContext &c, TermId in, TermId padLo, TermId padHi,
                        TermId kernel, int64_t stride, int64_t dilation,
                        const std::string &what, int64_t least) {
  TermId padded = c.add(in, c.add(padLo, padHi));
  TermId span = windowSpan(c, kernel, dilation);
  TermId out = windowCount(c, padded, span, stride);
  c.requireInBounds(c.formulas().mkLe(c.constant(least), out),
                    "the window of " + what +
                        (least == 0 ? std::string(" (its output size must "
                                                  "not be negative)")
                                    : " (its output size must be at least " +
                                          std::to_string(least) + ")"));
  return out;
}

bool requireSizesEqual(OpContext &c, TermId a, TermId b,
                       const std::string &subject) {
  std::optional<int64_t> ca = c.constantValue(a), cb = c.constantValue(b);
  if (ca && cb && *ca != *cb) {
    c.error(subject + " differ: " + std::to_string(*ca) + " and " +
            std::to_string(*cb));
    return false;
  }
  c.requireEqual(a, b, subject);
  return true;
}

void lowerImplicitBroadcastRule(OpContext &ctx) {
  lowerImplicitBroadcast(ctx, ctx.numOperands());
}

void lowerResultsFromTypes(OpContext &ctx) {
  for (size_t r = 0; r < ctx.numResults(); ++r)
    ctx.setResultFromType(r);
}

/// func.call @g(..): the callee's shape semantics (lowering/LowerCall.cpp).
void lowerFuncCall(OpContext &c) { lowerCallOf(c, c.attr("callee")); }

void lowerCallOf(OpContext &c, const Attribute *callee) {
  if (!callee || callee->kind != AttrKind::SymbolRef) {
    c.opaque("the callee is not a symbol");
    return;
  }
  std::string whyNot;
  if (!c.setResultsFromCall(callee->str, whyNot))
    c.opaque(whyNot);
}

} // namespace symshape::frontend
