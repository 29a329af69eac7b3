//===- TensorRules.h - Shape functions of tensor, arith, math, func -*- C++
//-*-===//
//
// The shape functions of the tensor family's entries (listed in Tensor.cpp)
// and the helpers they share with the linalg family: operand segments and
// the mixed static / SSA lists of the generic form.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_TENSORRULES_H
#define SYMSHAPE_FRONTEND_OPS_TENSORRULES_H

#include "DynamicIndex.h"
#include "OpContext.h"

namespace symshape::frontend {

/// `operandSegmentSizes` (or MLIR 16's `operand_segment_sizes`) when it has
/// `count` entries that add up to the operands.
std::optional<std::vector<int64_t>> operandSegments(OpContext &c, size_t count);
/// The first operand of segment `s`.
size_t segmentStart(const std::vector<int64_t> &segments, size_t s);
/// The sizes of a mixed list: the static entries of attribute `name`, each
/// kDynamicIndex taking the next of the `count` operands from `first`
/// (their integers). nullopt when the attribute and the operands disagree.
std::optional<std::vector<TermId>>
mixedSizes(OpContext &c, std::string_view name, size_t first, size_t count);
/// Gives result `r` (already defined) the elements `extents` as well, for
/// 1-D integer tensors that carry a shape.
void setExtents(OpContext &c, size_t r, std::vector<TermId> extents);

// Tensor.cpp
void lowerTensorDim(OpContext &c);
void lowerTensorEmpty(OpContext &c);
void lowerTensorCast(OpContext &c);
void lowerFromElements(OpContext &c);
void lowerSplat(OpContext &c);
void lowerExtract(OpContext &c);
void lowerInsert(OpContext &c);
void lowerArithConstant(OpContext &c);
void lowerFuncCall(OpContext &c);
// TensorReshape.cpp
void lowerReshape(OpContext &c);
void lowerExpandShape(OpContext &c);
void lowerCollapseShape(OpContext &c);
// TensorSlice.cpp
void lowerExtractSlice(OpContext &c);
void lowerInsertSlice(OpContext &c);
void lowerPad(OpContext &c);
void lowerConcat(OpContext &c);
// ArithMath.cpp
void lowerElementwise(OpContext &c);  ///< arith / math on tensors or scalars
void lowerIndexBinary(OpContext &c);  ///< addi, subi, muli, floordivsi, ...
void lowerIndexCast(OpContext &c);    ///< index_cast, extsi, trunci, ...
void lowerIntCompareOp(OpContext &c); ///< arith.cmpi
void lowerArithSelect(OpContext &c);
void lowerElementCast(OpContext &c); ///< extf, sitofp, bitcast, ...

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_TENSORRULES_H
