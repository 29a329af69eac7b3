//===- OnnxValues.cpp - ONNX constants and shape computations -------------===//
//
// The operators ONNX programs compute shapes with, element by element
// (SPEC 2): Constant, Shape, Size, ConstantOfShape, Range, the casts and
// pass-throughs, and onnx-mlir's Dim. Each rule follows the ONNX operator
// docs of its opset, cited as `onnx.<Op>-<opset>`.
//
//===----------------------------------------------------------------------===//

#include "OnnxIntValues.h"
#include "OnnxNeuralCommon.h"
#include "ops/rules/IntRules.h"

#include <algorithm>

namespace symshape::frontend {

/// The ranked dims of input `i`, or an opaque op.
/// onnx.Constant-13/19/21: exactly one of `value` (a tensor), `value_int`,
/// `value_ints`, `value_float`, `value_floats` (and strings, sparse
/// tensors); the output is that tensor.
static void lowerConstant(OpContext &c) {
  if (c.numResults() != 1)
    return c.opaque("not one result");
  if (std::optional<int64_t> v = onnxInt(c, "value_int"))
    return setOnnxElements(c, 0, {c.constant(*v)}, /*scalar=*/true);
  if (onnxAttr(c, "value_float"))
    return setOnnxResult(c, 0, {});
  for (std::string_view list : {"value_ints", "value_floats"})
    if (const Attribute *a = onnxAttr(c, list)) {
      if (a->kind != AttrKind::Array)
        return c.opaque("`" + std::string(list) + "` is not understood");
      if (list == "value_ints")
        if (std::optional<std::vector<int64_t>> ints = onnxInts(c, list)) {
          std::vector<TermId> terms;
          for (int64_t v : *ints)
            terms.push_back(c.constant(v));
          return setOnnxElements(c, 0, std::move(terms));
        }
      return setOnnxResult(c, 0, {c.constant(int64_t(a->elements.size()))});
    }
  const Attribute *value = onnxAttr(c, "value");
  if (!value || !value->hasType || !value->type.hasRank())
    return c.opaque("no `value` of a ranked tensor type");
  std::vector<TermId> dims;
  for (int64_t d : value->type.dims) {
    if (d == kDynamic)
      return c.opaque("the `value` type has a dynamic dim");
    dims.push_back(c.constant(d));
  }
  std::optional<IntType> element = intType(value->type.element);
  if (value->kind == AttrKind::DenseInt && dims.size() <= 1 && element &&
      !element->isBool())
    if (std::optional<std::vector<int64_t>> ints = onnxInts(c, "value"))
      if (int64_t(ints->size()) == (dims.empty() ? 1 : value->type.dims[0])) {
        std::vector<TermId> terms;
        for (int64_t v : *ints)
          terms.push_back(c.constant(v));
        return setOnnxElements(c, 0, std::move(terms), dims.empty());
      }
  // A few floats (Resize / Upsample scales): kept for the rules that read
  // them (onnxFloats).
  if (value->kind == AttrKind::Other && !element && dims.size() <= 1 &&
      (dims.empty() || value->type.dims[0] <= 64))
    c.setResultConstant(0, *value);
  setOnnxResult(c, 0, std::move(dims));
}

/// onnx.Shape-15/19/21: the input's dims as a 1-D int64 tensor; `start` and
/// `end` (opset 15) slice them: negative ones count from the end, both are
/// clamped to [0, rank], and start > end gives an empty shape (onnx-mlir's
/// verifier rejects start > end: "Start: 2 is after End: 0").
static void lowerShape(OpContext &c) {
  std::optional<std::vector<TermId>> dims = inputDims(c, 0);
  if (!dims)
    return;
  int64_t rank = int64_t(dims->size());
  auto clamp = [&](int64_t axis) {
    return std::clamp<int64_t>(axis < 0 ? axis + rank : axis, 0, rank);
  };
  int64_t start = clamp(onnxInt(c, "start").value_or(0));
  int64_t end = clamp(onnxInt(c, "end").value_or(rank));
  if (start > end && !isTorchSpelling(c))
    return c.error("Start: " + std::to_string(start) +
                   " is after End: " + std::to_string(end));
  std::vector<TermId> out;
  for (int64_t d = start; d < end; ++d)
    out.push_back((*dims)[size_t(d)]);
  setOnnxElements(c, 0, std::move(out));
}

/// onnx.Size-13/19/21: the number of elements, a rank-0 int64 tensor.
static void lowerSize(OpContext &c) {
  if (std::optional<std::vector<TermId>> dims = inputDims(c, 0))
    setOnnxElements(c, 0, {c.product(*dims)}, /*scalar=*/true);
}

/// onnx-mlir's onnx.Dim: dim `axis` (in [0, rank - 1]) of a ranked input,
/// as a 1-element tensor (its verifier, ONNXDimOp::verify).
static void lowerDim(OpContext &c) {
  if (!c.operandType(0).hasRank())
    return c.error("input must have shape and rank");
  std::optional<std::vector<TermId>> dims = inputDims(c, 0);
  if (!dims)
    return;
  int64_t axis = onnxInt(c, "axis").value_or(0);
  if (axis < 0 || axis >= int64_t(dims->size()))
    return c.error("attribute \"axis\" value is " + std::to_string(axis) +
                   ", accepted range is [0, " +
                   std::to_string(int64_t(dims->size()) - 1) + "]");
  setOnnxElements(c, 0, {(*dims)[size_t(axis)]});
}

/// onnx.ConstantOfShape-9/20/21: the output's dims are the elements of the
/// 1-D input (an empty one gives a scalar); each must be >= 0.
static void lowerConstantOfShape(OpContext &c) {
  std::optional<std::vector<TermId>> shape = inputDims(c, 0);
  if (!shape)
    return;
  if (shape->size() != 1)
    return c.error("Input tensor must be a 1D tensor");
  std::optional<std::vector<TermId>> dims = onnxElements(c, 0);
  if (!dims && c.operandType(0).hasRank() && c.operandType(0).dims.size() == 1)
    dims = c.shapeOperand(0); // one unknown size per element
  // A length computed (a Slice of a Concat) where the declared type has
  // `?`: one unknown size per element too, each required >= 0 below.
  if (std::optional<int64_t> n = c.constantValue((*shape)[0]);
      !dims && n && *n <= kOnnxMaxElements)
    dims = c.freshOperandElements(0, size_t(*n), /*nonNegative=*/false);
  if (!dims)
    return c.opaque("the shape input has an unknown length");
  for (size_t k = 0; k < dims->size(); ++k) {
    TermId d = (*dims)[k];
    if (std::optional<int64_t> v = c.constantValue(d); v && *v < 0)
      return c.error("All values of the input tensor must be >=0");
    if (!c.provablyNonNegative(d))
      c.requireInBounds(c.formulas().mkLe(c.constant(0), d),
                        "the size " + std::to_string(k) + " of the shape " +
                            c.operandName(0) + " (>= 0)");
  }
  // The elements of a 1-D int result filled with an integer `value`.
  if (dims->size() == 1)
    if (std::optional<std::vector<int64_t>> fill = onnxInts(c, "value"))
      if (fill->size() == 1)
        if (std::optional<int64_t> n = c.constantValue((*dims)[0]);
            n && *n <= kOnnxMaxElements)
          if (std::optional<IntType> element =
                  intType(onnxAttr(c, "value")->type.element);
              element && !element->isBool())
            return setOnnxElements(
                c, 0, std::vector<TermId>(size_t(*n), c.constant((*fill)[0])));
  setOnnxResult(c, 0, std::move(*dims));
}

/// onnx.Range-11: start, limit, delta scalars; the output has
/// max(ceil((limit - start) / delta), 0) elements, start + k * delta. On
/// integers with a constant nonzero delta the length and elements are
/// computed; otherwise the length is an unknown size.
static void lowerRange(OpContext &c) {
  if (c.numOperands() != 3)
    return c.opaque("not three inputs");
  std::optional<std::vector<TermId>> start = onnxElements(c, 0),
                                     limit = onnxElements(c, 1),
                                     delta = onnxElements(c, 2);
  std::optional<int64_t> step =
      delta && delta->size() == 1 ? c.constantValue((*delta)[0]) : std::nullopt;
  if (!start || !limit || start->size() != 1 || limit->size() != 1 || !step ||
      *step == 0) {
    if (step && *step == 0)
      return c.error("delta is 0");
    return setOnnxResult(c, 0, {c.freshResultDim(0, 0)});
  }
  TermId zero = c.constant(0);
  TermId span = c.sub((*limit)[0], (*start)[0]);
  if (*step < 0)
    span = c.sub(zero, span);
  int64_t by = *step < 0 ? -*step : *step;
  TermId length = c.floorDiv(c.add(span, c.constant(by - 1)), c.constant(by));
  length = c.graph().max(length, zero);
  std::optional<int64_t> n = c.constantValue(length);
  std::optional<int64_t> first = c.constantValue((*start)[0]);
  if (n && first && *n <= kOnnxMaxElements) {
    std::vector<TermId> out;
    for (int64_t k = 0; k < *n; ++k)
      out.push_back(c.constant(*first + k * *step));
    return setOnnxElements(c, 0, std::move(out));
  }
  setOnnxResult(c, 0, {length});
}

/// onnx.NonZero-13: the indices of the nonzero elements, "in
/// row-major order": shape [rank(X), n] where n, the count of nonzero
/// elements, is a fresh size with 0 <= n <= numel(X) as a fact.
static void lowerNonZero(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxDims(c, 0);
  if (!x)
    return c.opaque("input 0 has an unknown shape");
  TermId n = c.freshResultDim(0, 1);
  c.addFact(c.formulas().mkLe(c.constant(0), n));
  c.addFact(c.formulas().mkLe(n, c.product(*x)));
  setOnnxResult(c, 0, {c.constant(int64_t(x->size())), n});
}

/// onnx.Unique-11: n unique values (without `axis`, of the flattened X:
/// Y [n]) or subtensors along `axis` (Y is X with n at `axis`); indices
/// and counts have n elements, inverse_indices one per element of X (per
/// slice along `axis`). n is a fresh size, 0 <= n <= what it picks from.
/// `sorted` "must be one of 0, or 1".
static void lowerUnique(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxDims(c, 0);
  if (!x)
    return c.opaque("input 0 has an unknown shape");
  int64_t sorted = onnxInt(c, "sorted").value_or(1);
  if (sorted != 0 && sorted != 1)
    return c.error("sorted is " + std::to_string(sorted) +
                   ": it must be 0 or 1");
  std::optional<size_t> axis;
  if (std::optional<int64_t> a = onnxInt(c, "axis")) {
    axis = onnxAxis(c, *a, x->size(), "'axis' value");
    if (!axis)
      return;
  } else if (onnxAttr(c, "axis")) {
    return c.opaque("the `axis` attribute is not an integer");
  }
  if (c.numResults() < 1 || c.numResults() > 4)
    return c.opaque("not one to four outputs");
  TermId n = c.freshResultDim(0, axis ? *axis : 0);
  TermId from = axis ? (*x)[*axis] : c.product(*x);
  c.addFact(c.formulas().mkLe(c.constant(0), n));
  c.addFact(c.formulas().mkLe(n, from));
  std::vector<TermId> y = {n};
  if (axis) {
    y = *x;
    y[*axis] = n;
  }
  setOnnxOutput(c, 0, std::move(y));
  if (c.numResults() > 1)
    setOnnxOutput(c, 1, {n});
  if (c.numResults() > 2)
    setOnnxOutput(c, 2, {from});
  if (c.numResults() > 3)
    setOnnxOutput(c, 3, {n});
}

/// onnx.Cast-19/21, onnx.CastLike-19/21: the input's shape; integer
/// elements stay the same integers when they fit the target type (a
/// constant that does not is left unknown: ONNX leaves it undefined).
static void lowerCast(OpContext &c) {
  std::optional<std::vector<TermId>> dims = inputDims(c, 0);
  if (!dims || c.numResults() != 1)
    return;
  std::optional<IntType> to = intType(c.resultType(0).element);
  std::optional<IntType> from = intType(c.operandType(0).element);
  if (to && from && !to->isBool() && !from->isBool())
    if (std::optional<std::vector<TermId>> values = onnxElements(c, 0)) {
      bool fits = true;
      for (TermId t : *values)
        if (std::optional<int64_t> v = c.constantValue(t))
          fits = fits && to->holds(*v);
      if (fits)
        return forwardOnnxValues(c, 0, 0, std::move(*dims));
    }
  setOnnxResult(c, 0, std::move(*dims));
}

/// onnx.Identity-21: the input itself (a sequence or an optional too).
static void lowerIdentity(OpContext &c) {
  if (c.numOperands() == 1 && !c.operandType(0).isShaped())
    return c.setResultAlias(0, 0);
  if (std::optional<std::vector<TermId>> dims = inputDims(c, 0))
    forwardOnnxValues(c, 0, 0, std::move(*dims));
}

/// onnx.Dropout-22: `output` and the optional `mask` have the input's
/// shape (a mask not asked for is `none` in onnx-mlir).
static void lowerDropout(OpContext &c) {
  std::optional<std::vector<TermId>> dims = inputDims(c, 0);
  if (!dims)
    return;
  for (size_t r = 0; r < c.numResults(); ++r)
    if (c.resultType(r).isTensor())
      setOnnxResult(c, r, *dims);
}

const std::vector<OnnxRule> &onnxValueRules() {
  static const std::vector<OnnxRule> rules = {
      {"Constant", lowerConstant,
       "the tensor of `value` / `value_int(s)` / `value_float(s)`; integer "
       "elements tracked"},
      {"Shape", lowerShape,
       "the input's dims (`start`/`end` slice them) as integer elements"},
      {"Size", lowerSize, "the input's element count as an integer"},
      {"Dim", lowerDim, "dim `axis` of the input as an integer (onnx-mlir)"},
      {"ConstantOfShape", lowerConstantOfShape,
       "dims are the input's elements, each >= 0"},
      {"Range", lowerRange,
       "max(ceil((limit - start) / delta), 0) elements, computed for "
       "integers"},
      {"Unique", lowerUnique,
       "Y of n values (or X with n slices at `axis`), indices and counts "
       "[n], inverse_indices one per element (slice); 0 <= n (n unknown)"},
      {"NonZero", lowerNonZero, "[rank(X), n], 0 <= n <= numel(X) (n unknown)"},
      {"Cast", lowerCast, "the input's shape; integer elements carried"},
      {"CastLike", lowerCast, "the input's shape; integer elements carried"},
      {"Identity", lowerIdentity, "the input: shape and integer elements"},
      {"Dropout", lowerDropout, "output and mask of the input's shape"},
  };
  return rules;
}

} // namespace symshape::frontend
