//===- OnnxNeural.cpp - ONNX matrix products, normalisations, softmax -----===//
//
// From the ONNX operator docs:
//   MatMul-13: numpy.matmul (a 1-D operand is promoted with a 1 that is
//     removed afterwards, the batch dims broadcast, the inner sizes equal);
//   Gemm-13: A' [M, K] x B' [K, N] (A' = transpose(A) if transA, B' alike),
//     C broadcasts unidirectionally to [M, N];
//   BatchNormalization-15 (and onnx-mlir's BatchNormalizationInferenceMode):
//     X [N, C, D...], scale / B / input_mean / input_var of size C, Y of X's
//     shape, the running statistics (training mode) of size C;
//   InstanceNormalization-22: X [N, C, D...], scale and B of size C;
//   GroupNormalization-21: C a multiple of num_groups ("a divisor of the
//     number of channels"), scale and bias of size C (num_groups at 18);
//   LayerNormalization-17: Y of X's shape, Mean and InvStdDev of X's shape
//     with the dims from `axis` on set to 1; Scale and B (its function body:
//     Mul / Add with the normalised X) broadcast unidirectionally to X;
//   LRN-13, MeanVarianceNormalization-13, LpNormalization-22: X's shape;
//   Softmax-13 / LogSoftmax-13 / Hardmax-13: the input's shape, `axis` in
//     [-r, r-1] (default -1; 1 before opset 13).
//
//===----------------------------------------------------------------------===//

#include "OnnxNeuralCommon.h"

namespace symshape::frontend {

std::optional<std::vector<TermId>>
onnxMatMulDims(OpContext &c, const std::vector<TermId> &a,
               const std::vector<TermId> &b) {
  size_t ra = a.size(), rb = b.size();
  if (ra == 0 || rb == 0) {
    c.error("MatMul needs operands of rank 1 or more");
    return std::nullopt;
  }
  size_t kb = rb == 1 ? 0 : rb - 2;
  if (!onnxRequireEqual(c, a.back(), b[kb],
                        "the inner sizes " + onnxDimName(c, 0, ra - 1) +
                            " and " + onnxDimName(c, 1, kb)))
    return std::nullopt;
  std::vector<TermId> batchA(a.begin(), a.end() - (ra >= 2 ? 2 : 1));
  std::vector<TermId> batchB(b.begin(), b.end() - (rb >= 2 ? 2 : 1));
  std::vector<TermId> dims = broadcastShapes(c, {batchA, batchB});
  if (ra >= 2)
    dims.push_back(a[ra - 2]);
  if (rb >= 2)
    dims.push_back(b[rb - 1]);
  return dims;
}

/// onnx.MatMul-13 (numpy.matmul).
static void lowerMatMul(OpContext &c) {
  std::optional<std::vector<TermId>> a = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> b = a ? onnxInputDims(c, 1) : a;
  std::optional<std::vector<TermId>> dims =
      b ? onnxMatMulDims(c, *a, *b) : std::nullopt;
  if (dims)
    setOnnxOutput(c, 0, std::move(*dims));
}

/// onnx.Gemm-13: Y = alpha * A' B' + beta * C.
static void lowerGemm(OpContext &c) {
  std::optional<std::vector<TermId>> a = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> b = a ? onnxInputDims(c, 1) : a;
  if (!b)
    return;
  if (onnxOpset(c) < 7)
    return c.opaque("Gemm before opset 7 (its `broadcast` attribute)");
  if (a->size() != 2 || b->size() != 2)
    return c.error("Gemm needs 2-D A and B");
  bool transA = onnxInt(c, "transA").value_or(0) != 0;
  bool transB = onnxInt(c, "transB").value_or(0) != 0;
  TermId m = (*a)[transA ? 1 : 0], ka = (*a)[transA ? 0 : 1];
  TermId kb = (*b)[transB ? 1 : 0], n = (*b)[transB ? 0 : 1];
  if (!onnxRequireEqual(c, ka, kb,
                        "the inner sizes " + onnxDimName(c, 0, transA ? 0 : 1) +
                            " and " + onnxDimName(c, 1, transB ? 1 : 0)))
    return;
  if (!onnxAbsent(c, 2)) {
    std::optional<std::vector<TermId>> bias = onnxInputDims(c, 2);
    if (!bias || !onnxRequireUnidirectional(c, 2, *bias, {m, n}, "C"))
      return;
  }
  setOnnxOutput(c, 0, {m, n});
}

/// Inputs `first`..`last` are 1-D of size `channels` (BatchNormalization's
/// statistics, InstanceNormalization's scale and bias).
static bool requireChannelVectors(OpContext &c, size_t first, size_t last,
                                  TermId channels,
                                  const std::string &channelName) {
  for (size_t i = first; i <= last && i < c.numOperands(); ++i) {
    if (onnxAbsent(c, i))
      continue;
    std::optional<std::vector<TermId>> v = onnxInputDims(c, i);
    if (!v)
      return false;
    if (v->size() != 1) {
      c.error("input " + std::to_string(i) + " has rank " +
              std::to_string(v->size()) + ", expected 1 (the channels)");
      return false;
    }
    if (!onnxRequireEqual(c, (*v)[0], channels,
                          "the sizes " + onnxDimName(c, i, 0) +
                              " and the channels " + channelName))
      return false;
  }
  return true;
}

/// onnx.BatchNormalization-15 / onnx.InstanceNormalization-22 (the inputs
/// after X up to `lastVector` are of size C) and onnx-mlir's
/// BatchNormalizationInferenceMode. `SpatialBefore9`: BatchNormalization,
/// whose `spatial` attribute before opset 9 is not modelled.
template <size_t LastVector, bool SpatialBefore9 = false>
static void lowerChannelNorm(OpContext &c) {
  if (SpatialBefore9 && onnxOpset(c) < 9)
    return c.opaque("BatchNormalization before opset 9 (the `spatial` "
                    "attribute) is not modelled");
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  if (x->size() < 2)
    return c.opaque("an input of rank < 2 (no channel dim)");
  if (!requireChannelVectors(c, 1, LastVector, (*x)[1], onnxDimName(c, 0, 1)))
    return;
  setOnnxOutput(c, 0, *x);
  // Training mode: running_mean, running_var of size C.
  for (size_t r = 1; r < c.numResults(); ++r)
    setOnnxOutput(c, r, {(*x)[1]});
}

/// onnx.GroupNormalization-21 (18 in onnx-mlir's GroupNormalizationV18):
/// the channels a multiple of num_groups; scale and bias of size C (of size
/// num_groups before opset 21).
static void lowerGroupNorm(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  if (x->size() < 2)
    return c.opaque("an input of rank < 2 (no channel dim)");
  std::optional<int64_t> groups = onnxInt(c, "num_groups");
  if (!groups || *groups < 1)
    return c.error("num_groups must be a positive integer");
  TermId channels = (*x)[1], g = c.constant(*groups);
  if (!onnxRequireEqual(c, c.mul(c.floorDiv(channels, g), g), channels,
                        "the channels " + onnxDimName(c, 0, 1) +
                            " (a multiple of num_groups " +
                            std::to_string(*groups) + ")"))
    return;
  bool perGroup = onnxOpset(c) < 21;
  if (!requireChannelVectors(c, 1, 2, perGroup ? g : channels,
                             perGroup ? "num_groups " + std::to_string(*groups)
                                      : onnxDimName(c, 0, 1)))
    return;
  setOnnxOutput(c, 0, *x);
}

/// onnx.LayerNormalization-17 (also RMSNormalization-23 and onnx-mlir's
/// RMSLayerNormalization: Y and InvStdDev alike).
static void lowerLayerNorm(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  std::optional<size_t> axis =
      onnxAxis(c, onnxInt(c, "axis").value_or(-1), x->size(), "axis");
  if (!axis)
    return;
  const char *names[] = {"", "Scale", "B"};
  for (size_t i = 1; i <= 2; ++i) {
    if (onnxAbsent(c, i))
      continue;
    std::optional<std::vector<TermId>> v = onnxInputDims(c, i);
    if (!v || !onnxRequireUnidirectional(c, i, *v, *x, names[i]))
      return;
  }
  setOnnxOutput(c, 0, *x);
  std::vector<TermId> stats = *x;
  for (size_t d = *axis; d < stats.size(); ++d)
    stats[d] = c.constant(1);
  for (size_t r = 1; r < c.numResults(); ++r)
    setOnnxOutput(c, r, stats);
}

/// onnx.Softmax-13, LogSoftmax-13, Hardmax-13.
static void lowerSoftmax(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  int64_t fallback = onnxOpset(c) < 13 ? 1 : -1;
  if (!onnxAxis(c, onnxInt(c, "axis").value_or(fallback), x->size(), "axis"))
    return;
  setOnnxOutput(c, 0, *x);
}

/// Which axis attribute a same-shape normalisation checks.
enum class NormAxes { None, Axes, Axis };

/// onnx.LRN-13, MeanVarianceNormalization-13, LpNormalization-22: the
/// input's shape; `axes` (MVN, default [0, 2, 3]) and `axis` (LpNormalization,
/// default -1) in range.
template <NormAxes Kind> static void lowerSameShapeNorm(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  if (Kind == NormAxes::Axis &&
      !onnxAxis(c, onnxInt(c, "axis").value_or(-1), x->size(), "axis"))
    return;
  if (Kind == NormAxes::Axes && onnxAttr(c, "axes")) {
    std::optional<std::vector<int64_t>> axes = onnxInts(c, "axes");
    if (!axes)
      return c.opaque("attribute 'axes' is not an integer list");
    for (int64_t a : *axes)
      if (!onnxAxis(c, a, x->size(), "axis"))
        return;
  }
  setOnnxOutput(c, 0, *x);
}

/// This file's operators.
static const std::vector<OnnxRule> &ownRules() {
  static const std::vector<OnnxRule> rules = {
      {"MatMul", lowerMatMul,
       "numpy.matmul: the inner sizes equal, batch dims broadcast"},
      {"Gemm", lowerGemm,
       "[M, K] x [K, N] (transA / transB); C broadcasts to [M, N]"},
      {"BatchNormalization", lowerChannelNorm<4, true>,
       "X's shape; scale, B, mean, var of X's channel count"},
      {"BatchNormalizationInferenceMode", lowerChannelNorm<4>,
       "onnx-mlir: X's shape; scale, B, mean, var of X's channel count"},
      {"InstanceNormalization", lowerChannelNorm<2>,
       "X's shape; scale and B of X's channel count"},
      {"LayerNormalization", lowerLayerNorm,
       "X's shape; Scale / B broadcast to X; Mean and "
       "InvStdDev keep the dims before `axis`"},
      {"GroupNormalization", lowerGroupNorm,
       "X's shape; C a multiple of num_groups; scale and bias of size C "
       "(num_groups before opset 21)",
       "18"},
      {"RMSNormalization", lowerLayerNorm, "X's shape; Scale broadcasts to X"},
      {"RMSLayerNormalization", lowerLayerNorm,
       "onnx-mlir: X's shape; Scale / B broadcast to X; InvStdDev keeps the "
       "dims before `axis`"},
      {"LRN", lowerSameShapeNorm<NormAxes::None>, "the input's shape"},
      {"MeanVarianceNormalization", lowerSameShapeNorm<NormAxes::Axes>,
       "the input's shape; `axes` in range"},
      {"LpNormalization", lowerSameShapeNorm<NormAxes::Axis>,
       "the input's shape; `axis` in range"},
      {"Softmax", lowerSoftmax, "the input's shape; `axis` in range", "11"},
      {"LogSoftmax", lowerSoftmax, "the input's shape; `axis` in range"},
      {"Hardmax", lowerSoftmax, "the input's shape; `axis` in range"},
  };
  return rules;
}

/// This file's operators and those of the files it joins (convolutions,
/// gathers, Einsum, Attention), so that Onnx.cpp lists one neural group.
const std::vector<OnnxRule> &onnxNeuralRules() {
  static const std::vector<OnnxRule> rules = [] {
    std::vector<OnnxRule> all = ownRules();
    for (const std::vector<OnnxRule> *list :
         {&onnxConvRules(), &onnxIndexingRules(), &onnxEinsumRules(),
          &onnxAttentionRules(), &onnxQuantizedRules(), &onnxLossRules(),
          &onnxRoiRules(), &onnxRecurrentRules(), &onnxImageRules()})
      all.insert(all.end(), list->begin(), list->end());
    return all;
  }();
  return rules;
}

} // namespace symshape::frontend
