//===- OnnxConv.cpp - ONNX convolutions and pooling -----------------------===//
//
// From the ONNX operator docs (X is [N, C, D1, ..., Dn]):
//   Conv-22: W [M, C/group, k1..kn], B [M]; Y [N, M, O1..On];
//   ConvTranspose-22: W [C, M/group, k1..kn]; Y [N, M, O1..On] with
//     O = stride * (D - 1) + output_padding + ((k - 1) * dilation + 1)
//         - pad_begin - pad_end,
//     O = D * stride for SAME_UPPER / SAME_LOWER, or `output_shape`;
//   MaxPool-22 / AveragePool-22 / LpPool-22 (and onnx-mlir's
//     MaxPoolSingleOut): `kernel_shape`, Y [N, C, O1..On], floor or
//     (ceil_mode) ceil;
//   GlobalAveragePool-22 / GlobalMaxPool-22 / GlobalLpPool-22: [N, C, 1..1].
// A window's output size, auto_pad NOTSET (explicit `pads`) or VALID (no
// padding), is the shared window rule (OpRules.h):
//   O = floor((D + pad_begin + pad_end - dilation * (k - 1) - 1) / stride) + 1
// and SAME_UPPER / SAME_LOWER pad so that O = ceil(D / stride).
//
//===----------------------------------------------------------------------===//

#include "OnnxNeuralCommon.h"
#include "ops/rules/OpRules.h"

namespace symshape::frontend {

namespace {

/// The window attributes of a convolution or pooling of `n` spatial dims.
struct OnnxWindow {
  std::string autoPad;
  std::vector<int64_t> pads, strides, dilations;
  bool ceil = false;
};

std::optional<OnnxWindow> readWindow(OpContext &c, size_t n) {
  OnnxWindow w;
  w.autoPad = onnxString(c, "auto_pad").value_or("NOTSET");
  if (w.autoPad != "NOTSET" && w.autoPad != "VALID" &&
      w.autoPad != "SAME_UPPER" && w.autoPad != "SAME_LOWER") {
    c.opaque("auto_pad \"" + w.autoPad + "\" is not modelled");
    return std::nullopt;
  }
  std::optional<std::vector<int64_t>> pads = onnxIntsOr(c, "pads", 2 * n, 0, 0);
  std::optional<std::vector<int64_t>> strides =
      pads ? onnxIntsOr(c, "strides", n, 1, 1) : std::nullopt;
  std::optional<std::vector<int64_t>> dilations =
      strides ? onnxIntsOr(c, "dilations", n, 1, 1) : std::nullopt;
  if (!dilations)
    return std::nullopt;
  w.pads = std::move(*pads);
  w.strides = std::move(*strides);
  w.dilations = std::move(*dilations);
  std::optional<int64_t> ceil = onnxInt(c, "ceil_mode");
  w.ceil = ceil && *ceil != 0;
  if (w.autoPad == "VALID")
    std::fill(w.pads.begin(), w.pads.end(), 0);
  return w;
}

/// The output size of spatial dim `s` of input size `in`, window `kernel`.
std::optional<TermId> windowSize(OpContext &c, const OnnxWindow &w, size_t s,
                                 size_t n, TermId in, TermId kernel) {
  int64_t stride = w.strides[s], dilation = w.dilations[s];
  if (w.autoPad == "SAME_UPPER" || w.autoPad == "SAME_LOWER")
    return c.floorDiv(c.add(in, c.constant(stride - 1)), c.constant(stride));
  TermId padLo = c.constant(w.pads[s]), padHi = c.constant(w.pads[s + n]);
  std::string what = "spatial dim " + std::to_string(s + 2);
  if (!w.ceil)
    return windowOutputSize(c, in, padLo, padHi, kernel, stride, dilation,
                            what);
  // ceil_mode: O = ceil((D + pads - span) / stride) + 1. The docs and
  // runtimes differ on a last window that would start in the end padding,
  // at (O - 1) * stride >= pad_begin + D. As (O - 1) * stride <=
  // D + pads - span + stride - 1, it cannot when pad_end + stride <= span.
  std::optional<int64_t> k = c.constantValue(kernel);
  if (!k || w.pads[s + n] + stride > windowSpan(*k, dilation)) {
    c.opaque("ceil_mode where a last window may start in the end padding");
    return std::nullopt;
  }
  TermId span = c.constant(windowSpan(*k, dilation));
  TermId room = c.sub(c.add(in, c.add(padLo, padHi)), span);
  TermId out =
      c.add(c.floorDiv(c.add(room, c.constant(stride - 1)), c.constant(stride)),
            c.constant(1));
  c.requireInBounds(c.formulas().mkLe(c.constant(0), out),
                    "the window of " + what +
                        " (its output size must not be negative)");
  return out;
}

/// `kernel_shape` must be W's spatial sizes. ONNX shape inference reads
/// the attribute alone, so a mismatch is no static error, but the
/// convolution cannot run with it (onnxruntime: "kernel_shape is not
/// compatible with W shape"): kind `equal`.
void requireKernelShape(OpContext &c, const std::vector<int64_t> &kernel,
                        const std::vector<TermId> &w) {
  for (size_t s = 0; s < kernel.size(); ++s)
    c.requireEqual(c.constant(kernel[s]), w[s + 2],
                   "kernel_shape's " + std::to_string(kernel[s]) +
                       " and the kernel size " + onnxDimName(c, 1, s + 2));
}

/// W's spatial sizes: a static 0 is rejected by ONNX shape inference
/// ("Bad spatial filter size: cannot be zero").
bool checkKernelSizes(OpContext &c, const std::vector<TermId> &w) {
  for (size_t d = 2; d < w.size(); ++d)
    if (c.constantValue(w[d]) == 0) {
      c.error("dim " + std::to_string(d) + " of W, a kernel size, is 0");
      return false;
    }
  return true;
}

} // namespace

/// onnx.Conv-22's shape rule (also ConvInteger's, without a bias).
std::optional<std::vector<TermId>> onnxConvDims(OpContext &c, bool bias) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> w = x ? onnxInputDims(c, 1) : x;
  if (!w)
    return std::nullopt;
  if (x->size() < 3 || w->size() != x->size()) {
    c.error("Conv needs X and W of the same rank >= 3");
    return std::nullopt;
  }
  if (!checkKernelSizes(c, *w))
    return std::nullopt;
  size_t n = x->size() - 2;
  int64_t group = onnxInt(c, "group").value_or(1);
  if (group < 1) {
    c.error("group " + std::to_string(group) + " is not positive");
    return std::nullopt;
  }
  std::optional<std::vector<int64_t>> kernelShape;
  if (onnxAttr(c, "kernel_shape") &&
      !(kernelShape = onnxIntsOr(c, "kernel_shape", n, 1, 1)))
    return std::nullopt;
  std::optional<OnnxWindow> win = readWindow(c, n);
  if (!win)
    return std::nullopt;
  TermId g = c.constant(group);
  if (!onnxRequireEqual(c, (*x)[1], c.mul(g, (*w)[1]),
                        "the channels " + onnxDimName(c, 0, 1) + " and group " +
                            std::to_string(group) + " * " +
                            onnxDimName(c, 1, 1)))
    return std::nullopt;
  TermId m = (*w)[0];
  if (group > 1 &&
      !onnxRequireEqual(c, c.mul(c.floorDiv(m, g), g), m,
                        "the output channels " + onnxDimName(c, 1, 0) +
                            " (a multiple of group " + std::to_string(group) +
                            ")"))
    return std::nullopt;
  if (kernelShape)
    requireKernelShape(c, *kernelShape, *w);
  std::vector<TermId> out = {(*x)[0], m};
  for (size_t s = 0; s < n; ++s) {
    TermId kernel = kernelShape ? c.constant((*kernelShape)[s]) : (*w)[s + 2];
    std::optional<TermId> o = windowSize(c, *win, s, n, (*x)[s + 2], kernel);
    if (!o)
      return std::nullopt;
    out.push_back(*o);
  }
  if (bias && !onnxAbsent(c, 2)) {
    std::optional<std::vector<TermId>> b = onnxInputDims(c, 2);
    if (!b)
      return std::nullopt;
    if (b->size() != 1) {
      c.error("the bias B is not 1-D");
      return std::nullopt;
    }
    if (!onnxRequireEqual(c, (*b)[0], m,
                          "the bias size " + onnxDimName(c, 2, 0) +
                              " and the output channels " +
                              onnxDimName(c, 1, 0)))
      return std::nullopt;
  }
  return out;
}

namespace {

/// onnx.Conv-22.
void lowerConv(OpContext &c) {
  if (std::optional<std::vector<TermId>> out = onnxConvDims(c, true))
    setOnnxOutput(c, 0, std::move(*out));
}

/// onnx.ConvTranspose-22.
void lowerConvTranspose(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> w = x ? onnxInputDims(c, 1) : x;
  if (!w)
    return;
  if (x->size() < 3 || w->size() != x->size())
    return c.error("ConvTranspose needs X and W of the same rank >= 3");
  if (!checkKernelSizes(c, *w))
    return;
  size_t n = x->size() - 2;
  int64_t group = onnxInt(c, "group").value_or(1);
  if (group < 1)
    return c.error("group " + std::to_string(group) + " is not positive");
  std::optional<std::vector<int64_t>> kernelShape;
  if (onnxAttr(c, "kernel_shape") &&
      !(kernelShape = onnxIntsOr(c, "kernel_shape", n, 1, 1)))
    return;
  std::optional<OnnxWindow> win = readWindow(c, n);
  std::optional<std::vector<int64_t>> outPad =
      win ? onnxIntsOr(c, "output_padding", n, 0, 0) : std::nullopt;
  if (!outPad)
    return;
  std::optional<std::vector<int64_t>> outShape;
  if (onnxAttr(c, "output_shape") &&
      !(outShape = onnxIntsOr(c, "output_shape", n, 0, 0)))
    return;
  if (!onnxRequireEqual(c, (*x)[1], (*w)[0],
                        "the channels " + onnxDimName(c, 0, 1) + " and " +
                            onnxDimName(c, 1, 0)))
    return;
  if (kernelShape)
    requireKernelShape(c, *kernelShape, *w);
  TermId m = c.mul(c.constant(group), (*w)[1]);
  std::vector<TermId> out = {(*x)[0], m};
  bool same = win->autoPad == "SAME_UPPER" || win->autoPad == "SAME_LOWER";
  for (size_t s = 0; s < n; ++s) {
    if (outShape) {
      out.push_back(c.constant((*outShape)[s]));
      continue;
    }
    TermId in = (*x)[s + 2];
    TermId stride = c.constant(win->strides[s]);
    if (same) {
      out.push_back(c.mul(in, stride));
      continue;
    }
    TermId kernel = kernelShape ? c.constant((*kernelShape)[s]) : (*w)[s + 2];
    TermId span = c.add(
        c.mul(c.constant(win->dilations[s]), c.sub(kernel, c.constant(1))),
        c.constant(1));
    TermId size = c.sub(c.add(c.add(c.mul(stride, c.sub(in, c.constant(1))),
                                    c.constant((*outPad)[s])),
                              span),
                        c.constant(win->pads[s] + win->pads[s + n]));
    c.requireInBounds(c.formulas().mkLe(c.constant(0), size),
                      "the output size of spatial dim " +
                          std::to_string(s + 2) + " (must not be negative)");
    out.push_back(size);
  }
  if (!onnxAbsent(c, 2)) {
    std::optional<std::vector<TermId>> b = onnxInputDims(c, 2);
    if (!b)
      return;
    if (b->size() != 1)
      return c.error("the bias B is not 1-D");
    if (!onnxRequireEqual(c, (*b)[0], m,
                          "the bias size " + onnxDimName(c, 2, 0) +
                              " and the output channels"))
      return;
  }
  setOnnxOutput(c, 0, std::move(out));
}

/// onnx.MaxPool-22, AveragePool-22, onnx-mlir's MaxPoolSingleOut.
void lowerPool(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  if (x->size() < 3)
    return c.error("pooling needs an input of rank >= 3");
  size_t n = x->size() - 2;
  if (!onnxAttr(c, "kernel_shape"))
    return c.error("the attribute kernel_shape is required");
  std::optional<std::vector<int64_t>> kernel =
      onnxIntsOr(c, "kernel_shape", n, 1, 1);
  std::optional<OnnxWindow> win = kernel ? readWindow(c, n) : std::nullopt;
  if (!win)
    return;
  if (onnxInt(c, "storage_order").value_or(0) != 0 && c.numResults() > 1)
    return c.opaque("Indices in column-major storage_order");
  std::vector<TermId> out = {(*x)[0], (*x)[1]};
  for (size_t s = 0; s < n; ++s) {
    std::optional<TermId> o =
        windowSize(c, *win, s, n, (*x)[s + 2], c.constant((*kernel)[s]));
    if (!o)
      return;
    out.push_back(*o);
  }
  // MaxPool's optional Indices have Y's shape.
  for (size_t r = 0; r < c.numResults(); ++r)
    setOnnxOutput(c, r, out);
}

/// onnx.GlobalAveragePool-22, GlobalMaxPool-22, GlobalLpPool-22.
void lowerGlobalPool(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  if (x->size() < 2)
    return c.error("global pooling needs an input of rank >= 2");
  std::vector<TermId> out = *x;
  for (size_t d = 2; d < out.size(); ++d)
    out[d] = c.constant(1);
  setOnnxOutput(c, 0, std::move(out));
}

} // namespace

const std::vector<OnnxRule> &onnxConvRules() {
  static const std::vector<OnnxRule> rules = {
      {"Conv", lowerConv,
       "X [N, C, D...] x W [M, C/group, k...] -> [N, M, O...] (the window "
       "rule; auto_pad)"},
      {"ConvTranspose", lowerConvTranspose,
       "X [N, C, D...] x W [C, M/group, k...] -> [N, M, O...]"},
      {"MaxPool", lowerPool, "[N, C, O...] by the window rule; ceil_mode"},
      {"MaxPoolSingleOut", lowerPool,
       "onnx-mlir's MaxPool without Indices: [N, C, O...]"},
      {"AveragePool", lowerPool, "[N, C, O...] by the window rule; ceil_mode"},
      {"LpPool", lowerPool, "[N, C, O...] by the window rule; ceil_mode"},
      {"GlobalAveragePool", lowerGlobalPool, "[N, C, 1...]"},
      {"GlobalMaxPool", lowerGlobalPool, "[N, C, 1...]"},
      {"GlobalLpPool", lowerGlobalPool, "[N, C, 1...]"},
  };
  return rules;
}

} // namespace symshape::frontend
