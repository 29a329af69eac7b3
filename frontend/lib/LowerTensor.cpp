//===- LowerTensor.cpp - Tensor glue: dims flow between tensors and sizes -===//
//
// tensor.dim reads a dim as an index, tensor.empty builds a tensor from
// index sizes, tensor.cast checks a dynamic dim against a static one (a
// `cast` obligation), arith.constant and index arithmetic give sizes, and a
// constant integer tensor carries its elements as extents (for
// shape.create_shape and dynamic_broadcast_in_dim).
//
//===----------------------------------------------------------------------===//

#include "LoweringImpl.h"

#include <algorithm>

namespace symshape::frontend {

using solver::ObligationKind;
using solver::SymbolOrigin;

bool Lowerer::lowerTensorOp(const Operation &op) {
  const std::string &name = op.name;
  if (op.results.size() != 1)
    return false;
  ValueId result = op.results.front();
  const Type &resultType = value(result).type;

  if (name == "tensor.dim" && op.operands.size() == 2) {
    const ValueState &source = state(op.operands[0]);
    std::optional<int64_t> index = constantOf(op.operands[1]);
    if (source.ranked && index) {
      if (*index >= 0 && size_t(*index) < source.dims.size()) {
        defineScalar(result, source.dims[size_t(*index)]);
        return true;
      }
      // An index past a ranked type's rank is a verifier error in
      // mlir-opt; a negative one, or a rank only known at runtime, is UB.
      bool tooLarge = *index >= 0 && operandType(op, 0).hasRank();
      oblige(op, ObligationKind::Rank, -1, formulas().mkTrue(),
             "the dim " + std::to_string(*index) + " of a tensor of rank " +
                 std::to_string(source.dims.size()),
             tooLarge, tooLarge ? "the index is out of range" : "");
    }
    scalarOf(result);
    return true;
  }
  if (name == "tensor.empty" && resultType.hasRank()) {
    size_t dynamic = size_t(
        std::count(resultType.dims.begin(), resultType.dims.end(), kDynamic));
    if (dynamic != op.operands.size()) {
      oblige(op, ObligationKind::Rank, -1, formulas().mkTrue(),
             "the size operands of " + resultType.str(), true,
             "expected one size per dynamic dim (" + std::to_string(dynamic) +
                 "), got " + std::to_string(op.operands.size()));
      defineFromType(result, SymbolOrigin::OpaqueDim);
      return true;
    }
    // Each `?` of the result takes the next size operand.
    std::vector<TermId> dims;
    size_t next = 0;
    for (size_t d = 0; d < resultType.dims.size(); ++d) {
      if (resultType.dims[d] != kDynamic)
        dims.push_back(graph().constant(resultType.dims[d]));
      else if (next < op.operands.size())
        dims.push_back(scalarOf(op.operands[next++]));
      else
        dims.push_back(freshDim(dimName(result, d), SymbolOrigin::OpaqueDim));
    }
    defineDims(result, std::move(dims));
    return true;
  }
  if (name == "tensor.cast" && op.operands.size() == 1) {
    const Type &from = operandType(op, 0);
    const ValueState &source = state(op.operands[0]);
    if (!resultType.hasRank()) {
      alias(result, op.operands[0]); // to unranked: the dims are unchanged
      return true;
    }
    if (from.hasRank() && from.dims.size() != resultType.dims.size()) {
      oblige(op, ObligationKind::Cast, -1, formulas().mkTrue(),
             "the cast of " + from.str() + " to " + resultType.str(), true,
             "the ranks differ");
      defineFromType(result, SymbolOrigin::OpaqueDim);
      return true;
    }
    if (!from.hasRank() || !source.ranked ||
        source.dims.size() != resultType.dims.size()) {
      defineFromType(result, SymbolOrigin::OpaqueDim);
      return true;
    }
    bool erroneous = false;
    std::vector<TermId> dims;
    for (size_t d = 0; d < resultType.dims.size(); ++d) {
      int64_t to = resultType.dims[d];
      if (to == kDynamic) {
        dims.push_back(source.dims[d]);
        continue;
      }
      TermId target = graph().constant(to);
      // Both static and different: mlir-opt rejects the cast.
      bool error = from.dims[d] != kDynamic && from.dims[d] != to;
      erroneous |= error;
      oblige(op, ObligationKind::Cast, int(d),
             formulas().mkNe(source.dims[d], target),
             "the cast of " +
                 (from.dims[d] == kDynamic ? dimName(op.operands[0], d)
                                           : std::to_string(from.dims[d])) +
                 " to " + std::to_string(to) + " (dim " + std::to_string(d) +
                 ")",
             error);
      dims.push_back(target);
    }
    if (erroneous)
      defineFromType(result, SymbolOrigin::OpaqueDim);
    else
      defineDims(result, std::move(dims));
    return true;
  }
  if (name == "arith.constant") {
    const Attribute *attr = findAttr(op.attributes, "value");
    if (attr && attr->kind == AttrKind::Integer && resultType.isSizeLike()) {
      defineScalar(result, graph().constant(attr->intValue));
      return true;
    }
    defineFromType(result, SymbolOrigin::OpaqueDim);
    // A 1-D integer tensor constant: its elements are known extents.
    if (attr && resultType.hasRank() && resultType.dims.size() == 1 &&
        attr->kind == AttrKind::DenseInt) {
      if (std::optional<std::vector<int64_t>> ints = intList(*attr)) {
        ValueState &s = state(result);
        s.hasExtents = true;
        s.extents.clear();
        for (int64_t v : *ints)
          s.extents.push_back(graph().constant(v));
      }
    }
    return true;
  }
  // Index arithmetic. The custom form `arith.addi %a, %b : index` leaves
  // the result type implicit (also for the results it feeds to the next
  // such op), so the operands decide: index values, or known sizes.
  auto isIndex = [&](ValueId v) {
    return value(v).type.kind == TypeKind::Index ||
           (!value(v).typeKnown && state(v).scalar != solver::kNoTerm);
  };
  if ((name == "arith.addi" || name == "arith.subi" || name == "arith.muli") &&
      op.operands.size() == 2 &&
      (resultType.kind == TypeKind::Index || !value(result).typeKnown) &&
      isIndex(op.operands[0]) && isIndex(op.operands[1])) {
    TermId a = scalarOf(op.operands[0]), b = scalarOf(op.operands[1]);
    defineScalar(result, name == "arith.addi"   ? graph().add(a, b)
                         : name == "arith.subi" ? graph().sub(a, b)
                                                : graph().mul(a, b));
    return true;
  }
  if (name == "arith.index_cast" && op.operands.size() == 1 &&
      value(op.operands[0]).type.isSizeLike() && resultType.isSizeLike()) {
    defineScalar(result, scalarOf(op.operands[0]));
    return true;
  }
  return false;
}

} // namespace symshape::frontend
