//===- TosaConv.cpp - tosa contractions, convolutions, pooling, resize ----===//
//
// Layouts follow the TOSA specification: activations NHWC (NDHWC for
// conv3d), weights [OC, KH, KW, IC] (depthwise: [KH, KW, C, M]). Spatial
// output sizes use the shared window rule (OpRules.h):
//
//   out = floor((in + pad_lo + pad_hi - dilation * (k - 1) - 1) / stride) + 1
//
// The extra operands of current MLIR (zero points) take no part in shapes.
//
//===----------------------------------------------------------------------===//

#include "TosaInternal.h"

namespace symshape::frontend::tosa {

namespace {

/// No operand holds the list: read attributes only.
constexpr size_t kAttributeOnly = ~size_t(0);

/// An attribute list of `length` entries, each at least `least`.
std::optional<std::vector<int64_t>>
windowAttr(OpContext &c, std::string_view name, size_t length, int64_t least) {
  std::optional<std::vector<int64_t>> values =
      listOfLength(c, name, kAttributeOnly, length);
  if (!values)
    return std::nullopt;
  for (int64_t v : *values)
    if (v < least) {
      c.error("expects every " + std::string(name) + " value >= " +
              std::to_string(least) + ", got " + listText(*values));
      return std::nullopt;
    }
  return values;
}

/// conv2d and conv3d: input [N, spatial..., IC], weight [OC, k..., IC],
/// bias [OC] (or [1]) -> [N, out..., OC].
void lowerConv(OpContext &c, int spatial) {
  int rank = spatial + 2;
  if (!expectOperandRanks(c, {rank, rank, 1}))
    return;
  size_t n = size_t(spatial);
  std::optional<std::vector<int64_t>> pad = windowAttr(c, "pad", 2 * n, 0);
  std::optional<std::vector<int64_t>> stride =
      pad ? windowAttr(c, "stride", n, 1) : std::nullopt;
  std::optional<std::vector<int64_t>> dilation =
      stride ? windowAttr(c, "dilation", n, 1) : std::nullopt;
  if (!dilation)
    return;
  c.requireSameDim(0, n + 1, 1, n + 1, "input channel");
  std::vector<TermId> out = {c.dim(0, 0)};
  for (size_t s = 0; s < n; ++s)
    out.push_back(windowOutputSize(
        c, c.dim(0, s + 1), c.constant((*pad)[2 * s]),
        c.constant((*pad)[2 * s + 1]), c.dim(1, s + 1), (*stride)[s],
        (*dilation)[s], "spatial dim " + std::to_string(s + 1)));
  out.push_back(c.dim(1, 0));
  requireBias(c, 2, c.dim(1, 0), c.dimName(1, 0));
  c.setResult(0, std::move(out));
}

} // namespace

/// tosa.matmul: [N, H, C] x [N, C, W] -> [N, H, W] (current MLIR adds the
/// zero points a_zp, b_zp as operands 2 and 3).
void lowerMatmul(OpContext &c) {
  if (!expectOperandRanks(c, {3, 3}))
    return;
  c.requireSameDim(0, 0, 1, 0, "batch");
  c.requireSameDim(0, 2, 1, 1, "contracted");
  c.setResult(0, {c.dim(0, 0), c.dim(0, 1), c.dim(1, 2)});
}

/// tosa.fully_connected (MLIR 16): [N, IC] x [OC, IC] + bias -> [N, OC].
void lowerFullyConnected(OpContext &c) {
  if (!expectOperandRanks(c, {2, 2, 1}))
    return;
  c.requireSameDim(0, 1, 1, 1, "input channel");
  requireBias(c, 2, c.dim(1, 0), c.dimName(1, 0));
  c.setResult(0, {c.dim(0, 0), c.dim(1, 0)});
}

void lowerConv2d(OpContext &c) { lowerConv(c, 2); }

void lowerConv3d(OpContext &c) { lowerConv(c, 3); }

/// tosa.depthwise_conv2d: [N, H, W, C] x [KH, KW, C, M] -> [N, OH, OW, C*M].
void lowerDepthwiseConv2d(OpContext &c) {
  if (!expectOperandRanks(c, {4, 4, 1}))
    return;
  std::optional<std::vector<int64_t>> pad = windowAttr(c, "pad", 4, 0);
  std::optional<std::vector<int64_t>> stride =
      pad ? windowAttr(c, "stride", 2, 1) : std::nullopt;
  std::optional<std::vector<int64_t>> dilation =
      stride ? windowAttr(c, "dilation", 2, 1) : std::nullopt;
  if (!dilation)
    return;
  c.requireSameDim(0, 3, 1, 2, "input channel");
  std::vector<TermId> out = {c.dim(0, 0)};
  for (size_t s = 0; s < 2; ++s)
    out.push_back(windowOutputSize(
        c, c.dim(0, s + 1), c.constant((*pad)[2 * s]),
        c.constant((*pad)[2 * s + 1]), c.dim(1, s), (*stride)[s],
        (*dilation)[s], "spatial dim " + std::to_string(s + 1)));
  TermId channels = c.mul(c.dim(0, 3), c.dim(1, 3));
  out.push_back(channels);
  requireBias(c, 2, channels, c.dimName(0, 3) + " * " + c.dimName(1, 3));
  c.setResult(0, std::move(out));
}

/// tosa.transpose_conv2d: [N, IH, IW, IC] x [OC, KH, KW, IC] ->
/// [N, OH, OW, OC] with OH = (IH - 1) * stride_y + out_pad_top +
/// out_pad_bottom + KH (and OW alike). MLIR 16's `out_shape` names the
/// result sizes (-1: unknown); each known one must equal the computed size.
void lowerTransposeConv2d(OpContext &c) {
  if (!expectOperandRanks(c, {4, 4, 1}))
    return;
  std::optional<std::vector<int64_t>> outPad =
      listOfLength(c, "out_pad", kAttributeOnly, 4);
  std::optional<std::vector<int64_t>> stride =
      outPad ? windowAttr(c, "stride", 2, 1) : std::nullopt;
  if (!stride)
    return;
  std::optional<std::vector<int64_t>> outShape;
  if (c.attr("out_shape") &&
      !(outShape = listOfLength(c, "out_shape", kAttributeOnly, 4)))
    return;
  c.requireSameDim(0, 3, 1, 3, "input channel");
  std::vector<TermId> out = {c.dim(0, 0)};
  for (size_t s = 0; s < 2; ++s) {
    TermId size =
        c.add(c.add(c.mul(c.sub(c.dim(0, s + 1), c.constant(1)),
                          c.constant((*stride)[s])),
                    c.constant((*outPad)[2 * s] + (*outPad)[2 * s + 1])),
              c.dim(1, s + 1));
    c.requireInBounds(c.formulas().mkLe(c.constant(0), size),
                      "the output size of spatial dim " +
                          std::to_string(s + 1) + " (must not be negative)");
    out.push_back(size);
  }
  out.push_back(c.dim(1, 0));
  requireBias(c, 2, c.dim(1, 0), c.dimName(1, 0));
  if (outShape)
    for (size_t d = 0; d < 4; ++d) {
      int64_t v = (*outShape)[d];
      if (v == -1)
        continue;
      std::optional<int64_t> computed = c.constantValue(out[d]);
      if (v < 0 || (computed && *computed != v)) {
        c.error("out_shape " + listText(*outShape) + " differs from the size " +
                (computed ? std::to_string(*computed) : std::string("?")) +
                " computed for dim " + std::to_string(d));
        return;
      }
      c.requireEqual(out[d], c.constant(v),
                     "the size computed for dim " + std::to_string(d) +
                         " and out_shape's " + std::to_string(v));
    }
  c.setResult(0, std::move(out));
}

/// tosa.avg_pool2d / max_pool2d: [N, H, W, C] -> [N, OH, OW, C] with the
/// window `kernel`, `stride`, `pad` (current avg_pool2d adds zero points).
void lowerPool2d(OpContext &c) {
  if (!expectOperandRanks(c, {4}))
    return;
  std::optional<std::vector<int64_t>> kernel = windowAttr(c, "kernel", 2, 1);
  std::optional<std::vector<int64_t>> stride =
      kernel ? windowAttr(c, "stride", 2, 1) : std::nullopt;
  std::optional<std::vector<int64_t>> pad =
      stride ? windowAttr(c, "pad", 4, 0) : std::nullopt;
  if (!pad)
    return;
  std::vector<TermId> out = {c.dim(0, 0)};
  for (size_t s = 0; s < 2; ++s)
    out.push_back(windowOutputSize(
        c, c.dim(0, s + 1), c.constant((*pad)[2 * s]),
        c.constant((*pad)[2 * s + 1]), c.constant((*kernel)[s]), (*stride)[s],
        1, "spatial dim " + std::to_string(s + 1)));
  out.push_back(c.dim(0, 3));
  c.setResult(0, std::move(out));
}

/// tosa.resize: [N, IH, IW, C] -> [N, OH, OW, C] with
/// OH = floor(((IH - 1) * scale_y_n - offset_y + border_y) / scale_y_d) + 1
/// (OW alike); scale [y_n, y_d, x_n, x_d], offset and border [y, x] are
/// attributes (MLIR 16) or `!tosa.shape` operands 1-3 (current MLIR).
void lowerResize(OpContext &c) {
  if (!expectOperandRanks(c, {4}))
    return;
  std::optional<std::vector<int64_t>> scale = listOfLength(c, "scale", 1, 4);
  std::optional<std::vector<int64_t>> offset =
      scale ? listOfLength(c, "offset", 2, 2) : std::nullopt;
  std::optional<std::vector<int64_t>> border =
      offset ? listOfLength(c, "border", 3, 2) : std::nullopt;
  if (!border)
    return;
  for (int64_t v : *scale)
    if (v <= 0) {
      c.error("expects every scale value > 0, got " + listText(*scale));
      return;
    }
  std::vector<TermId> out = {c.dim(0, 0)};
  for (size_t s = 0; s < 2; ++s) {
    TermId scaled = c.mul(c.sub(c.dim(0, s + 1), c.constant(1)),
                          c.constant((*scale)[2 * s]));
    TermId numerator = c.add(scaled, c.constant((*border)[s] - (*offset)[s]));
    TermId size = c.add(c.floorDiv(numerator, c.constant((*scale)[2 * s + 1])),
                        c.constant(1));
    c.requireInBounds(c.formulas().mkLe(c.constant(0), size),
                      "the output size of spatial dim " +
                          std::to_string(s + 1) + " (must not be negative)");
    out.push_back(size);
  }
  out.push_back(c.dim(0, 3));
  c.setResult(0, std::move(out));
}

} // namespace symshape::frontend::tosa
