//===- TorchLinalg.cpp - Matrix products and embedding --------------------===//
//
// torch.mm ([n, m] x [m, p] -> [n, p]), torch.bmm ([b, n, m] x [b, m, p]),
// torch.matmul (1-D and N-D operands, batch dims broadcast),
// torch.nn.functional.linear (x [..., in] and weight [out, in] -> [..., out],
// plus a bias broadcast to it) and torch.nn.functional.embedding
// (weight [num, dim], indices [...] -> [..., dim]).
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"
#include "ops/broadcast/BroadcastRules.h"

namespace symshape::frontend {

static bool oneResult(OpContext &c, size_t operands) {
  if (!c.expectRanked())
    return false;
  for (size_t i = 0; i < operands; ++i)
    if (i >= c.numOperands() || !c.ranked(i)) {
      c.opaque("operand " + std::to_string(i) + " is not a ranked tensor");
      return false;
    }
  if (c.numResults() != 1) {
    c.opaque("expected one result");
    return false;
  }
  return true;
}

void lowerTorchMm(OpContext &c) {
  if (!oneResult(c, 2) || !c.expectRanks({2, 2}))
    return;
  c.requireSameDim(0, 1, 1, 0, "contracted");
  c.setResult(0, {c.dim(0, 0), c.dim(1, 1)});
}

void lowerTorchBmm(OpContext &c) {
  if (!oneResult(c, 2) || !c.expectRanks({3, 3}))
    return;
  c.requireSameDim(0, 0, 1, 0, "batch");
  c.requireSameDim(0, 2, 1, 1, "contracted");
  c.setResult(0, {c.dim(0, 0), c.dim(0, 1), c.dim(1, 2)});
}

void lowerTorchMatmul(OpContext &c) {
  // torch.matmul: 1-D x 1-D is a dot product, a 1-D operand gets a 1
  // prepended (first) / appended (second) that is removed afterwards, and
  // the batch dims of N-D operands broadcast.
  if (!oneResult(c, 2))
    return;
  size_t ra = c.rank(0), rb = c.rank(1);
  if (ra == 0 || rb == 0)
    return c.error("both arguments to matmul need to be at least 1D");
  std::vector<TermId> a = c.dims(0), b = c.dims(1);
  TermId ka = a.back(), kb = rb == 1 ? b[0] : b[rb - 2];
  std::string kbName = c.dimName(1, rb == 1 ? 0 : rb - 2);
  if (c.constantValue(ka) && c.constantValue(kb) &&
      *c.constantValue(ka) != *c.constantValue(kb))
    return c.error("contracted sizes " + c.dimName(0, ra - 1) + " and " +
                   kbName + " differ");
  c.requireEqual(ka, kb,
                 "the contracted sizes " + c.dimName(0, ra - 1) + " and " +
                     kbName);
  std::vector<TermId> batchA(a.begin(), a.end() - (ra >= 2 ? 2 : 1));
  std::vector<TermId> batchB(b.begin(), b.end() - (rb >= 2 ? 2 : 1));
  assumeStrictBroadcast(c, {broadcastSizes(c, 0, 0, batchA.size()),
                            broadcastSizes(c, 1, 0, batchB.size())});
  std::vector<TermId> dims = broadcastShapes(c, {batchA, batchB});
  if (ra >= 2)
    dims.push_back(a[ra - 2]);
  if (rb >= 2)
    dims.push_back(b[rb - 1]);
  c.setResult(0, std::move(dims));
}

void lowerTorchLinear(OpContext &c) {
  // linear(input, weight, bias): input @ weight.T + bias.
  if (!oneResult(c, 2) || c.numOperands() != 3)
    return;
  if (c.rank(1) != 2 || c.rank(0) == 0)
    return c.opaque("a weight that is not 2-D");
  size_t ra = c.rank(0);
  c.requireSameDim(0, ra - 1, 1, 1, "contracted");
  std::vector<TermId> dims = c.dims(0);
  dims.back() = c.dim(1, 0);
  if (!isNone(c, 2)) {
    if (!c.ranked(2))
      return c.opaque("the bias is not a ranked tensor");
    std::vector<BroadcastSize> out = broadcastSizes(c, 0);
    out.back() = {c.dim(1, 0), c.staticDim(1, 0)};
    assumeStrictBroadcast(c, {out, broadcastSizes(c, 2)});
    dims = broadcastShapes(c, {dims, c.dims(2)});
  }
  c.setResult(0, std::move(dims));
}

void lowerTorchEmbedding(OpContext &c) {
  // embedding(weight, indices, padding_idx, scale_grad_by_freq, sparse):
  // the rows of the 2-D weight picked by the indices (their values are
  // data, not sizes).
  if (!oneResult(c, 2))
    return;
  if (c.rank(0) != 2)
    return c.error("'weight' must be 2-D");
  std::vector<TermId> dims = c.dims(1);
  dims.push_back(c.dim(0, 1));
  c.setResult(0, std::move(dims));
}

} // namespace symshape::frontend
