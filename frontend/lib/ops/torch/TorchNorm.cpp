//===- TorchNorm.cpp - Normalisations of the torch dialect ----------------===//
//
// From PyTorch's documentation (torch.nn.functional.* and the nn modules'
// pages), each result having the input's shape:
//   layer_norm / native_layer_norm / rms_norm(input, normalized_shape,
//     weight, bias, eps): the input's trailing dims are `normalized_shape`
//     ("input of size [* x normalized_shape[0] x ... x normalized_shape[-1]]"),
//     weight and bias have that shape; native_layer_norm's mean and rstd keep
//     the leading dims and are 1 in the normalised ones;
//   group_norm(input, num_groups, weight, bias): input [N, C, *], C divisible
//     by num_groups, weight and bias 1-D of C elements;
//     native_group_norm(input, weight, bias, N, C, HxW, group, eps) reads
//     the input as [N, C, HxW] and has mean and rstd [N, group];
//   batch_norm(input, weight, bias, running_mean, running_var, ...): input
//     [N, C, *], each of the four vectors of C elements.
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"
#include "ops/rules/OpRules.h"

namespace symshape::frontend {

namespace {

/// Optional per-channel operand `i` (weight, bias, running stats) has
/// `channels` elements: ATen's "Expected weight to be a vector of size
/// equal to the number of channels" (group_norm also demands 1-D:
/// `vector`).
void requireChannelVector(OpContext &c, size_t i, TermId channels,
                          const std::string &what, bool vector) {
  if (isNone(c, i) || c.failed())
    return;
  if (!c.ranked(i))
    return c.opaque("the " + what + " is not a ranked tensor");
  if (vector && c.rank(i) != 1)
    return c.error("the " + what + " must be 1-D");
  requireSizesEqual(c, c.product(c.dims(i)), channels,
                    "the elements of the " + what + " " + c.operandName(i) +
                        " and the channels");
}

/// normalized_shape (operand 1) against the input's trailing dims and the
/// optional weight / bias operands `affine`; the index of the first
/// normalised dim, nullopt after an error or opaque.
std::optional<size_t> normalisedAxis(OpContext &c,
                                     std::initializer_list<size_t> affine) {
  std::optional<std::vector<TermId>> shape = intList(c, 1);
  if (!shape) {
    c.opaque("normalized_shape is not a known int list");
    return std::nullopt;
  }
  size_t n = shape->size(), rank = c.rank(0);
  if (n == 0 || n > rank) {
    c.error("normalized_shape of " + std::to_string(n) +
            " sizes for an input of rank " + std::to_string(rank));
    return std::nullopt;
  }
  size_t axis = rank - n;
  for (size_t k = 0; k < n; ++k)
    if (!requireSizesEqual(c, (*shape)[k], c.dim(0, axis + k),
                           "normalized_shape's size " + std::to_string(k) +
                               " and " + c.dimName(0, axis + k)))
      return std::nullopt;
  for (size_t i : affine) {
    if (isNone(c, i))
      continue;
    if (!c.ranked(i)) {
      c.opaque("operand " + std::to_string(i) + " is not a ranked tensor");
      return std::nullopt;
    }
    if (c.rank(i) != n) {
      c.error(c.operandName(i) + " is not of normalized_shape's rank " +
              std::to_string(n));
      return std::nullopt;
    }
    // ATen compares weight.sizes() with normalized_shape.
    for (size_t k = 0; k < n; ++k)
      if (!requireSizesEqual(c, c.dim(i, k), (*shape)[k],
                             "the size " + c.dimName(i, k) +
                                 " and normalized_shape's size " +
                                 std::to_string(k)))
        return std::nullopt;
  }
  return axis;
}

} // namespace

namespace {

/// layer_norm(input, normalized_shape, weight, bias, eps, cudnn_enable);
/// native_layer_norm(input, normalized_shape, weight, bias, eps) ->
/// (output, mean, rstd).
void lowerLayerNormOf(OpContext &c, bool native) {
  if (!torchTensors(c, {0}, native ? 3 : 1, native ? 5 : 6))
    return;
  std::optional<size_t> axis = normalisedAxis(c, {2, 3});
  if (!axis)
    return;
  std::vector<TermId> dims = c.dims(0);
  c.setResult(0, dims);
  if (!native)
    return;
  for (size_t d = *axis; d < dims.size(); ++d)
    dims[d] = c.constant(1);
  c.setResult(1, dims);
  c.setResult(2, dims);
}

} // namespace

void lowerTorchLayerNorm(OpContext &c) { lowerLayerNormOf(c, false); }
void lowerTorchNativeLayerNorm(OpContext &c) { lowerLayerNormOf(c, true); }

void lowerTorchRmsNorm(OpContext &c) {
  // rms_norm(input, normalized_shape, weight, eps).
  if (!torchTensors(c, {0}, 1, 4))
    return;
  if (normalisedAxis(c, {2}))
    c.setResult(0, c.dims(0));
}

/// The input is [N, C, *] (group_norm, batch_norm).
static bool channelsInput(OpContext &c) {
  if (c.rank(0) >= 2)
    return true;
  c.error("the input must have at least 2 dims (N, C, ...)");
  return false;
}

/// `channels` is a multiple of the constant group count operand `i`;
/// false after an error or opaque.
static bool requireGroupsDivide(OpContext &c, size_t i, TermId channels,
                                const std::string &name) {
  std::optional<int64_t> g = c.constantValue(c.scalar(i));
  if (!g) {
    c.opaque("the group count " + c.operandName(i) + " is not a constant");
    return false;
  }
  if (*g <= 0) {
    c.error("the group count " + std::to_string(*g) + " is not positive");
    return false;
  }
  TermId groups = c.constant(*g);
  return requireSizesEqual(c, c.mul(c.floorDiv(channels, groups), groups),
                           channels,
                           "the channels " + name + " (a multiple of " +
                               std::to_string(*g) + " groups)");
}

void lowerTorchGroupNorm(OpContext &c) {
  // group_norm(input, num_groups, weight, bias, eps, cudnn_enabled).
  if (!torchTensors(c, {0}, 1, 6) || !channelsInput(c) ||
      !requireGroupsDivide(c, 1, c.dim(0, 1), c.dimName(0, 1)))
    return;
  requireChannelVector(c, 2, c.dim(0, 1), "weight", true);
  requireChannelVector(c, 3, c.dim(0, 1), "bias", true);
  c.setResult(0, c.dims(0));
}

void lowerTorchNativeGroupNorm(OpContext &c) {
  // native_group_norm(input, weight, bias, N, C, HxW, group, eps) ->
  // (output, mean [N, group], rstd [N, group]): the kernel reads the input
  // as [N, C, HxW], so it must hold N * C * HxW elements.
  if (!torchTensors(c, {0}, 3, 8))
    return;
  TermId n = c.scalar(3), channels = c.scalar(4), hxw = c.scalar(5);
  c.requireElementCount(c.product(c.dims(0)), c.mul(n, c.mul(channels, hxw)),
                        "the elements of " + c.operandName(0) +
                            " and N * C * HxW");
  if (!requireGroupsDivide(c, 6, channels, "C " + c.operandName(4)))
    return;
  requireChannelVector(c, 1, channels, "weight", true);
  requireChannelVector(c, 2, channels, "bias", true);
  c.setResult(0, c.dims(0));
  c.setResult(1, {n, c.scalar(6)});
  c.setResult(2, {n, c.scalar(6)});
}

namespace {

/// batch_norm(input, weight, bias, running_mean, running_var, training,
/// momentum, eps, cudnn_enabled);
/// _native_batch_norm_legit_no_training(input, weight, bias, running_mean,
/// running_var, momentum, eps) -> (output, save_mean, save_invstd).
void lowerBatchNormOf(OpContext &c, bool native) {
  if (!torchTensors(c, {0}, native ? 3 : 1, native ? 7 : 9) ||
      !channelsInput(c))
    return;
  const char *names[] = {"weight", "bias", "running_mean", "running_var"};
  for (size_t i = 1; i <= 4; ++i)
    requireChannelVector(c, i, c.dim(0, 1), names[i - 1], false);
  c.setResult(0, c.dims(0));
  if (!native)
    return;
  // The saved statistics of an evaluation run depend on the device (empty
  // [0] on CPU and in the meta functions export runs, [C] under cuDNN):
  // they follow their declared types.
  c.setResultFromType(1);
  c.setResultFromType(2);
}

} // namespace

void lowerTorchBatchNorm(OpContext &c) { lowerBatchNormOf(c, false); }
void lowerTorchNativeBatchNorm(OpContext &c) { lowerBatchNormOf(c, true); }

} // namespace symshape::frontend
