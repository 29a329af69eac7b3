//===- IntRules.h - Integer and i1 arithmetic of size computations -*- C++
//-*-===//
//
// The rules every family's integer ops share (arith on index / integer
// scalars, stablehlo on 0-d and 1-d integer tensors, tensor.from_elements):
// exact integer arithmetic on dim-graph terms, comparisons as formulas, and
// selects as select terms.
//
//   %q = arith.divsi %n, %c4 : index        %q = %n < 0 ? -((-%n) / 4) : %n / 4
//   %p = arith.cmpi sge, %q, %c1 : index    %p = %q >= 1
//   cf.assert %p, "..."                     a check of %q >= 1
//
// Sizes are assumed not to wrap (as XLA and JAX assume); arithmetic on
// constants whose exact result leaves its type is a static `overflow`.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_INTRULES_H
#define SYMSHAPE_FRONTEND_OPS_INTRULES_H

#include "lowering/IntTypes.h"
#include "ops/OpContext.h"

#include <functional>
#include <optional>
#include <vector>

namespace symshape::frontend {

/// The integer type of operand `i` / result `r`: a scalar's type, or a
/// tensor's element type (nullopt when neither is an integer).
std::optional<IntType> operandIntType(const OpContext &c, size_t i);
std::optional<IntType> resultIntType(const OpContext &c, size_t r);

/// Operand `i`'s integer elements (Lowerer::intElements).
std::optional<std::vector<TermId>> intOperand(OpContext &c, size_t i);
/// Operand `i`'s i1 elements, when all are known.
std::optional<std::vector<FormulaId>> boolOperand(OpContext &c, size_t i);
/// Result `r` holds these integer / i1 elements. A scalar result needs one;
/// a tensor result gets its dims too (rank 0, or rank 1 of that length),
/// unless an earlier setResult gave them.
void setIntResult(OpContext &c, size_t r, std::vector<TermId> elements);
void setBoolResult(OpContext &c, size_t r, std::vector<FormulaId> elements);
/// arith.constant (and the constants written the same way): an integer, an
/// i1, or a 1-D integer tensor's elements.
void lowerArithConstant(OpContext &c);
/// Gives result `r` (already defined) the elements `extents` as well, for
/// 1-D integer tensors that carry a shape.
void setExtents(OpContext &c, size_t r, std::vector<TermId> extents);

enum class IntOp : uint8_t {
  Add,
  Sub,
  Mul,
  DivTrunc, ///< arith.divsi, stablehlo.divide: rounds towards zero
  RemTrunc, ///< arith.remsi, stablehlo.remainder: the sign of the dividend
  DivFloor, ///< arith.floordivsi
  DivCeil,  ///< arith.ceildivsi
  DivU,     ///< arith.divui: operands read as unsigned
  RemU,     ///< arith.remui
  CeilDivU, ///< arith.ceildivui
  Max,      ///< signed
  Min,
  MaxU, ///< unsigned order
  MinU,
};

/// `a op b` as an exact term; nullopt when symshape cannot state it exactly
/// (a division by a size that is not a nonzero constant, an unsigned op on
/// a value that may be negative).
std::optional<TermId> intBinary(OpContext &c, IntOp op, TermId a, TermId b);
/// The exact value of `a op b` for constants (for the overflow check);
/// nullopt when the op is not defined there (a division by zero).
std::optional<__int128> foldInt(IntOp op, int64_t a, int64_t b);

enum class CmpPred : uint8_t { Eq, Ne, Lt, Le, Gt, Ge, ULt, ULe, UGt, UGe };
/// The predicate of arith.cmpi's case (`slt` is Lt, `uge` UGe).
CmpPred cmpPredicate(CmpIPredicate predicate);
/// `a pred b`; nullopt for an unsigned comparison of values that may be
/// negative.
std::optional<FormulaId> compareInts(OpContext &c, CmpPred pred, TermId a,
                                     TermId b);

/// Whether `cond` holds whatever the symbols are, decided from its terms
/// alone (a size is never negative, constants compare); nullopt when it
/// depends on them. A select on a decided condition needs only the branch
/// it takes (torch-mlir's `dim < 0 ? ... : dim` guards of view sizes).
std::optional<bool> decideCondition(OpContext &c, FormulaId cond,
                                    int depth = 0);
/// `cond ? then : otherwise` on integers, as select terms; nullopt when
/// `cond` is not a comparison of sizes symshape can branch on.
std::optional<TermId> selectInt(OpContext &c, FormulaId cond, TermId then,
                                TermId otherwise);
/// `cond ? then : otherwise` on i1 values.
FormulaId selectBool(OpContext &c, FormulaId cond, FormulaId then,
                     FormulaId otherwise);

/// Applies `rule` to the elements of operands 0 and 1 pairwise (a scalar
/// operand pairs with every element of the other) and sets result 0. On
/// constants whose exact result leaves the result's integer type, the op
/// is an `overflow` error. False when an element is not representable
/// (the result is then left to the caller).
bool lowerIntPairs(OpContext &c, IntOp op);

/// arith.cmpi / stablehlo.compare on integer values: sets result 0's i1
/// elements. False when they are not known.
bool lowerIntCompare(OpContext &c, CmpPred pred);

/// How an integer conversion reads its operand: the entry says it.
enum class IntExtension : uint8_t {
  /// The signed value; an i1 true is 1 (trunci, whose operand is never
  /// i1, and stablehlo.convert: the spec converts true to one).
  Signed,
  /// The unsigned value (index_castui, extui).
  Zero,
  /// The signed value; an i1 true is -1 (extsi, and index_cast, which
  /// sign-extends when it widens).
  Sign,
};

/// Integer conversions (index_cast, extsi, trunci, stablehlo.convert, ...):
/// the same integers, or an `overflow` for a constant the result type
/// cannot hold; i1 to integer gives 0 / 1 (-1 for `Sign`), integer to i1
/// `!= 0`. False when the operand's values are not known.
bool lowerIntConvert(OpContext &c, IntExtension extension);

/// A runtime check of the i1 operand `i` (cf.assert, shape_assertion, and
/// shape.cstr_require with `kind` Cstr): an obligation of `kind` that fails
/// exactly when the predicate is false; `message` is the check's own text.
/// A predicate that is not a size computation symshape reads makes the
/// check opaque.
void lowerRuntimeCheck(
    OpContext &c, size_t i, const std::string &message,
    solver::ObligationKind kind = solver::ObligationKind::Assert);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_INTRULES_H
