//===- OnnxIntValues.cpp - Shape tensors of ONNX programs -----------------===//
//
// The accessors of OnnxIntValues.h. A value's elements are read as its
// declared type says when that type has the runtime rank, else (the torch
// importer's `[]` for an unknown shape, onnx-mlir's `tensor<*xi64>`) from
// what its producer's rule recorded.
//
//===----------------------------------------------------------------------===//

#include "OnnxIntValues.h"
#include "ops/rules/IntRules.h"

namespace symshape::frontend {

/// A tensor of integer (not bool) elements.
static bool integerTensor(const Type &type) {
  if (!type.isTensor())
    return false;
  std::optional<IntType> element = intType(type.element);
  return element && !element->isBool();
}

bool onnxIsScalar(OpContext &c, size_t i) {
  if (onnxAbsent(c, i))
    return false;
  std::optional<std::vector<TermId>> dims = onnxDims(c, i);
  return dims && dims->empty();
}

std::optional<std::vector<TermId>> onnxElements(OpContext &c, size_t i) {
  if (onnxAbsent(c, i) || !integerTensor(c.operandType(i)))
    return std::nullopt;
  std::optional<std::vector<TermId>> dims = onnxDims(c, i);
  if (!dims || dims->size() > 1)
    return std::nullopt;
  const Type &type = c.operandType(i);
  bool declared =
      type.kind == TypeKind::RankedTensor && type.dims.size() == dims->size();
  std::optional<std::vector<TermId>> out;
  if (declared)
    out = intOperand(c, i);
  else if (dims->size() == 1)
    out = c.elements(i);
  else if (!c.operandOpaque(i))
    out = std::vector<TermId>{c.scalar(i)}; // rank 0 under `tensor<*xi64>`
  if (!out)
    return std::nullopt;
  // The length must be the runtime dim (a stale record is never read).
  if (dims->empty() ? out->size() != 1
                    : c.constantValue((*dims)[0]) != int64_t(out->size()))
    return std::nullopt;
  return out;
}

std::optional<std::vector<int64_t>> onnxConstElements(OpContext &c, size_t i) {
  std::optional<std::vector<TermId>> terms = onnxElements(c, i);
  if (!terms)
    return std::nullopt;
  std::vector<int64_t> out;
  for (TermId t : *terms) {
    std::optional<int64_t> v = c.constantValue(t);
    if (!v)
      return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

void setOnnxElements(OpContext &c, size_t r, std::vector<TermId> elements,
                     bool scalar) {
  if (r >= c.numResults())
    return;
  if (scalar) {
    setOnnxResult(c, r, {});
    // The scalar is recorded whatever the declared type (setIntResult only
    // adds it: the dims are already set); under `tensor<*xi64>` it is the
    // value's integer, which onnxElements reads back.
    if (c.failed() || elements.size() != 1 || !integerTensor(c.resultType(r)))
      return;
    if (c.resultType(r).kind == TypeKind::RankedTensor)
      setIntResult(c, r, std::move(elements));
    else
      c.setIntElements(r, std::move(elements));
    return;
  }
  setOnnxResult(c, r, {c.constant(int64_t(elements.size()))});
  if (!c.failed() && integerTensor(c.resultType(r)) &&
      int64_t(elements.size()) <= kOnnxMaxElements)
    c.setResultExtents(r, std::move(elements));
}

void setOnnxResultFromValues(OpContext &c, size_t r, std::vector<TermId> dims) {
  if (!dims.empty() && onnxResultShapeUnknown(c, r) && !c.failed())
    return c.defineResult(r, std::move(dims));
  c.setResultFromValues(r, std::move(dims));
}

void forwardOnnxValues(OpContext &c, size_t r, size_t from,
                       std::vector<TermId> dims, bool fromValues) {
  std::optional<std::vector<TermId>> values;
  if (dims.size() <= 1 && integerTensor(c.resultType(r)))
    values = onnxElements(c, from);
  if (values &&
      (dims.empty() ? values->size() != 1
                    : c.constantValue(dims[0]) != int64_t(values->size())))
    values.reset();
  bool scalar = dims.empty();
  if (fromValues)
    setOnnxResultFromValues(c, r, std::move(dims));
  else
    setOnnxResult(c, r, std::move(dims));
  if (!values || c.failed())
    return;
  if (scalar && c.resultType(r).kind != TypeKind::RankedTensor)
    return c.setIntElements(r, std::move(*values)); // under `tensor<*xi64>`
  if (scalar) // only adds the integer: the dims are set
    return setIntResult(c, r, std::move(*values));
  if (int64_t(values->size()) <= kOnnxMaxElements)
    c.setResultExtents(r, std::move(*values));
}

bool declaredStatic(const OpContext &c, size_t i, size_t d, size_t rank) {
  const Type &type = c.operandType(i);
  return type.kind == TypeKind::RankedTensor && type.dims.size() == rank &&
         d < rank && type.dims[d] != kDynamic;
}

bool requireSameSize(OpContext &c, TermId a, TermId b, bool staticSizes,
                     const std::string &subject) {
  std::optional<int64_t> va = c.constantValue(a), vb = c.constantValue(b);
  if (staticSizes && va && vb && *va != *vb) {
    c.error(subject + " differ: " + std::to_string(*va) + " and " +
            std::to_string(*vb));
    return false;
  }
  c.requireEqual(a, b, subject);
  return true;
}

std::optional<std::vector<TermId>>
onnxRuntimeElements(OpContext &c, size_t input, int64_t since) {
  if (onnxOpset(c) < since || onnxAbsent(c, input) || c.constantElements(input))
    return std::nullopt;
  return onnxElements(c, input);
}

std::vector<TermId> requireRuntimeAxes(OpContext &c, size_t input,
                                       const std::vector<TermId> &axes,
                                       int64_t rank,
                                       const std::string &position) {
  auto &f = c.formulas();
  TermId r = c.constant(rank);
  std::vector<TermId> named;
  for (size_t k = 0; k < axes.size(); ++k) {
    c.requireInBounds(
        f.mkAnd({f.mkLe(c.constant(-rank), axes[k]), f.mkLt(axes[k], r)}),
        "axis " + std::to_string(k) + " of " + c.operandName(input) +
            " (in [-" + std::to_string(rank) + ", " + std::to_string(rank - 1) +
            "])");
    named.push_back(
        c.selectLe(c.constant(0), axes[k], axes[k], c.add(axes[k], r)));
  }
  for (size_t j = 0; j < named.size(); ++j)
    for (size_t k = j + 1; k < named.size(); ++k)
      c.requireInBounds(f.mkNe(named[j], named[k]),
                        "axes " + std::to_string(j) + " and " +
                            std::to_string(k) + " of " + c.operandName(input) +
                            " (not the same " + position + ")");
  return named;
}

std::optional<std::vector<int64_t>>
onnxIntsInputOrAttr(OpContext &c, size_t input, int64_t inputSince,
                    std::string_view name, bool &present) {
  present = false;
  if (onnxOpset(c) >= inputSince || !onnxAttr(c, name)) {
    if (onnxAbsent(c, input))
      return std::nullopt;
    present = true;
    std::optional<std::vector<int64_t>> values = onnxConstElements(c, input);
    if (!values)
      c.opaque("the " + std::string(name) + " input " + c.operandName(input) +
               " is not a known constant list");
    return values;
  }
  present = true;
  std::optional<std::vector<int64_t>> values = onnxInts(c, name);
  if (!values)
    c.opaque("the `" + std::string(name) + "` attribute is not understood");
  return values;
}

} // namespace symshape::frontend
