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
//   aten::_scaled_dot_product_flash_attention_for_cpu(query, key, value,
//     dropout_p, is_causal, attn_mask, scale), what torch.export leaves of
//     scaled_dot_product_attention on CPU (ATen's attention.cpp,
//     _scaled_dot_product_flash_attention_cpu): "Accept only 4 dims inputs
//     shape of {B, H, T, K}", "Q/K/V should have the same head size"
//     (query.size(3) == value.size(3) and key.size(3) == value.size(3)),
//     "Attention mask dim in {2, 4}"; output [B, H, L, E] (empty_like
//     query) and logsumexp [B, H, L]. The kernel reads key and value at
//     query's batch and head and value's source length for key's
//     (cpu_flash_attention): the public function's [B, H, S, E] key and
//     value. The mask expands to [B, H, L, S] (reshape_attn_mask_to_4d).
//     dropout_p must be 0.0: a float value symshape does not read.
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

void lowerTorchFlashAttentionCpu(OpContext &c) {
  // (query, key, value, dropout_p, is_causal, attn_mask, scale) ->
  // (output, logsumexp).
  if (!torchTensors(c, {0, 1, 2}, 2, 7))
    return;
  if (c.rank(0) != 4 || c.rank(1) != 4 || c.rank(2) != 4)
    return c.error("scaled_dot_product_attention_flash_attention: Accept only "
                   "4 dims inputs shape of {B, H, T, K}");
  // Newer kernels read grouped heads (query's a multiple of key's), older
  // ones read key at query's head: only equal head counts are modelled.
  TermId heads = c.dim(0, 1), kvHeads = c.dim(1, 1);
  std::optional<int64_t> h = c.constantValue(heads),
                         kh = c.constantValue(kvHeads);
  if (heads != kvHeads && !(h && kh && *h == *kh))
    return c.opaque("the head counts " + c.dimName(0, 1) + " and " +
                    c.dimName(1, 1) +
                    " may differ (grouped-query heads are not modelled)");
  c.requireSameDim(0, 3, 2, 3, "head");
  c.requireSameDim(1, 3, 2, 3, "head");
  c.requireSameDim(0, 0, 1, 0, "batch");
  c.requireSameDim(0, 0, 2, 0, "batch");
  c.requireSameDim(1, 1, 2, 1, "head count");
  c.requireSameDim(1, 2, 2, 2, "source length");
  std::vector<TermId> q = c.dims(0);
  if (!isNone(c, 5)) {
    if (!c.ranked(5))
      return c.opaque("attn_mask is not a ranked tensor");
    size_t rank = c.rank(5);
    if (rank != 2 && rank != 4)
      return c.error("scaled_dot_product_attention_flash_attention: "
                     "Attention mask dim in {2, 4}");
    // reshape_attn_mask_to_4d: each size 1 or [B, H, L, S]'s (S: value's
    // length); a mask without elements is left out.
    std::vector<TermId> target = {q[0], q[1], q[2], c.dim(2, 2)};
    auto &f = c.formulas();
    std::vector<FormulaId> nonEmpty;
    for (size_t d = 0; d < rank; ++d)
      nonEmpty.push_back(f.mkNe(c.dim(5, d), c.constant(0)));
    for (size_t d = 0; d < rank; ++d) {
      TermId s = c.dim(5, d), t = target[4 - rank + d];
      std::vector<FormulaId> violation = nonEmpty;
      violation.push_back(f.mkNe(s, c.constant(1)));
      violation.push_back(f.mkNe(s, t));
      c.require(solver::ObligationKind::Broadcast, -1, f.mkAnd(violation),
                "the mask size " + c.dimName(5, d) + " expanded to dim " +
                    std::to_string(4 - rank + d) +
                    " of [B, H, L, S] (1 or equal)");
    }
  }
  c.setResult(0, q);
  c.setResult(1, {q[0], q[1], q[2]});
}

} // namespace symshape::frontend
