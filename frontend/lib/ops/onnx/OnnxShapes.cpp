//===- OnnxShapes.cpp - ONNX reshapes, relayouts and concatenation --------===//
//
// Reshape, Expand, Transpose, Flatten, Unsqueeze, Squeeze and Concat, each
// from the ONNX operator docs of its opset (cited as `onnx.<Op>-<opset>`):
// axes may be negative (counted from the end), a Reshape shape may copy a
// dim (`0`) or infer one (`-1`), Expand broadcasts both ways. Shape tensors
// computed by the program are read element by element (OnnxIntValues.h).
//
//===----------------------------------------------------------------------===//

#include "OnnxIntValues.h"

#include <algorithm>

namespace symshape::frontend {

/// The ranked dims of input `i`, or an opaque op.
/// The elements of the 1-D shape input `i` (Reshape, Expand): nullopt and
/// an `error` for another rank, or an opaque op when they are unknown.
/// With `unknownSizes`, unknown elements of a known count are unknown
/// sizes (>= 0), kept with the value (OpContext::shapeOperand).
static std::optional<std::vector<TermId>> shapeInput(OpContext &c, size_t i,
                                                     bool unknownSizes) {
  std::optional<std::vector<TermId>> dims = inputDims(c, i);
  if (!dims)
    return std::nullopt;
  if (dims->size() != 1)
    return c.error("Shape tensor must have rank one"), std::nullopt;
  std::optional<std::vector<TermId>> elements = onnxElements(c, i);
  const Type &type = c.operandType(i);
  if (!elements && unknownSizes && type.kind == TypeKind::RankedTensor &&
      type.dims.size() == 1)
    elements = c.shapeOperand(i);
  if (!elements)
    c.opaque("the shape " + c.operandName(i) + " is not known");
  return elements;
}

/// onnx.Reshape with shape elements known only at runtime, any of which
/// may be -1 (a backend test's shape input): each is at least -1, at most
/// one is -1, a 0 copies the input dim at its index (unless allowzero),
/// and the -1 is the element count over the product of the others.
static void reshapeAtRuntime(OpContext &c, const std::vector<TermId> &in,
                             const std::vector<TermId> &sizes, bool allowZero) {
  auto &f = c.formulas();
  TermId minus1 = c.constant(-1), zero = c.constant(0);
  std::vector<TermId> base; // each size when it is not -1
  std::vector<FormulaId> isNeg, isZero;
  for (size_t k = 0; k < sizes.size(); ++k) {
    TermId s = sizes[k];
    if (std::optional<int64_t> v = c.constantValue(s); v && *v < -1)
      return c.error("invalid shape dimension " + std::to_string(*v));
    if (!c.provablyNonNegative(s))
      c.requireInBounds(f.mkLe(minus1, s),
                        "shape element " + std::to_string(k) + " (>= -1)");
    TermId b = s;
    if (!allowZero && k < in.size())
      b = c.selectEq(s, zero, in[k], s);
    else if (!allowZero)
      c.requireInBounds(f.mkNe(s, zero),
                        "shape element " + std::to_string(k) +
                            " is not 0 (the input has no dim " +
                            std::to_string(k) + " to copy)");
    base.push_back(b);
    isNeg.push_back(f.mkEq(s, minus1));
    isZero.push_back(f.mkEq(s, zero));
  }
  for (size_t j = 0; j < sizes.size(); ++j)
    for (size_t k = j + 1; k < sizes.size(); ++k)
      c.requireInBounds(f.mkNot(f.mkAnd({isNeg[j], isNeg[k]})),
                        "shape elements " + std::to_string(j) + " and " +
                            std::to_string(k) + " (not both -1)");
  FormulaId anyNeg = f.mkOr(isNeg);
  if (allowZero)
    c.requireInBounds(f.mkNot(f.mkAnd({anyNeg, f.mkOr(isZero)})),
                      "the shape (with allowzero, not both 0 and -1)");
  // By cases on which element is -1 (at most one, required above): the
  // -1 at k is the element count over the product of the other sizes,
  // which must divide it; with none, the sizes must multiply to it.
  TermId numel = c.product(in);
  std::vector<TermId> dims;
  std::vector<FormulaId> violations{
      f.mkAnd({f.mkNot(anyNeg), f.mkNe(numel, c.product(base))})};
  for (size_t k = 0; k < sizes.size(); ++k) {
    std::vector<TermId> others;
    for (size_t j = 0; j < sizes.size(); ++j)
      if (j != k)
        others.push_back(base[j]);
    TermId rest = c.product(others), inferred = c.floorDiv(numel, rest);
    dims.push_back(c.selectEq(sizes[k], minus1, inferred, base[k]));
    violations.push_back(f.mkAnd(
        {isNeg[k],
         f.mkOr({f.mkEq(rest, zero), f.mkNe(numel, c.mul(inferred, rest))})}));
  }
  c.require(solver::ObligationKind::ElementCount, -1, f.mkOr(violations),
            "the element counts of " + c.operandName(0) +
                " and the Reshape result");
  forwardOnnxValues(c, 0, 0, std::move(dims), /*fromValues=*/true);
}

/// onnx.Reshape-5/13/14/19/21: `0` copies the input dim at that index
/// (unless `allowzero` = 1, opset 14: then it is 0), at most one `-1` is
/// inferred from the element count, which the new shape must keep. Opset 1
/// gives the shape as an attribute.
static void lowerReshape(OpContext &c) {
  std::optional<std::vector<TermId>> in = inputDims(c, 0);
  if (!in)
    return;
  std::optional<std::vector<TermId>> sizes;
  if (onnxOpset(c) < 5) {
    std::optional<std::vector<int64_t>> attr = onnxInts(c, "shape");
    if (!attr)
      return c.opaque("the `shape` attribute is not understood");
    sizes.emplace();
    for (int64_t v : *attr)
      sizes->push_back(c.constant(v));
  } else if (!(sizes = shapeInput(c, 1, /*unknownSizes=*/false))) {
    return;
  }
  bool allowZero = onnxInt(c, "allowzero").value_or(0) != 0;
  for (TermId s : *sizes)
    if (!c.constantValue(s) && !c.provablyNonNegative(s))
      return reshapeAtRuntime(c, *in, *sizes, allowZero);
  std::optional<size_t> inferred;
  bool zero = false;
  std::vector<TermId> dims, others;
  for (size_t k = 0; k < sizes->size(); ++k) {
    TermId s = (*sizes)[k];
    std::optional<int64_t> v = c.constantValue(s);
    if (v && *v == -1) {
      if (inferred)
        return c.error("only one dimension of the new shape can be -1");
      inferred = k;
      dims.push_back(s); // replaced below
      continue;
    }
    if (v && *v < -1)
      return c.error("invalid shape dimension " + std::to_string(*v));
    TermId d = s;
    if (!allowZero && k < in->size())
      d = v ? (*v == 0 ? (*in)[k] : s)
            : c.selectEq(s, c.constant(0), (*in)[k], s);
    else if (!allowZero && (!v || *v == 0)) {
      if (v)
        return c.error("shape element " + std::to_string(k) +
                       " is 0 but the input has no dim " + std::to_string(k) +
                       " to copy");
      c.requireInBounds(c.formulas().mkNe(s, c.constant(0)),
                        "shape element " + std::to_string(k) +
                            " is not 0 (the input has no dim " +
                            std::to_string(k) + " to copy)");
    }
    zero = zero || (v && *v == 0);
    dims.push_back(d);
    others.push_back(d);
  }
  if (allowZero && zero && inferred)
    return c.error("with allowzero, the shape cannot contain both 0 and -1");
  TermId numel = c.product(*in);
  FormulaId violation = c.formulas().mkFalse();
  if (inferred) {
    TermId rest = c.product(others);
    dims[*inferred] = c.floorDiv(numel, rest);
    violation = c.formulas().mkEq(rest, c.constant(0));
  }
  violation =
      c.formulas().mkOr({violation, c.formulas().mkNe(numel, c.product(dims))});
  c.require(solver::ObligationKind::ElementCount, -1, violation,
            "the element counts of " + c.operandName(0) +
                " and the Reshape result");
  forwardOnnxValues(c, 0, 0, std::move(dims), /*fromValues=*/true);
}

/// onnx.Expand-13: the input broadcasts with the shape (both ways, as
/// NumPy's `input * ones(shape)`); shape elements are sizes (>= 0).
static void lowerExpand(OpContext &c) {
  std::optional<std::vector<TermId>> in = inputDims(c, 0);
  std::optional<std::vector<TermId>> shape =
      in ? shapeInput(c, 1, /*unknownSizes=*/true) : std::nullopt;
  if (!shape)
    return;
  for (size_t k = 0; k < shape->size(); ++k) {
    TermId s = (*shape)[k];
    if (std::optional<int64_t> v = c.constantValue(s); v && *v < 0)
      return c.error("invalid expand size " + std::to_string(*v));
    if (!c.provablyNonNegative(s))
      c.requireInBounds(c.formulas().mkLe(c.constant(0), s),
                        "the size " + std::to_string(k) + " of the shape " +
                            c.operandName(1) + " (>= 0)");
  }
  setOnnxResultFromValues(c, 0, broadcastShapes(c, {*in, *shape}));
}

/// onnx.Transpose-21: output dim k is input dim perm[k]; perm defaults to
/// the reversed dims and must be a permutation of them.
static void lowerTranspose(OpContext &c) {
  std::optional<std::vector<TermId>> in = inputDims(c, 0);
  if (!in)
    return;
  size_t rank = in->size();
  std::vector<int64_t> perm;
  if (onnxAttr(c, "perm")) {
    std::optional<std::vector<int64_t>> attr = onnxInts(c, "perm");
    if (!attr)
      return c.opaque("the `perm` attribute is not understood");
    perm = *attr;
  } else {
    for (size_t k = rank; k-- > 0;)
      perm.push_back(int64_t(k));
  }
  if (perm.size() != rank)
    return c.error("perm has " + std::to_string(perm.size()) +
                   " entries for rank " + std::to_string(rank));
  std::vector<bool> seen(rank, false);
  std::vector<TermId> dims;
  for (int64_t p : perm) {
    if (p < 0 || p >= int64_t(rank) || seen[size_t(p)])
      return c.error("perm is not a permutation of the input dims");
    seen[size_t(p)] = true;
    dims.push_back((*in)[size_t(p)]);
  }
  setOnnxResult(c, 0, std::move(dims));
}

/// onnx.Flatten-21: [prod(dims[:axis]), prod(dims[axis:])], axis in
/// [-rank, rank] (default 1).
static void lowerFlatten(OpContext &c) {
  std::optional<std::vector<TermId>> in = inputDims(c, 0);
  if (!in)
    return;
  int64_t rank = int64_t(in->size());
  int64_t axis = onnxInt(c, "axis").value_or(1);
  if (axis < -rank || axis > rank)
    return c.error("'axis' value is " + std::to_string(axis) +
                   ", accepted range is [" + std::to_string(-rank) + ", " +
                   std::to_string(rank) + "]");
  size_t split = size_t(axis < 0 ? axis + rank : axis);
  setOnnxResult(
      c, 0,
      {c.product(std::vector<TermId>(in->begin(), in->begin() + split)),
       c.product(std::vector<TermId>(in->begin() + split, in->end()))});
}

/// The `axes` of Squeeze / Unsqueeze: an input from opset 13, an attribute
/// before; normalised into [0, rank) without repeats. nullopt with the op
/// opaque or in error; `present` false when none are given.
static std::optional<std::vector<size_t>> axesOf(OpContext &c, size_t rank,
                                                 bool &present) {
  std::optional<std::vector<int64_t>> axes =
      onnxIntsInputOrAttr(c, 1, 13, "axes", present);
  if (!axes)
    return std::nullopt;
  std::vector<size_t> out;
  std::vector<bool> seen(rank, false);
  for (int64_t a : *axes) {
    std::optional<size_t> d = onnxAxis(c, a, rank, "axis");
    if (!d)
      return std::nullopt;
    if (seen[*d])
      return c.error("axis " + std::to_string(a) + " is repeated"),
             std::nullopt;
    seen[*d] = true;
    out.push_back(*d);
  }
  return out;
}

/// onnx.Unsqueeze-13 with axes known only at runtime (a 1-D input of a
/// static length m, elements `axes`): the output has rank R = r + m; each
/// axis lies in [-R, R-1] (a negative one counts from the end) and names
/// another position than the others. Output dim j is 1 where an axis
/// names it, else input dim j - (the number of axes before j).
static void unsqueezeAtRuntime(OpContext &c, const std::vector<TermId> &in,
                               const std::vector<TermId> &axes) {
  int64_t r = int64_t(in.size()), m = int64_t(axes.size()), R = r + m;
  std::vector<TermId> named = requireRuntimeAxes(c, 1, axes, R, "position");
  std::vector<TermId> dims;
  for (int64_t j = 0; j < R; ++j) {
    // How many axes come before position j.
    TermId before = c.constant(0);
    for (TermId n : named)
      before = c.add(before, c.selectLe(n, c.constant(j - 1), c.constant(1),
                                        c.constant(0)));
    // Not an axis: the input dim j - before (an index outside the input
    // only where a requirement above fails).
    TermId dim = c.constant(1);
    for (int64_t t = m; t >= 0; --t)
      if (j - t >= 0 && j - t < r)
        dim = c.selectEq(before, c.constant(t), in[size_t(j - t)], dim);
    for (TermId n : named)
      dim = c.selectEq(n, c.constant(j), c.constant(1), dim);
    dims.push_back(dim);
  }
  setOnnxOutput(c, 0, std::move(dims));
}

/// onnx.Unsqueeze-13 (-11: `axes` attribute): a 1 is inserted at each of
/// the `axes` of the output (rank + len(axes)).
static void lowerUnsqueeze(OpContext &c) {
  std::optional<std::vector<TermId>> in = inputDims(c, 0);
  if (!in)
    return;
  // Axes given at runtime (a backend test's input): the dims are selects.
  if (std::optional<std::vector<TermId>> axes = onnxRuntimeElements(c, 1, 13);
      axes && !axes->empty())
    return unsqueezeAtRuntime(c, *in, *axes);
  bool present = false;
  std::optional<std::vector<int64_t>> raw =
      onnxIntsInputOrAttr(c, 1, 13, "axes", present);
  if (!raw) {
    if (!present)
      c.error("Unsqueeze needs `axes`");
    return;
  }
  size_t rank = in->size() + raw->size();
  std::vector<bool> inserted(rank, false);
  for (int64_t a : *raw) {
    std::optional<size_t> d = onnxAxis(c, a, rank, "axis");
    if (!d)
      return;
    if (inserted[*d])
      return c.error("axis " + std::to_string(a) + " is repeated");
    inserted[*d] = true;
  }
  std::vector<TermId> dims;
  size_t next = 0;
  for (size_t k = 0; k < rank; ++k)
    dims.push_back(inserted[k] ? c.constant(1) : (*in)[next++]);
  forwardOnnxValues(c, 0, 0, std::move(dims));
}

/// onnx.Squeeze-13 with one axis known only at runtime (`axis`, the
/// element of a 1-D input of length 1): it lies in [-r, r-1] and the dim
/// it names must be 1; output dim j is input dim j before it, j + 1 from
/// it on. Several runtime axes stay opaque.
static void squeezeAtRuntime(OpContext &c, const std::vector<TermId> &in,
                             TermId axis) {
  int64_t r = int64_t(in.size());
  if (r == 0)
    return c.error("Squeeze of a rank-0 tensor has no axis to remove");
  TermId named = requireRuntimeAxes(c, 1, {axis}, r, "dim").front();
  // The size at the named position (the last dim beyond the range, where
  // the requirement above fails).
  TermId squeezed = in.back();
  for (int64_t d = r - 2; d >= 0; --d)
    squeezed = c.selectEq(named, c.constant(d), in[size_t(d)], squeezed);
  c.requireEqual(squeezed, c.constant(1),
                 "the squeezed size " + c.operandName(0) + "[" +
                     c.operandName(1) + "[0]] and 1");
  std::vector<TermId> dims;
  for (int64_t j = 0; j + 1 < r; ++j)
    dims.push_back(
        c.selectLe(named, c.constant(j), in[size_t(j + 1)], in[size_t(j)]));
  setOnnxOutput(c, 0, std::move(dims));
}

/// onnx.Squeeze-13 (-11: `axes` attribute): the dims at `axes` are removed
/// and must be 1; without axes every dim of size 1 is removed.
static void lowerSqueeze(OpContext &c) {
  std::optional<std::vector<TermId>> in = inputDims(c, 0);
  if (!in)
    return;
  if (std::optional<std::vector<TermId>> axes = onnxRuntimeElements(c, 1, 13);
      axes && axes->size() == 1)
    return squeezeAtRuntime(c, *in, axes->front());
  size_t rank = in->size();
  bool present = false;
  std::optional<std::vector<size_t>> axes = axesOf(c, rank, present);
  if (!axes && present)
    return;
  std::vector<bool> removed(rank, false);
  if (!present) {
    for (size_t d = 0; d < rank; ++d) {
      std::optional<int64_t> v = c.constantValue((*in)[d]);
      if (!v)
        return c.opaque("whether dim " + std::to_string(d) +
                        " is 1 is not known");
      removed[d] = *v == 1;
    }
  } else {
    for (size_t d : *axes) {
      removed[d] = true;
      if (!requireSameSize(
              c, (*in)[d], c.constant(1), declaredStatic(c, 0, d, rank),
              "the squeezed size " + std::to_string(d) + " of the input and 1"))
        return;
    }
  }
  std::vector<TermId> dims;
  for (size_t d = 0; d < rank; ++d)
    if (!removed[d])
      dims.push_back((*in)[d]);
  forwardOnnxValues(c, 0, 0, std::move(dims));
}

std::optional<OnnxConcat> onnxConcat(OpContext &c, std::string_view axisWhat) {
  OnnxConcat out;
  std::vector<std::vector<TermId>> &ins = out.inputs;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    std::optional<std::vector<TermId>> dims = inputDims(c, i);
    if (!dims)
      return std::nullopt;
    if (!ins.empty() && dims->size() != ins[0].size()) {
      c.error("input " + std::to_string(i) + " has rank " +
              std::to_string(dims->size()) + ", rank should be " +
              std::to_string(ins[0].size()));
      return std::nullopt;
    }
    ins.push_back(std::move(*dims));
  }
  std::optional<int64_t> attr = onnxInt(c, "axis");
  if (ins.empty() || !attr) {
    c.opaque(ins.empty() ? "no input" : "no integer `axis`");
    return std::nullopt;
  }
  size_t rank = ins[0].size();
  std::optional<size_t> axis = onnxAxis(c, *attr, rank, axisWhat);
  if (!axis)
    return std::nullopt;
  out.dims = ins[0];
  for (size_t i = 1; i < ins.size(); ++i) {
    out.dims[*axis] = c.add(out.dims[*axis], ins[i][*axis]);
    for (size_t d = 0; d < rank; ++d)
      if (d != *axis &&
          !requireSameSize(
              c, ins[0][d], ins[i][d],
              declaredStatic(c, 0, d, rank) && declaredStatic(c, i, d, rank),
              "the sizes " + std::to_string(d) + " of input 0 (" +
                  c.operandName(0) + ") and input " + std::to_string(i) + " (" +
                  c.operandName(i) + ")"))
        return std::nullopt;
  }
  return out;
}

/// onnx.Concat-13: inputs of one rank, equal except along `axis`, whose
/// sizes add up; 1-D integer inputs of known elements give their elements
/// in order.
static void lowerConcat(OpContext &c) {
  std::optional<OnnxConcat> concat = onnxConcat(c, "'axis' value");
  if (!concat)
    return;
  const std::vector<std::vector<TermId>> &ins = concat->inputs;
  std::vector<TermId> &dims = concat->dims;
  size_t rank = dims.size();
  std::vector<TermId> elements;
  bool known = rank == 1;
  for (size_t i = 0; known && i < ins.size(); ++i) {
    std::optional<std::vector<TermId>> values = onnxElements(c, i);
    known = values.has_value();
    if (known)
      elements.insert(elements.end(), values->begin(), values->end());
  }
  if (known && c.resultType(0).isTensor() &&
      int64_t(elements.size()) <= kOnnxMaxElements)
    return setOnnxElements(c, 0, std::move(elements));
  setOnnxResult(c, 0, std::move(dims));
}

const std::vector<OnnxRule> &onnxShapeRules() {
  static const std::vector<OnnxRule> rules = {
      {"Reshape", lowerReshape,
       "`0` copies a dim (not with allowzero), one `-1` inferred; element "
       "count kept; a runtime shape by cases on its -1"},
      {"Expand", lowerExpand,
       "the input and the shape broadcast (multidirectional)"},
      {"Transpose", lowerTranspose, "dims permuted by `perm` (reversed)"},
      {"Flatten", lowerFlatten, "2-D: the dims before and from `axis`"},
      {"Unsqueeze", lowerUnsqueeze, "1s inserted at `axes` (known or runtime)",
       "11"},
      {"Squeeze", lowerSqueeze,
       "dims at `axes` (each 1) removed; one runtime axis", "11"},
      {"Concat", lowerConcat,
       "equal dims but `axis`, whose sizes add up; integer elements joined"},
  };
  return rules;
}

} // namespace symshape::frontend
