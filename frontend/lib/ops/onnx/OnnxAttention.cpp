//===- OnnxAttention.cpp - ONNX Attention (opset 23) ----------------------===//
//
// onnx.Attention-23, as its docs and shape inference state it:
//   4-D: Q [B, Hq, Sq, D], K [B, Hkv, Skv, D], V [B, Hkv, Skv, Dv]
//        -> Y [B, Hq, Sq, Dv];
//   3-D: Q [B, Sq, Hq * D], K [B, Skv, Hkv * D], V [B, Skv, Hkv * Dv] with
//        Hq = q_num_heads, Hkv = kv_num_heads (required attributes)
//        -> Y [B, Sq, Hq * Dv];
// with Hq a multiple of Hkv (group-query attention). Without a past, the
// optional outputs present_key / present_value are K and V as
// [B, Hkv, Skv, D] / [B, Hkv, Skv, Dv], and qk_matmul_output is
// [B, Hq, Sq, Skv]. An attention mask (its kv length may be padded), a
// past key / value or nonpad_kv_seqlen are not modelled: opaque.
//
//===----------------------------------------------------------------------===//

#include "OnnxNeuralCommon.h"

namespace symshape::frontend {

namespace {

/// `whole` is `parts` times a size: the size, with an `equal` requirement
/// that the division is exact (`what` names it).
std::optional<TermId> exactPart(OpContext &c, TermId whole, int64_t parts,
                                const std::string &what) {
  TermId p = c.constant(parts);
  TermId part = c.floorDiv(whole, p);
  if (!onnxRequireEqual(c, c.mul(part, p), whole,
                        what + " (a multiple of " + std::to_string(parts) +
                            " heads)"))
    return std::nullopt;
  return part;
}

/// The heads, sizes and sequence lengths of Q, K, V in 4-D form.
struct Heads {
  TermId batch, hq, sq, d, hkv, skv, dv;
};

std::optional<Heads> fourD(OpContext &c, const std::vector<TermId> &q,
                           const std::vector<TermId> &k,
                           const std::vector<TermId> &v) {
  Heads h{q[0], q[1], q[2], q[3], k[1], k[2], v[3]};
  if (!onnxRequireEqual(c, q[3], k[3],
                        "the head sizes " + onnxDimName(c, 0, 3) + " and " +
                            onnxDimName(c, 1, 3)) ||
      !onnxRequireEqual(c, k[1], v[1],
                        "the kv heads " + onnxDimName(c, 1, 1) + " and " +
                            onnxDimName(c, 2, 1)) ||
      !onnxRequireEqual(c, k[2], v[2],
                        "the kv sequence lengths " + onnxDimName(c, 1, 2) +
                            " and " + onnxDimName(c, 2, 2)))
    return std::nullopt;
  // Group-query attention: Hq = Hkv * group.
  TermId group = c.floorDiv(h.hq, h.hkv);
  if (!onnxRequireEqual(c, c.mul(group, h.hkv), h.hq,
                        "the query heads " + onnxDimName(c, 0, 1) +
                            " (a multiple of the kv heads " +
                            onnxDimName(c, 1, 1) + ")"))
    return std::nullopt;
  return h;
}

std::optional<Heads> threeD(OpContext &c, const std::vector<TermId> &q,
                            const std::vector<TermId> &k,
                            const std::vector<TermId> &v) {
  std::optional<int64_t> hq = onnxInt(c, "q_num_heads");
  std::optional<int64_t> hkv = onnxInt(c, "kv_num_heads");
  if (!hq || !hkv || *hq < 1 || *hkv < 1) {
    c.error("3-D inputs need positive q_num_heads and kv_num_heads");
    return std::nullopt;
  }
  if (*hq % *hkv != 0) {
    c.error("q_num_heads " + std::to_string(*hq) +
            " is not a multiple of kv_num_heads " + std::to_string(*hkv));
    return std::nullopt;
  }
  std::optional<TermId> dq =
      exactPart(c, q[2], *hq, "the query hidden size " + onnxDimName(c, 0, 2));
  std::optional<TermId> dk =
      dq ? exactPart(c, k[2], *hkv,
                     "the key hidden size " + onnxDimName(c, 1, 2))
         : std::nullopt;
  std::optional<TermId> dv =
      dk ? exactPart(c, v[2], *hkv,
                     "the value hidden size " + onnxDimName(c, 2, 2))
         : std::nullopt;
  if (!dv ||
      !onnxRequireEqual(c, *dq, *dk,
                        "the query and key head sizes " + onnxDimName(c, 0, 2) +
                            " / " + std::to_string(*hq) + " and " +
                            onnxDimName(c, 1, 2) + " / " +
                            std::to_string(*hkv)) ||
      !onnxRequireEqual(c, k[1], v[1],
                        "the kv sequence lengths " + onnxDimName(c, 1, 1) +
                            " and " + onnxDimName(c, 2, 1)))
    return std::nullopt;
  return Heads{q[0], c.constant(*hq), q[1], *dq, c.constant(*hkv), k[1], *dv};
}

void lowerAttention(OpContext &c) {
  for (size_t i = 3; i < c.numOperands(); ++i)
    if (!onnxAbsent(c, i))
      return c.opaque("an attention mask, past key / value or "
                      "nonpad_kv_seqlen input");
  std::optional<std::vector<TermId>> q = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> k = q ? onnxInputDims(c, 1) : q;
  std::optional<std::vector<TermId>> v = k ? onnxInputDims(c, 2) : k;
  if (!v)
    return;
  size_t rank = q->size();
  for (size_t r : {rank, k->size(), v->size()})
    if (r != 3 && r != 4)
      return c.error("Q, K and V must be 3-D or 4-D");
  if (k->size() != rank || v->size() != rank)
    return c.opaque("Q, K and V of mixed 3-D and 4-D forms");
  for (size_t i = 1; i <= 2; ++i)
    if (!onnxRequireEqual(c, (*q)[0], (i == 1 ? *k : *v)[0],
                          "the batch sizes " + onnxDimName(c, 0, 0) + " and " +
                              onnxDimName(c, i, 0)))
      return;
  std::optional<Heads> h =
      rank == 4 ? fourD(c, *q, *k, *v) : threeD(c, *q, *k, *v);
  if (!h)
    return;
  if (rank == 4)
    setOnnxOutput(c, 0, {h->batch, h->hq, h->sq, h->dv});
  else
    setOnnxOutput(c, 0, {h->batch, h->sq, c.mul(h->hq, h->dv)});
  if (c.numResults() > 1)
    setOnnxOutput(c, 1, {h->batch, h->hkv, h->skv, h->d});
  if (c.numResults() > 2)
    setOnnxOutput(c, 2, {h->batch, h->hkv, h->skv, h->dv});
  if (c.numResults() > 3)
    setOnnxOutput(c, 3, {h->batch, h->hq, h->sq, h->skv});
}

} // namespace

const std::vector<OnnxRule> &onnxAttentionRules() {
  static const std::vector<OnnxRule> rules = {
      {"Attention", lowerAttention,
       "scaled dot-product attention: Q, K, V heads and sizes agree; Y [B, "
       "Hq, Sq, Dv] (3-D: [B, Sq, Hq * Dv])"},
  };
  return rules;
}

} // namespace symshape::frontend
