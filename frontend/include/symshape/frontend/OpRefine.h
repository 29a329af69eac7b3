//===- OpRefine.h - Which ops `refine` may rewrite ----------------*- C++
//-*-===//
//
// The refine flags of the op table (frontend/lib/ops/OpTable.h), for the
// driver's rewriting (driver/lib/Rewrite.cpp) without exposing the table.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPREFINE_H
#define SYMSHAPE_FRONTEND_OPREFINE_H

#include <string_view>

namespace symshape::frontend {

/// True when `name` is in the op table and its result types may be made
/// more static on their own.
bool opRefinesResults(std::string_view name);

/// True when `name` is in the op table and, in generic form, it accepts
/// more static operand types.
bool opRefinesOperands(std::string_view name);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPREFINE_H
