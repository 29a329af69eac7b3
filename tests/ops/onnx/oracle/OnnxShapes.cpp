//===- OnnxShapes.cpp - ONNX operators that move dims ---------------------===//
//
// From the ONNX operator docs, at runtime sizes and shape-tensor contents:
//
// - Gather (onnx.Gather-13): out = data.shape[:axis] + indices.shape +
//   data.shape[axis+1:]; a known index outside [-s, s-1] is UB;
// - Slice (onnx.Slice-13): starts/ends/axes/steps inputs; a negative start
//   or end has the dim added, then starts clamp to [0, dim] ([0, dim-1] for
//   a negative step), ends to [0, dim] ([-1, dim-1]); a zero step or a
//   repeated axis is UB;
// - Concat (onnx.Concat-13): same rank, every dim but `axis` equal;
// - Unsqueeze (onnx.Unsqueeze-13, axes input; -11 and older: attribute):
//   axes in [-r', r'-1] of the output rank r', no duplicate;
// - Squeeze (onnx.Squeeze-13): without axes every 1 goes; a selected dim
//   that is not 1 is UB ("an error is raised");
// - Reshape (onnx.Reshape-14): at most one -1, inferred from the element
//   count; a 0 copies the input dim at that index unless allowzero; with
//   allowzero a 0 beside a -1 is invalid; the element count is kept (a -1
//   whose other sizes multiply to 0 cannot be inferred: numpy.reshape,
//   the reference, fails);
// - Expand (onnx.Expand-13): the output is the broadcast of the input's
//   shape and the shape input (numpy.array(input) * numpy.ones(shape));
// - Transpose (onnx.Transpose-21): perm a permutation, reversed by default;
// - Flatten (onnx.Flatten-21): axis in [-r, r]; [prod(:axis),
//   prod(axis:)];
// - Split (onnx.Split-18): along `axis` in parts of the `split` input's
//   sizes (an attribute before opset 13), non-negative and summing to the
//   dim; else `num_outputs` parts of ceil(dim / n), the last smaller; else
//   equal parts (the dim divisible by the output count); a 1-D integer
//   tensor's parts hold its elements;
// - If (onnx.If-21): the outputs of `then_branch` when the one-element
//   condition holds, else of `else_branch` (torch-mlir's importer prints
//   the branches in the order else, then; onnx-mlir then, else);
// - Pad (onnx.Pad-18): pads (an attribute before opset 11) and axes
//   (opset 18, default every dim): dim axes[j] grows by pads[j] and
//   pads[j + k], axes distinct, the padded sizes >= 0;
// - Loop (onnx.Loop-21): the body runs while the iteration number is below
//   M and the condition holds; carried values pass from one iteration to
//   the next, scan outputs stack along a new first axis (every
//   iteration's of one shape).
//
//===----------------------------------------------------------------------===//

#include "OnnxImpl.h"

#include <algorithm>

namespace symshape::models::oracle::onnx {

namespace {

bool gather(Eval &e) {
  const RtValue *data = e.tensor(0);
  const RtValue *idx = data ? e.tensor(1) : nullptr;
  if (!idx)
    return false;
  if (!e.require(!data->shape.empty(), "data of rank 0"))
    return false;
  std::optional<int64_t> axisAttr = onnxInt(e, "axis", 0);
  std::optional<size_t> axis =
      axisAttr ? onnxAxis(e, *axisAttr, data->shape.size(), "axis")
               : std::nullopt;
  if (!axis)
    return false;
  int64_t size = data->shape[*axis];
  if (idx->data)
    for (int64_t i : *idx->data)
      if (!e.require(i >= -size && i < size, "index " + std::to_string(i) +
                                                 " out of range for size " +
                                                 std::to_string(size)))
        return false;
  Shape out(data->shape.begin(), data->shape.begin() + std::ptrdiff_t(*axis));
  out.insert(out.end(), idx->shape.begin(), idx->shape.end());
  out.insert(out.end(), data->shape.begin() + std::ptrdiff_t(*axis) + 1,
             data->shape.end());
  if (data->shape.size() == 1 && data->data && idx->data) {
    std::vector<int64_t> picked;
    for (int64_t i : *idx->data)
      picked.push_back((*data->data)[size_t(i < 0 ? i + size : i)]);
    return e.setResult(0, out, picked);
  }
  return e.setResult(0, out);
}

bool slice(Eval &e) {
  const RtValue *data = e.tensor(0);
  if (!data)
    return false;
  size_t rank = data->shape.size();
  std::optional<std::vector<int64_t>> starts = needContents(e, 1, "starts");
  std::optional<std::vector<int64_t>> ends =
      starts ? needContents(e, 2, "ends") : std::nullopt;
  if (!ends)
    return false;
  std::vector<int64_t> axes, steps(starts->size(), 1);
  for (size_t k = 0; k < starts->size(); ++k)
    axes.push_back(int64_t(k));
  if (!onnxAbsent(e, 3)) {
    std::optional<std::vector<int64_t>> a = needContents(e, 3, "axes");
    if (!a)
      return false;
    axes = *a;
  }
  if (!onnxAbsent(e, 4)) {
    std::optional<std::vector<int64_t>> s = needContents(e, 4, "steps");
    if (!s)
      return false;
    steps = *s;
  }
  if (!e.require(ends->size() == starts->size() &&
                     axes.size() == starts->size() &&
                     steps.size() == starts->size(),
                 "starts, ends, axes and steps of different lengths"))
    return false;
  Shape out = data->shape;
  std::vector<int64_t> first(rank, 0), stride(rank, 1);
  std::vector<bool> seen(rank, false);
  for (size_t k = 0; k < axes.size(); ++k) {
    std::optional<size_t> ax = onnxAxis(e, axes[k], rank, "axis");
    if (!ax || !e.require(!seen[*ax], "repeated axis") ||
        !e.require(steps[k] != 0, "step 0"))
      return false;
    seen[*ax] = true;
    int64_t dim = data->shape[*ax], s = (*starts)[k], t = (*ends)[k];
    int64_t step = steps[k];
    s = s < 0 ? s + dim : s;
    t = t < 0 ? t + dim : t;
    if (step > 0) {
      s = std::clamp<int64_t>(s, 0, dim);
      t = std::clamp<int64_t>(t, 0, dim);
      out[*ax] = t > s ? (t - s + step - 1) / step : 0;
    } else if (dim == 0) { // [0, dim-1] is empty: nothing is copied
      s = 0;
      out[*ax] = 0;
    } else {
      s = std::clamp<int64_t>(s, 0, dim - 1);
      t = std::clamp<int64_t>(t, -1, dim - 1);
      out[*ax] = s > t ? (s - t - step - 1) / -step : 0;
    }
    first[*ax] = s;
    stride[*ax] = step;
  }
  if (rank == 1 && data->data) {
    std::vector<int64_t> picked;
    for (int64_t i = 0; i < out[0]; ++i)
      picked.push_back((*data->data)[size_t(first[0] + i * stride[0])]);
    return e.setResult(0, out, picked);
  }
  return e.setResult(0, out);
}

bool concat(Eval &e) {
  std::optional<int64_t> axisAttr = onnxInt(e, "axis", 0);
  const RtValue *first = axisAttr ? e.tensor(0) : nullptr;
  if (!first)
    return false;
  size_t rank = first->shape.size();
  std::optional<size_t> axis = onnxAxis(e, *axisAttr, rank, "axis");
  if (!axis)
    return false;
  Shape out = first->shape;
  out[*axis] = 0;
  std::optional<std::vector<int64_t>> data = std::vector<int64_t>{};
  for (size_t i = 0; i < e.numOperands(); ++i) {
    const RtValue *v = e.tensor(i);
    if (!v || !e.require(v->shape.size() == rank,
                         "input #" + std::to_string(i) + " of rank " +
                             std::to_string(v->shape.size()) + ", not " +
                             std::to_string(rank)))
      return false;
    for (size_t d = 0; d < rank; ++d)
      if (d != *axis &&
          !e.require(v->shape[d] == first->shape[d],
                     "dim " + std::to_string(d) + " of input #" +
                         std::to_string(i) + " is " +
                         std::to_string(v->shape[d]) + ", input #0's " +
                         std::to_string(first->shape[d])))
        return false;
    out[*axis] += v->shape[*axis];
    if (data && v->data && rank == 1)
      data->insert(data->end(), v->data->begin(), v->data->end());
    else
      data.reset();
  }
  return e.setResult(0, out, data);
}

/// The axes of Unsqueeze / Squeeze: input 1 (opset 13) or the attribute.
std::optional<std::vector<int64_t>> axesOf(Eval &e, bool &absent) {
  absent = false;
  if (std::optional<std::vector<int64_t>> a = onnxInts(e, "axes"))
    return a;
  if (onnxAbsent(e, 1)) {
    absent = true;
    return std::vector<int64_t>{};
  }
  return needContents(e, 1, "axes");
}

bool unsqueeze(Eval &e) {
  const RtValue *v = e.tensor(0);
  bool absent = false;
  std::optional<std::vector<int64_t>> axes =
      v ? axesOf(e, absent) : std::nullopt;
  if (!axes)
    return false;
  if (!e.require(!absent, "no axes"))
    return false;
  size_t rank = v->shape.size() + axes->size();
  std::vector<bool> added(rank, false);
  for (int64_t a : *axes) {
    std::optional<size_t> ax = onnxAxis(e, a, rank, "axis");
    if (!ax || !e.require(!added[*ax], "duplicate axis"))
      return false;
    added[*ax] = true;
  }
  Shape out;
  size_t next = 0;
  for (size_t d = 0; d < rank; ++d)
    out.push_back(added[d] ? 1 : v->shape[next++]);
  return e.setResult(0, out, v->data);
}

bool squeeze(Eval &e) {
  const RtValue *v = e.tensor(0);
  bool absent = false;
  std::optional<std::vector<int64_t>> axes =
      v ? axesOf(e, absent) : std::nullopt;
  if (!axes)
    return false;
  size_t rank = v->shape.size();
  std::vector<bool> drop(rank, false);
  for (size_t d = 0; d < rank && absent; ++d)
    drop[d] = v->shape[d] == 1;
  for (int64_t a : *axes) {
    std::optional<size_t> ax = onnxAxis(e, a, rank, "axis");
    if (!ax || !e.require(v->shape[*ax] == 1,
                          "squeezed dim " + std::to_string(*ax) + " is " +
                              std::to_string(v->shape[*ax]) + ", not 1"))
      return false;
    drop[*ax] = true;
  }
  Shape out;
  for (size_t d = 0; d < rank; ++d)
    if (!drop[d])
      out.push_back(v->shape[d]);
  return e.setResult(0, out, v->data);
}

bool reshape(Eval &e) {
  const RtValue *v = e.tensor(0);
  std::optional<std::vector<int64_t>> sizes =
      v ? needContents(e, 1, "shape input") : std::nullopt;
  std::optional<int64_t> allowzero =
      sizes ? onnxInt(e, "allowzero", 0) : std::nullopt;
  if (!allowzero)
    return false;
  Shape out = *sizes;
  std::optional<size_t> infer;
  bool zero = false;
  int64_t known = 1;
  for (size_t k = 0; k < out.size(); ++k) {
    if (out[k] == -1) {
      if (!e.require(!infer, "more than one -1"))
        return false;
      infer = k;
      continue;
    }
    if (!e.require(out[k] >= 0, "size " + std::to_string(out[k])))
      return false;
    if (out[k] == 0 && !*allowzero) {
      if (!e.require(k < v->shape.size(), "0 at index " + std::to_string(k) +
                                              " copies no input dim (rank " +
                                              std::to_string(v->shape.size()) +
                                              ")"))
        return false;
      out[k] = v->shape[k];
    } else if (out[k] == 0) {
      zero = true;
    }
    known *= out[k];
  }
  if (!e.require(!(zero && infer), "allowzero with both 0 and -1"))
    return false;
  int64_t numel = product(v->shape);
  if (infer) {
    if (!e.require(known != 0 && numel % known == 0,
                   "-1 cannot be inferred: " + std::to_string(numel) +
                       " elements, the other sizes multiply to " +
                       std::to_string(known)))
      return false;
    out[*infer] = numel / known;
  }
  if (!e.require(product(out) == numel, "shape " + str(out) + " holds " +
                                            std::to_string(product(out)) +
                                            " elements, the input " +
                                            std::to_string(numel)))
    return false;
  return e.setResult(0, out, v->data);
}

bool expand(Eval &e) {
  const RtValue *v = e.tensor(0);
  std::optional<std::vector<int64_t>> target =
      v ? needContents(e, 1, "shape input") : std::nullopt;
  if (!target)
    return false;
  for (int64_t d : *target)
    if (!e.require(d >= 0, "negative size " + std::to_string(d)))
      return false;
  std::optional<Shape> out =
      broadcastShapes(e, v->shape, *target, "Expand to " + str(*target));
  if (!out)
    return false;
  if (v->data && product(*out) <= kMaxContents)
    return e.setResult(0, *out, broadcastData(*v->data, v->shape, *out));
  return e.setResult(0, *out);
}

bool transpose(Eval &e) {
  const RtValue *v = e.tensor(0);
  if (!v)
    return false;
  size_t rank = v->shape.size();
  std::vector<int64_t> perm;
  for (size_t d = 0; d < rank; ++d)
    perm.push_back(int64_t(rank - 1 - d));
  if (onnxAttr(e, "perm")) {
    std::optional<std::vector<int64_t>> p = onnxInts(e, "perm");
    if (!p)
      return e.unsupported("perm not readable");
    perm = *p;
  }
  if (!e.require(isPermutation(perm, rank),
                 "perm is not a permutation of rank " + std::to_string(rank)))
    return false;
  Shape out;
  for (int64_t p : perm)
    out.push_back(v->shape[size_t(p)]);
  return e.setResult(0, out, rank <= 1 ? v->data : std::nullopt);
}

bool flatten(Eval &e) {
  const RtValue *v = e.tensor(0);
  std::optional<int64_t> axis = v ? onnxInt(e, "axis", 1) : std::nullopt;
  if (!axis)
    return false;
  int64_t rank = int64_t(v->shape.size());
  if (!e.require(*axis >= -rank && *axis <= rank,
                 "axis " + std::to_string(*axis) + " out of range for rank " +
                     std::to_string(rank)))
    return false;
  auto split = v->shape.begin() + (*axis < 0 ? *axis + rank : *axis);
  return e.setResult(0, {product(Shape(v->shape.begin(), split)),
                         product(Shape(split, v->shape.end()))});
}

bool split(Eval &e) {
  const RtValue *v = e.tensor(0);
  std::optional<int64_t> axisAttr = v ? onnxInt(e, "axis", 0) : std::nullopt;
  std::optional<size_t> axis =
      axisAttr ? onnxAxis(e, *axisAttr, v->shape.size(), "axis") : std::nullopt;
  if (!axis)
    return false;
  int64_t n = v->shape[*axis];
  size_t parts = e.numResults();
  std::vector<int64_t> sizes;
  if (std::optional<std::vector<int64_t>> attr = onnxInts(e, "split")) {
    sizes = *attr;
  } else if (e.numOperands() > 1 && !onnxAbsent(e, 1)) {
    std::optional<std::vector<int64_t>> given = e.contents(1);
    if (!given)
      return e.unsupported("split sizes not known");
    sizes = *given;
  } else if (onnxAttr(e, "num_outputs")) {
    std::optional<int64_t> num = onnxInt(e, "num_outputs", 0);
    if (!num || !e.require(*num == int64_t(parts), "num_outputs"))
      return false;
    int64_t chunk = (n + *num - 1) / *num;
    if (n - chunk * (*num - 1) <= 0)
      return e.unsupported("num_outputs leaves no last part");
    sizes.assign(parts, chunk);
    sizes.back() = n - chunk * (*num - 1);
  } else {
    if (!e.require(n % int64_t(parts) == 0, "dim " + std::to_string(n) +
                                                " in " + std::to_string(parts) +
                                                " equal parts"))
      return false;
    sizes.assign(parts, n / int64_t(parts));
  }
  if (!e.require(sizes.size() == parts, "one split size per output"))
    return false;
  int64_t sum = 0;
  for (int64_t size : sizes) {
    if (!e.require(size >= 0, "split size " + std::to_string(size)))
      return false;
    sum += size;
  }
  if (!e.require(sum == n, "split sizes sum to " + std::to_string(sum) +
                               ", not " + std::to_string(n)))
    return false;
  for (size_t k = 0, at = 0; k < parts; ++k) {
    Shape out = v->shape;
    out[*axis] = sizes[k];
    std::optional<std::vector<int64_t>> data;
    if (v->data && v->shape.size() == 1)
      data = std::vector<int64_t>(v->data->begin() + long(at),
                                  v->data->begin() + long(at) + long(sizes[k]));
    at += size_t(sizes[k]);
    if (!e.setResult(k, out, data))
      return false;
  }
  return true;
}

bool ifOp(Eval &e) {
  std::optional<std::vector<int64_t>> cond = e.contents(0);
  if (!cond || cond->size() != 1)
    return e.unsupported("the condition is not known");
  size_t thenRegion = isTorch(e) ? 1 : 0;
  std::vector<RtValue> yielded;
  if (!e.runRegion(cond->front() != 0 ? thenRegion : 1 - thenRegion, yielded))
    return false;
  if (yielded.size() != e.numResults())
    return e.unsupported("the branch yields " + std::to_string(yielded.size()) +
                         " values");
  for (size_t r = 0; r < yielded.size(); ++r)
    if (!e.setValue(r, yielded[r]))
      return false;
  return true;
}

/// onnx.Loop-21: runs the body while the iteration number is below M
/// (when given) and the condition holds; the body takes (iteration
/// number, condition, carried...) and yields (condition, carried...,
/// scan outputs...). The outputs: the last carried values, and each scan
/// output's values of every iteration stacked along a new first axis
/// ("the concatenation of the value of the specified output").
bool loop(Eval &e) {
  if (e.numOperands() < 2)
    return e.unsupported("no M and cond");
  std::optional<int64_t> trips;
  if (!onnxAbsent(e, 0)) {
    std::optional<std::vector<int64_t>> m = e.contents(0);
    if (!m || m->size() != 1)
      return e.unsupported("the trip count is not known");
    trips = m->front();
  }
  bool cond = true;
  if (!onnxAbsent(e, 1)) {
    std::optional<std::vector<int64_t>> c = e.contents(1);
    if (!c || c->size() != 1)
      return e.unsupported("the condition is not known");
    cond = c->front() != 0;
  }
  if (!trips)
    return e.unsupported("no trip count");
  size_t n = e.numOperands() - 2;
  if (e.numResults() < n)
    return e.unsupported("fewer outputs than carried values");
  size_t k = e.numResults() - n;
  std::vector<RtValue> carried;
  for (size_t i = 0; i < n; ++i)
    carried.push_back(e.operandValue(2 + i));
  std::vector<std::vector<Shape>> scans(k);
  int64_t ran = 0;
  for (; ran < *trips && cond; ++ran) {
    if (ran >= 64)
      return e.unsupported("more than 64 iterations");
    RtValue number, going;
    number.kind = going.kind = RtValue::Kind::Tensor;
    number.data = std::vector<int64_t>{ran};
    going.data = std::vector<int64_t>{1};
    std::vector<RtValue> args{number, going};
    args.insert(args.end(), carried.begin(), carried.end());
    std::vector<RtValue> yielded;
    if (!e.runRegion(0, yielded, &args))
      return false;
    if (yielded.size() != 1 + n + k)
      return e.unsupported("the body yields " + std::to_string(yielded.size()) +
                           " values");
    if (!yielded[0].data || yielded[0].data->size() != 1)
      return e.unsupported("the body's condition is not known");
    cond = yielded[0].data->front() != 0;
    for (size_t i = 0; i < n; ++i)
      carried[i] = yielded[1 + i];
    for (size_t j = 0; j < k; ++j) {
      if (yielded[1 + n + j].kind != RtValue::Kind::Tensor)
        return e.unsupported("a scan output is not a tensor");
      scans[j].push_back(yielded[1 + n + j].shape);
    }
  }
  for (size_t i = 0; i < n; ++i)
    if (!e.setValue(i, carried[i]))
      return false;
  for (size_t j = 0; j < k; ++j) {
    if (scans[j].empty()) {
      // No iteration ran: [0] before the declared dims (the body's type).
      const frontend::Type &declared = e.declaredResult(n + j);
      if (!declared.hasRank() || declared.dims.empty() ||
          std::count(declared.dims.begin() + 1, declared.dims.end(),
                     frontend::kDynamic))
        return e.unsupported("no iteration ran: the scan outputs' other dims "
                             "are not known");
      Shape out(declared.dims.begin(), declared.dims.end());
      out[0] = 0;
      if (!e.setResult(n + j, out))
        return false;
      continue;
    }
    for (const Shape &each : scans[j])
      if (!e.require(each == scans[j].front(),
                     "scan output values of different shapes"))
        return false;
    Shape out{ran};
    out.insert(out.end(), scans[j].front().begin(), scans[j].front().end());
    if (!e.setResult(n + j, out))
      return false;
  }
  return true;
}

/// onnx.Pad-18 (pads an input since opset 11, an attribute before; axes
/// an input since 18, default every dim): dim axes[j] grows by pads[j] +
/// pads[j + k]; the axes distinct, the padded sizes >= 0.
bool pad(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x)
    return false;
  size_t rank = x->size();
  std::optional<std::vector<int64_t>> pads = onnxInts(e, "pads");
  if (!pads) {
    pads = needContents(e, 1, "pads");
    if (!pads)
      return false;
  }
  std::vector<int64_t> axes;
  if (e.numOperands() > 3 && !onnxAbsent(e, 3)) {
    std::optional<std::vector<int64_t>> given = needContents(e, 3, "axes");
    if (!given)
      return false;
    axes = *given;
  } else {
    for (size_t d = 0; d < rank; ++d)
      axes.push_back(int64_t(d));
  }
  size_t k = axes.size();
  if (!e.require(pads->size() == 2 * k, "two pads per axis"))
    return false;
  Shape out = *x;
  std::vector<bool> seen(rank, false);
  for (size_t j = 0; j < k; ++j) {
    std::optional<size_t> axis = onnxAxis(e, axes[j], rank, "axis");
    if (!axis || !e.require(!seen[*axis], "repeated axis"))
      return false;
    seen[*axis] = true;
    out[*axis] += (*pads)[j] + (*pads)[j + k];
    if (!e.require(out[*axis] >= 0, "a negative padded size"))
      return false;
  }
  return e.setResult(0, out);
}

} // namespace

static void registerOnnxShapes() {
  addOp("Split", split);
  addOp("If", ifOp);
  addOp("Loop", loop);
  addOp("Gather", gather);
  addOp("Slice", slice);
  for (const char *name : {"Pad", "PadV2", "PadV11", "PadV13", "PadV18"})
    addOp(name, pad);
  addOp("Concat", concat);
  addOp("Unsqueeze", unsqueeze);
  addOp("UnsqueezeV11", unsqueeze);
  addOp("Squeeze", squeeze);
  addOp("SqueezeV11", squeeze);
  addOp("Reshape", reshape);
  addOp("Expand", expand);
  addOp("Transpose", transpose);
  addOp("Flatten", flatten);
}

static const RuleFile rules(__FILE__, registerOnnxShapes);

} // namespace symshape::models::oracle::onnx
