//===- ShapeInternal.h - The shape family's forms and rules -----*- C++ -*-===//
//
// The custom forms (ShapeForms.cpp) and shape functions (ShapeRules.cpp) of
// the shape dialect's entries (Shape.cpp), after the dialect's
// documentation (SEMANTICS.md §3).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_SHAPE_SHAPEINTERNAL_H
#define SYMSHAPE_FRONTEND_OPS_SHAPE_SHAPEINTERNAL_H

#include "ops/OpContext.h"
#include "parser/ParserImpl.h"

namespace symshape::frontend {

// ShapeForms.cpp
/// `%a, %b [, error = "..."] {attrs} : T1, T2 -> R`; with `allowSingle`
/// also the seed's `%a, %b : T` (one type for all).
bool parseArrowTyped(Parser &p, PendingOp &pending, bool allowError,
                     bool allowSingle);
/// `%a, %b {attrs} : T1, T2` with an implied result type.
bool parseColonTyped(Parser &p, PendingOp &pending, const Type &result);
/// `%a, %b {attrs}` with implied types (`operandType`, else the values').
bool parseUntyped(Parser &p, PendingOp &pending, const Type *operandType,
                  const Type &result);
bool parseConstShape(Parser &p, PendingOp &pending);
/// Generic shape.const_shape: its dense `shape` as an extent list.
void normalizeConstShape(Operation &op);
bool parseShapeConstant(Parser &p, PendingOp &pending);
bool parseConstSize(Parser &p, PendingOp &pending);
bool parseConstWitness(Parser &p, PendingOp &pending);
bool parseShapeReduce(Parser &p, PendingOp &pending);
bool parseShapeAssuming(Parser &p, PendingOp &pending);

// ShapeRules.cpp

void lowerShapeOf(OpContext &c);
void lowerConstShape(OpContext &c);
void lowerConstSize(OpContext &c);
/// index_to_size, size_to_index, debug_print: the value passes through.
void lowerSizeCast(OpContext &c);
/// shape.add, shape.mul.
void lowerShapeAdd(OpContext &c);
void lowerShapeMul(OpContext &c);
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
void lowerShapeMax(OpContext &c);
void lowerShapeMin(OpContext &c);
void lowerFromExtents(OpContext &c);
void lowerToExtentTensor(OpContext &c);
void lowerCreateShape(OpContext &c);
/// shape.broadcast, shape.cstr_broadcastable, shape.is_broadcastable.
void lowerShapeBroadcast(OpContext &c);
void lowerCstrBroadcastable(OpContext &c);
void lowerIsBroadcastable(OpContext &c);
/// shape.join, shape.meet; shape.cstr_eq.
void lowerShapeJoin(OpContext &c);
void lowerCstrEq(OpContext &c);
/// shape.cstr_require %p, "msg": a `cstr` that the i1 %p holds.
void lowerCstrRequire(OpContext &c);
void lowerShapeReduceOp(OpContext &c);
void lowerAssuming(OpContext &c);
/// assuming_all, const_witness: nothing to track.
void lowerWitness(OpContext &c);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_SHAPE_SHAPEINTERNAL_H
