//===- OnnxResample.cpp - ONNX Upsample, windows, DFT, NMS, QLinearMatMul -===//
//
// From the ONNX operator docs:
//   Upsample-7 (onnx-mlir's UpsampleV7: a `scales` attribute) and
//     Upsample-9 (a `scales` input): "output_dimension = floor(
//     input_dimension * scale)", one scale per dim, each "greater than or
//     equal to 1"; Resize-10 ("greater than 0") and Resize-11/13/18/19
//     by `scales` (no `sizes`): floor(D * scale) too (Resize-11 on:
//     times roi_end - roi_start, which only tf_crop_and_resize reads:
//     that mode stays opaque, as does an `axes` attribute). The scales
//     are read from an onnx.Constant (f32 or f64, rounded as stored). An
//     integer scale k gives D * k and 1 / 2^e gives floor(D / 2^e) exactly,
//     whatever float type a runtime multiplies in; another scale only for
//     a static D whose product is not within rounding of an integer (a
//     float32 product could round across it). Scales known only at
//     runtime (a float input: data symshape does not track) make each
//     output size a size of its own. Anything else is opaque;
//   HannWindow-17, HammingWindow-17, BlackmanWindow-17: `size` "A scalar
//     value indicating the length of the window"; output [size];
//   NonMaxSuppression-11: boxes [num_batches, spatial_dimension, 4], scores
//     [num_batches, num_classes, spatial_dimension]; selected_indices
//     [num_selected_indices, 3], one distinct (batch, class, box) triple
//     per row, so at most num_batches * num_classes * spatial_dimension;
//   QLinearMatMul-10/21: y is numpy.matmul(a, b); each scale and its zero
//     point "must have same shape" (which per-row / per-column shapes they
//     may take is not checked);
//   DFT-17 (axis attribute, default 1) / DFT-20 (axis input, default -2):
//     input [..., 1 or 2] (real or complex), axis in [-r, -2] or [0, r-2];
//     dft_length "as a scalar", by default the axis' size (IRFFT, onesided
//     and inverse: 2 * (size - 1)); the output has dft_length at the axis
//     (RFFT, onesided: floor(dft_length / 2) + 1) and a last dim of 2
//     (IRFFT: 1). RFFT takes "only real input", IRFFT "only complex".
//
//===----------------------------------------------------------------------===//

#include "OnnxIntValues.h"
#include "OnnxNeuralCommon.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace symshape::frontend {

/// The number an Integer or Float attribute spells (`2.0 : f32`, `3`);
/// nullopt for anything else (hexadecimal float bits included).
static std::optional<double> numberOf(const Attribute &a) {
  if (a.kind == AttrKind::Integer)
    return double(a.intValue);
  if (a.kind != AttrKind::Float || a.text.find("0x") != std::string::npos)
    return std::nullopt;
  const char *begin = a.text.c_str();
  char *end = nullptr;
  double v = std::strtod(begin, &end);
  if (end == begin || !std::isfinite(v))
    return std::nullopt;
  return v;
}

/// The values of a float `dense<..>` constant (f32 values rounded to
/// float, as stored); nullopt for another form or element type.
static std::optional<std::vector<double>> denseFloats(const Attribute &a) {
  const Type &type = a.type;
  bool f32 = type.element == "f32";
  if (!a.hasType || !type.hasRank() || (!f32 && type.element != "f64") ||
      type.dims.size() > 1 || a.text.compare(0, 6, "dense<") != 0)
    return std::nullopt;
  size_t end = a.text.find('>');
  if (end == std::string::npos)
    return std::nullopt;
  std::string body = a.text.substr(6, end - 6);
  bool list = !body.empty() && body.front() == '[';
  if (list && body.back() != ']')
    return std::nullopt;
  if (list)
    body = body.substr(1, body.size() - 2);
  std::vector<double> values;
  for (size_t at = 0; !body.empty();) {
    size_t comma = body.find(',', at);
    std::string item = body.substr(
        at, comma == std::string::npos ? std::string::npos : comma - at);
    const char *begin = item.c_str();
    char *stop = nullptr;
    double v = std::strtod(begin, &stop);
    while (*stop == ' ')
      ++stop;
    if (stop == begin || *stop != 0 || !std::isfinite(v) ||
        item.find('x') != std::string::npos)
      return std::nullopt;
    values.push_back(f32 ? double(float(v)) : v);
    if (comma == std::string::npos)
      break;
    at = comma + 1;
  }
  int64_t count = type.dims.empty() ? 1 : type.dims[0];
  if (!list && values.size() == 1 && count >= 0)
    values.assign(size_t(count), values[0]);
  if (int64_t(values.size()) != count)
    return std::nullopt;
  return values;
}

/// floor(D * scale) exactly (see the file comment), or nullopt with the op
/// made opaque.
static std::optional<TermId> scaledSize(OpContext &c, TermId size,
                                        double scale) {
  if (scale >= 1 && scale <= double(int64_t(1) << 30) &&
      scale == std::floor(scale))
    return c.mul(size, c.constant(int64_t(scale)));
  for (int e = 1; e <= 16; ++e)
    if (scale == std::ldexp(1.0, -e))
      return c.floorDiv(size, c.constant(int64_t(1) << e));
  std::optional<int64_t> d = c.constantValue(size);
  if (d && *d >= 0 && *d < (int64_t(1) << 24) && scale > 0 && scale < 1e6) {
    double product = double(*d) * scale, whole = std::floor(product);
    // Not within float32 rounding of an integer, unless exactly one.
    double ulp = std::ldexp(std::max(product, 1.0), -22);
    if (product == whole ||
        (product - whole > ulp && whole + 1 - product > ulp))
      return c.constant(int64_t(whole));
  }
  c.opaque("floor(size * " + std::to_string(scale) +
           ") is not exact for this size");
  return std::nullopt;
}

std::optional<std::vector<double>> onnxFloatConstant(OpContext &c, size_t i) {
  const Attribute *value = c.operandConstant(i);
  return value ? denseFloats(*value) : std::nullopt;
}

/// Output sizes from scales known only at runtime (float data symshape does
/// not track): one scale per dim of `x` (a 1-D input of that static
/// length, else an `error`), each output size a size of its own. False
/// (nothing set) when input `i` is not such a float list.
static bool setScaledAtRuntime(OpContext &c, const std::vector<TermId> &x,
                               size_t i) {
  const Type &type = c.operandType(i);
  if (!onnxFloatTensor(c, i) || type.dims.size() != 1 ||
      type.dims[0] == kDynamic)
    return false;
  if (type.dims[0] != int64_t(x.size())) {
    c.error(std::to_string(type.dims[0]) + " scales for an input of rank " +
            std::to_string(x.size()));
    return true;
  }
  std::vector<TermId> out;
  for (size_t d = 0; d < x.size(); ++d)
    out.push_back(c.freshResultDim(0, d));
  setOnnxResult(c, 0, std::move(out));
  return true;
}

/// The float elements of input `i`, an onnx.Constant's; nullopt (and the
/// op opaque) otherwise.
static std::optional<std::vector<double>> floatInput(OpContext &c, size_t i) {
  std::optional<std::vector<double>> floats = onnxFloatConstant(c, i);
  if (!floats)
    c.opaque("the scales " + c.operandName(i) +
             " are not a float constant symshape reads");
  return floats;
}

/// Each dim of `x` becomes floor(D * scale): one scale per dim (else an
/// `error`), each above `least` (at least it unless `strict`; else an
/// `error`).
static void setScaled(OpContext &c, const std::vector<TermId> &x,
                      const std::vector<double> &scales, double least,
                      bool strict) {
  if (scales.size() != x.size())
    return c.error(std::to_string(scales.size()) +
                   " scales for an input of rank " + std::to_string(x.size()));
  std::vector<TermId> out;
  for (size_t d = 0; d < x.size(); ++d) {
    if (strict ? scales[d] <= least : scales[d] < least)
      return c.error("scale " + std::to_string(scales[d]) + " is not " +
                     (strict ? "greater than " : "at least ") +
                     std::to_string(least));
    std::optional<TermId> size = scaledSize(c, x[d], scales[d]);
    if (!size)
      return;
    out.push_back(*size);
  }
  setOnnxResult(c, 0, std::move(out));
}

/// onnx.Upsample-7/9/10.
static void lowerUpsample(OpContext &c) {
  std::optional<std::vector<TermId>> x = inputDims(c, 0);
  if (!x)
    return;
  std::vector<double> scales;
  if (onnxOpset(c) >= 9) {
    if (!onnxFloatConstant(c, 1) && setScaledAtRuntime(c, *x, 1))
      return;
    std::optional<std::vector<double>> given = floatInput(c, 1);
    if (!given)
      return;
    scales = *given;
  } else {
    const Attribute *list = onnxAttr(c, "scales");
    if (!list || list->kind != AttrKind::Array)
      return c.opaque("no `scales` list of floats");
    for (const Attribute &item : list->elements) {
      std::optional<double> v = numberOf(item);
      if (!v)
        return c.opaque("scale " + item.text + " is not understood");
      bool f64 = item.hasType && item.type.spelling == "f64";
      scales.push_back(f64 ? *v : double(float(*v)));
    }
  }
  // "It takes value greater than or equal to 1": a smaller one is left
  // opaque rather than judged.
  for (double s : scales)
    if (s < 1)
      return c.opaque("scale " + std::to_string(s) +
                      " is below 1 (Upsample: scales >= 1)");
  setScaled(c, *x, scales, 1, /*strict=*/false);
}

void lowerResizeByScales(OpContext &c, const std::vector<TermId> &x) {
  size_t input = onnxOpset(c) < 11 ? 1 : 2;
  if (onnxOpset(c) >= 11 &&
      onnxString(c, "coordinate_transformation_mode").value_or("") ==
          "tf_crop_and_resize")
    return c.opaque("scales with tf_crop_and_resize (times the roi)");
  if (onnxAttr(c, "axes"))
    return c.opaque("scales for an `axes` subset");
  if (onnxAbsent(c, input))
    return c.error("neither scales nor sizes is given");
  if (!onnxFloatConstant(c, input) && setScaledAtRuntime(c, x, input))
    return;
  if (std::optional<std::vector<double>> scales = floatInput(c, input))
    setScaled(c, x, *scales, 0, /*strict=*/true);
}

/// onnx.HannWindow-17 / HammingWindow-17 / BlackmanWindow-17: [size].
static void lowerWindow(OpContext &c) {
  if (!onnxIsScalar(c, 0))
    return c.opaque("size is not a scalar (\"A scalar value indicating the "
                    "length of the window\")");
  std::optional<std::vector<TermId>> size = onnxElements(c, 0);
  if (!size || size->size() != 1)
    return c.opaque("size is not an integer symshape tracks");
  TermId n = (*size)[0];
  if (std::optional<int64_t> v = c.constantValue(n); v && *v < 0)
    return c.error("window size " + std::to_string(*v) + " is negative");
  if (!c.provablyNonNegative(n))
    c.requireInBounds(c.formulas().mkLe(c.constant(0), n),
                      "the window size " + c.operandName(0) + " (>= 0)");
  setOnnxResultFromValues(c, 0, {n});
}

/// onnx.NonMaxSuppression-11.
static void lowerNonMaxSuppression(OpContext &c) {
  std::optional<std::vector<TermId>> boxes = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> scores =
      boxes ? onnxInputDims(c, 1) : boxes;
  if (!scores)
    return;
  if (boxes->size() != 3 || scores->size() != 3)
    return c.error("boxes and scores must be of rank 3");
  if (!onnxRequireEqual(c, (*boxes)[2], c.constant(4),
                        "the box size " + onnxDimName(c, 0, 2) + " and 4") ||
      !onnxRequireEqual(c, (*boxes)[0], (*scores)[0],
                        "the batch sizes " + onnxDimName(c, 0, 0) + " and " +
                            onnxDimName(c, 1, 0)) ||
      !onnxRequireEqual(c, (*boxes)[1], (*scores)[2],
                        "the box counts " + onnxDimName(c, 0, 1) + " and " +
                            onnxDimName(c, 1, 2)))
    return;
  TermId n = c.freshResultDim(0, 0);
  c.addFact(c.formulas().mkLe(c.constant(0), n));
  c.addFact(c.formulas().mkLe(
      n, c.product({(*scores)[0], (*scores)[1], (*scores)[2]})));
  setOnnxOutput(c, 0, {n, c.constant(3)});
}

/// onnx.QLinearMatMul-10/21.
static void lowerQLinearMatMul(OpContext &c) {
  std::optional<std::vector<TermId>> a = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> b = a ? onnxInputDims(c, 3) : a;
  if (!b)
    return;
  // (scale, zero point): inputs 1 and 2 (a), 4 and 5 (b), 6 and 7 (y).
  for (size_t s : {size_t(1), size_t(4), size_t(6)}) {
    std::optional<std::vector<TermId>> scale = onnxInputDims(c, s);
    std::optional<std::vector<TermId>> zero =
        scale ? onnxInputDims(c, s + 1) : scale;
    if (!zero)
      return;
    if (scale->size() != zero->size())
      return c.error("the scale (input " + std::to_string(s) +
                     ") and its zero point differ in rank");
    for (size_t d = 0; d < scale->size(); ++d)
      if (!onnxRequireEqual(c, (*scale)[d], (*zero)[d],
                            "the sizes " + onnxDimName(c, s, d) + " (scale) " +
                                "and " + onnxDimName(c, s + 1, d) +
                                " (zero point)"))
        return;
  }
  // numpy.matmul, as onnx.MatMul-13 (b is input 3 here).
  size_t ra = a->size(), rb = b->size();
  if (ra == 0 || rb == 0)
    return c.error("QLinearMatMul needs operands of rank 1 or more");
  size_t kb = rb == 1 ? 0 : rb - 2;
  if (!onnxRequireEqual(c, a->back(), (*b)[kb],
                        "the inner sizes " + onnxDimName(c, 0, ra - 1) +
                            " and " + onnxDimName(c, 3, kb)))
    return;
  std::vector<TermId> batchA(a->begin(), a->end() - (ra >= 2 ? 2 : 1));
  std::vector<TermId> batchB(b->begin(), b->end() - (rb >= 2 ? 2 : 1));
  std::vector<TermId> dims = broadcastShapes(c, {batchA, batchB});
  if (ra >= 2)
    dims.push_back((*a)[ra - 2]);
  if (rb >= 2)
    dims.push_back((*b)[rb - 1]);
  setOnnxOutput(c, 0, std::move(dims));
}

/// onnx.DFT-17/20.
static void lowerDFT(OpContext &c) {
  std::optional<std::vector<TermId>> x = inputDims(c, 0);
  if (!x)
    return;
  int64_t r = int64_t(x->size());
  if (r < 2)
    return c.error("DFT needs an input of rank >= 2");
  auto &f = c.formulas();
  // The axis: a constant (normalised into `fixed`), or an integer known
  // only at runtime (DFT-20's input), `named` once normalised.
  std::optional<int64_t> axis = onnxInt(c, "axis");
  std::optional<TermId> named;
  if (onnxOpset(c) >= 20) {
    axis = -2;
    if (!onnxAbsent(c, 2)) {
      std::optional<std::vector<TermId>> given = onnxElements(c, 2);
      if (!given || given->size() != 1 || !onnxIsScalar(c, 2))
        return c.opaque("the axis input is not a scalar integer symshape "
                        "tracks");
      axis = c.constantValue((*given)[0]);
      if (!axis) {
        // "Accepted range is [-r, -2] U [0, r-2]".
        TermId t = (*given)[0];
        c.requireInBounds(f.mkOr({f.mkAnd({f.mkLe(c.constant(-r), t),
                                           f.mkLe(t, c.constant(-2))}),
                                  f.mkAnd({f.mkLe(c.constant(0), t),
                                           f.mkLe(t, c.constant(r - 2))})}),
                          "the axis " + c.operandName(2) + " (in [-" +
                              std::to_string(r) + ", -2] or [0, " +
                              std::to_string(r - 2) + "])");
        named = c.selectLe(c.constant(0), t, t, c.add(t, c.constant(r)));
      }
    }
  } else if (!axis) {
    axis = 1;
  }
  if (axis && (*axis < -r || *axis > r - 2 || *axis == -1))
    return c.error("axis " + std::to_string(*axis) +
                   " is not in [-r, -2] or [0, r-2] for rank " +
                   std::to_string(r));
  bool onesided = onnxInt(c, "onesided").value_or(0) != 0;
  bool inverse = onnxInt(c, "inverse").value_or(0) != 0;
  TermId last = x->back();
  // RFFT: "only real input"; IRFFT: "only complex input"; else either.
  std::optional<int64_t> width;
  if (onesided)
    width = inverse ? 2 : 1;
  FormulaId bad =
      width
          ? f.mkNe(last, c.constant(*width))
          : f.mkAnd({f.mkNe(last, c.constant(1)), f.mkNe(last, c.constant(2))});
  c.requireInBounds(f.mkNot(bad),
                    "the last dim " + onnxDimName(c, 0, size_t(r - 1)) +
                        (width ? " (" + std::to_string(*width) + ")"
                               : std::string(" (1: real, 2: complex)")));
  std::optional<TermId> length;
  if (!onnxAbsent(c, 1)) {
    std::optional<std::vector<TermId>> given = onnxElements(c, 1);
    if (!onnxIsScalar(c, 1) || !given || given->size() != 1)
      return c.opaque("dft_length is not a scalar integer symshape tracks");
    length = (*given)[0];
  }
  // The transform length over a dim of size d, and the output size there.
  auto lengthOver = [&](TermId d) {
    if (length)
      return *length;
    return onesided && inverse ? c.mul(c.sub(d, c.constant(1)), c.constant(2))
                               : d;
  };
  auto sizeOf = [&](TermId n) {
    return onesided && !inverse
               ? c.add(c.floorDiv(n, c.constant(2)), c.constant(1))
               : n;
  };
  std::vector<TermId> out = *x;
  if (axis) {
    size_t a = size_t(*axis < 0 ? *axis + r : *axis);
    TermId n = lengthOver((*x)[a]);
    if (!c.provablyNonNegative(n))
      c.requireInBounds(f.mkLe(c.constant(0), n),
                        "the dft_length (not negative)");
    out[a] = sizeOf(n);
  } else {
    // Dim d is transformed where the axis names it.
    TermId n = lengthOver((*x)[0]);
    for (int64_t d = 1; d < r - 1; ++d)
      n = c.selectEq(*named, c.constant(d), lengthOver((*x)[size_t(d)]), n);
    if (!c.provablyNonNegative(n))
      c.requireInBounds(f.mkLe(c.constant(0), n),
                        "the dft_length (not negative)");
    for (int64_t d = 0; d < r - 1; ++d)
      out[size_t(d)] =
          c.selectEq(*named, c.constant(d), sizeOf(lengthOver((*x)[size_t(d)])),
                     (*x)[size_t(d)]);
  }
  out.back() = c.constant(onesided && inverse ? 1 : 2);
  setOnnxResult(c, 0, std::move(out));
}

const std::vector<OnnxRule> &onnxResampleRules() {
  static const std::vector<OnnxRule> rules = {
      {"Upsample", lowerUpsample,
       "floor(dim * scale), exact scales only (a constant or the opset-7 "
       "attribute)",
       "7"},
      {"HannWindow", lowerWindow, "[size] (a scalar integer)"},
      {"HammingWindow", lowerWindow, "[size] (a scalar integer)"},
      {"BlackmanWindow", lowerWindow, "[size] (a scalar integer)"},
      {"NonMaxSuppression", lowerNonMaxSuppression,
       "[n, 3], n <= batches * classes * boxes (n unknown)"},
      {"QLinearMatMul", lowerQLinearMatMul,
       "numpy.matmul; each scale and its zero point of one shape"},
      {"DFT", lowerDFT,
       "dft_length (RFFT: half + 1) at `axis` (a runtime axis read), last "
       "dim 2 (IRFFT: 1)",
       "17"},
  };
  return rules;
}

} // namespace symshape::frontend
