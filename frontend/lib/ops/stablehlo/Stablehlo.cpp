//===- Stablehlo.cpp - Op entries: stablehlo, mhlo and chlo ---------------===//
//
// One entry per op: its custom syntax, shape function and runtime
// requirements (see OpTable.h). mhlo.X and stablehlo.X share their syntax
// and shape function, so each line below makes both entries. Shapes follow
// the StableHLO specification (docs/spec.md) and its TypeInference.cpp;
// the pretty forms are those of StableHLO's AssemblyFormat.cpp, which
// mlir-hlo shares (StablehloForms*.cpp).
//
//===----------------------------------------------------------------------===//

#include "StablehloInternal.h"
#include "ops/rules/OpRules.h"

namespace symshape::frontend {

using namespace hlo;

namespace {

constexpr uint8_t kBoth = kRefineBoth, kResults = kRefineResults,
                  kNone = kRefineNone;

#define HLO(op, parse, lower, refine, summary)                                 \
  {"stablehlo." op, parse, lower, refine, summary}, {                          \
    "mhlo." op, parse, lower, refine, summary                                  \
  }
/// An HLO entry with no effect but its results (OpEntry::sideEffectFree).
#define PURE_HLO(op, parse, lower, refine, summary)                            \
  withoutSideEffects({"stablehlo." op, parse, lower, refine, summary}),        \
      withoutSideEffects({"mhlo." op, parse, lower, refine, summary})
/// An HLO entry with a role (OpEntry::role).
#define HLO_WITH_ROLE(op, parse, lower, refine, summary, role)                 \
  withRole({"stablehlo." op, parse, lower, refine, summary}, role),            \
      withRole({"mhlo." op, parse, lower, refine, summary}, role)
#define UNARY(op) HLO(op, parseTyped, lowerElementwise, kBoth, "elementwise")
#define BINARY(op)                                                             \
  HLO(op, parseTyped, lowerBinary, kBoth,                                      \
      "elementwise, equal shapes (broadcast_dimensions: XLA's rules)")
#define CHLO_BROADCAST(op)                                                     \
  {                                                                            \
    "chlo.broadcast_" op, parseTyped, lowerChloBroadcast, kBoth,               \
        "implicit broadcast (the Broadcastable trait); broadcast_dimensions: " \
        "XLA's rules"                                                          \
  }
#define CHLO_UNARY(op)                                                         \
  { "chlo." op, parseTyped, lowerElementwise, kBoth, "elementwise" }

const OpEntry kStablehloEntries[] = {
    // Elementwise, one operand.
    PURE_HLO("abs", parseTyped, lowerHloIntUnaryOf<HloIntUnary::Abs>, kBoth,
             "elementwise; integer values: abs"),
    UNARY("cbrt"),
    UNARY("ceil"),
    UNARY("cosine"),
    UNARY("count_leading_zeros"),
    UNARY("exponential"),
    UNARY("exponential_minus_one"),
    UNARY("floor"),
    UNARY("imag"),
    UNARY("is_finite"),
    UNARY("log"),
    UNARY("log_plus_one"),
    UNARY("logistic"),
    PURE_HLO("negate", parseTyped, lowerHloIntUnaryOf<HloIntUnary::Negate>,
             kBoth, "elementwise; integer values: negate"),
    PURE_HLO("not", parseTyped, lowerHloLogicOf<HloLogic::Not>, kBoth,
             "elementwise; i1 values: not"),
    UNARY("popcnt"),
    UNARY("real"),
    UNARY("round_nearest_afz"),
    UNARY("round_nearest_even"),
    UNARY("rsqrt"),
    PURE_HLO("sign", parseTyped, lowerHloIntUnaryOf<HloIntUnary::Sign>, kBoth,
             "elementwise; integer values: sign"),
    UNARY("sine"),
    UNARY("sqrt"),
    UNARY("tan"),
    UNARY("tanh"),
    UNARY("atan"),
    UNARY("erf"),
    UNARY("uniform_quantize"),
    UNARY("uniform_dequantize"),
    HLO("reduce_precision", parseReducePrecision, lowerElementwise, kBoth,
        "elementwise"),
    HLO("reverse", parseReverse, lowerElementwise, kBoth, "result = operand"),
    PURE_HLO("convert", parseTyped, lowerConvert, kBoth, "elementwise"),
    HLO("bitcast_convert", parseTyped, lowerBitcastConvert, kBoth,
        "same shape; a width change adds or drops the last dim"),
    // Elementwise, two or three operands.
    PURE_HLO("add", parseTyped, lowerIntArithOf<IntOp::Add>, kBoth,
             "elementwise, equal shapes"),
    PURE_HLO("subtract", parseTyped, lowerIntArithOf<IntOp::Sub>, kBoth,
             "elementwise, equal shapes"),
    PURE_HLO("multiply", parseTyped, lowerIntArithOf<IntOp::Mul>, kBoth,
             "elementwise, equal shapes"),
    PURE_HLO("divide", parseTyped, lowerIntArithOf<IntOp::DivTrunc>, kBoth,
             "elementwise, equal shapes"),
    PURE_HLO("remainder", parseTyped, lowerIntArithOf<IntOp::RemTrunc>, kBoth,
             "elementwise, equal shapes; integer values: remainder"),
    PURE_HLO("maximum", parseTyped, lowerIntArithOf<IntOp::Max>, kBoth,
             "elementwise, equal shapes; integer values: max"),
    PURE_HLO("minimum", parseTyped, lowerIntArithOf<IntOp::Min>, kBoth,
             "elementwise, equal shapes; integer values: min"),
    BINARY("power"),
    PURE_HLO("and", parseTyped, lowerHloLogicOf<HloLogic::And>, kBoth,
             "elementwise, equal shapes; i1 values: and"),
    PURE_HLO("or", parseTyped, lowerHloLogicOf<HloLogic::Or>, kBoth,
             "elementwise, equal shapes; i1 values: or"),
    PURE_HLO("xor", parseTyped, lowerHloLogicOf<HloLogic::Xor>, kBoth,
             "elementwise, equal shapes; i1 values: xor"),
    BINARY("shift_left"),
    BINARY("shift_right_arithmetic"),
    BINARY("shift_right_logical"),
    BINARY("atan2"),
    HLO("complex", parseComplex, lowerBinary, kBoth,
        "elementwise, equal shapes"),
    PURE_HLO("compare", parseCompare, lowerHloCompare, kBoth,
             "elementwise, equal shapes; integer values: a predicate"),
    PURE_HLO(
        "select", parseTyped, lowerHloSelect, kBoth,
        "elementwise; the predicate may be rank 0; integer values: the pick"),
    HLO("clamp", parseTyped, lowerHloClamp, kBoth,
        "elementwise; min and max may be rank 0"),
    // Broadcasts (XLA broadcasting).
    PURE_HLO("broadcast_in_dim", parseBroadcastInDim, lowerBroadcastInDim,
             kBoth, "operand dim i is 1 or equals result dim dims[i]"),
    HLO("dynamic_broadcast_in_dim", parseBroadcastInDim,
        lowerDynamicBroadcastInDim, kBoth,
        "result = the shape operand (sizes not negative); operand dim i is "
        "1 or equal"),
    HLO("broadcast", parseBroadcast, lowerBroadcast, kBoth,
        "result = broadcast_sizes ++ operand"),
    // Reshapes, permutations, sources of sizes.
    PURE_HLO("reshape", parseTyped, lowerReshape, kBoth, "element count kept"),
    HLO("dynamic_reshape", parseTyped, lowerDynamicReshape, kBoth,
        "result = the shape operand (sizes not negative); element count "
        "kept"),
    HLO("transpose", parseTranspose, lowerTranspose, kBoth,
        "result[i] = operand[permutation[i]]"),
    PURE_HLO("concatenate", parseConcatenate, lowerConcatenate, kBoth,
             "other dims equal; result dim = sum"),
    HLO("iota", parseIota, lowerIota, kNone, "static result"),
    HLO("dynamic_iota", parseDynamicIota, lowerDynamicIota, kBoth,
        "result = the shape operand; each size not negative (`in-bounds`)"),
    PURE_HLO("get_dimension_size", parseGetDimensionSize, lowerGetDimensionSize,
             kNone, "the size of one dim"),
    HLO("set_dimension_size", parseConcatenate, lowerSetDimensionSize, kBoth,
        "result dim = the size operand, within the operand's static size or "
        "bound (`in-bounds`)"),
    PURE_HLO("constant", parseConstant, lowerConstant, kNone,
             "static; integer vectors and [N, 2] paddings carry their values"),
    // Slices and pads.
    PURE_HLO("slice", parseSlice, lowerSlice, kBoth,
             "0 <= start <= limit <= dim; ceil((limit - start) / stride)"),
    HLO("dynamic_slice", parseDynamicSlice, lowerDynamicSlice, kBoth,
        "result = slice_sizes; each fits its dim"),
    HLO("dynamic_update_slice", parseTyped, lowerDynamicUpdateSlice, kBoth,
        "update fits the operand; result = operand"),
    HLO("real_dynamic_slice", parseTyped, lowerRealDynamicSlice, kBoth,
        "slice by values: 0 <= start <= limit <= dim, stride > 0; "
        "ceil((limit - start) / stride)"),
    HLO("pad", parsePad, lowerPad, kBoth,
        "lo + in + hi + max(in - 1, 0) * interior"),
    HLO("dynamic_pad", parseTyped, lowerDynamicPad, kBoth,
        "lo + in + hi + max(in - 1, 0) * interior (known padding values)"),
    HLO("gather", nullptr, lowerGather, kBoth,
        "batch dims of the indices and offset dims of slice_sizes"),
    HLO("dynamic_gather", nullptr, lowerDynamicGather, kBoth,
        "gather with slice_sizes read from the operand's values "
        "(0 <= size <= dim)"),
    HLO("torch_index_select", nullptr, lowerTorchIndexSelect, kBoth,
        "operand[:dim] ++ index[batch_dims:] ++ operand[dim+1:]; "
        "batch dims equal"),
    HLO("scatter", nullptr, lowerScatter, kResults,
        "result = input; update windows fit, scatter dims equal"),
    // Contractions and windows.
    HLO("dot", parseDot, lowerDot, kBoth, "[m, k] x [k, n] -> [m, n]"),
    HLO("dot_general", parseDotGeneral, lowerDotGeneral, kBoth,
        "batch ++ lhs free ++ rhs free; batch and contracted dims equal"),
    {"stablehlo.convolution", parseConvolution, lowerConvolution, kBoth,
     "feature groups; window rule per spatial dim"},
    {"mhlo.convolution", parseConvolution, lowerMhloConvolution, kBoth,
     "feature groups; window rule per spatial dim"},
    {"stablehlo.dynamic_conv", nullptr, lowerDynamicConv, kBoth,
     "convolution padded by the operand's values (opaque when unknown)"},
    {"mhlo.dynamic_conv", nullptr, lowerMhloDynamicConv, kBoth,
     "convolution padded by the operand's values (opaque when unknown)"},
    HLO("reduce", parseReduce, lowerReduce, kBoth,
        "inputs of one shape; results drop `dimensions`"),
    HLO("reduce_window", nullptr, lowerReduceWindow, kBoth,
        "window rule per dim"),
    HLO("select_and_scatter", nullptr, lowerSelectAndScatter, kBoth,
        "source = the windowed operand; result = operand"),
    HLO("sort", nullptr, lowerSort, kBoth, "results = inputs, of one shape"),
    HLO("map", nullptr, lowerMap, kBoth, "result = inputs, of one shape"),
    HLO("cholesky", parseCholesky, lowerCholesky, kBoth,
        "result = operand, its last two dims equal (`equal`, cholesky_c3)"),
    HLO("triangular_solve", nullptr, lowerTriangularSolve, kBoth,
        "result = b; a square, batch dims equal"),
    HLO("batch_norm_training", nullptr, lowerBatchNormTraining, kBoth,
        "output = operand; mean, variance = [operand[feature_index]]"),
    HLO("batch_norm_inference", nullptr, lowerBatchNormInference, kBoth,
        "result = operand; vectors of operand[feature_index]"),
    HLO("batch_norm_grad", nullptr, lowerBatchNormGrad, kBoth,
        "grad_operand = operand; grad_scale, grad_offset = feature vectors"),
    HLO("rng", parseRng, lowerRng, kBoth, "result = the shape operand"),
    HLO("rng_bit_generator", parseRngBitGenerator, lowerRngBitGenerator, kBoth,
        "output_state = initial_state (rng_bit_generator_c1); output: its "
        "declared type"),
    HLO("fft", parseFft, lowerFft, kBoth,
        "over the last size(fft_length) dims: FFT, IFFT keep the shape; "
        "RFFT's operand and IRFFT's result end in fft_length, the complex "
        "side's last dim is fft_length[-1] / 2 + 1"),
    // Control flow and plumbing.
    HLO("while", parseWhile, lowerWhile, kNone,
        "a carried value the body keeps the sizes of: the init's sizes; "
        "others the carried types; regions conditional"),
    HLO("if", nullptr, lowerIfCase, kNone,
        "a result every branch returns with the same sizes has them; others "
        "the declared types; each branch under its condition (pred known)"),
    HLO("case", nullptr, lowerIfCase, kNone,
        "a result every branch returns with the same sizes has them; others "
        "the declared types; branch k under index == k (the last: any index "
        "out of range)"),
    HLO("tuple", parseTuple, lowerCarried, kNone, "carried types"),
    HLO("get_tuple_element", parseGetTupleElement, lowerCarried, kNone,
        "carried types"),
    HLO("optimization_barrier", parseOptimizationBarrier, lowerPassThrough,
        kNone, "results = operands"),
    HLO("return", parseReturn, nullptr, kNone, "terminator"),
    {"chlo.top_k", parseTopK, lowerTopK, kBoth,
     "values, indices = operand with the last dim k; k <= the last dim"},
    {"mhlo.topk", parseTopK, lowerTopK, kBoth,
     "values, indices = operand with the last dim k; k <= the last dim"},
    {"chlo.ragged_dot", nullptr, lowerRaggedDot, kBoth,
     "[g if ragged contracting] ++ batch ++ lhs free ++ rhs free but the "
     "group dim; batch, contracted and group dims equal"},
    {"mhlo.ragged_dot", nullptr, lowerRaggedDot, kBoth,
     "as chlo.ragged_dot; opaque while its nested #mhlo.dot is not read"},
    HLO_WITH_ROLE(
        "custom_call", parseCustomCall, lowerCustomCall, kNone,
        "an external function (opaque unless every type is static or "
        "indices_of_shape_operands gives the result shapes); "
        "@stablehlo.dynamic_top_k, _approx_top_k, _rng_bit_generator, "
        "_reduce_window: results from their operands' values; GSPMD's "
        "@Sharding (the operand, its mhlo.sharding kept), "
        "@SPMDFullToShardShape (each dim ceil(dim / tiles) of the operand's "
        "sharding), @SPMDShardToFullShape (ceil(full / tiles) = shard)",
        OpRole::CustomCall),
    // chlo: implicit broadcasting binary ops and elementwise ops.
    CHLO_BROADCAST("add"),
    CHLO_BROADCAST("and"),
    CHLO_BROADCAST("atan2"),
    CHLO_BROADCAST("compare"),
    CHLO_BROADCAST("complex"),
    CHLO_BROADCAST("divide"),
    CHLO_BROADCAST("maximum"),
    CHLO_BROADCAST("minimum"),
    CHLO_BROADCAST("multiply"),
    CHLO_BROADCAST("next_after"),
    CHLO_BROADCAST("or"),
    CHLO_BROADCAST("polygamma"),
    CHLO_BROADCAST("power"),
    CHLO_BROADCAST("remainder"),
    CHLO_BROADCAST("select"),
    CHLO_BROADCAST("shift_left"),
    CHLO_BROADCAST("shift_right_arithmetic"),
    CHLO_BROADCAST("shift_right_logical"),
    CHLO_BROADCAST("subtract"),
    CHLO_BROADCAST("xor"),
    CHLO_BROADCAST("zeta"),
    CHLO_UNARY("acos"),
    CHLO_UNARY("acosh"),
    CHLO_UNARY("asin"),
    CHLO_UNARY("asinh"),
    CHLO_UNARY("atan"),
    CHLO_UNARY("atanh"),
    CHLO_UNARY("bessel_i1e"),
    CHLO_UNARY("conj"),
    CHLO_UNARY("cosh"),
    CHLO_UNARY("sinh"),
    CHLO_UNARY("tan"),
    CHLO_UNARY("digamma"),
    CHLO_UNARY("erf"),
    CHLO_UNARY("erf_inv"),
    CHLO_UNARY("erfc"),
    CHLO_UNARY("is_inf"),
    CHLO_UNARY("is_neg_inf"),
    CHLO_UNARY("is_pos_inf"),
    CHLO_UNARY("lgamma"),
    CHLO_UNARY("square"),
    CHLO_UNARY("polygamma"),
    CHLO_UNARY("zeta"),
    CHLO_UNARY("next_after"),
};

#undef HLO
#undef UNARY
#undef BINARY
#undef CHLO_BROADCAST
#undef CHLO_UNARY

} // namespace

OpFamily stablehloFamily() {
  return {"stablehlo", kStablehloEntries,
          sizeof(kStablehloEntries) / sizeof(kStablehloEntries[0])};
}

} // namespace symshape::frontend
