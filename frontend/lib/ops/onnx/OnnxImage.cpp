//===- OnnxImage.cpp - ONNX image operators: crops, grids, unfolding ------===//
//
// From the ONNX operator docs:
//   CenterCropPad-18: each dim named by `axes` (default: every dim) becomes
//     the matching element of the `shape` input (cropped or padded around
//     the centre); the others are kept. One element per axis, each a size
//     (>= 0);
//   AffineGrid-20: theta [N, 2, 3] and size (N, C, H, W) give a grid
//     [N, H, W, 2]; theta [N, 3, 4] and size (N, C, D, H, W) give
//     [N, D, H, W, 3]; theta's N is size's;
//   Col2Im-18: input [N, C * prod(block_shape), L] rearranged into
//     [N, C, image_shape...], where L is the number of blocks: the product
//     over the image dims of floor((image + pad_begin + pad_end -
//     dilation * (block - 1) - 1) / stride) + 1 (dilations and strides 1,
//     pads 0 by default);
//   ImageDecoder-20: a 1-D encoded stream decodes into [H, W, C], C = 3
//     for pixel_format RGB (default) and BGR, 1 for Grayscale; H and W are
//     in the encoded data (sizes of their own);
//   MaxUnpool-11 (and -9): X [N, C, D1, ...] and indices I of X's shape;
//     without output_shape each Di becomes (Di - 1) * stride - (pad_begin
//     + pad_end) + kernel; with it, the output has that shape.
//
//===----------------------------------------------------------------------===//

#include "OnnxIntValues.h"
#include "OnnxNeuralCommon.h"

namespace symshape::frontend {

/// Requires size `t` (named `subject`) to be >= 0: an `error` for a negative
/// constant (false), a requirement when the program does not show it.
static bool requireSize(OpContext &c, TermId t, const std::string &subject) {
  if (std::optional<int64_t> v = c.constantValue(t); v && *v < 0) {
    c.error(subject + " is " + std::to_string(*v) + ", a negative size");
    return false;
  }
  if (!c.provablyNonNegative(t))
    c.requireInBounds(c.formulas().mkLe(c.constant(0), t), subject + " (>= 0)");
  return true;
}

/// onnx.CenterCropPad-18.
static void lowerCenterCropPad(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  size_t rank = x->size();
  std::vector<size_t> axes;
  if (onnxAttr(c, "axes")) {
    std::optional<std::vector<int64_t>> given = onnxInts(c, "axes");
    if (!given)
      return c.opaque("the `axes` attribute is not an integer list");
    std::vector<bool> seen(rank, false);
    for (int64_t a : *given) {
      std::optional<size_t> axis = onnxAxis(c, a, rank, "axis");
      if (!axis)
        return;
      if (seen[*axis])
        return c.error("axis " + std::to_string(a) + " is repeated");
      seen[*axis] = true;
      axes.push_back(*axis);
    }
  } else {
    for (size_t d = 0; d < rank; ++d)
      axes.push_back(d);
  }
  std::optional<std::vector<TermId>> shape = onnxElements(c, 1);
  if (!shape)
    return c.opaque("the shape input " + c.operandName(1) +
                    " has an unknown length");
  if (shape->size() != axes.size())
    return c.error("the shape input has " + std::to_string(shape->size()) +
                   " elements for " + std::to_string(axes.size()) + " axes");
  std::vector<TermId> out = *x;
  for (size_t k = 0; k < axes.size(); ++k) {
    if (!requireSize(c, (*shape)[k],
                     "element " + std::to_string(k) + " of " +
                         c.operandName(1)))
      return;
    out[axes[k]] = (*shape)[k];
  }
  setOnnxResultFromValues(c, 0, std::move(out));
}

/// onnx.AffineGrid-20.
static void lowerAffineGrid(OpContext &c) {
  std::optional<std::vector<TermId>> theta = onnxInputDims(c, 0);
  if (!theta)
    return;
  std::optional<std::vector<TermId>> size = onnxElements(c, 1);
  if (!size)
    return c.opaque("the size input " + c.operandName(1) +
                    " has an unknown length");
  if (size->size() != 4 && size->size() != 5)
    return c.error("the size input has " + std::to_string(size->size()) +
                   " elements, not 4 (N, C, H, W) or 5 (N, C, D, H, W)");
  int64_t spatial = int64_t(size->size()) - 2;
  if (theta->size() != 3)
    return c.error("theta has rank " + std::to_string(theta->size()) +
                   ", not 3");
  std::string dims = spatial == 2 ? "[N, 2, 3]" : "[N, 3, 4]";
  if (!onnxRequireEqual(c, (*theta)[1], c.constant(spatial),
                        "theta's dim 1 " + onnxDimName(c, 0, 1) + " and " +
                            std::to_string(spatial) + " (theta " + dims +
                            ")") ||
      !onnxRequireEqual(c, (*theta)[2], c.constant(spatial + 1),
                        "theta's dim 2 " + onnxDimName(c, 0, 2) + " and " +
                            std::to_string(spatial + 1) + " (theta " + dims +
                            ")") ||
      !onnxRequireEqual(c, (*theta)[0], (*size)[0],
                        "theta's N " + onnxDimName(c, 0, 0) +
                            " and the size's N"))
    return;
  std::vector<TermId> out{(*size)[0]};
  for (size_t k = 2; k < size->size(); ++k) {
    if (!requireSize(c, (*size)[k],
                     "element " + std::to_string(k) + " of " +
                         c.operandName(1)))
      return;
    out.push_back((*size)[k]);
  }
  out.push_back(c.constant(spatial));
  setOnnxResultFromValues(c, 0, std::move(out));
}

/// onnx.Col2Im-18.
static void lowerCol2Im(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  if (x->size() != 3)
    return c.error("the input has rank " + std::to_string(x->size()) +
                   ", not 3 ([N, C * prod(block_shape), L])");
  std::optional<std::vector<TermId>> image = onnxElements(c, 1),
                                     block = onnxElements(c, 2);
  if (!image || !block)
    return c.opaque("image_shape or block_shape has an unknown length");
  size_t k = image->size();
  if (block->size() != k)
    return c.error("image_shape has " + std::to_string(k) +
                   " elements and block_shape " +
                   std::to_string(block->size()));
  std::optional<std::vector<int64_t>> dilations =
      onnxIntsOr(c, "dilations", k, 1, 1);
  std::optional<std::vector<int64_t>> strides =
      dilations ? onnxIntsOr(c, "strides", k, 1, 1) : std::nullopt;
  std::optional<std::vector<int64_t>> pads =
      strides ? onnxIntsOr(c, "pads", 2 * k, 0, 0) : std::nullopt;
  if (!pads)
    return;
  auto &f = c.formulas();
  TermId blockSize = c.constant(1), blocks = c.constant(1);
  for (size_t i = 0; i < k; ++i) {
    TermId b = (*block)[i];
    if (std::optional<int64_t> v = c.constantValue(b); v && *v < 1)
      return c.error("block_shape element " + std::to_string(i) + " is " +
                     std::to_string(*v) + ", not positive");
    if (!c.constantValue(b))
      c.requireInBounds(f.mkLe(c.constant(1), b),
                        "element " + std::to_string(i) + " of " +
                            c.operandName(2) + " (>= 1)");
    if (!requireSize(c, (*image)[i],
                     "element " + std::to_string(i) + " of " +
                         c.operandName(1)))
      return;
    blockSize = c.mul(blockSize, b);
    // The blocks along image dim i.
    TermId reach =
        c.add(c.mul(c.constant((*dilations)[i]), c.sub(b, c.constant(1))),
              c.constant(1));
    TermId span = c.sub(
        c.add((*image)[i], c.constant((*pads)[i] + (*pads)[i + k])), reach);
    TermId count =
        c.add(c.floorDiv(span, c.constant((*strides)[i])), c.constant(1));
    if (!c.provablyNonNegative(count))
      c.requireInBounds(f.mkLe(c.constant(0), count),
                        "the blocks along image dim " + std::to_string(i) +
                            " (>= 0: the block fits the padded image)");
    blocks = c.mul(blocks, count);
  }
  TermId channels = c.floorDiv((*x)[1], blockSize);
  if (!onnxRequireEqual(c, (*x)[1], c.mul(channels, blockSize),
                        "dim 1 " + onnxDimName(c, 0, 1) +
                            " and a multiple of prod(block_shape)") ||
      !onnxRequireEqual(c, (*x)[2], blocks,
                        "dim 2 " + onnxDimName(c, 0, 2) +
                            " and the number of blocks"))
    return;
  std::vector<TermId> out{(*x)[0], channels};
  out.insert(out.end(), image->begin(), image->end());
  setOnnxResultFromValues(c, 0, std::move(out));
}

/// onnx.ImageDecoder-20.
static void lowerImageDecoder(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  if (x->size() != 1)
    return c.error("the encoded stream has rank " + std::to_string(x->size()) +
                   ", not 1");
  std::string format = onnxString(c, "pixel_format").value_or("RGB");
  int64_t channels = format == "RGB" || format == "BGR" ? 3
                     : format == "Grayscale"            ? 1
                                                        : 0;
  if (!channels)
    return c.opaque("pixel_format \"" + format + "\" is not understood");
  // The height and width are in the encoded data: sizes of their own.
  setOnnxOutput(
      c, 0,
      {c.freshResultDim(0, 0), c.freshResultDim(0, 1), c.constant(channels)});
}

/// onnx.MaxUnpool-11.
static void lowerMaxUnpool(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> indices =
      x ? onnxInputDims(c, 1) : std::nullopt;
  if (!indices)
    return;
  size_t rank = x->size();
  if (rank < 3)
    return c.error("X has rank " + std::to_string(rank) +
                   ", not [N, C, D1, ...]");
  if (indices->size() != rank)
    return c.error("the indices have rank " + std::to_string(indices->size()) +
                   ", X " + std::to_string(rank));
  for (size_t d = 0; d < rank; ++d)
    if (!onnxRequireEqual(c, (*indices)[d], (*x)[d],
                          "the indices' dim " + onnxDimName(c, 1, d) +
                              " and X's " + onnxDimName(c, 0, d)))
      return;
  size_t k = rank - 2;
  if (!onnxAttr(c, "kernel_shape"))
    return c.error("the attribute kernel_shape is required");
  std::optional<std::vector<int64_t>> kernel =
      onnxIntsOr(c, "kernel_shape", k, 1, 1);
  std::optional<std::vector<int64_t>> strides =
      kernel ? onnxIntsOr(c, "strides", k, 1, 1) : std::nullopt;
  std::optional<std::vector<int64_t>> pads =
      strides ? onnxIntsOr(c, "pads", 2 * k, 0, 0) : std::nullopt;
  if (!pads)
    return;
  if (c.numOperands() > 2 && !onnxAbsent(c, 2)) {
    std::optional<std::vector<TermId>> shape = onnxElements(c, 2);
    if (!shape)
      return c.opaque("output_shape " + c.operandName(2) +
                      " has an unknown length");
    if (shape->size() != rank)
      return c.error("output_shape has " + std::to_string(shape->size()) +
                     " elements for an input of rank " + std::to_string(rank));
    for (size_t d = 0; d < rank; ++d)
      if (!requireSize(c, (*shape)[d],
                       "element " + std::to_string(d) + " of " +
                           c.operandName(2)))
        return;
    return setOnnxResultFromValues(c, 0, std::move(*shape));
  }
  std::vector<TermId> out{(*x)[0], (*x)[1]};
  for (size_t i = 0; i < k; ++i) {
    TermId d = c.add(
        c.mul(c.sub((*x)[2 + i], c.constant(1)), c.constant((*strides)[i])),
        c.constant((*kernel)[i] - (*pads)[i] - (*pads)[i + k]));
    if (!requireSize(c, d, "output dim " + std::to_string(2 + i)))
      return;
    out.push_back(d);
  }
  setOnnxOutput(c, 0, std::move(out));
}

const std::vector<OnnxRule> &onnxImageRules() {
  static const std::vector<OnnxRule> rules = {
      {"CenterCropPad", lowerCenterCropPad,
       "the dims of `axes` become the shape input's elements (>= 0)"},
      {"AffineGrid", lowerAffineGrid,
       "theta [N, 2, 3] / [N, 3, 4] and size (N, C, [D,] H, W): [N, [D,] H, "
       "W, 2 or 3]"},
      {"Col2Im", lowerCol2Im,
       "[N, C * prod(block), L] to [N, C, image...]; L the number of "
       "blocks"},
      {"ImageDecoder", lowerImageDecoder,
       "[H, W, C]: H and W in the encoded data, C 3 (RGB, BGR) or 1"},
      {"MaxUnpool", lowerMaxUnpool,
       "(D - 1) * stride - pads + kernel per spatial dim, or output_shape; "
       "indices of X's shape"},
  };
  return rules;
}

} // namespace symshape::frontend
