//===- OnnxSlicing.cpp - ONNX slices, gathers, splits, tiles and pads -----===//
//
// Slice, Gather, Split, Tile, Pad, DepthToSpace and SpaceToDepth, each from
// the ONNX operator docs of its opset (cited as `onnx.<Op>-<opset>`). Slice
// bounds are clamped as the docs say; sizes that must add up or divide are
// requirements; a 1-D integer shape tensor sliced or gathered with known
// positions gives its elements (SPEC 2).
//
//===----------------------------------------------------------------------===//

#include "OnnxIntValues.h"

namespace symshape::frontend {

static constexpr int64_t kHuge = int64_t(1) << 62;

/// A bound `b` of a dim of size `n` as onnx.Slice-13 adjusts it: a negative
/// one has n added, then it is clamped to [lo, hi] (lo, hi: 0 / n for
/// positive steps; starts 0 / n - 1 and ends -1 / n - 1 for negative ones).
/// A negative step's start range [0, n - 1] is empty when n is 0: the
/// start is then n - 1 (as for a nonnegative start), so nothing is taken.
static TermId clampBound(OpContext &c, TermId b, TermId n, TermId lo,
                         TermId hi) {
  solver::DimGraph &g = c.graph();
  bool emptyWhenZero = hi != n && c.constantValue(lo) == 0;
  auto fromLow = [&](TermId raised) {
    return emptyWhenZero ? g.min(raised, hi) : raised;
  };
  if (std::optional<int64_t> v = c.constantValue(b)) {
    if (*v >= kHuge) // INT64_MAX: "to the end"
      return hi;
    if (*v <= -kHuge) // INT64_MIN: "to the beginning"
      return fromLow(lo);
    if (*v >= 0)
      return g.min(b, hi);
    return fromLow(g.max(c.add(b, n), lo));
  }
  return c.selectLe(c.constant(0), b, g.min(g.max(b, lo), hi),
                    fromLow(g.max(c.add(b, n), lo)));
}

/// The slice bounds of onnx.Slice-10/11/13 (inputs) or -1 (attributes).
static std::optional<std::vector<TermId>> sliceList(OpContext &c, size_t input,
                                                    std::string_view name) {
  if (onnxOpset(c) < 10) {
    std::optional<std::vector<int64_t>> attr = onnxInts(c, name);
    if (!attr)
      return std::nullopt;
    std::vector<TermId> out;
    for (int64_t v : *attr)
      out.push_back(c.constant(v));
    return out;
  }
  return onnxElements(c, input);
}

/// ceil(span / by) for a span in [0, n] and a runtime step `by` >= 1: the
/// count of j in [0, n) with j * by < span when n is a small constant (a
/// sum of linear cases the solver decides fast), else a division.
static TermId stepsBefore(OpContext &c, TermId span, TermId by, TermId n) {
  constexpr int64_t kMaxCountedSize = 64;
  std::optional<int64_t> size = c.constantValue(n);
  if (!size || *size > kMaxCountedSize)
    return c.floorDiv(c.add(span, c.sub(by, c.constant(1))), by);
  TermId count = c.constant(0);
  for (int64_t j = 0; j < *size; ++j)
    count = c.add(count, c.selectLe(span, c.mul(c.constant(j), by),
                                    c.constant(0), c.constant(1)));
  return count;
}

/// The size of a slice of a dim of size `n` from `start` to `end` by `step`
/// (onnx.Slice-13): the bounds clamped for the step's sign, then the
/// elements start, start + step, ... before end.
static TermId sliceSize(OpContext &c, TermId start, TermId end, TermId step,
                        TermId n) {
  TermId zero = c.constant(0), one = c.constant(1);
  TermId nm1 = c.sub(n, one);
  TermId up = c.graph().max(
      c.sub(clampBound(c, end, n, zero, n), clampBound(c, start, n, zero, n)),
      zero);
  TermId down = c.graph().max(c.sub(clampBound(c, start, n, zero, nm1),
                                    clampBound(c, end, n, c.constant(-1), nm1)),
                              zero);
  // Each branch divides by its step's magnitude, written as at least 1
  // (which it is where that branch is taken): no sign cases.
  TermId by = c.graph().max(step, one);
  TermId negBy = c.graph().max(c.sub(zero, step), one);
  return c.selectLe(one, step, stepsBefore(c, up, by, n),
                    stepsBefore(c, down, negBy, n));
}

/// onnx.Slice-13 with axes or steps known only at runtime (1-D inputs of a
/// static length): each axis in [-r, r-1] and naming another dim than the
/// others, each step nonzero; dim d is the slice of the axis naming it (a
/// select on the axes), else the input's.
static void sliceAtRuntime(OpContext &c, const std::vector<TermId> &in,
                           const std::vector<TermId> &starts,
                           const std::vector<TermId> &ends) {
  size_t k = starts.size(), rank = in.size();
  std::vector<TermId> axes, steps;
  std::optional<std::vector<TermId>> given;
  if (!onnxAbsent(c, 3) && !(given = onnxElements(c, 3)))
    return c.opaque("the axes input " + c.operandName(3) +
                    " has an unknown length");
  if (given)
    axes = *given;
  else
    for (size_t i = 0; i < k; ++i)
      axes.push_back(c.constant(int64_t(i)));
  given.reset();
  if (!onnxAbsent(c, 4) && !(given = onnxElements(c, 4)))
    return c.opaque("the steps input " + c.operandName(4) +
                    " has an unknown length");
  steps = given ? *given : std::vector<TermId>(k, c.constant(1));
  if (ends.size() != k || axes.size() != k || steps.size() != k)
    return c.error("starts, ends, axes and steps differ in length");
  std::vector<TermId> named =
      requireRuntimeAxes(c, 3, axes, int64_t(rank), "dim");
  auto &f = c.formulas();
  for (size_t i = 0; i < k; ++i) {
    if (std::optional<int64_t> v = c.constantValue(steps[i]); v && *v == 0)
      return c.error("slice step cannot be 0");
    if (!onnxAbsent(c, 4))
      c.requireInBounds(f.mkNe(steps[i], c.constant(0)),
                        "step " + std::to_string(i) + " of " +
                            c.operandName(4) + " (not 0)");
  }
  std::vector<TermId> dims;
  for (size_t d = 0; d < rank; ++d) {
    TermId dim = in[d];
    for (size_t i = k; i-- > 0;)
      dim = c.selectEq(named[i], c.constant(int64_t(d)),
                       sliceSize(c, starts[i], ends[i], steps[i], in[d]), dim);
    dims.push_back(dim);
  }
  setOnnxResultFromValues(c, 0, std::move(dims));
}

/// onnx.Slice-13: for each of `axes` (default 0..), elements start, start +
/// step, ... before end; bounds clamped as the docs say, steps nonzero.
static void lowerSlice(OpContext &c) {
  std::optional<std::vector<TermId>> in = inputDims(c, 0);
  if (!in)
    return;
  size_t rank = in->size();
  std::optional<std::vector<TermId>> starts = sliceList(c, 1, "starts"),
                                     ends = sliceList(c, 2, "ends");
  if (!starts || !ends)
    return c.opaque("the starts or ends are not known");
  // Axes or steps given at runtime: the dims are selects on them.
  if (onnxOpset(c) >= 10 && ((!onnxAbsent(c, 3) && !c.constantElements(3)) ||
                             (!onnxAbsent(c, 4) && !c.constantElements(4))))
    return sliceAtRuntime(c, *in, *starts, *ends);
  bool present = false;
  std::optional<std::vector<int64_t>> axes =
      onnxIntsInputOrAttr(c, 3, 10, "axes", present);
  if (!axes && present)
    return;
  std::optional<std::vector<int64_t>> steps;
  if (onnxOpset(c) >= 10 && !onnxAbsent(c, 4) &&
      !(steps = onnxConstElements(c, 4)))
    return c.opaque("the steps are not known constants");
  size_t k = starts->size();
  if (!axes) {
    axes.emplace();
    for (size_t i = 0; i < k; ++i)
      axes->push_back(int64_t(i));
  }
  if (!steps)
    steps = std::vector<int64_t>(k, 1);
  if (ends->size() != k || axes->size() != k || steps->size() != k)
    return c.error("starts, ends, axes and steps differ in length");
  std::vector<TermId> dims = *in;
  std::vector<bool> seen(rank, false);
  std::vector<std::pair<size_t, std::pair<TermId, int64_t>>> picks;
  for (size_t i = 0; i < k; ++i) {
    std::optional<size_t> d = onnxAxis(c, (*axes)[i], rank, "axis");
    if (!d)
      return;
    if (seen[*d])
      return c.error("axis " + std::to_string((*axes)[i]) + " is repeated");
    seen[*d] = true;
    int64_t step = (*steps)[i];
    if (step == 0)
      return c.error("slice step cannot be 0");
    TermId n = (*in)[*d], zero = c.constant(0);
    TermId nm1 = c.sub(n, c.constant(1));
    TermId start = step > 0 ? clampBound(c, (*starts)[i], n, zero, n)
                            : clampBound(c, (*starts)[i], n, zero, nm1);
    TermId end = step > 0 ? clampBound(c, (*ends)[i], n, zero, n)
                          : clampBound(c, (*ends)[i], n, c.constant(-1), nm1);
    TermId span = step > 0 ? c.sub(end, start) : c.sub(start, end);
    if (!c.provablyNonNegative(span))
      span = c.graph().max(span, zero);
    int64_t by = step > 0 ? step : -step;
    dims[*d] =
        by == 1 ? span
                : c.floorDiv(c.add(span, c.constant(by - 1)), c.constant(by));
    picks.push_back({*d, {start, step}});
  }
  // A 1-D integer tensor of known elements sliced at constant positions.
  if (rank == 1 && picks.size() == 1)
    if (std::optional<std::vector<TermId>> values = onnxElements(c, 0)) {
      std::optional<int64_t> first = c.constantValue(picks[0].second.first);
      std::optional<int64_t> length = c.constantValue(dims[0]);
      if (first && length) {
        std::vector<TermId> out;
        for (int64_t j = 0; j < *length; ++j) {
          int64_t at = *first + j * picks[0].second.second;
          if (at < 0 || at >= int64_t(values->size()))
            break;
          out.push_back((*values)[size_t(at)]);
        }
        if (int64_t(out.size()) == *length)
          return setOnnxElements(c, 0, std::move(out));
      }
    }
  setOnnxResultFromValues(c, 0, std::move(dims));
}

/// onnx.Gather-13: data.shape[:axis] + indices.shape + data.shape[axis+1:];
/// each index in [-n, n - 1] for the size n at `axis` (checked when the
/// indices are known). A 1-D integer tensor gathered at known indices
/// gives those elements.
static void lowerGather(OpContext &c) {
  std::optional<std::vector<TermId>> data = inputDims(c, 0);
  std::optional<std::vector<TermId>> indices =
      data ? inputDims(c, 1) : std::nullopt;
  if (!indices)
    return;
  size_t rank = data->size();
  if (rank == 0)
    return c.error("data has rank 0, rank should be > 0");
  std::optional<size_t> axis =
      onnxAxis(c, onnxInt(c, "axis").value_or(0), rank, "'axis' value");
  if (!axis)
    return;
  std::vector<TermId> dims(data->begin(), data->begin() + *axis);
  dims.insert(dims.end(), indices->begin(), indices->end());
  dims.insert(dims.end(), data->begin() + *axis + 1, data->end());
  std::optional<std::vector<TermId>> at = onnxElements(c, 1);
  TermId n = (*data)[*axis];
  if (at)
    for (TermId t : *at)
      c.requireInBounds(
          c.formulas().mkAnd({c.formulas().mkLe(c.sub(c.constant(0), n), t),
                              c.formulas().mkLe(t, c.sub(n, c.constant(1)))}),
          "an index of " + c.operandName(1) + " inside the gathered size");
  std::optional<std::vector<TermId>> values =
      rank == 1 && at ? onnxElements(c, 0) : std::nullopt;
  if (values) {
    std::vector<TermId> out;
    for (TermId t : *at) {
      std::optional<int64_t> i = c.constantValue(t);
      int64_t size = int64_t(values->size());
      if (!i || *i < -size || *i >= size)
        break;
      out.push_back((*values)[size_t(*i < 0 ? *i + size : *i)]);
    }
    if (out.size() == at->size())
      return setOnnxElements(c, 0, std::move(out), indices->empty());
  }
  setOnnxResult(c, 0, std::move(dims));
}

/// onnx.Split-13/18 (-11: `split` attribute): the parts along `axis` have
/// the `split` sizes, which must add up to the dim; without them
/// `num_outputs` (opset 18) parts of ceil(n / num) (the last smaller), or
/// equal parts that must divide the dim.
static void lowerSplit(OpContext &c) {
  std::optional<std::vector<TermId>> in = inputDims(c, 0);
  if (!in)
    return;
  size_t rank = in->size(), parts = c.numResults();
  std::optional<size_t> axis =
      onnxAxis(c, onnxInt(c, "axis").value_or(0), rank, "'axis' value");
  if (!axis)
    return;
  TermId n = (*in)[*axis];
  bool staticDim = declaredStatic(c, 0, *axis, rank);
  std::vector<TermId> sizes;
  bool fromValues = false;
  if (onnxOpset(c) < 13 && onnxAttr(c, "split")) {
    std::optional<std::vector<int64_t>> attr = onnxInts(c, "split");
    if (!attr)
      return c.opaque("the `split` attribute is not understood");
    for (int64_t v : *attr)
      sizes.push_back(c.constant(v));
  } else if (onnxOpset(c) >= 13 && !onnxAbsent(c, 1)) {
    std::optional<std::vector<TermId>> split = onnxElements(c, 1);
    if (!split)
      return c.opaque("the split sizes are not known");
    sizes = *split;
    fromValues = true;
  }
  if (!sizes.empty() || fromValues) {
    if (sizes.size() != parts)
      return c.error(std::to_string(sizes.size()) + " split sizes for " +
                     std::to_string(parts) + " outputs");
    TermId sum = c.constant(0);
    for (size_t k = 0; k < parts; ++k) {
      if (std::optional<int64_t> v = c.constantValue(sizes[k]); v && *v < 0)
        return c.error("split size " + std::to_string(*v) + " is negative");
      if (!c.provablyNonNegative(sizes[k]))
        c.requireInBounds(c.formulas().mkLe(c.constant(0), sizes[k]),
                          "split size " + std::to_string(k) + " (>= 0)");
      sum = c.add(sum, sizes[k]);
    }
    if (!requireSameSize(c, sum, n, staticDim && !fromValues,
                         "the split sizes' sum and the size " +
                             c.operandName(0) + "[" + std::to_string(*axis) +
                             "]"))
      return;
  } else if (std::optional<int64_t> num = onnxInt(c, "num_outputs")) {
    if (*num != int64_t(parts) || *num < 1)
      return c.error("num_outputs is " + std::to_string(*num) + " for " +
                     std::to_string(parts) + " outputs");
    std::optional<int64_t> total = c.constantValue(n);
    if (!total)
      return c.opaque("num_outputs on a dynamic size: the last part of an "
                      "uneven split is not modelled");
    int64_t chunk = (*total + *num - 1) / *num;
    int64_t last = *total - chunk * (*num - 1);
    if (last <= 0)
      return c.opaque("num_outputs " + std::to_string(*num) + " of size " +
                      std::to_string(*total) + " leaves no last part");
    sizes.assign(parts, c.constant(chunk));
    sizes.back() = c.constant(last);
  } else {
    TermId part = c.floorDiv(n, c.constant(int64_t(parts)));
    if (!requireSameSize(
            c, c.mul(part, c.constant(int64_t(parts))), n, staticDim,
            "the size " + c.operandName(0) + "[" + std::to_string(*axis) +
                "] and " + std::to_string(parts) + " equal parts"))
      return;
    sizes.assign(parts, part);
  }
  // A 1-D integer tensor of known elements (a shape) split in known
  // sizes: each part holds its elements.
  std::optional<std::vector<TermId>> elements =
      rank == 1 ? onnxElements(c, 0) : std::nullopt;
  for (size_t k = 0, at = 0; elements && k < parts; ++k) {
    std::optional<int64_t> size = c.constantValue(sizes[k]);
    if (!size || *size < 0 || at + size_t(*size) > elements->size())
      elements.reset();
    else
      at += size_t(*size);
  }
  for (size_t k = 0, at = 0; k < parts; ++k) {
    std::vector<TermId> dims = *in;
    dims[*axis] = sizes[k];
    if (elements) {
      size_t size = size_t(*c.constantValue(sizes[k]));
      setOnnxElements(c, k,
                      std::vector<TermId>(elements->begin() + long(at),
                                          elements->begin() + long(at + size)));
      at += size;
    } else if (fromValues) {
      setOnnxResultFromValues(c, k, std::move(dims));
    } else {
      setOnnxResult(c, k, std::move(dims));
    }
  }
}

/// onnx.Tile-13: output dim d is input dim d times repeats[d] (one repeat
/// per dim, each >= 0).
static void lowerTile(OpContext &c) {
  std::optional<std::vector<TermId>> in = inputDims(c, 0);
  if (!in)
    return;
  std::optional<std::vector<TermId>> repeats = onnxElements(c, 1);
  const Type &type = c.operandType(1);
  if (!repeats && type.kind == TypeKind::RankedTensor && type.dims.size() == 1)
    repeats = c.shapeOperand(1);
  if (!repeats)
    return c.opaque("the repeats are not known");
  if (repeats->size() != in->size())
    return c.error(std::to_string(repeats->size()) + " repeats for rank " +
                   std::to_string(in->size()));
  std::vector<TermId> dims;
  for (size_t d = 0; d < in->size(); ++d) {
    TermId r = (*repeats)[d];
    if (!c.provablyNonNegative(r))
      c.requireInBounds(c.formulas().mkLe(c.constant(0), r),
                        "repeat " + std::to_string(d) + " (>= 0)");
    dims.push_back(c.mul((*in)[d], r));
  }
  setOnnxResultFromValues(c, 0, std::move(dims));
}

/// onnx.Pad-11/13/18/21 (-2: `pads` attribute): each padded dim grows by
/// its begin and end pads (negative ones remove), and must stay >= 0;
/// `axes` (opset 18) names the padded dims.
static void lowerPad(OpContext &c) {
  std::optional<std::vector<TermId>> in = inputDims(c, 0);
  if (!in)
    return;
  size_t rank = in->size();
  std::optional<std::vector<TermId>> pads;
  if (onnxOpset(c) < 11) {
    if (std::optional<std::vector<int64_t>> attr = onnxInts(c, "pads")) {
      pads.emplace();
      for (int64_t v : *attr)
        pads->push_back(c.constant(v));
    }
  } else {
    pads = onnxElements(c, 1);
  }
  if (!pads)
    return c.opaque("the pads are not known");
  std::vector<size_t> axes;
  // Axes given at runtime: each dim grows by the pads of the axis naming
  // it (a select on the axes), which must name different dims.
  if (std::optional<std::vector<TermId>> runtime =
          onnxRuntimeElements(c, 3, 18)) {
    if (pads->size() != 2 * runtime->size())
      return c.error(std::to_string(pads->size()) + " pads for " +
                     std::to_string(runtime->size()) + " padded dims");
    std::vector<TermId> named =
        requireRuntimeAxes(c, 3, *runtime, int64_t(rank), "dim");
    std::vector<TermId> dims = *in;
    size_t k = named.size();
    for (size_t d = 0; d < rank; ++d) {
      TermId grown = dims[d];
      for (size_t j = 0; j < k; ++j)
        grown = c.add(grown, c.selectEq(named[j], c.constant(int64_t(d)),
                                        c.add((*pads)[j], (*pads)[j + k]),
                                        c.constant(0)));
      if (grown != dims[d] && !c.provablyNonNegative(grown))
        c.requireInBounds(c.formulas().mkLe(c.constant(0), grown),
                          "the padded size " + std::to_string(d) + " (>= 0)");
      dims[d] = grown;
    }
    return setOnnxResultFromValues(c, 0, std::move(dims));
  }
  if (onnxOpset(c) >= 18 && !onnxAbsent(c, 3)) {
    std::optional<std::vector<int64_t>> given = onnxConstElements(c, 3);
    if (!given)
      return c.opaque("the axes are not known constants");
    for (int64_t a : *given)
      if (std::optional<size_t> d = onnxAxis(c, a, rank, "axis"))
        axes.push_back(*d);
      else
        return;
  } else {
    for (size_t d = 0; d < rank; ++d)
      axes.push_back(d);
  }
  if (pads->size() != 2 * axes.size())
    return c.error(std::to_string(pads->size()) + " pads for " +
                   std::to_string(axes.size()) + " padded dims");
  std::vector<TermId> dims = *in;
  for (size_t k = 0; k < axes.size(); ++k) {
    TermId d =
        c.add(c.add(dims[axes[k]], (*pads)[k]), (*pads)[k + axes.size()]);
    if (std::optional<int64_t> v = c.constantValue(d); v && *v < 0)
      return c.error("padded size " + std::to_string(*v) + " is negative");
    if (!c.provablyNonNegative(d))
      c.requireInBounds(c.formulas().mkLe(c.constant(0), d),
                        "the padded size " + std::to_string(axes[k]) +
                            " (>= 0)");
    dims[axes[k]] = d;
  }
  setOnnxResultFromValues(c, 0, std::move(dims));
}

/// onnx.DepthToSpace-13 ([N, C, H, W] -> [N, C / b^2, H * b, W * b]; C
/// divisible by b^2) and onnx.SpaceToDepth-13 (the inverse; H and W
/// divisible by b).
template <bool ToSpace> static void lowerBlocks(OpContext &c) {
  std::optional<std::vector<TermId>> in = inputDims(c, 0);
  if (!in)
    return;
  if (in->size() != 4)
    return c.error("the input has rank " + std::to_string(in->size()) +
                   ", rank should be 4");
  std::optional<int64_t> b = onnxInt(c, "blocksize");
  if (!b || *b < 1)
    return c.opaque("no positive integer `blocksize`");
  std::vector<TermId> dims = *in;
  TermId block = c.constant(*b), square = c.constant(*b * *b);
  auto divide = [&](size_t d, int64_t by, const char *what) {
    TermId q = c.floorDiv((*in)[d], c.constant(by));
    dims[d] = q;
    return requireSameSize(c, c.mul(q, c.constant(by)), (*in)[d],
                           declaredStatic(c, 0, d, 4),
                           std::string(what) + " " + c.dimName(0, d) +
                               " rounded down to a multiple of " +
                               std::to_string(by) + " and itself");
  };
  if (ToSpace) {
    if (!divide(1, *b * *b, "the depth (divisible by blocksize^2):"))
      return;
    dims[2] = c.mul((*in)[2], block);
    dims[3] = c.mul((*in)[3], block);
  } else {
    if (!divide(2, *b, "the height (divisible by blocksize):") ||
        !divide(3, *b, "the width (divisible by blocksize):"))
      return;
    dims[1] = c.mul((*in)[1], square);
  }
  setOnnxResult(c, 0, std::move(dims));
}

const std::vector<OnnxRule> &onnxSlicingRules() {
  static const std::vector<OnnxRule> rules = {
      {"Slice", lowerSlice,
       "bounds clamped per axis, steps nonzero; integer elements picked; "
       "runtime axes and steps read"},
      {"Gather", lowerGather,
       "data dims around the indices' dims; indices in bounds"},
      {"Split", lowerSplit,
       "parts along `axis` adding up to it (`split`, `num_outputs`, equal); "
       "integer elements split",
       "11 13"},
      {"Tile", lowerTile, "each dim times its repeat"},
      {"Pad", lowerPad,
       "each dim grows by its pads, stays >= 0; runtime axes read",
       "2 11 13 18"},
      {"DepthToSpace", lowerBlocks<true>,
       "[N, C/b^2, H*b, W*b]; C divisible by b^2"},
      {"SpaceToDepth", lowerBlocks<false>,
       "[N, C*b^2, H/b, W/b]; H, W divisible by b"},
  };
  return rules;
}

} // namespace symshape::frontend
