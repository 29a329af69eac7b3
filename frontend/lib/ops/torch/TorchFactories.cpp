//===- TorchFactories.cpp - New tensors and scalar bridges ----------------===//
//
// The factories with a size list (torch.zeros, torch.ones, torch.empty,
// torch.full, Tensor.new_ones, Tensor.new_empty: sizes from the list, none
// negative), torch.arange (ceil((end - start) / step) elements, step not 0
// and of the sign of end - start), and the bridges between tensors and
// integers (torch.prim.NumToTensor.Scalar, aten.Int.Tensor,
// aten.Float.Scalar, aten.size, torch_c.to_i64 / from_i64). Each rule
// follows its op's PyTorch documentation, cited by op name.
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"

namespace symshape::frontend {

void lowerTorchSizeFactory(OpContext &c, size_t list) {
  // torch.zeros / ones / empty / full(size, ...), Tensor.new_ones /
  // new_empty(self, size, ...): "a sequence of integers defining the shape
  // of the output tensor"; a negative one is a runtime error ("Trying to
  // create tensor with negative dimension").
  if (c.numResults() != 1 || !c.resultType(0).hasRank())
    return c.opaque("the result is not a ranked tensor");
  std::optional<std::vector<TermId>> sizes = intList(c, list);
  if (!sizes)
    return c.opaque("the size list " +
                    (list < c.numOperands() ? c.operandName(list) : "") +
                    " is not known");
  for (size_t k = 0; k < sizes->size(); ++k)
    c.requireInBounds(c.formulas().mkLe(c.constant(0), (*sizes)[k]),
                      "size " + std::to_string(k) + " of " +
                          c.operandName(list) + " not negative");
  c.setResultFromValues(0, *sizes);
}

void lowerTorchArange(OpContext &c, size_t bounds) {
  // torch.arange(start=0, end, step=1): "a 1-D tensor of size
  // ceil((end - start) / step)"; PyTorch raises for step 0 ("step must be
  // nonzero") and for bounds against the step's sign ("upper bound and
  // larger bound inconsistent with step sign"). `bounds` operands lead:
  // end; start, end; or start, end, step.
  if (c.numOperands() < bounds || c.numResults() != 1 ||
      !c.resultType(0).hasRank())
    return c.opaque("expected the bounds and a ranked result");
  for (size_t i = 0; i < bounds; ++i)
    if (!isTorchInt(c.operandType(i)))
      return c.opaque("operand " + c.operandName(i) +
                      " is not a !torch.int: a float bound's value is "
                      "not tracked");
  TermId start = bounds == 1 ? c.constant(0) : c.scalar(0);
  TermId end = c.scalar(bounds == 1 ? 0 : 1);
  std::optional<int64_t> step =
      bounds == 3 ? c.constantValue(c.scalar(2)) : std::optional<int64_t>(1);
  if (!step)
    return c.opaque("the step " + c.operandName(2) + " is not a constant");
  if (*step == 0)
    return c.error("step must be nonzero");
  TermId span = c.sub(end, start);
  std::string what = "the bounds " +
                     (bounds == 1 ? std::string("0") : c.operandName(0)) +
                     " and " + c.operandName(bounds == 1 ? 0 : 1);
  TermId length;
  if (*step > 0) {
    c.requireInBounds(c.formulas().mkLe(start, end),
                      what + " in the order of a positive step");
    length = c.floorDiv(c.add(span, c.constant(*step - 1)), c.constant(*step));
  } else {
    c.requireInBounds(c.formulas().mkLe(end, start),
                      what + " in the order of a negative step");
    // ceil(span / step) = ceil(-span / -step), -step > 0.
    length =
        c.floorDiv(c.sub(c.constant(-*step - 1), span), c.constant(-*step));
  }
  c.setResultFromValues(0, {length});
}

void lowerNumToTensor(OpContext &c) {
  // torch.prim.NumToTensor.Scalar(a): a 0-d tensor holding a (an integer
  // for a !torch.int).
  if (c.numOperands() != 1 || c.numResults() != 1)
    return c.opaque("expected one operand");
  c.setResult(0, {});
  if (isTorchInt(c.operandType(0)))
    c.setIntElements(0, {c.scalar(0)});
}

void lowerTorchIntTensor(OpContext &c) {
  // aten.Int.Tensor(a): int(a), "only one element tensors can be
  // converted to Python scalars".
  if (!c.expectRanked())
    return;
  if (c.numOperands() != 1 || !c.ranked(0) || c.numResults() != 1)
    return c.opaque("operand 0 is not a ranked tensor");
  c.requireEqual(c.product(c.dims(0)), c.constant(1),
                 "the element count of " + c.operandName(0) + " and 1");
  const std::string &element = c.operandType(0).element;
  bool integer = !element.empty() &&
                 (element[0] == 's' || element[0] == 'u' || element[0] == 'i');
  std::optional<std::vector<TermId>> values =
      integer ? c.intElements(0) : std::nullopt;
  if (values && values->size() == 1)
    return c.setScalarResult(0, values->front());
  c.setUnknownScalarResult(0);
}

void lowerTorchFloatScalar(OpContext &c) {
  // aten.Float.Scalar(a): float(a), a !torch.float: no integer a size is
  // made of (the result follows its type).
  if (c.numOperands() != 1 || c.numResults() != 1)
    c.opaque("expected one operand");
}

void lowerTorchSizeList(OpContext &c) {
  // aten.size(self): self.size(), the list of its sizes.
  if (!c.expectRanked())
    return;
  if (c.numOperands() != 1 || !c.ranked(0) || c.numResults() != 1)
    return c.opaque("operand 0 is not a ranked tensor");
  c.setElementsResult(0, c.dims(0));
}

namespace {

/// torch_c.to_i64 %v / torch_c.from_i64 %v (`$operand attr-dict`): the
/// operand's type is its value's; the result is i64 / !torch.int.
bool parseTorchCBridgeTo(Parser &p, PendingOp &pending, bool toI64) {
  std::optional<OperandUse> operand = p.parseValueUse();
  if (!operand || !p.parseOptionalAttrDict(pending.op.attributes))
    return false;
  Type result;
  if (toI64) {
    result.kind = TypeKind::Integer;
    result.spelling = "i64";
  } else {
    result.spelling = "!torch.int";
  }
  pending.resultTypes.push_back(result);
  Type own = p.value(operand->id).type;
  return p.setOperands(pending, {*operand}, {own}, /*written=*/false,
                       p.tokLoc());
}

} // namespace

bool parseTorchCToI64(Parser &p, PendingOp &pending) {
  return parseTorchCBridgeTo(p, pending, true);
}

bool parseTorchCFromI64(Parser &p, PendingOp &pending) {
  return parseTorchCBridgeTo(p, pending, false);
}

} // namespace symshape::frontend
