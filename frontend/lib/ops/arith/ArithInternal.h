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

namespace symshape::frontend {

// ArithForms.cpp
bool parseSameTypeForm(Parser &p, PendingOp &pending); ///< %a, %b : T
bool parseCompare(Parser &p, PendingOp &pending);      ///< pred, %a, %b : T
bool parseSelect(Parser &p, PendingOp &pending);

// ArithMath.cpp
void lowerElementwise(OpContext &c);  ///< arith / math on tensors or scalars
void lowerIndexBinary(OpContext &c);  ///< addi, subi, muli, floordivsi, ...
void lowerIndexCast(OpContext &c);    ///< index_cast, extsi, trunci, ...
void lowerIntCompareOp(OpContext &c); ///< arith.cmpi
void lowerArithSelect(OpContext &c);
void lowerElementCast(OpContext &c); ///< extf, sitofp, bitcast, ...

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_ARITH_ARITHINTERNAL_H
