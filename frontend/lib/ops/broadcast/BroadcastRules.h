//===- BroadcastRules.h - Broadcasting rules the op entries call -*- C++
//-*-===//
//
// The Broadcastable trait's implicit broadcast (test.broadcastable, the
// elementwise tosa ops, chlo.broadcast_* without broadcast_dimensions,
// --broadcastable ops) and XLA's explicit broadcasts, written against the
// one adaptor (OpContext) like every other rule.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_BROADCAST_BROADCASTRULES_H
#define SYMSHAPE_FRONTEND_OPS_BROADCAST_BROADCASTRULES_H

#include "ops/OpContext.h"

#include <functional>
#include <string>
#include <vector>

namespace symshape::frontend {

/// One result dim of a broadcast: the runtime sizes that reach it, how
/// they print, and what static types infer for it.
struct Column {
  std::vector<TermId> sizes;
  std::vector<solver::DimRef> names;
  int64_t inferred = 1; ///< static inference (kDynamic for `?`)
  bool staticError = false;
  /// Add one operand's size, folding the static inference (the Broadcastable
  /// trait's InferDim, left to right).
  void add(TermId size, solver::DimRef name, int64_t staticSize);
};

/// The Broadcastable trait over the op's first `inputs` operands (tosa.mul's
/// `shift` operand takes no part).
void lowerImplicitBroadcast(OpContext &ctx, size_t inputs);

/// Obligations and result of a broadcast whose operand sizes are already
/// aligned into `columns`: `broadcast` per column with 2+ sizes, `rank`,
/// `result-cast` per static result dim. `unranked`: an unranked operand
/// may supply leading dims and fill columns where the others give 1.
void finishBroadcast(OpContext &ctx, std::vector<Column> columns,
                     bool unranked);

/// XLA's explicit broadcasts: a binary op with `broadcast_dimensions`,
/// broadcast_in_dim, dynamic_broadcast_in_dim.
enum class XlaBroadcast { Binary, InDim, DynamicInDim };
void lowerXlaBroadcast(OpContext &ctx, XlaBroadcast form);

/// Multidirectional (NumPy) broadcasting of the dims lists `shapes`, as
/// PyTorch's "Broadcasting semantics" and ONNX's Broadcasting.md define it:
/// trailing dims aligned, a `broadcast` requirement per result dim where two
/// or more sizes meet; returns the result dims. Unlike
/// lowerImplicitBroadcast it compares nothing with declared types: the
/// caller sets the result (NumpyBroadcast.cpp).
std::vector<TermId>
broadcastShapes(OpContext &c, const std::vector<std::vector<TermId>> &shapes);

/// What one `broadcast` requirement of broadcastShapes names: the result
/// dim it concerns (-1: none) and its subject, for dim `d` of `rank`.
struct BroadcastSite {
  std::function<int(size_t d)> resultDim;
  std::function<std::string(size_t d, size_t rank)> subject;
};
/// broadcastShapes for shapes that are not the op's result (the index
/// tensors of torch's advanced indexing): `site` places and words each
/// requirement.
std::vector<TermId>
broadcastShapes(OpContext &c, const std::vector<std::vector<TermId>> &shapes,
                const BroadcastSite &site);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_BROADCAST_BROADCASTRULES_H
