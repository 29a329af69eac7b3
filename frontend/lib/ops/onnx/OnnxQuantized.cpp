//===- OnnxQuantized.cpp - ONNX MatMulInteger and ConvInteger -------------===//
//
// From the ONNX operator docs:
//   MatMulInteger-10: numpy.matmul of A and B (the MatMul rule); a_zero_point
//     is a scalar (per tensor) or per row: an M element vector for a 2-D A
//     [M, K], shape [D1, D2, M, 1] for an N-D A [D1, D2, M, K]; b_zero_point
//     alike per column: an N element vector for a 2-D B [K, N], shape
//     [D1, D2, 1, N] for an N-D B;
//   ConvInteger-10: the Conv rule without a bias; x_zero_point is a scalar,
//     w_zero_point a scalar or a 1-D tensor of M (output channels) elements;
//   QuantizeLinear-21 / DequantizeLinear-21: the shape of x, the scale and
//     zero point per tensor or per axis.
// A one-element vector counts as a scalar.
//
//===----------------------------------------------------------------------===//

#include "OnnxNeuralCommon.h"

namespace symshape::frontend {

namespace {

/// A scalar zero point: rank 0, or a vector of one static element.
bool isScalarZeroPoint(OpContext &c, const std::vector<TermId> &z) {
  return z.empty() || (z.size() == 1 && c.constantValue(z[0]) == 1);
}

/// MatMulInteger's zero point `i` of input `x` (dims `x`): per row (A,
/// `row`) or per column (B).
bool checkMatMulZeroPoint(OpContext &c, size_t i, const std::vector<TermId> &x,
                          bool row, const std::string &what) {
  if (onnxAbsent(c, i))
    return true;
  std::optional<std::vector<TermId>> z = onnxInputDims(c, i);
  if (!z)
    return false;
  if (isScalarZeroPoint(c, *z))
    return true;
  size_t r = x.size();
  if (z->size() == 1) {
    if (r != 2) {
      c.error(what + " is a vector, for an input of rank " + std::to_string(r) +
              " (a vector is for a 2-D input)");
      return false;
    }
    // An M (N) element vector, or one element.
    return onnxRequireUnidirectional(c, i, *z, {x[row ? 0 : 1]}, what);
  }
  if (z->size() != r || r < 2) {
    c.error(what + " has rank " + std::to_string(z->size()) + ", the input " +
            std::to_string(r) + ": they must be equal");
    return false;
  }
  // [D..., M, 1] (per row) or [D..., 1, N] (per column).
  size_t one = row ? r - 1 : r - 2;
  for (size_t d = 0; d < r; ++d)
    if (!onnxRequireEqual(
            c, (*z)[d], d == one ? c.constant(1) : x[d],
            "the sizes " + onnxDimName(c, i, d) + " of " + what + " and " +
                (d == one ? std::string("1") : onnxDimName(c, row ? 0 : 1, d))))
      return false;
  return true;
}

/// onnx.MatMulInteger-10.
void lowerMatMulInteger(OpContext &c) {
  std::optional<std::vector<TermId>> a = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> b = a ? onnxInputDims(c, 1) : a;
  std::optional<std::vector<TermId>> dims =
      b ? onnxMatMulDims(c, *a, *b) : std::nullopt;
  if (!dims || !checkMatMulZeroPoint(c, 2, *a, true, "a_zero_point") ||
      !checkMatMulZeroPoint(c, 3, *b, false, "b_zero_point"))
    return;
  setOnnxOutput(c, 0, std::move(*dims));
}

/// onnx.ConvInteger-10.
void lowerConvInteger(OpContext &c) {
  std::optional<std::vector<TermId>> out = onnxConvDims(c, /*bias=*/false);
  if (!out)
    return;
  for (size_t i = 2; i <= 3; ++i) {
    if (onnxAbsent(c, i))
      continue;
    std::string what = i == 2 ? "x_zero_point" : "w_zero_point";
    std::optional<std::vector<TermId>> z = onnxInputDims(c, i);
    if (!z)
      return;
    if (isScalarZeroPoint(c, *z))
      continue;
    if (z->size() != 1)
      return c.error(what + " has rank " + std::to_string(z->size()) +
                     ", expected a scalar" +
                     (i == 3 ? std::string(" or a vector") : std::string()));
    // x_zero_point: one element; w_zero_point: one per output channel.
    TermId want = i == 2 ? c.constant(1) : (*out)[1];
    if (!onnxRequireUnidirectional(c, i, *z, {want}, what))
      return;
  }
  setOnnxOutput(c, 0, std::move(*out));
}

/// QuantizeLinear-21 / DequantizeLinear-21: y has x's shape; the scale (and
/// the zero point, which has the scale's shape) is a scalar (per tensor) or
/// a 1-D tensor of x.shape[axis] elements (per axis, `axis` default 1).
/// Blocked quantization (`block_size`, opset 21) is not modelled.
void lowerQuantizeLinear(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxDims(c, 0), scale = onnxDims(c, 1);
  if (!x || !scale)
    return c.opaque("an input has an unknown shape");
  if (onnxInt(c, "block_size").value_or(0) != 0)
    return c.opaque("blocked quantization (block_size) is not modelled");
  if (scale->size() > 1)
    return c.error("the scale has rank " + std::to_string(scale->size()) +
                   ": a scalar or a 1-D tensor is expected");
  if (scale->size() == 1) {
    std::optional<size_t> axis =
        onnxAxis(c, onnxInt(c, "axis").value_or(1), x->size(), "'axis' value");
    if (!axis)
      return;
    c.requireEqual((*scale)[0], (*x)[*axis],
                   "the per-axis scale's length " + c.dimName(1, 0) +
                       " and the quantized axis' size " + c.dimName(0, *axis));
  }
  if (!onnxAbsent(c, 2)) {
    std::optional<std::vector<TermId>> zero = onnxDims(c, 2);
    if (!zero)
      return c.opaque("the zero point has an unknown shape");
    if (zero->size() != scale->size())
      return c.error("the zero point's rank differs from the scale's");
    if (zero->size() == 1)
      c.requireEqual((*zero)[0], (*scale)[0],
                     "the zero point's length " + c.dimName(2, 0) +
                         " and the scale's " + c.dimName(1, 0));
  }
  setOnnxOutput(c, 0, std::move(*x));
}

/// DynamicQuantizeLinear-11: y has x's shape; y_scale and y_zero_point
/// are scalars ("It's a scalar, which means a per-tensor/layer
/// quantization").
void lowerDynamicQuantizeLinear(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxDims(c, 0);
  if (!x)
    return c.opaque("input 0 has an unknown shape");
  if (c.numResults() != 3)
    return c.opaque("not three outputs");
  setOnnxOutput(c, 0, std::move(*x));
  setOnnxOutput(c, 1, {});
  setOnnxOutput(c, 2, {});
}

} // namespace

const std::vector<OnnxRule> &onnxQuantizedRules() {
  static const std::vector<OnnxRule> rules = {
      {"MatMulInteger", lowerMatMulInteger,
       "numpy.matmul; zero points per tensor, row (A) or column (B)"},
      {"ConvInteger", lowerConvInteger,
       "the Conv rule; zero points per tensor (w: or per output channel)"},
      {"QuantizeLinear", lowerQuantizeLinear,
       "x's shape; scale and zero point per tensor or of x.shape[axis]"},
      {"DynamicQuantizeLinear", lowerDynamicQuantizeLinear,
       "y of x's shape; y_scale and y_zero_point scalars"},
      {"DequantizeLinear", lowerQuantizeLinear,
       "x's shape; scale and zero point per tensor or of x.shape[axis]"},
  };
  return rules;
}

} // namespace symshape::frontend
