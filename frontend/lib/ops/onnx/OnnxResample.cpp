//===- OnnxResample.cpp - ONNX Upsample, windows, DFT, NMS, QLinearMatMul -===//
//
// From the ONNX operator docs:
//   Upsample-7 (onnx-mlir's UpsampleV7: a `scales` attribute) and
//     Upsample-9 (a `scales` input): "output_dimension = floor(
//     input_dimension * scale)", one scale per dim, each "greater than or
//     equal to 1". Modelled only for integer scales k, where floor(D * k)
//     is D * k exactly; other scales, and a scales input (a float tensor
//     symshape does not read), leave the op opaque;
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

/// onnx.Upsample-7/9/10: each dim times its integer scale.
static void lowerUpsample(OpContext &c) {
  std::optional<std::vector<TermId>> x = inputDims(c, 0);
  if (!x)
    return;
  if (onnxOpset(c) >= 9)
    return c.opaque("the scales input is a float tensor symshape does not "
                    "read");
  const Attribute *scales = onnxAttr(c, "scales");
  if (!scales || scales->kind != AttrKind::Array)
    return c.opaque("no `scales` list of floats");
  if (scales->elements.size() != x->size())
    return c.error(std::to_string(scales->elements.size()) +
                   " scales for an input of rank " + std::to_string(x->size()));
  std::vector<TermId> out;
  for (size_t d = 0; d < x->size(); ++d) {
    std::optional<double> s = numberOf(scales->elements[d]);
    if (!s || *s < 1 || *s > double(int64_t(1) << 30) || *s != std::floor(*s))
      return c.opaque("scale " + scales->elements[d].text +
                      " is not an integer >= 1 (floor(size * scale) is "
                      "modelled for those only)");
    out.push_back(c.mul((*x)[d], c.constant(int64_t(*s))));
  }
  setOnnxResult(c, 0, std::move(out));
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
  std::optional<int64_t> axis = onnxInt(c, "axis");
  if (onnxOpset(c) >= 20) {
    std::optional<std::vector<int64_t>> given = onnxConstElements(c, 2);
    if (!onnxAbsent(c, 2) &&
        (!given || given->size() != 1 || !onnxIsScalar(c, 2)))
      return c.opaque("the axis input is not a known scalar");
    axis = given ? (*given)[0] : -2;
  } else if (!axis) {
    axis = 1;
  }
  if (*axis < -r || *axis > r - 2 || *axis == -1)
    return c.error("axis " + std::to_string(*axis) +
                   " is not in [-r, -2] or [0, r-2] for rank " +
                   std::to_string(r));
  size_t a = size_t(*axis < 0 ? *axis + r : *axis);
  bool onesided = onnxInt(c, "onesided").value_or(0) != 0;
  bool inverse = onnxInt(c, "inverse").value_or(0) != 0;
  TermId last = x->back();
  // RFFT: "only real input"; IRFFT: "only complex input"; else either.
  std::optional<int64_t> width;
  if (onesided)
    width = inverse ? 2 : 1;
  FormulaId bad =
      width ? c.formulas().mkNe(last, c.constant(*width))
            : c.formulas().mkAnd({c.formulas().mkNe(last, c.constant(1)),
                                  c.formulas().mkNe(last, c.constant(2))});
  c.requireInBounds(c.formulas().mkNot(bad),
                    "the last dim " + onnxDimName(c, 0, size_t(r - 1)) +
                        (width ? " (" + std::to_string(*width) + ")"
                               : std::string(" (1: real, 2: complex)")));
  TermId n = (*x)[a];
  if (onesided && inverse)
    n = c.mul(c.sub(n, c.constant(1)), c.constant(2));
  if (!onnxAbsent(c, 1)) {
    std::optional<std::vector<TermId>> length = onnxElements(c, 1);
    if (!onnxIsScalar(c, 1) || !length || length->size() != 1)
      return c.opaque("dft_length is not a scalar integer symshape tracks");
    n = (*length)[0];
  }
  if (!c.provablyNonNegative(n))
    c.requireInBounds(c.formulas().mkLe(c.constant(0), n),
                      "the dft_length (not negative)");
  std::vector<TermId> out = *x;
  out[a] = onesided && !inverse
               ? c.add(c.floorDiv(n, c.constant(2)), c.constant(1))
               : n;
  out.back() = c.constant(onesided && inverse ? 1 : 2);
  setOnnxResult(c, 0, std::move(out));
}

const std::vector<OnnxRule> &onnxResampleRules() {
  static const std::vector<OnnxRule> rules = {
      {"Upsample", lowerUpsample,
       "each dim times its scale (integer `scales` attribute, opset 7)", "7"},
      {"HannWindow", lowerWindow, "[size] (a scalar integer)"},
      {"HammingWindow", lowerWindow, "[size] (a scalar integer)"},
      {"BlackmanWindow", lowerWindow, "[size] (a scalar integer)"},
      {"NonMaxSuppression", lowerNonMaxSuppression,
       "[n, 3], n <= batches * classes * boxes (n unknown)"},
      {"QLinearMatMul", lowerQLinearMatMul,
       "numpy.matmul; each scale and its zero point of one shape"},
      {"DFT", lowerDFT,
       "dft_length (RFFT: half + 1) at `axis`, last dim 2 (IRFFT: 1)", "17"},
  };
  return rules;
}

} // namespace symshape::frontend
