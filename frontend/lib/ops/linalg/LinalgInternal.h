//===- LinalgInternal.h - The linalg family's forms and rules --*- C++ -*-===//
//
// The custom forms (LinalgForms.cpp) and shape functions (Linalg*.cpp) of
// the linalg entries (Linalg.cpp), around one rule, the loops:
//
// A structured op runs loops whose sizes come from its operands: each
// operand dim is bound to a loop by the op's indexing map, every dim bound
// to one loop must have one size at runtime (kind `equal`), and the results
// have the shapes of the tensor outs.
//
//   linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
//                 outs(%c : tensor<?x?xf32>)
//     loops (m, n, k); %a (m, k), %b (k, n), %c (m, n):
//     %a[0] == %c[0], %a[1] == %b[0], %b[1] == %c[1]; result = %c's dims
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_LINALG_LINALGINTERNAL_H
#define SYMSHAPE_FRONTEND_OPS_LINALG_LINALGINTERNAL_H

#include "ops/OpContext.h"
#include "parser/ParserImpl.h"

#include <optional>
#include <string>
#include <vector>

namespace symshape::frontend {

/// The loop each dim of an operand is bound to; kConstantIndex for a
/// constant 0 (a size-1 dim read at index 0). Empty for a scalar operand.
constexpr int kConstantIndex = -1;
using OperandMap = std::vector<int>;

/// The parser's `affine_map<(d0, d1)[s0] -> (d1, 0)>`: each result a loop
/// dim or the constant 0 (a projected permutation, possibly with zeros);
/// nullopt for anything else. Its number of loops is map.numDims.
std::optional<OperandMap> operandMap(const AffineMapValue &map);

/// The number of ins and outs (operandSegmentSizes, else the op's fixed
/// layout: `initsLast` the last `outs` operands are the inits).
struct InsOuts {
  size_t ins = 0, outs = 0;
};
std::optional<InsOuts> insOuts(OpContext &c, size_t fixedOuts);

/// Every operand a ranked tensor or a scalar; memrefs and unranked tensors
/// make the op opaque (false).
bool expectTensorOperands(OpContext &c);
/// Attributes outside `known` (and the operand segments) make the op
/// opaque with their name (false).
bool expectKnownAttrs(OpContext &c, std::initializer_list<const char *> known);

/// The loop rule: `maps[i]` binds operand i's dims (nullopt: a scalar, not
/// bound); `role(l)` names loop l in messages ("contracted", "loop d1").
/// Results take the dims of the tensor outs, from operand `numIns` on.
void lowerLoops(OpContext &c, size_t numLoops,
                const std::vector<std::optional<OperandMap>> &maps,
                const std::vector<std::string> &roles, size_t numIns);
/// The loops of an `indexing_maps` attribute.
void lowerIndexingMaps(OpContext &c);

// Custom forms (LinalgForms.cpp).
bool parseLinalgOp(Parser &p, PendingOp &pending);
bool parseLinalgImplicitResults(Parser &p, PendingOp &pending);
/// linalg.broadcast: also the `inits` spelling of `outs`.
bool parseLinalgBroadcast(Parser &p, PendingOp &pending);
/// linalg.pack / unpack (and MLIR 16-19's tensor.pack / unpack).
bool parsePackOp(Parser &p, PendingOp &pending);
bool parseUnpackOp(Parser &p, PendingOp &pending);
bool parseSoftmax(Parser &p, PendingOp &pending);

// Shape functions (LinalgLoops.cpp, LinalgNamed.cpp, LinalgConv.cpp).
void lowerGeneric(OpContext &c);
void lowerIdentityLoops(OpContext &c); ///< elementwise, fill, copy, map
void lowerReduce(OpContext &c);
void lowerTranspose(OpContext &c);
void lowerBroadcast(OpContext &c);
// LinalgRelayout.cpp: the dest's shape; outer dims the tile counts, inner
// dims the tiles. tensor.* (MLIR 16-19) allow a larger dest.
void lowerLinalgPack(OpContext &c);
void lowerLinalgUnpack(OpContext &c);
void lowerTensorPack(OpContext &c);
void lowerTensorUnpack(OpContext &c);
void lowerSoftmax(OpContext &c);

/// A contraction: its operands' dims as loop letters, e.g. matmul
/// {"mk", "kn", "mn"}. Letters: b batch, m and n the free dims, k
/// contracted.
struct Contraction {
  const char *lhs, *rhs, *out;
};
void lowerContraction(OpContext &c, const Contraction &shape);
template <const Contraction &Shape> void lowerContractionOf(OpContext &c) {
  lowerContraction(c, Shape);
}

/// A convolution or pooling: letters per operand dim. N batch, C input
/// channel, F output channel (the filter's count), digits the spatial dims
/// (input / output) and the window's sizes (filter / window operand).
struct Window {
  const char *input, *filter, *output;
};
void lowerWindow(OpContext &c, const Window &shape);
template <const Window &Shape> void lowerWindowOf(OpContext &c) {
  lowerWindow(c, Shape);
}

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_LINALG_LINALGINTERNAL_H
