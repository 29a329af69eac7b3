//===- PrettyForms.h - Custom-form parsers shared by op entries -*- C++ -*-===//
//
// The custom syntaxes many ops share, read into the generic shape:
//
//   %r = tosa.matmul %a, %b {attrs} : (T1, T2) -> R    function-typed
//   %r = stablehlo.add %a, %b : T                      one type for all
//   cf.assert %p, "message"                            predicate, message
//   %c = tensor.cast %a : T1 to T2                     cast
//   %r = func.call @g(%a) : (T1) -> R                  call
//
// and the pieces several families' forms build on: `array<i64: ..>`
// attributes, mixed static / SSA lists, fastmath flags.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_RULES_PRETTYFORMS_H
#define SYMSHAPE_FRONTEND_OPS_RULES_PRETTYFORMS_H

#include "ops/rules/DynamicIndex.h"
#include "parser/ParserImpl.h"

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

/// `return`, `return %a, %b : T1, T2`, `shape.yield %x : T`: a terminator's
/// optional operands and their types (func.return, shape.yield, ...).
bool parseTerminatorForm(Parser &parser, PendingOp &pending);

/// `{attrs} 4 : index`, `dense<[1, 2]> : tensor<2xi32>` (arith.constant,
/// and the constants of other dialects written the same way).
bool parseArithConstant(Parser &parser, PendingOp &pending);

/// `%a [flags] {attrs} : T1 to T2` (tensor.cast, tensor.bitcast, arith
/// casts).
bool parseCastForm(Parser &parser, PendingOp &pending);

/// `@g(%a, %b) {attrs} : (T1, T2) -> R` (func.call, stablehlo.custom_call's
/// short form).
bool parseFuncCall(Parser &parser, PendingOp &pending);

/// `array<iN: ...>` as the generic form writes it.
NamedAttribute denseArrayAttr(std::string name, std::vector<int64_t> ints,
                              std::string_view element = "i64");
/// `[0, %o, 4]`: SSA entries become uses (and kDynamicIndex in `statics`).
bool parseMixedList(Parser &parser, std::vector<OperandUse> &uses,
                    std::vector<int64_t> &statics);
/// The element type of a tensor or vector type, as a type.
Type elementType(const Type &shaped);
/// Skips `fastmath<...>` / `overflow<...>` flags, keeping them as
/// attributes (their values do not matter to shapes).
bool parseFlags(Parser &parser, PendingOp &pending);

/// Reads `: T` into the result type and sets the operands with `types`.
bool finishWithResult(Parser &parser, PendingOp &pending,
                      const std::vector<OperandUse> &uses,
                      std::vector<Type> types, bool written, SourceLoc typesLoc,
                      const Type &result);
/// `: T`, remembering the range of the result type.
std::optional<Type> parseResultType(Parser &parser, PendingOp &pending);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_RULES_PRETTYFORMS_H
