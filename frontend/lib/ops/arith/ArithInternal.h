//===- ArithInternal.h - The arith family's forms and rules -----*- C++ -*-===//
//
// The custom forms (ArithForms.cpp) and shape functions (ArithMath.cpp) of
// the arith and math entries (Arith.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_ARITH_ARITHINTERNAL_H
#define SYMSHAPE_FRONTEND_OPS_ARITH_ARITHINTERNAL_H

#include "ops/OpContext.h"
#include "ops/rules/IntRules.h"
#include "ops/rules/PrettyForms.h"

#include <optional>

namespace symshape::frontend {

// ArithForms.cpp
bool parseSameTypeForm(Parser &p, PendingOp &pending); ///< %a, %b : T
bool parseCompare(Parser &p, PendingOp &pending);      ///< pred, %a, %b : T
/// arith.cmpi's form: parseCompare, its predicate word read as a
/// CmpIPredicate.
bool parseCmpI(Parser &p, PendingOp &pending);
/// arith.cmpi's generic form: the integer `predicate` as a CmpIPredicate.
void readCmpIPredicate(Operation &op);
bool parseSelect(Parser &p, PendingOp &pending);

// ArithMath.cpp
void lowerElementwise(OpContext &c); ///< arith / math on tensors or scalars
/// What an integer binary op computes on i1 values (arith's integers
/// modulo 2; true is 1 unsigned, -1 signed): andi, muli, maxsi, minui are
/// and; ori, minsi, maxui are or; xori, addi, subi are xor. `Unknown` for
/// the ops whose i1 results are poison or UB for some operands (the shifts
/// by 1, the divisions and remainders by 0): the result is left unknown.
enum class BoolLogic : uint8_t { And, Or, Xor, Unknown };
/// addi, subi, muli, floordivsi, ...: on index and integer scalars the
/// exact `arith` (nullopt: not computed, as the shifts), on i1 values
/// `logic` (Unknown: not computed), elementwise on tensors.
void lowerIndexBinary(OpContext &c, BoolLogic logic,
                      std::optional<IntOp> arith);
/// index_cast, extsi, trunci, ...: `extension` as the entry says.
void lowerIndexCast(OpContext &c, IntExtension extension);
void lowerIntCompareOp(OpContext &c); ///< arith.cmpi
void lowerArithSelect(OpContext &c);
void lowerElementCast(OpContext &c); ///< extf, sitofp, bitcast, ...

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_ARITH_ARITHINTERNAL_H
