//===- OpRefine.h - Which ops `refine` may rewrite ----------------*- C++
//-*-===//
//
// The refine flags and roles of the op table (frontend/lib/ops/OpTable.h),
// for the driver's rewriting (driver/lib/Rewrite.cpp) without exposing the
// table.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPREFINE_H
#define SYMSHAPE_FRONTEND_OPREFINE_H

#include <string_view>

namespace symshape::frontend {

/// True when `name` is in the op table and its result types may be made
/// more static on their own.
bool opRefinesResults(std::string_view name);

/// True when `name` is in the op table and, in a form that writes each
/// operand's type on its own (generic, torch), it accepts more static
/// operand types.
bool opRefinesOperands(std::string_view name);

/// True when `name` casts between compatible shapes (tensor.cast): a cast
/// that refined types make an identity cast is removed.
bool opIsShapeCast(std::string_view name);

/// True when `name` is a runtime assertion of its i1 operand (cf.assert),
/// which `--drop-redundant-checks` removes once proved safe.
bool opIsAssertion(std::string_view name);

/// True when `name` is a shape constraint whose one result is a witness
/// (shape.cstr_*), also for a `shape.cstr_` op the table does not list.
bool opIsConstraint(std::string_view name);

/// True when `name` calls an external target (custom_call): one of
/// `shape_assertion` is a runtime check.
bool opIsCustomCall(std::string_view name);

/// True when `name` has no effect but its results: its entry says so, or
/// every op of its dialect has none (arith, index; also ops symshape does
/// not model).
bool opIsSideEffectFree(std::string_view name);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPREFINE_H
