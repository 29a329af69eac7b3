//===- TorchMatrix.cpp - addmm, baddbmm and attention of torch ------------===//
//
// From PyTorch's documentation:
//   torch.addmm(input, mat1, mat2): mat1 [n, m], mat2 [m, p]; "input must be
//     broadcastable with a (n x p) tensor and out will be a (n x p) tensor";
//   torch.baddbmm(input, batch1, batch2): batch1 [b, n, m], batch2 [b, m, p],
//     input broadcastable to [b, n, p];
//   torch.nn.functional.scaled_dot_product_attention(query [..., L, E], key
//     [..., S, E], value [..., S, Ev], attn_mask): [..., L, Ev], the batch
//     dims broadcast as torch.matmul's do; attn_mask "must be broadcastable
//     to the shape of attention weights" [..., L, S].
// "Broadcastable to" a shape is unidirectional: each size 1 or the
// target's, the operand's rank at most the target's.
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"
#include "ops/broadcast/BroadcastRules.h"

namespace symshape::frontend {

namespace {

/// Operand `i` expands to `target` (Tensor.expand): false after an error.
bool requireExpandsTo(OpContext &c, size_t i,
                      const std::vector<TermId> &target) {
  size_t rank = c.rank(i);
  if (rank > target.size()) {
    c.error(c.operandName(i) + " of rank " + std::to_string(rank) +
            " cannot be broadcast to rank " + std::to_string(target.size()));
    return false;
  }
  size_t offset = target.size() - rank;
  auto &f = c.formulas();
  for (size_t d = 0; d < rank; ++d) {
    TermId s = c.dim(i, d), t = target[offset + d];
    std::optional<int64_t> cs = c.constantValue(s), ct = c.constantValue(t);
    if (cs && ct && *cs != 1 && *cs != *ct) {
      c.error("the size " + c.dimName(i, d) + " does not broadcast to " +
              std::to_string(*ct));
      return false;
    }
    c.require(solver::ObligationKind::Broadcast, int(offset + d),
              f.mkNot(f.mkOr({f.mkEq(s, c.constant(1)), f.mkEq(s, t)})),
              "the size " + c.dimName(i, d) +
                  " broadcast to the result's (1 or equal)");
  }
  return true;
}

} // namespace

void lowerTorchAddmm(OpContext &c) {
  // addmm(input, mat1, mat2, beta, alpha).
  if (!torchTensors(c, {0, 1, 2}, 1, 5))
    return;
  if (c.rank(1) != 2 || c.rank(2) != 2)
    return c.error("mat1 and mat2 must be 2-D");
  c.requireSameDim(1, 1, 2, 0, "contracted");
  std::vector<TermId> out = {c.dim(1, 0), c.dim(2, 1)};
  if (requireExpandsTo(c, 0, out))
    c.setResult(0, out);
}

void lowerTorchBaddbmm(OpContext &c) {
  // baddbmm(input, batch1, batch2, beta, alpha).
  if (!torchTensors(c, {0, 1, 2}, 1, 5))
    return;
  if (c.rank(1) != 3 || c.rank(2) != 3)
    return c.error("batch1 and batch2 must be 3-D");
  c.requireSameDim(1, 0, 2, 0, "batch");
  c.requireSameDim(1, 2, 2, 1, "contracted");
  std::vector<TermId> out = {c.dim(1, 0), c.dim(1, 1), c.dim(2, 2)};
  if (requireExpandsTo(c, 0, out))
    c.setResult(0, out);
}

void lowerTorchAttention(OpContext &c) {
  // scaled_dot_product_attention(query, key, value, attn_mask, dropout_p,
  // is_causal, scale, enable_gqa); older exports leave enable_gqa out.
  if (!torchTensors(c, {0, 1, 2}, 1, 7, 8))
    return;
  if (c.numOperands() == 8) {
    std::optional<bool> gqa = torchFlag(c, 7);
    if (!gqa)
      return;
    if (*gqa)
      return c.opaque("enable_gqa (grouped heads) is not modelled");
  }
  std::optional<bool> causal = torchFlag(c, 5);
  if (!causal)
    return;
  bool mask = !isNone(c, 3);
  if (mask && *causal)
    return c.error("an explicit attn_mask with is_causal=True");
  size_t rq = c.rank(0), rk = c.rank(1), rv = c.rank(2);
  if (rq < 2 || rk < 2 || rv < 2)
    return c.error("query, key and value must be at least 2-D");
  c.requireSameDim(0, rq - 1, 1, rk - 1, "embedding");
  c.requireSameDim(1, rk - 2, 2, rv - 2, "source length");
  std::vector<TermId> q = c.dims(0), k = c.dims(1), v = c.dims(2);
  std::vector<TermId> batch =
      broadcastShapes(c, {std::vector<TermId>(q.begin(), q.end() - 2),
                          std::vector<TermId>(k.begin(), k.end() - 2),
                          std::vector<TermId>(v.begin(), v.end() - 2)});
  if (mask) {
    if (!c.ranked(3))
      return c.opaque("attn_mask is not a ranked tensor");
    std::vector<TermId> weights = batch;
    weights.push_back(q[rq - 2]);
    weights.push_back(k[rk - 2]);
    if (!requireExpandsTo(c, 3, weights))
      return;
  }
  batch.push_back(q[rq - 2]);
  batch.push_back(v[rv - 1]);
  c.setResult(0, std::move(batch));
}

} // namespace symshape::frontend
