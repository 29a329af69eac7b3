//===- TorchValues.cpp - Integers, constants and bridges of torch ---------===//
//
// `!torch.int` values are integers tracked exactly and `!torch.list<int>`
// values element by element (SPEC §2), like `index` values and extent
// tensors. The bridges to builtin tensors (torch_c) keep the sizes.
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"

namespace symshape::frontend {

bool isNone(OpContext &c, size_t i) {
  return c.operandType(i).kind == TypeKind::Other &&
         c.operandType(i).spelling == "!torch.none";
}

std::optional<std::vector<TermId>> intList(OpContext &c, size_t i) {
  if (i >= c.numOperands() || c.operandType(i).spelling != "!torch.list<int>")
    return std::nullopt;
  return c.elements(i);
}

std::optional<size_t> normaliseDim(OpContext &c, int64_t dim, size_t rank) {
  // PyTorch's maybe_wrap_dim: a dim in [-rank, rank), a rank-0 tensor
  // taking -1 and 0.
  int64_t r = std::max<int64_t>(int64_t(rank), 1);
  if (dim < -r || dim >= r) {
    c.error("dim " + std::to_string(dim) + " is out of range for rank " +
            std::to_string(rank));
    return std::nullopt;
  }
  return size_t(dim < 0 ? dim + r : dim);
}

std::optional<size_t> dimIndex(OpContext &c, size_t i, size_t rank) {
  std::optional<int64_t> value = c.constantValue(c.scalar(i));
  if (!value) {
    c.opaque("the dim operand " + c.operandName(i) + " is not a constant");
    return std::nullopt;
  }
  return normaliseDim(c, *value, rank);
}

void lowerTorchIntConstant(OpContext &c) {
  const Attribute *value = c.attr("value");
  if (!value || value->kind != AttrKind::Integer) {
    c.opaque("no integer `value`");
    return;
  }
  c.setScalarResult(0, c.constant(value->intValue));
}

void lowerTorchValueConstant(OpContext &c) {
  // !torch.bool is 0 or 1 (keepdim flags are read); !torch.float,
  // !torch.none, !torch.str, !torch.Device: nothing a size depends on (the
  // result is defined from its type).
  const Attribute *value = c.attr("value");
  if (value && value->kind == AttrKind::Bool)
    c.setScalarResult(0, c.constant(value->boolValue ? 1 : 0));
  if (value && value->kind == AttrKind::String)
    if (std::optional<TorchPadMode> mode = torchPadMode(value->str))
      c.setScalarResult(0, c.constant(int64_t(*mode)));
}

std::optional<TorchPadMode> torchPadMode(std::string_view name) {
  if (name == "constant")
    return TorchPadMode::Constant;
  if (name == "reflect")
    return TorchPadMode::Reflect;
  if (name == "replicate")
    return TorchPadMode::Replicate;
  if (name == "circular")
    return TorchPadMode::Circular;
  return std::nullopt;
}

void lowerListConstruct(OpContext &c) {
  if (c.resultType(0).spelling != "!torch.list<int>")
    return lowerTensorListConstruct(c); // tensors (other lists: nothing)
  std::vector<TermId> elements;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    if (!isTorchInt(c.operandType(i))) {
      c.opaque("a list element of type " + c.operandType(i).str());
      return;
    }
    elements.push_back(c.scalar(i));
  }
  c.setElementsResult(0, std::move(elements));
}

void lowerSameShapeBridge(OpContext &c) {
  // torch_c.from_builtin_tensor / to_builtin_tensor, copy.to_vtensor,
  // tensor_static_info_cast: the same tensor under another type; a more
  // static declared dim is a result-cast.
  if (c.numOperands() != 1 || c.numResults() != 1 || !c.expectRanked())
    return;
  if (!c.ranked(0)) {
    c.opaque("operand " + c.operandName(0) + " is not a value tensor");
    return;
  }
  c.setResult(0, c.dims(0));
}

void lowerScalarBridge(OpContext &c) {
  if (c.numOperands() != 1 || c.numResults() != 1)
    return;
  c.setScalarResult(0, c.scalar(0));
}

void lowerSizeInt(OpContext &c) {
  // torch.aten.size.int(self, dim): self.size(dim).
  if (c.numOperands() != 2 || !c.expectRanked() || !c.ranked(0))
    return c.opaque("operand 0 is not a ranked tensor");
  std::optional<size_t> d = dimIndex(c, 1, c.rank(0));
  if (!d)
    return;
  c.setScalarResult(0, c.dim(0, *d));
}

void lowerDimOp(OpContext &c) {
  if (c.numOperands() != 1 || !c.expectRanked() || !c.ranked(0))
    return c.opaque("operand 0 is not a ranked tensor");
  c.setScalarResult(0, c.constant(int64_t(c.rank(0))));
}

void lowerNumel(OpContext &c) {
  if (c.numOperands() != 1 || !c.expectRanked() || !c.ranked(0))
    return c.opaque("operand 0 is not a ranked tensor");
  c.setScalarResult(0, c.product(c.dims(0)));
}

void lowerLiteral(OpContext &c) {
  // The literal's own type gives its sizes: static facts.
  if (c.numResults() == 1)
    c.setResultFromType(0);
}

void lowerMutableTensor(OpContext &c) {
  c.opaque("a mutable !torch.tensor: its sizes are not tracked");
}

void lowerTorchIntArith(OpContext &c, TorchIntOp kind) {
  if (c.numOperands() != 2 || c.numResults() != 1 ||
      !isTorchInt(c.operandType(0)) || !isTorchInt(c.operandType(1)))
    return c.opaque("operands are not two !torch.int values");
  TermId a = c.scalar(0), b = c.scalar(1);
  switch (kind) {
  case TorchIntOp::Add:
    return c.setScalarResult(0, c.add(a, b));
  case TorchIntOp::Sub:
    return c.setScalarResult(0, c.sub(a, b));
  case TorchIntOp::Mul:
    return c.setScalarResult(0, c.mul(a, b));
  case TorchIntOp::FloorDiv:
    // Python's `//` rounds towards minus infinity; by 0 it raises
    // ZeroDivisionError, which the term (0 for a 0 divisor) does not
    // model: only a divisor known not to be 0 is read.
    if (std::optional<int64_t> v = c.constantValue(b); v && *v != 0)
      return c.setScalarResult(0, c.floorDiv(a, b));
    return c.opaque("a divisor that may be 0");
  case TorchIntOp::Max:
    return c.setScalarResult(0, c.graph().max(a, b));
  case TorchIntOp::Min:
    return c.setScalarResult(0, c.graph().min(a, b));
  }
}

} // namespace symshape::frontend
