//===- OpRules.h - Shape rules shared by several op entries -----*- C++ -*-===//
//
// Small helpers that op entries call, like Halide's rewrite rules: each
// states one rule of the dialect specs once.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_OPRULES_H
#define SYMSHAPE_FRONTEND_OPS_OPRULES_H

#include "ops/OpContext.h"
#include "ops/broadcast/BroadcastRules.h"

namespace symshape::frontend {

/// Elementwise op whose verifier demands equal shapes: every ranked operand
/// of the result's rank has the shape of operand 0 (kind `equal`, one
/// obligation per operand dim), and each result has that shape. Operands of
/// rank 0 where `allowScalars` are broadcast scalars (stablehlo.clamp's
/// bounds, select's predicate).
void lowerSameShape(OpContext &ctx, bool allowScalars = false);

/// The window arithmetic of every convolution and pooling (SEMANTICS.md
/// §3), its one copy: a window of `kernel` taps `dilation` apart spans
///   span = dilation * (kernel - 1) + 1
/// input elements, and moved by `stride` over `padded` elements (the input
/// with both paddings) it starts at
///   count = floor((padded - span) / stride) + 1
/// places (when span <= padded). The callers differ only in what an empty
/// window means: an obligation (windowOutputSize), zero windows (StableHLO's
/// windowSize), a rounding up (PyTorch's and ONNX's ceil_mode).
TermId windowSpan(OpContext &ctx, TermId kernel, int64_t dilation);
TermId windowCount(OpContext &ctx, TermId padded, TermId span, int64_t stride);
/// The same of constants.
int64_t windowSpan(int64_t kernel, int64_t dilation);
int64_t windowCount(int64_t padded, int64_t span, int64_t stride);

/// One spatial dim of a convolution or pooling window (SEMANTICS.md §3):
///   out = floor((in + padLo + padHi - dilation * (kernel - 1) - 1) / stride) +
///   1
/// with an `in-bounds` obligation that `out` is not negative (the dilated
/// window fits in the padded input, up to one stride). `stride` must be a
/// positive constant (the caller reports an error otherwise); `what` names
/// the dim in the message ("spatial dim 1"). `least`: the smallest output
/// size the op accepts (PyTorch's convolution and pooling demand 1, the
/// window inside the padded input).
TermId windowOutputSize(OpContext &ctx, TermId in, TermId padLo, TermId padHi,
                        TermId kernel, int64_t stride, int64_t dilation,
                        const std::string &what, int64_t least = 0);

/// Sizes `a` and `b` are equal at runtime (kind `equal`, `subject` names
/// them); both constants and different: a static `error` (the types alone
/// violate it) and false.
bool requireSizesEqual(OpContext &ctx, TermId a, TermId b,
                       const std::string &subject);

/// An op whose results are facts of their declared types and that states
/// nothing of its operands: a declaration, a loop index in a body, a handle
/// (linalg.index, util.global, hal.devices.get).
void lowerResultsFromTypes(OpContext &ctx);

/// Implicit broadcast per the Broadcastable trait (test.broadcastable, tosa
/// binary ops, chlo.broadcast_* without broadcast_dimensions).
void lowerImplicitBroadcastRule(OpContext &ctx);

/// A call of a function of the module (func.call, util.call): the callee's
/// shape semantics in terms of the call's operands (lowering/LowerCall.cpp).
void lowerFuncCall(OpContext &ctx);
/// The same for the function `callee` names (stablehlo.composite's
/// decomposition).
void lowerCallOf(OpContext &c, const Attribute *callee);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_OPRULES_H
