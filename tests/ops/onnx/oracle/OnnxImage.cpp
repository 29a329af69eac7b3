//===- OnnxImage.cpp - ONNX image operators, Det and TfIdfVectorizer ------===//
//
// From the ONNX operator docs, at runtime sizes and shape-tensor contents:
//
// - CenterCropPad (onnx.CenterCropPad-18): the dims of `axes` (default
//   all, no repeats) become the `shape` input's elements, one per axis,
//   each a size (>= 0); the other dims are kept;
// - AffineGrid (onnx.AffineGrid-20): size (N, C, H, W) with theta
//   [N, 2, 3] gives [N, H, W, 2]; size (N, C, D, H, W) with theta
//   [N, 3, 4] gives [N, D, H, W, 3];
// - Col2Im (onnx.Col2Im-18): input [N, C * prod(block_shape), L]; L the
//   product over the image dims of floor((image + pad_begin + pad_end -
//   dilation * (block - 1) - 1) / stride) + 1, each at least 0; block
//   sizes >= 1; output [N, C, image_shape...];
// - ImageDecoder (onnx.ImageDecoder-20): a 1-D stream decodes into
//   [H, W, 3] (RGB, BGR) or [H, W, 1] (Grayscale); H and W are in the
//   encoded bytes, which the brute force does not decode;
// - MaxUnpool (onnx.MaxUnpool-11): I of X's shape; output_shape when
//   given, else (D - 1) * stride - (pad_begin + pad_end) + kernel per
//   spatial dim after N and C;
// - Det (onnx.Det-11): [*, M, M] gives [*];
// - TfIdfVectorizer (onnx.TfIdfVectorizer-9): [C] gives [max(ngram_indexes)
//   + 1], [N, C] gives [N, max(ngram_indexes) + 1].
//
//===----------------------------------------------------------------------===//

#include "OnnxImpl.h"

#include <algorithm>

namespace symshape::models::oracle::onnx {

namespace {

bool centerCropPad(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x)
    return false;
  size_t rank = x->size();
  std::vector<size_t> axes;
  if (onnxAttr(e, "axes")) {
    std::optional<std::vector<int64_t>> given = onnxInts(e, "axes");
    if (!given)
      return e.unsupported("axes not read");
    std::vector<bool> seen(rank, false);
    for (int64_t a : *given) {
      std::optional<size_t> axis = onnxAxis(e, a, rank, "axis");
      if (!axis || !e.require(!seen[*axis], "repeated axis"))
        return false;
      seen[*axis] = true;
      axes.push_back(*axis);
    }
  } else {
    for (size_t d = 0; d < rank; ++d)
      axes.push_back(d);
  }
  std::optional<std::vector<int64_t>> shape = needContents(e, 1, "shape");
  if (!shape ||
      !e.require(shape->size() == axes.size(), "one shape element per axis"))
    return false;
  Shape out = *x;
  for (size_t k = 0; k < axes.size(); ++k) {
    if (!e.require((*shape)[k] >= 0, "a negative target size"))
      return false;
    out[axes[k]] = (*shape)[k];
  }
  return e.setResult(0, out);
}

bool affineGrid(Eval &e) {
  const Shape *theta = e.shape(0);
  std::optional<std::vector<int64_t>> size =
      theta ? needContents(e, 1, "size") : std::nullopt;
  if (!size)
    return false;
  if (!e.require(size->size() == 4 || size->size() == 5,
                 "size of 4 or 5 elements"))
    return false;
  int64_t spatial = int64_t(size->size()) - 2;
  if (!e.require(*theta == Shape{(*size)[0], spatial, spatial + 1},
                 "theta [N, 2, 3] (2D) or [N, 3, 4] (3D), N the size's"))
    return false;
  Shape out{(*size)[0]};
  for (size_t k = 2; k < size->size(); ++k) {
    if (!e.require((*size)[k] >= 0, "a negative output size"))
      return false;
    out.push_back((*size)[k]);
  }
  out.push_back(spatial);
  return e.setResult(0, out);
}

bool col2Im(Eval &e) {
  const Shape *x = e.shape(0);
  std::optional<std::vector<int64_t>> image =
      x ? needContents(e, 1, "image_shape") : std::nullopt;
  std::optional<std::vector<int64_t>> block =
      image ? needContents(e, 2, "block_shape") : std::nullopt;
  if (!block)
    return false;
  size_t k = image->size();
  if (!e.require(x->size() == 3, "input of rank 3") ||
      !e.require(block->size() == k, "image_shape and block_shape lengths"))
    return false;
  std::vector<int64_t> dilations =
      onnxInts(e, "dilations").value_or(std::vector<int64_t>(k, 1));
  std::vector<int64_t> strides =
      onnxInts(e, "strides").value_or(std::vector<int64_t>(k, 1));
  std::vector<int64_t> pads =
      onnxInts(e, "pads").value_or(std::vector<int64_t>(2 * k, 0));
  if (dilations.size() != k || strides.size() != k || pads.size() != 2 * k)
    return e.unsupported("attribute lengths");
  int64_t blockSize = 1, blocks = 1;
  for (size_t i = 0; i < k; ++i) {
    if (!e.require((*block)[i] >= 1, "a block size below 1") ||
        !e.require((*image)[i] >= 0, "a negative image size"))
      return false;
    blockSize *= (*block)[i];
    int64_t span = (*image)[i] + pads[i] + pads[i + k] -
                   dilations[i] * ((*block)[i] - 1) - 1;
    int64_t q = span / strides[i];
    if (span % strides[i] != 0 && span < 0)
      --q; // floor
    int64_t count = q + 1;
    if (!e.require(count >= 0, "the block does not fit the padded image"))
      return false;
    blocks *= count;
  }
  if (!e.require((*x)[1] % blockSize == 0,
                 "dim 1 not a multiple of prod(block_shape)") ||
      !e.require((*x)[2] == blocks, "dim 2 is not the number of blocks"))
    return false;
  Shape out{(*x)[0], (*x)[1] / blockSize};
  out.insert(out.end(), image->begin(), image->end());
  return e.setResult(0, out);
}

bool imageDecoder(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x || !e.require(x->size() == 1, "a 1-D encoded stream"))
    return false;
  return e.unsupported("the image size is in the encoded bytes");
}

bool maxUnpool(Eval &e) {
  const Shape *x = e.shape(0), *indices = x ? e.shape(1) : nullptr;
  if (!indices)
    return false;
  size_t rank = x->size();
  if (!e.require(rank >= 3, "X of rank >= 3") ||
      !e.require(*indices == *x, "indices of X's shape"))
    return false;
  size_t k = rank - 2;
  std::optional<std::vector<int64_t>> kernel = onnxInts(e, "kernel_shape");
  std::vector<int64_t> strides =
      onnxInts(e, "strides").value_or(std::vector<int64_t>(k, 1));
  std::vector<int64_t> pads =
      onnxInts(e, "pads").value_or(std::vector<int64_t>(2 * k, 0));
  if (!kernel || kernel->size() != k || strides.size() != k ||
      pads.size() != 2 * k)
    return e.unsupported("attribute lengths");
  if (e.numOperands() > 2 && !onnxAbsent(e, 2)) {
    std::optional<std::vector<int64_t>> shape =
        needContents(e, 2, "output_shape");
    if (!shape || !e.require(shape->size() == rank, "output_shape length"))
      return false;
    for (int64_t v : *shape)
      if (!e.require(v >= 0, "a negative output size"))
        return false;
    return e.setResult(0, *shape);
  }
  Shape out{(*x)[0], (*x)[1]};
  for (size_t i = 0; i < k; ++i) {
    int64_t d =
        ((*x)[2 + i] - 1) * strides[i] - (pads[i] + pads[i + k]) + (*kernel)[i];
    if (!e.require(d >= 0, "a negative output size"))
      return false;
    out.push_back(d);
  }
  return e.setResult(0, out);
}

bool det(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x)
    return false;
  size_t r = x->size();
  if (!e.require(r >= 2, "rank below 2") ||
      !e.require((*x)[r - 2] == (*x)[r - 1], "not square matrices"))
    return false;
  return e.setResult(0, Shape(x->begin(), x->end() - 2));
}

bool tfIdfVectorizer(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x)
    return false;
  std::optional<std::vector<int64_t>> indexes = onnxInts(e, "ngram_indexes");
  if (!indexes || indexes->empty())
    return e.unsupported("ngram_indexes not read");
  if (!e.require(x->size() == 1 || x->size() == 2, "input of rank 1 or 2"))
    return false;
  int64_t width = *std::max_element(indexes->begin(), indexes->end()) + 1;
  Shape out;
  if (x->size() == 2)
    out.push_back((*x)[0]);
  out.push_back(width);
  return e.setResult(0, out);
}

} // namespace

static void registerOnnxImage() {
  addOp("CenterCropPad", centerCropPad);
  addOp("AffineGrid", affineGrid);
  addOp("Col2Im", col2Im);
  addOp("ImageDecoder", imageDecoder);
  addOp("MaxUnpool", maxUnpool);
  addOp("Det", det);
  addOp("TfIdfVectorizer", tfIdfVectorizer);
}

static const RuleFile rules(__FILE__, registerOnnxImage);

} // namespace symshape::models::oracle::onnx
