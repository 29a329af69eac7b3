//===- PrettyForms.h - Custom-form parsers shared by op entries -*- C++ -*-===//
//
// The custom syntaxes many ops share, read into the generic shape:
//
//   %r = tosa.matmul %a, %b {attrs} : (T1, T2) -> R    function-typed
//   %r = stablehlo.add %a, %b : T                      one type for all
//   cf.assert %p, "message"                            predicate, message
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_PRETTYFORMS_H
#define SYMSHAPE_FRONTEND_OPS_PRETTYFORMS_H

#include "../ParserImpl.h"

namespace symshape::frontend {

/// `%a, %b [<{props}>] [{attrs}] : (T1, T2) -> R` or `... : T` where T is
/// the type of every operand and of the single result.
bool parseFunctionTypedForm(Parser &parser, PendingOp &pending);

/// `%p, "message" {attrs}`: an i1 predicate and its message, kept as the
/// `msg` attribute of the generic form (cf.assert, shape.cstr_require).
bool parsePredicateMessageForm(Parser &parser, PendingOp &pending);

/// Optional `<{...}>` properties and `{...}` attributes, merged into the
/// op's attributes.
bool parsePropsAndAttrs(Parser &parser, PendingOp &pending);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_PRETTYFORMS_H
