//===- Shape.cpp - Op entries: the shape dialect --------------------------===//
//
// One entry per op: its custom syntax (as mlir-opt 16 prints it), shape
// function (ShapeRules.cpp) and refine flags (see OpTable.h).
//
//   %s = shape.shape_of %t : tensor<?x4xf32> -> tensor<2xindex>
//   %w = shape.cstr_broadcastable %a, %b : tensor<2xindex>, tensor<2xindex>
//   %w = shape.cstr_require %p, "message"
//
//===----------------------------------------------------------------------===//

#include "ShapeInternal.h"
#include "ops/OpTable.h"
#include "ops/rules/PrettyForms.h"

namespace symshape::frontend {

namespace {

/// `%a, %b [, error = "..."] {attrs} : T1, T2 -> R`
bool arrowTyped(Parser &p, PendingOp &o) {
  return parseArrowTyped(p, o, true, false);
}
/// The same, or the seed's `%a, %b, error = ".." : T`.
bool meetLike(Parser &p, PendingOp &o) {
  return parseArrowTyped(p, o, true, true);
}
/// `%a, %b {attrs} : T1, T2` with an implied result type.
template <const char *Result> bool colonTyped(Parser &p, PendingOp &o) {
  return parseColonTyped(p, o, builtinType(Result));
}
/// `%a, %b {attrs}` with implied types.
template <const char *Operand, const char *Result>
bool untyped(Parser &p, PendingOp &o) {
  static const Type operand = builtinType(Operand);
  return parseUntyped(p, o, Operand[0] ? &operand : nullptr,
                      builtinType(Result));
}
/// `%p, "message" {attrs}`, a !shape.witness.
bool cstrRequire(Parser &p, PendingOp &o) {
  o.resultTypes.push_back(builtinType("!shape.witness"));
  return parsePredicateMessageForm(p, o);
}

constexpr char kNoType[] = "";
constexpr char kShape[] = "!shape.shape";
constexpr char kWitness[] = "!shape.witness";
constexpr char kIndex[] = "index";
constexpr char kSize[] = "!shape.size";
constexpr char kI1[] = "i1";

} // namespace

static const OpEntry kShapeEntries[] = {
    withoutSideEffects({"shape.shape_of", arrowTyped, lowerShapeOf, kRefineBoth,
                        "the extents of a tensor's shape", true}),
    {"shape.broadcast", arrowTyped, lowerShapeBroadcast, kRefineBoth,
     "broadcast of shapes; `broadcast` per result extent", true},
    {"shape.meet", meetLike, lowerShapeJoin, kRefineOperands,
     "like join; `join` per extent", true},
    {"shape.join", meetLike, lowerShapeJoin, kRefineOperands,
     "equal shapes or sizes; `join` per extent", true},
    withExactIntArith({"shape.add", arrowTyped, lowerShapeAdd, kRefineOperands,
                       "a + b", true}),
    withExactIntArith({"shape.mul", arrowTyped, lowerShapeMul, kRefineOperands,
                       "a * b", true}),
    withExactIntArith(withoutSideEffects(
        {"shape.get_extent", arrowTyped, lowerGetExtent, kRefineOperands,
         "one extent; an index past the rank is `rank`", true})),
    {"shape.dim", arrowTyped, lowerShapeDim, kRefineOperands,
     "one dim of a tensor; a constant index past the rank: `rank` error", true},
    {"shape.div", arrowTyped, lowerSizeDiv, kRefineOperands,
     "floor(a / b) for a constant b > 0; else opaque", true},
    {"shape.max", arrowTyped, lowerShapeMax, kRefineOperands,
     "max of sizes, or extent by extent of shapes of one rank", true},
    {"shape.min", arrowTyped, lowerShapeMin, kRefineOperands,
     "min of sizes, or extent by extent of shapes of one rank", true},
    {"shape.concat", arrowTyped, lowerShapeConcat, kRefineOperands,
     "the extents of a, then those of b", true},
    {"shape.from_extent_tensor", colonTyped<kShape>, lowerCreateShape,
     kRefineOperands, "a shape from an extent tensor", true},
    {"shape.shape_eq", colonTyped<kI1>, lowerWitness, kRefineOperands,
     "a flag: nothing to check", true},
    {"shape.rank", arrowTyped, lowerRank, kRefineOperands, "the rank", true},
    {"shape.num_elements", arrowTyped, lowerNumElements, kRefineOperands,
     "product of the extents", true},
    {"shape.to_extent_tensor", arrowTyped, lowerToExtentTensor, kRefineBoth,
     "the extents as tensor<Nxindex>", true},
    {"shape.from_extents", colonTyped<kShape>, lowerFromExtents,
     kRefineOperands, "a shape of the given sizes", true},
    withExactIntArith(withoutSideEffects(
        {"shape.size_to_index", colonTyped<kIndex>, lowerSizeCast,
         kRefineOperands, "the same integer", true})),
    {"shape.cstr_broadcastable", colonTyped<kWitness>, lowerCstrBroadcastable,
     kRefineOperands, "`cstr` per extent column", true, OpRole::Constraint},
    {"shape.cstr_eq", colonTyped<kWitness>, lowerCstrEq, kRefineOperands,
     "`cstr` per extent", true, OpRole::Constraint},
    {"shape.cstr_require", cstrRequire, lowerCstrRequire, kRefineNone,
     "`cstr` that its i1 operand holds, read like cf.assert's", true,
     OpRole::Constraint},
    {"shape.is_broadcastable", colonTyped<kI1>, lowerIsBroadcastable,
     kRefineOperands, "a flag: nothing to check", true},
    withExactIntArith(withoutSideEffects(
        {"shape.index_to_size", untyped<kIndex, kSize>, lowerSizeCast,
         kRefineOperands, "the same integer", true})),
    {"shape.assuming_all", untyped<kWitness, kWitness>, lowerWitness,
     kRefineOperands, "a witness: nothing to check", true},
    {"shape.create_shape", untyped<kNoType, kShape>, lowerCreateShape,
     kRefineOperands, "a shape from an extent tensor", true},
    withExactIntArith({"shape.yield", parseTerminatorForm, nullptr, kRefineNone,
                       "terminator", true, OpRole::Yield}),
    {"shape.assuming_yield", parseTerminatorForm, nullptr, kRefineNone,
     "terminator", true, OpRole::Yield},
    withGenericNormalizer(
        withoutSideEffects({"shape.const_shape", parseConstShape,
                            lowerConstShape, kRefineOperands,
                            "constant extents (`?` fresh)", true}),
        normalizeConstShape),
    {"shape.constant", parseShapeConstant, lowerConstShape, kRefineOperands,
     "constant shape or size", true},
    withExactIntArith(
        withoutSideEffects({"shape.const_size", parseConstSize, lowerConstSize,
                            kRefineOperands, "constant size", true})),
    {"shape.const_witness", parseConstWitness, lowerWitness, kRefineOperands,
     "a witness: nothing to check", true},
    {"shape.reduce", parseShapeReduce, lowerShapeReduceOp, kRefineOperands,
     "runs a body of size arithmetic once per extent", true},
    {"shape.assuming", parseShapeAssuming, lowerAssuming, kRefineNone,
     "the body is inlined; its results pass through", true},
    {"shape.debug_print", nullptr, lowerSizeCast, kRefineOperands,
     "the value passes through", true},
};

OpFamily shapeFamily() {
  return {"shape", kShapeEntries,
          sizeof(kShapeEntries) / sizeof(kShapeEntries[0])};
}

} // namespace symshape::frontend
