//===- TensorInternal.h - The tensor family's forms and rules ---*- C++ -*-===//
//
// The custom forms (TensorForms.cpp) and shape functions (Tensor.cpp,
// TensorReshape.cpp, TensorSlice.cpp) of the tensor dialect's entries
// (Tensor.cpp). Each form reads an op's custom syntax into its generic
// shape: operands with their types, result types, and the attributes of the
// generic form, so the shape functions read one representation:
//
//   tensor.extract_slice %t[0, %o] [4, %s] [1, 1] : T to R
//     == "tensor.extract_slice"(%t, %o, %s) {operandSegmentSizes =
//          array<i32: 1, 0, 1, 1, 0>, static_offsets = array<i64: 0, MIN>,
//          static_sizes = array<i64: 4, MIN>, static_strides = ...}
//
// (MIN: int64's minimum, MLIR's dynamic marker.) A form a function does not
// know returns false: the op is then skipped as opaque, never guessed.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_TENSOR_TENSORINTERNAL_H
#define SYMSHAPE_FRONTEND_OPS_TENSOR_TENSORINTERNAL_H

#include "ops/OpContext.h"
#include "ops/rules/IntLists.h"
#include "ops/rules/PrettyForms.h"

namespace symshape::frontend {

// TensorForms.cpp
bool parseTensorDim(Parser &p, PendingOp &pending);
bool parseTensorEmpty(Parser &p, PendingOp &pending);
bool parseFromElements(Parser &p, PendingOp &pending);
bool parseSplat(Parser &p, PendingOp &pending);
bool parseExtract(Parser &p, PendingOp &pending);
bool parseInsert(Parser &p, PendingOp &pending);
bool parseReshape(Parser &p, PendingOp &pending);
bool parseReassociative(Parser &p, PendingOp &pending); ///< expand/collapse
bool parseExtractSlice(Parser &p, PendingOp &pending);
bool parseInsertSlice(Parser &p, PendingOp &pending);
bool parsePad(Parser &p, PendingOp &pending);
bool parseConcat(Parser &p, PendingOp &pending);
bool parseGenerate(Parser &p, PendingOp &pending);

// Tensor.cpp
void lowerTensorDim(OpContext &c);
void lowerTensorEmpty(OpContext &c);
void lowerTensorCast(OpContext &c);
void lowerFromElements(OpContext &c);
void lowerSplat(OpContext &c);
void lowerExtract(OpContext &c);
void lowerInsert(OpContext &c);
// TensorReshape.cpp
void lowerReshape(OpContext &c);
void lowerExpandShape(OpContext &c);
void lowerCollapseShape(OpContext &c);
// TensorSlice.cpp
void lowerExtractSlice(OpContext &c);
void lowerInsertSlice(OpContext &c);
void lowerPad(OpContext &c);
void lowerConcat(OpContext &c);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_TENSOR_TENSORINTERNAL_H
