//===- OnnxNeural.cpp - ONNX contractions, softmax, reductions, conv ------===//
//
// From the ONNX operator docs, at runtime sizes:
//
// - MatMul (onnx.MatMul-13): numpy.matmul; a 1-D operand gets a dim of 1
//   prepended (A) or appended (B) and removed from the result; the inner
//   sizes must be equal; the batch dims broadcast (NumPy);
// - Gemm (onnx.Gemm-13): A [M, K] (transA: [K, M]), B [K, N] (transB:
//   [N, K]), C unidirectionally broadcastable to [M, N];
// - Softmax / LogSoftmax (onnx.Softmax-13): axis in [-r, r-1];
// - ReduceMean / ReduceSum / ReduceMax / ReduceMin (onnx.ReduceMean-18,
//   onnx.ReduceSum-13: axes input; onnx-mlir's ReduceMeanV13 and older
//   opsets: the axes attribute): keepdims (default 1), an empty axes list
//   reduces every dim unless noop_with_empty_axes; axes in [-r, r-1], none
//   repeated;
// - Conv (onnx.Conv-11): X [N, C, D...], W [M, C/group, k...], C equal to
//   W's dim 1 times group; output dims floor((D + pad_begin + pad_end -
//   dilation*(k-1) - 1) / stride) + 1, negative is UB; auto_pad other than
//   NOTSET / VALID is not modelled.
//
//===----------------------------------------------------------------------===//

#include "OnnxImpl.h"

#include <algorithm>

namespace symshape::models::oracle::onnx {

bool numpyMatmul(Eval &e, const Shape &a, const Shape &b) {
  if (!e.require(!a.empty() && !b.empty(), "an operand of rank 0"))
    return false;
  Shape x = a, y = b;
  if (x.size() == 1)
    x.insert(x.begin(), 1);
  if (y.size() == 1)
    y.push_back(1);
  int64_t ka = x.back(), kb = y[y.size() - 2];
  if (!e.require(ka == kb, "inner sizes " + std::to_string(ka) + " and " +
                               std::to_string(kb) + " differ"))
    return false;
  std::optional<Shape> batch =
      broadcastShapes(e, Shape(x.begin(), x.end() - 2),
                      Shape(y.begin(), y.end() - 2), "batch broadcast");
  if (!batch)
    return false;
  Shape out = *batch;
  if (a.size() > 1)
    out.push_back(x[x.size() - 2]);
  if (b.size() > 1)
    out.push_back(y.back());
  return e.setResult(0, out);
}

namespace {

bool matmul(Eval &e) {
  const Shape *a = e.shape(0), *b = a ? e.shape(1) : nullptr;
  return b && numpyMatmul(e, *a, *b);
}

bool gemm(Eval &e) {
  const Shape *a = e.shape(0), *b = a ? e.shape(1) : nullptr;
  std::optional<int64_t> ta = b ? onnxInt(e, "transA", 0) : std::nullopt;
  std::optional<int64_t> tb = ta ? onnxInt(e, "transB", 0) : std::nullopt;
  if (!tb)
    return false;
  if (!e.require(a->size() == 2 && b->size() == 2, "A or B not 2-D"))
    return false;
  int64_t m = (*a)[*ta ? 1 : 0], k = (*a)[*ta ? 0 : 1];
  int64_t k2 = (*b)[*tb ? 1 : 0], n = (*b)[*tb ? 0 : 1];
  if (!e.require(k == k2, "inner sizes " + std::to_string(k) + " and " +
                              std::to_string(k2) + " differ"))
    return false;
  if (!onnxAbsent(e, 2)) {
    const Shape *c = e.shape(2);
    if (!c)
      return false;
    Shape mn{m, n};
    if (!e.require(c->size() <= 2, "C of rank " + std::to_string(c->size())))
      return false;
    for (size_t k = 0; k < c->size(); ++k) {
      int64_t cd = (*c)[c->size() - 1 - k], od = mn[1 - k];
      if (!e.require(cd == 1 || cd == od, "C's size " + std::to_string(cd) +
                                              " does not broadcast to " +
                                              std::to_string(od)))
        return false;
    }
  }
  return e.setResult(0, {m, n});
}

bool softmax(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<int64_t> axis = s ? onnxInt(e, "axis", -1) : std::nullopt;
  return axis && onnxAxis(e, *axis, s->size(), "axis") && e.setResult(0, *s);
}

bool reduce(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<int64_t> keep = s ? onnxInt(e, "keepdims", 1) : std::nullopt;
  std::optional<int64_t> noop =
      keep ? onnxInt(e, "noop_with_empty_axes", 0) : std::nullopt;
  if (!noop)
    return false;
  std::vector<int64_t> axes;
  if (std::optional<std::vector<int64_t>> a = onnxInts(e, "axes")) {
    axes = *a;
  } else if (!onnxAbsent(e, 1)) {
    std::optional<std::vector<int64_t>> c = e.contents(1);
    if (!c)
      return e.unsupported("axes not known");
    axes = *c;
  }
  size_t rank = s->size();
  std::vector<bool> reduced(rank, axes.empty() && !*noop);
  for (int64_t a : axes) {
    std::optional<size_t> ax = onnxAxis(e, a, rank, "axis");
    if (!ax || !e.require(!reduced[*ax], "repeated axis"))
      return false;
    reduced[*ax] = true;
  }
  Shape out;
  for (size_t d = 0; d < rank; ++d)
    if (!reduced[d])
      out.push_back((*s)[d]);
    else if (*keep)
      out.push_back(1);
  return e.setResult(0, out);
}

bool conv(Eval &e) {
  const Shape *x = e.shape(0), *w = x ? e.shape(1) : nullptr;
  if (!w)
    return false;
  const frontend::Attribute *pad = onnxAttr(e, "auto_pad");
  if (pad && pad->str != "NOTSET" && pad->str != "VALID")
    return e.unsupported("auto_pad " + pad->str + " not modelled");
  if (!e.require(x->size() >= 3 && w->size() == x->size(),
                 "X " + str(*x) + " and W " + str(*w) + " do not match"))
    return false;
  size_t spatial = x->size() - 2;
  std::optional<int64_t> group = onnxInt(e, "group", 1);
  if (!group)
    return false;
  if (!e.require(*group >= 1 && (*x)[1] == (*w)[1] * *group,
                 "channels " + std::to_string((*x)[1]) +
                     " != " + std::to_string((*w)[1]) + " x group " +
                     std::to_string(*group)) ||
      !e.require((*w)[0] % *group == 0, "M not a multiple of group"))
    return false;
  std::vector<int64_t> pads(2 * spatial, 0), strides(spatial, 1),
      dil(spatial, 1);
  if (auto p = onnxInts(e, "pads"))
    pads = *p;
  if (auto s = onnxInts(e, "strides"))
    strides = *s;
  if (auto d = onnxInts(e, "dilations"))
    dil = *d;
  if (auto k = onnxInts(e, "kernel_shape"))
    if (!e.require(*k == Shape(w->begin() + 2, w->end()),
                   "kernel_shape differs from W"))
      return false;
  if (pads.size() != 2 * spatial || strides.size() != spatial ||
      dil.size() != spatial)
    return e.unsupported("pads, strides or dilations of another length");
  if (!onnxAbsent(e, 2)) {
    const Shape *bias = e.shape(2);
    if (!bias || !e.require(*bias == Shape{(*w)[0]}, "B is not [M]"))
      return false;
  }
  Shape out{(*x)[0], (*w)[0]};
  for (size_t i = 0; i < spatial; ++i) {
    if (!e.require(strides[i] >= 1 && dil[i] >= 1, "stride or dilation < 1"))
      return false;
    out.push_back(windowOut((*x)[2 + i], (*w)[2 + i], strides[i], dil[i],
                            pads[i], pads[spatial + i]));
  }
  return e.setResult(0, out);
}

} // namespace

static void registerOnnxNeural() {
  addOp("MatMul", matmul);
  addOp("Gemm", gemm);
  addOp("Softmax", softmax);
  addOp("LogSoftmax", softmax);
  // Every Reduce* operator reduces alike: the axes (an attribute up to
  // opset 13 or 17, an input from opset 18) with keepdims and
  // noop_with_empty_axes; the reduction itself does not change the shape.
  for (const char *name :
       {"ReduceMean",         "ReduceSum",          "ReduceMax",
        "ReduceMin",          "ReduceMeanV13",      "ReduceSumV11",
        "ReduceMaxV13",       "ReduceMaxV18",       "ReduceMinV13",
        "ReduceMinV18",       "ReduceProd",         "ReduceProdV13",
        "ReduceL1",           "ReduceL1V13",        "ReduceL2V13",
        "ReduceLogSum",       "ReduceLogSumV13",    "ReduceLogSumExp",
        "ReduceLogSumExpV13", "ReduceSumSquareV13", "ReduceL2",
        "ReduceSumSquare"})
    addOp(name, reduce);
  addOp("Conv", conv);
}

static const RuleFile rules(__FILE__, registerOnnxNeural);

} // namespace symshape::models::oracle::onnx
