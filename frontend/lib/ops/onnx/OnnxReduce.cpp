//===- OnnxReduce.cpp - ONNX reductions, ArgMax / ArgMin, TopK, CumSum ----===//
//
// From the ONNX operator docs:
//   ReduceSum-13 and ReduceMean / Max / Min / Prod / L1 / L2 / LogSum /
//     LogSumExp / SumSquare-18: the `axes` (an attribute before those
//     opsets, an optional 1-D input since) each become 1 (keepdims, the
//     default) or are removed; no axes reduce every dim, or none when
//     noop_with_empty_axes = 1; "accepted range is [-r, r-1]". Axes
//     known only at runtime are read too: with keepdims each dim is a
//     select on them; without, output dim j is the dim of X that has j
//     kept dims before it. onnx-mlir keeps the older forms as
//     ReduceSumV11, ReduceMeanV13, ...;
//   ArgMax-13 / ArgMin-13: `axis` (default 0) becomes 1 or is removed;
//   TopK-11: Values and Indices have X's shape with dim `axis` (default -1)
//     of size K (input 1 since opset 10, attribute `k` before), which must
//     not exceed that dim;
//   CumSum-14: the shape of X.
//
//===----------------------------------------------------------------------===//

#include "OnnxIntValues.h"
#include "OnnxNeuralCommon.h"

#include <algorithm>

namespace symshape::frontend {

/// The opset from which Reduce<name> reads its axes from input 1.
static int64_t axesInputOpset(std::string_view name) {
  return name == "ReduceSum" ? 13 : 18;
}

/// The reduced axes; an empty list for none given. nullopt (with an opaque
/// op) when they are not known.
static std::optional<std::vector<int64_t>> reduceAxes(OpContext &c) {
  if (onnxOpset(c) < axesInputOpset(onnxName(c))) {
    if (!onnxAttr(c, "axes"))
      return std::vector<int64_t>();
    std::optional<std::vector<int64_t>> axes = onnxInts(c, "axes");
    if (!axes)
      c.opaque("attribute 'axes' is not an integer list");
    return axes;
  }
  if (onnxAbsent(c, 1))
    return std::vector<int64_t>();
  if (std::optional<std::vector<int64_t>> axes = c.constantElements(1))
    return axes;
  const Type &type = c.operandType(1);
  if (type.hasRank() && type.dims.size() == 1 && type.dims[0] == 0)
    return std::vector<int64_t>();
  c.opaque("the axes are not constant");
  return std::nullopt;
}

/// onnx.Reduce* with axes known only at runtime (a 1-D input of a static
/// length k, elements `axes`). Each axis must lie in [-r, r-1] and name
/// another dim than the others. With keepdims, dim d is 1 where some axis
/// names it (a negative one counts from the end), else X's. Without, the
/// result has rank r - k and its dim j is X's dim d that is not reduced
/// and has j kept dims before it: d - (reduced dims before d) == j.
static void reduceAtRuntime(OpContext &c, const std::vector<TermId> &x,
                            const std::vector<TermId> &axes, bool keep) {
  int64_t r = int64_t(x.size());
  if (!keep && int64_t(axes.size()) > r)
    return c.opaque("more axes (" + std::to_string(axes.size()) +
                    ") than dims (" + std::to_string(r) + ")");
  std::vector<TermId> named = requireRuntimeAxes(c, 1, axes, r, "dim");
  std::vector<TermId> out;
  if (keep) {
    for (int64_t d = 0; d < r; ++d) {
      TermId dim = x[size_t(d)];
      for (size_t j = named.size(); j-- > 0;)
        dim = c.selectEq(named[j], c.constant(d), c.constant(1), dim);
      out.push_back(dim);
    }
    return setOnnxOutput(c, 0, std::move(out));
  }
  // isReduced[d]: 1 where some axis names dim d, else 0 (the axes are
  // required to name different dims).
  std::vector<TermId> isReduced;
  for (int64_t d = 0; d < r; ++d) {
    TermId hits = c.constant(0);
    for (TermId axis : named)
      hits = c.add(
          hits, c.selectEq(axis, c.constant(d), c.constant(1), c.constant(0)));
    isReduced.push_back(hits);
  }
  // key[d] == j exactly when dim d is kept and j kept dims precede it (a
  // reduced dim's key is past every output position).
  std::vector<TermId> key;
  TermId before = c.constant(0);
  for (int64_t d = 0; d < r; ++d) {
    key.push_back(c.add(c.sub(c.constant(d), before),
                        c.mul(c.constant(r + 1), isReduced[size_t(d)])));
    before = c.add(before, isReduced[size_t(d)]);
  }
  int64_t k = int64_t(axes.size());
  for (int64_t j = 0; j < r - k; ++j) {
    TermId dim = x[size_t(j + k)];
    for (int64_t d = j + k; d-- > j;)
      dim = c.selectEq(key[size_t(d)], c.constant(j), x[size_t(d)], dim);
    out.push_back(dim);
  }
  setOnnxOutput(c, 0, std::move(out));
}

/// onnx.Reduce*: each reduced dim becomes 1 (keepdims) or is removed.
static void lowerReduce(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  // Axes given at runtime: the dims are selects on them.
  if (x)
    if (std::optional<std::vector<TermId>> axes =
            onnxRuntimeElements(c, 1, axesInputOpset(onnxName(c)));
        axes && !axes->empty())
      return reduceAtRuntime(c, *x, *axes,
                             onnxInt(c, "keepdims").value_or(1) != 0);
  std::optional<std::vector<int64_t>> axes = x ? reduceAxes(c) : std::nullopt;
  if (!axes)
    return;
  bool keep = onnxInt(c, "keepdims").value_or(1) != 0;
  std::vector<bool> reduced(x->size(), axes->empty());
  if (axes->empty() && onnxOpset(c) >= axesInputOpset(onnxName(c)) &&
      onnxInt(c, "noop_with_empty_axes").value_or(0) != 0)
    return setOnnxOutput(c, 0, *x);
  for (int64_t a : *axes) {
    std::optional<size_t> axis = onnxAxis(c, a, x->size(), "axis");
    if (!axis)
      return;
    if (reduced[*axis])
      return c.opaque("the axis " + std::to_string(a) + " is repeated");
    reduced[*axis] = true;
  }
  std::vector<TermId> out;
  for (size_t d = 0; d < x->size(); ++d)
    if (!reduced[d])
      out.push_back((*x)[d]);
    else if (keep)
      out.push_back(c.constant(1));
  setOnnxOutput(c, 0, std::move(out));
}

/// onnx.ArgMax-13 / ArgMin-13.
static void lowerArgReduce(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  std::optional<size_t> axis =
      onnxAxis(c, onnxInt(c, "axis").value_or(0), x->size(), "axis");
  if (!axis)
    return;
  std::vector<TermId> out = *x;
  if (onnxInt(c, "keepdims").value_or(1) != 0)
    out[*axis] = c.constant(1);
  else
    out.erase(out.begin() + long(*axis));
  setOnnxOutput(c, 0, std::move(out));
}

/// The K of TopK: attribute `k` before opset 10, else the one element of
/// input 1 (a known constant, or an unknown size kept with the value).
static std::optional<TermId> topK(OpContext &c) {
  if (onnxOpset(c) < 10) {
    std::optional<int64_t> k = onnxInt(c, "k");
    if (!k) {
      c.error("the attribute k is required");
      return std::nullopt;
    }
    return c.constant(*k);
  }
  // "A 1-D tensor containing a single positive value"; onnx-mlir's
  // verifier also takes a 0-D K ("rank should be < 2"): read in its
  // dialect, not in the torch spelling.
  const Type &type = c.operandType(1);
  if (!isTorchSpelling(c) && type.kind == TypeKind::RankedTensor &&
      type.dims.empty())
    if (std::optional<std::vector<TermId>> k = onnxElements(c, 1))
      return (*k)[0];
  if (type.hasRank() && (type.dims.size() > 1 ||
                         (type.dims.size() == 1 && type.dims[0] != kDynamic &&
                          type.dims[0] != 1))) {
    c.error("K must be a 1-D tensor of one element, not '" + type.str() + "'");
    return std::nullopt;
  }
  std::optional<std::vector<TermId>> k = c.shapeOperand(1);
  if (!k || k->size() != 1) {
    c.opaque("K is not a tensor of one known integer element");
    return std::nullopt;
  }
  return (*k)[0];
}

/// onnx.TopK-11.
static void lowerTopK(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  std::optional<size_t> axis =
      onnxAxis(c, onnxInt(c, "axis").value_or(-1), x->size(), "axis");
  std::optional<TermId> k = axis ? topK(c) : std::nullopt;
  if (!k)
    return;
  TermId size = (*x)[*axis];
  std::optional<int64_t> ck = c.constantValue(*k), cs = c.constantValue(size);
  if (ck && (*ck < 0 || (cs && *ck > *cs)))
    return c.error("K = " + std::to_string(*ck) + " is not in [0, " +
                   (cs ? std::to_string(*cs) : onnxDimName(c, 0, *axis)) + "]");
  c.requireInBounds(c.formulas().mkAnd({c.formulas().mkLe(c.constant(0), *k),
                                        c.formulas().mkLe(*k, size)}),
                    "K within the size " + onnxDimName(c, 0, *axis) +
                        " of the axis");
  std::vector<TermId> out = *x;
  out[*axis] = *k;
  for (size_t r = 0; r < c.numResults(); ++r)
    setOnnxOutput(c, r, out);
}

/// onnx.CumSum-14: the shape of X (the axis, a 0-D input, is checked when
/// constant).
static void lowerCumSum(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  if (!x)
    return;
  if (std::optional<std::vector<int64_t>> axis = c.constantElements(1))
    if (axis->size() == 1 && !onnxAxis(c, (*axis)[0], x->size(), "axis"))
      return;
  setOnnxOutput(c, 0, *x);
}

#define ONNX_REDUCE(NAME, VERSIONS)                                            \
  {                                                                            \
    NAME, lowerReduce,                                                         \
        "the axes (attribute, then input) become 1 or are removed; runtime "   \
        "axes read too",                                                       \
        VERSIONS                                                               \
  }

const std::vector<OnnxRule> &onnxReduceRules() {
  static const std::vector<OnnxRule> rules = {
      ONNX_REDUCE("ReduceSum", "11"),
      ONNX_REDUCE("ReduceMean", "13"),
      ONNX_REDUCE("ReduceMax", "13 18"),
      ONNX_REDUCE("ReduceMin", "13 18"),
      ONNX_REDUCE("ReduceProd", "13"),
      ONNX_REDUCE("ReduceL1", "13"),
      ONNX_REDUCE("ReduceL2", "13"),
      ONNX_REDUCE("ReduceLogSum", "13"),
      ONNX_REDUCE("ReduceLogSumExp", "13"),
      ONNX_REDUCE("ReduceSumSquare", "13"),
      {"ArgMax", lowerArgReduce, "`axis` becomes 1 or is removed"},
      {"ArgMin", lowerArgReduce, "`axis` becomes 1 or is removed"},
      {"TopK", lowerTopK, "X's shape with K along `axis`; K within that dim"},
      {"CumSum", lowerCumSum, "the shape of X"},
  };
  return rules;
}

} // namespace symshape::frontend
