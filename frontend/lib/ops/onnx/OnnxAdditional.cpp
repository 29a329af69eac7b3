//===- OnnxAdditional.cpp - onnx-mlir's own operators ---------------------===//
//
// Operators "not part of the standard and added to assist onnx-mlir"
// (onnx-mlir's AdditionalONNXOps.td, its verifiers and shape helpers under
// src/Dialect/ONNX/ONNXOps/Additional/), cited by onnx-mlir's op name:
//   onnx.UpsampleAndPad: on the innermost k dims (k = len(strides), else
//     len(pads) / 2, else the rank) (D - 1) * stride + 1 + pad_begin +
//     pad_end; k <= rank, strides positive, 2 * k pads (its verifier);
//   onnx.LayoutTransform: "The input and output tensors must have the same
//     shape" (only the data layout changes);
//   onnx.ShapeTransform: each element moved by `index_map`, an affine map
//     without symbols that "must be bijective"; a static input ("Does not
//     support input with dynamic shape"); output dim k is one past the
//     largest value of result k over the input's indices;
//   onnx.ConcatShapeTranspose: v1 = Concat(inputs, axis), then
//     Shape(v1, start, end) and Transpose(v1, perm) (reversed dims by
//     default).
//
//===----------------------------------------------------------------------===//

#include "OnnxIntValues.h"
#include "OnnxNeuralCommon.h"

#include <algorithm>
#include <climits>

namespace symshape::frontend {

/// onnx.UpsampleAndPad (onnx-mlir): zeros inserted between the elements of
/// the innermost k dims (stride - 1 of them), then zero padding.
static void lowerUpsampleAndPad(OpContext &c) {
  std::optional<std::vector<TermId>> x = inputDims(c, 0);
  if (!x)
    return;
  size_t rank = x->size();
  std::optional<std::vector<int64_t>> strides, pads;
  if (onnxAttr(c, "strides") && !(strides = onnxInts(c, "strides")))
    return c.opaque("the `strides` attribute is not an integer list");
  if (onnxAttr(c, "pads") && !(pads = onnxInts(c, "pads")))
    return c.opaque("the `pads` attribute is not an integer list");
  size_t k = strides ? strides->size() : pads ? pads->size() / 2 : rank;
  if (k > rank)
    return c.error("strides dimensions (" + std::to_string(k) +
                   ") cannot exceed input rank (" + std::to_string(rank) + ")");
  if (!strides)
    strides = std::vector<int64_t>(k, 1);
  if (!pads)
    pads = std::vector<int64_t>(2 * k, 0);
  for (size_t i = 0; i < k; ++i)
    if ((*strides)[i] <= 0)
      return c.error("stride[" + std::to_string(i) + "] = " +
                     std::to_string((*strides)[i]) + " must be positive");
  if (pads->size() != 2 * k)
    return c.error("pads size (" + std::to_string(pads->size()) +
                   ") must be exactly 2 * strides size (" +
                   std::to_string(2 * k) + ")");
  // The lowering stores element i at i * stride + pad_begin: a negative pad
  // would store out of bounds, which the description does not define.
  for (int64_t p : *pads)
    if (p < 0)
      return c.opaque("a negative pad (the description only pads)");
  std::vector<TermId> out = *x;
  for (size_t i = 0; i < k; ++i) {
    size_t d = rank - k + i;
    TermId one = c.constant(1);
    TermId up =
        c.add(c.mul(c.sub((*x)[d], one), c.constant((*strides)[i])), one);
    out[d] = c.add(up, c.constant((*pads)[i] + (*pads)[k + i]));
    // (D - 1) * stride + 1 is below 0 only for D = 0 and a stride > 1.
    if (!c.provablyNonNegative(out[d]))
      c.requireInBounds(c.formulas().mkLe(c.constant(0), out[d]),
                        "the output size " + std::to_string(d) + ", (" +
                            onnxDimName(c, 0, d) + " - 1) * " +
                            std::to_string((*strides)[i]) + " + 1 + pads " +
                            "(not negative)");
  }
  setOnnxResult(c, 0, std::move(out));
}

/// onnx.LayoutTransform (onnx-mlir): the input's shape.
static void lowerLayoutTransform(OpContext &c) {
  if (std::optional<std::vector<TermId>> x = inputDims(c, 0))
    setOnnxResult(c, 0, std::move(*x));
}

/// The value of `e` at the point `at` (the map has no symbols); nullopt for
/// a non-positive divisor (MLIR's floordiv, ceildiv and mod need a positive
/// constant right-hand side) or an int64 overflow.
static std::optional<int64_t> evalAffine(const AffineExpr &e,
                                         const std::vector<int64_t> &at) {
  using K = AffineExpr::Kind;
  switch (e.kind) {
  case K::Constant:
    return e.value;
  case K::Dim:
    return e.value >= 0 && size_t(e.value) < at.size()
               ? std::optional<int64_t>(at[size_t(e.value)])
               : std::nullopt;
  case K::Symbol:
    return std::nullopt;
  case K::Neg: {
    std::optional<int64_t> v = evalAffine(e.operands[0], at);
    return v && *v != INT64_MIN ? std::optional<int64_t>(-*v) : std::nullopt;
  }
  default:
    break;
  }
  std::optional<int64_t> a = evalAffine(e.operands[0], at);
  std::optional<int64_t> b = a ? evalAffine(e.operands[1], at) : a;
  if (!b)
    return std::nullopt;
  int64_t v = 0;
  switch (e.kind) {
  case K::Add:
    return __builtin_add_overflow(*a, *b, &v) ? std::nullopt
                                              : std::optional<int64_t>(v);
  case K::Sub:
    return __builtin_sub_overflow(*a, *b, &v) ? std::nullopt
                                              : std::optional<int64_t>(v);
  case K::Mul:
    return __builtin_mul_overflow(*a, *b, &v) ? std::nullopt
                                              : std::optional<int64_t>(v);
  default:
    break;
  }
  if (*b <= 0)
    return std::nullopt;
  int64_t q = *a / *b - ((*a % *b) < 0 ? 1 : 0); // floor
  if (e.kind == K::FloorDiv)
    return q;
  if (e.kind == K::CeilDiv)
    return q + ((*a - q * *b) != 0 ? 1 : 0);
  return *a - q * *b; // mod, in [0, b)
}

/// onnx.ShapeTransform's index maps are checked point by point up to this
/// many input elements.
static constexpr int64_t kMaxShapeTransformElements = int64_t(1) << 20;

/// onnx.ShapeTransform (onnx-mlir): every input index is sent to the output
/// index `index_map` gives; the output dims bound those indices.
static void lowerShapeTransform(OpContext &c) {
  const Attribute *map = onnxAttr(c, "index_map");
  if (!map || !map->affineMap)
    return c.opaque("no `index_map` affine map");
  if (map->affineMap->numSymbols != 0)
    return c.error("Does not support affine_map with symbols");
  const Type &type = c.operandType(0);
  if (!type.hasRank() ||
      std::count(type.dims.begin(), type.dims.end(), kDynamic) != 0)
    return c.error("Does not support input with dynamic shape");
  std::optional<std::vector<TermId>> x = inputDims(c, 0);
  if (!x)
    return;
  std::vector<int64_t> sizes;
  int64_t count = 1;
  for (TermId t : *x) {
    std::optional<int64_t> v = c.constantValue(t);
    if (!v)
      return c.opaque("the input's shape is not static");
    sizes.push_back(*v);
    count = *v > 0 && count > kMaxShapeTransformElements / *v
                ? kMaxShapeTransformElements + 1
                : count * *v;
  }
  if (map->affineMap->numDims != sizes.size())
    return c.error(
        "the index_map has " + std::to_string(map->affineMap->numDims) +
        " dims for an input of rank " + std::to_string(sizes.size()));
  if (count > kMaxShapeTransformElements)
    return c.opaque("more than 2^20 elements to map");
  std::vector<const AffineExpr *> results;
  for (const AffineResult &r : map->affineMap->results) {
    if (!r.expr)
      return c.opaque("a result of the index_map is not understood");
    results.push_back(&*r.expr);
  }
  if (count == 0)
    return c.opaque("an empty input (no index bounds the output)");
  // The output dims: one past the largest image of each result.
  std::vector<int64_t> bound(results.size(), 0);
  std::vector<int64_t> at(sizes.size(), 0), image(results.size(), 0);
  auto imageOf = [&](int64_t flat) -> std::optional<std::string> {
    for (size_t d = sizes.size(); d-- > 0;) {
      at[d] = flat % sizes[d];
      flat /= sizes[d];
    }
    for (size_t k = 0; k < results.size(); ++k) {
      std::optional<int64_t> v = evalAffine(*results[k], at);
      if (!v)
        return std::string(
            "the index_map divides by a non-positive value or overflows");
      if (*v < 0)
        return std::string("the index_map sends an index below 0");
      image[k] = *v;
    }
    return std::nullopt;
  };
  for (int64_t flat = 0; flat < count; ++flat) {
    if (std::optional<std::string> why = imageOf(flat))
      return c.opaque(*why);
    for (size_t k = 0; k < results.size(); ++k)
      bound[k] = std::max(bound[k], image[k] + 1);
  }
  // Bijective: as many output positions as input elements, none hit twice.
  int64_t positions = 1;
  for (int64_t b : bound)
    positions = b > count || positions > count / b ? count + 1 : positions * b;
  if (positions != count)
    return c.error("the index_map is not a bijection onto the output");
  std::vector<bool> hit(size_t(count), false);
  for (int64_t flat = 0; flat < count; ++flat) {
    imageOf(flat);
    int64_t linear = 0;
    for (size_t k = 0; k < results.size(); ++k)
      linear = linear * bound[k] + image[k];
    if (hit[size_t(linear)])
      return c.error("the index_map is not a bijection onto the output");
    hit[size_t(linear)] = true;
  }
  std::vector<TermId> out;
  for (int64_t b : bound)
    out.push_back(c.constant(b));
  setOnnxResult(c, 0, std::move(out));
}

/// onnx.ConcatShapeTranspose (onnx-mlir): Concat, then its Shape and its
/// Transpose.
static void lowerConcatShapeTranspose(OpContext &c) {
  std::optional<OnnxConcat> joined = onnxConcat(c, "axis");
  if (!joined)
    return;
  const std::vector<TermId> &concat = joined->dims;
  size_t rank = concat.size();
  // Shape: start and end clamped to [0, rank] after adding rank to a
  // negative one.
  int64_t r = int64_t(rank);
  auto clamp = [r](int64_t a) {
    return std::clamp<int64_t>(a < 0 ? a + r : a, 0, r);
  };
  int64_t start = clamp(onnxInt(c, "start").value_or(0));
  int64_t end = clamp(onnxInt(c, "end").value_or(r));
  if (start > end)
    return c.error("Start must not be greater than end");
  std::vector<int64_t> perm;
  if (onnxAttr(c, "perm")) {
    std::optional<std::vector<int64_t>> given = onnxInts(c, "perm");
    if (!given)
      return c.opaque("the `perm` attribute is not understood");
    perm = *given;
  } else {
    for (size_t d = rank; d-- > 0;)
      perm.push_back(int64_t(d));
  }
  std::vector<bool> seen(rank, false);
  std::vector<TermId> transposed;
  for (int64_t p : perm) {
    if (perm.size() != rank || p < 0 || p >= r || seen[size_t(p)])
      return c.error("perm is not a permutation of the input dims");
    seen[size_t(p)] = true;
    transposed.push_back(concat[size_t(p)]);
  }
  setOnnxElements(
      c, 0, std::vector<TermId>(concat.begin() + start, concat.begin() + end));
  setOnnxOutput(c, 1, std::move(transposed));
}

const std::vector<OnnxRule> &onnxAdditionalRules() {
  static const std::vector<OnnxRule> rules = {
      {"UpsampleAndPad", lowerUpsampleAndPad,
       "onnx-mlir: the innermost dims (D - 1) * stride + 1 + pads"},
      {"LayoutTransform", lowerLayoutTransform,
       "onnx-mlir: the input's shape (another data layout)"},
      {"ShapeTransform", lowerShapeTransform,
       "onnx-mlir: a static input moved by a bijective `index_map`"},
      {"ConcatShapeTranspose", lowerConcatShapeTranspose,
       "onnx-mlir: Concat's shape [start, end) and its transpose by `perm`"},
  };
  return rules;
}

} // namespace symshape::frontend
