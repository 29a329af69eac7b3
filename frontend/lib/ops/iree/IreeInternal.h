//===- IreeInternal.h - The iree family's forms -----------------*- C++ -*-===//
//
// The parse functions of the iree family's entries (Iree.cpp), as IREE's
// ops print today (UtilOps.td, FlowOps.td, HALOps.td). Each reads the
// custom form into the generic shape: operands in ODS order, the result
// types, and the attributes the generic form carries, so a generic-form op
// reads the same:
//
//   %t = flow.tensor.tie_shape %x : tensor<?x4xf32>{%n}
//     == "flow.tensor.tie_shape"(%x, %n) : (tensor<?x4xf32>, index)
//          -> tensor<?x4xf32>
//
// A form a function does not know returns false: the op is then skipped as
// opaque, never guessed.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_IREE_IREEINTERNAL_H
#define SYMSHAPE_FRONTEND_OPS_IREE_IREEINTERNAL_H

#include "parser/ParserImpl.h"

namespace symshape::frontend {

/// Pieces of syntax the forms share (IreeForms.cpp).
namespace iree {

NamedAttribute named(std::string name, Attribute value, SourceLoc loc);
NamedAttribute unitAttr(std::string name, SourceLoc loc);
NamedAttribute typeAttr(std::string name, const Type &type, SourceLoc loc);
/// Consumes `word` when it is the current keyword.
bool keyword(Parser &p, std::string_view word);
/// `@name` as the attribute `name` (a symbol reference), or as a string
/// when `asString` (sym_name).
bool parseSymbol(Parser &p, PendingOp &pending, std::string name,
                 bool asString = false);
/// `{%a, %b}` after a type (IREE's dynamic dims); nothing when absent.
bool parseDimsList(Parser &p, std::vector<OperandUse> &dims);
/// `on(#affinity)`: the attribute `affinity`.
bool parseAffinity(Parser &p, PendingOp &pending);
/// An optional `"name"` string: the attribute `name`.
void parseName(Parser &p, PendingOp &pending);
/// Uses whose types the syntax implies rather than writes.
bool implied(Parser &p, PendingOp &pending, const std::vector<OperandUse> &uses,
             const Type &type);

} // namespace iree

// util (IreeForms.cpp, IreeGlobalForms.cpp)
bool parseUtilCall(Parser &p, PendingOp &pending);
bool parseOptimizationBarrier(Parser &p, PendingOp &pending);
bool parseAssumeInt(Parser &p, PendingOp &pending);
bool parseGlobal(Parser &p, PendingOp &pending);
bool parseGlobalLoad(Parser &p, PendingOp &pending); ///< and .address
bool parseGlobalLoadIndirect(Parser &p, PendingOp &pending);
bool parseGlobalStore(Parser &p, PendingOp &pending);
bool parseGlobalStoreIndirect(Parser &p, PendingOp &pending);
// flow (IreeForms.cpp)
bool parseTieShape(Parser &p, PendingOp &pending);
bool parseDynamicConstant(Parser &p, PendingOp &pending);
// check (IreeChecks.cpp): check.expect_eq / _const, expect_almost_eq / _const
/// `constant`: the `_const` forms, which compare with the attribute
/// `value` (the entries pass it as a template argument).
bool parseCheckExpect(Parser &p, PendingOp &pending, bool constant);
class OpContext;
void lowerCheckExpect(OpContext &c, bool constant);
template <bool Constant> bool parseCheckExpectOf(Parser &p, PendingOp &o) {
  return parseCheckExpect(p, o, Constant);
}
template <bool Constant> void lowerCheckExpectOf(OpContext &c) {
  lowerCheckExpect(c, Constant);
}
// hal (HalForms.cpp)
bool parseTensorImport(Parser &p, PendingOp &pending);
bool parseTensorExport(Parser &p, PendingOp &pending);
bool parseTensorBarrier(Parser &p, PendingOp &pending);
bool parseBufferViewDim(Parser &p, PendingOp &pending);
/// The runtime plumbing of IREE's synchronous wrappers (no sizes).
bool parseUtilNull(Parser &p, PendingOp &pending);
bool parseDevicesGet(Parser &p, PendingOp &pending);
bool parseFenceCreate(Parser &p, PendingOp &pending);
bool parseFenceAwait(Parser &p, PendingOp &pending);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_IREE_IREEINTERNAL_H
