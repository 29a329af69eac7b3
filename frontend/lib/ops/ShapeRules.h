//===- ShapeRules.h - Shape functions of the shape dialect ------*- C++ -*-===//
//
// The shape functions of the shape dialect's entries (Shape.cpp), after
// the dialect's documentation (SEMANTICS.md §3).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_SHAPERULES_H
#define SYMSHAPE_FRONTEND_OPS_SHAPERULES_H

#include "OpContext.h"

namespace symshape::frontend {

void lowerShapeOf(OpContext &c);
void lowerConstShape(OpContext &c);
void lowerConstSize(OpContext &c);
/// index_to_size, size_to_index, debug_print: the value passes through.
void lowerSizeCast(OpContext &c);
/// shape.add, shape.mul.
void lowerSizeArith(OpContext &c);
void lowerRank(OpContext &c);
void lowerNumElements(OpContext &c);
void lowerGetExtent(OpContext &c);
/// shape.dim %t, %i: extent %i of a tensor's shape.
void lowerShapeDim(OpContext &c);
/// shape.div: floor division by a positive constant; else opaque.
void lowerSizeDiv(OpContext &c);
/// shape.concat: the extents of both shapes.
void lowerShapeConcat(OpContext &c);
/// shape.max / shape.min: of two sizes, or extent by extent of two shapes
/// of one rank.
void lowerShapeMaxMin(OpContext &c);
void lowerFromExtents(OpContext &c);
void lowerToExtentTensor(OpContext &c);
void lowerCreateShape(OpContext &c);
/// shape.broadcast, shape.cstr_broadcastable, shape.is_broadcastable.
void lowerShapeBroadcast(OpContext &c);
/// shape.join, shape.meet, shape.cstr_eq.
void lowerShapeJoin(OpContext &c);
/// shape.cstr_require %p, "msg": a `cstr` that the i1 %p holds.
void lowerCstrRequire(OpContext &c);
void lowerShapeReduceOp(OpContext &c);
void lowerAssuming(OpContext &c);
/// assuming_all, const_witness: nothing to track.
void lowerWitness(OpContext &c);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_SHAPERULES_H
