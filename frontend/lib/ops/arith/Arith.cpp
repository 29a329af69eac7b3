//===- Arith.cpp - Op entries: arith and math -----------------------------===//
//
// One entry per op: its custom syntax, shape function and runtime
// requirements (see OpTable.h). The shape functions follow the verifiers of
// MLIR's ArithOps.cpp: on tensors and vectors the ops are elementwise, on
// index and integer scalars they compute the integer (ArithMath.cpp).
// The documentation lists these entries in the tensor family.
//
//===----------------------------------------------------------------------===//

#include "ArithInternal.h"
#include "ops/OpTable.h"

namespace symshape::frontend {

/// The integer op `Op` on index values, `Logic` on i1 values.
template <IntOp Op, BoolLogic Logic> static void lowerIntArith(OpContext &c) {
  lowerIndexBinary(c, Logic, Op);
}
/// andi, ori, xori (on i1 values: the formulas' and, or, xor) and the
/// shifts (Unknown on i1): no index value computed.
template <BoolLogic Logic> static void lowerIntLogic(OpContext &c) {
  lowerIndexBinary(c, Logic, std::nullopt);
}

/// Integer casts reading their operand as `Extension`.
template <IntExtension Extension> static void lowerIntCast(OpContext &c) {
  lowerIndexCast(c, Extension);
}

/// Integer arithmetic: computes index values, elementwise on tensors.
static constexpr OpEntry indexOp(std::string_view name, LowerFn lower) {
  return {name, parseSameTypeForm, lower, kRefineNone,
          "index arithmetic; elementwise on tensors"};
}
/// `%a : T1 to T2` casts of the elements: the shape is kept.
static constexpr OpEntry castOp(std::string_view name) {
  return {name, parseCastForm, lowerElementCast, kRefineBoth, "same shape"};
}
/// Integer casts: the same integers on scalars, the same shape on tensors.
static constexpr OpEntry intCastOp(std::string_view name, LowerFn lower) {
  return {name, parseCastForm, lower, kRefineBoth, "same integer / same shape"};
}
static constexpr OpEntry elementwiseOp(std::string_view name) {
  return {name, parseSameTypeForm, lowerElementwise, kRefineNone,
          "elementwise: operands and result of one shape"};
}

static const OpEntry kArithEntries[] = {
    withExactIntArith({"arith.constant", parseArithConstant, lowerArithConstant,
                       kRefineNone,
                       "an integer, or a 1-D integer tensor's elements"}),
    withExactIntArith(
        intCastOp("arith.index_cast", lowerIntCast<IntExtension::Sign>)),
    intCastOp("arith.index_castui", lowerIntCast<IntExtension::Zero>),
    {"arith.cmpf", parseCompare, lowerElementwise, kRefineNone,
     "elementwise: operands and result of one shape"},
    withGenericNormalizer(
        {"arith.cmpi", parseCmpI, lowerIntCompareOp, kRefineNone,
         "elementwise on tensors; on integers, the comparison (a predicate)"},
        readCmpIPredicate),
    {"arith.select", parseSelect, lowerArithSelect, kRefineNone,
     "elementwise (an i1 condition applies to all); on integers, the pick"},
    withExactIntArith(
        indexOp("arith.addi", lowerIntArith<IntOp::Add, BoolLogic::Xor>)),
    withExactIntArith(
        indexOp("arith.subi", lowerIntArith<IntOp::Sub, BoolLogic::Xor>)),
    withExactIntArith(
        indexOp("arith.muli", lowerIntArith<IntOp::Mul, BoolLogic::And>)),
    indexOp("arith.floordivsi",
            lowerIntArith<IntOp::DivFloor, BoolLogic::Unknown>),
    indexOp("arith.ceildivsi",
            lowerIntArith<IntOp::DivCeil, BoolLogic::Unknown>),
    indexOp("arith.ceildivui",
            lowerIntArith<IntOp::CeilDivU, BoolLogic::Unknown>),
    indexOp("arith.divsi", lowerIntArith<IntOp::DivTrunc, BoolLogic::Unknown>),
    indexOp("arith.divui", lowerIntArith<IntOp::DivU, BoolLogic::Unknown>),
    indexOp("arith.remsi", lowerIntArith<IntOp::RemTrunc, BoolLogic::Unknown>),
    indexOp("arith.remui", lowerIntArith<IntOp::RemU, BoolLogic::Unknown>),
    indexOp("arith.maxsi", lowerIntArith<IntOp::Max, BoolLogic::And>),
    indexOp("arith.minsi", lowerIntArith<IntOp::Min, BoolLogic::Or>),
    indexOp("arith.maxui", lowerIntArith<IntOp::MaxU, BoolLogic::Or>),
    indexOp("arith.minui", lowerIntArith<IntOp::MinU, BoolLogic::And>),
    indexOp("arith.andi", lowerIntLogic<BoolLogic::And>),
    indexOp("arith.ori", lowerIntLogic<BoolLogic::Or>),
    indexOp("arith.xori", lowerIntLogic<BoolLogic::Xor>),
    indexOp("arith.shli", lowerIntLogic<BoolLogic::Unknown>),
    indexOp("arith.shrsi", lowerIntLogic<BoolLogic::Unknown>),
    indexOp("arith.shrui", lowerIntLogic<BoolLogic::Unknown>),
    castOp("arith.extf"),
    castOp("arith.truncf"),
    intCastOp("arith.extsi", lowerIntCast<IntExtension::Sign>),
    intCastOp("arith.extui", lowerIntCast<IntExtension::Zero>),
    intCastOp("arith.trunci", lowerIntCast<IntExtension::Signed>),
    castOp("arith.sitofp"),
    castOp("arith.uitofp"),
    castOp("arith.fptosi"),
    castOp("arith.fptoui"),
    castOp("arith.bitcast"),
    elementwiseOp("arith.addf"),
    elementwiseOp("arith.subf"),
    elementwiseOp("arith.mulf"),
    elementwiseOp("arith.divf"),
    elementwiseOp("arith.remf"),
    elementwiseOp("arith.negf"),
    elementwiseOp("arith.maxf"),
    elementwiseOp("arith.minf"),
    elementwiseOp("arith.maximumf"),
    elementwiseOp("arith.minimumf"),
    elementwiseOp("arith.maxnumf"),
    elementwiseOp("arith.minnumf"),
    elementwiseOp("math.exp"),
    elementwiseOp("math.exp2"),
    elementwiseOp("math.expm1"),
    elementwiseOp("math.log"),
    elementwiseOp("math.log2"),
    elementwiseOp("math.log10"),
    elementwiseOp("math.log1p"),
    elementwiseOp("math.tanh"),
    elementwiseOp("math.sqrt"),
    elementwiseOp("math.rsqrt"),
    elementwiseOp("math.absf"),
    elementwiseOp("math.absi"),
    elementwiseOp("math.sin"),
    elementwiseOp("math.cos"),
    elementwiseOp("math.tan"),
    elementwiseOp("math.atan"),
    elementwiseOp("math.erf"),
    elementwiseOp("math.floor"),
    elementwiseOp("math.ceil"),
    elementwiseOp("math.round"),
    elementwiseOp("math.roundeven"),
    elementwiseOp("math.trunc"),
    elementwiseOp("math.powf"),
    elementwiseOp("math.atan2"),
    elementwiseOp("math.copysign"),
    elementwiseOp("math.fma"),
    elementwiseOp("math.ipowi"),
};

OpFamily arithOps() {
  return {"arith", kArithEntries,
          sizeof(kArithEntries) / sizeof(kArithEntries[0])};
}

} // namespace symshape::frontend
