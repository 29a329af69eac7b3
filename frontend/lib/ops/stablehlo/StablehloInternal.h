//===- StablehloInternal.h - Shared by the stablehlo family's files -*- C++
//-*-===//
//
// The stablehlo / mhlo / chlo entries (Stablehlo.cpp) call parse functions
// for the pretty forms (StablehloForms*.cpp) and shape functions
// (StablehloShapes.cpp, StablehloDot.cpp, StablehloReduce.cpp). Pretty
// forms store what they read under the generic form's attribute names, so
// each shape function reads one representation:
//
//   stablehlo.transpose %x, dims = [1, 0]     -> permutation = [1, 0]
//   stablehlo.dot_general %a, %b, batching_dims = [0] x [0], ...
//                                             -> lhs_batching_dimensions = [0]
//                                                rhs_batching_dimensions = [0]
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_STABLEHLO_STABLEHLOINTERNAL_H
#define SYMSHAPE_FRONTEND_OPS_STABLEHLO_STABLEHLOINTERNAL_H

#include "ops/OpContext.h"
#include "ops/OpTable.h"
#include "ops/rules/IntLists.h"
#include "ops/rules/IntRules.h"
#include "ops/rules/PrettyForms.h"

#include <map>

namespace symshape::frontend::hlo {

//===--- Pretty forms (StablehloForms.cpp, StablehloFormsRegions.cpp) ----===//
/// `%a, %b {attrs} : T` (all the same), `: (T1, T2) -> R`, and chlo's
/// `: T1, T2 -> R`; select's `: Tpred, T`.
bool parseTyped(Parser &p, PendingOp &pending);
/// stablehlo.complex: `: tensor<2xcomplex<f64>>` gives the operands' real
/// element type, so the single type only fixes their shapes.
bool parseComplex(Parser &p, PendingOp &pending);
bool parseCompare(Parser &p, PendingOp &pending);
/// `%x, dims = [..]` (broadcast_in_dim), `%x, %s, dims = [..]`.
bool parseBroadcastInDim(Parser &p, PendingOp &pending);
bool parseTranspose(Parser &p, PendingOp &pending);
bool parseReverse(Parser &p, PendingOp &pending);
bool parseBroadcast(Parser &p, PendingOp &pending);
bool parseIota(Parser &p, PendingOp &pending);
bool parseDynamicIota(Parser &p, PendingOp &pending);
bool parseConcatenate(Parser &p, PendingOp &pending);
bool parseSlice(Parser &p, PendingOp &pending);
bool parseDynamicSlice(Parser &p, PendingOp &pending);
bool parsePad(Parser &p, PendingOp &pending);
bool parseGetDimensionSize(Parser &p, PendingOp &pending);
bool parseConstant(Parser &p, PendingOp &pending);
bool parseDot(Parser &p, PendingOp &pending);
bool parseDotGeneral(Parser &p, PendingOp &pending);
bool parseConvolution(Parser &p, PendingOp &pending);
bool parseRng(Parser &p, PendingOp &pending);
/// `%state, algorithm = DEFAULT : (T) -> (S, R)`
bool parseRngBitGenerator(Parser &p, PendingOp &pending);
/// `%x, format = e5m10 {attrs} : T`
bool parseReducePrecision(Parser &p, PendingOp &pending);
bool parseCholesky(Parser &p, PendingOp &pending);
/// `%x, type = FFT, length = [16] : (T) -> R`
bool parseFft(Parser &p, PendingOp &pending);
/// `(%x, k = 8 [, largest = true]) : T -> (V, I)` (chlo.top_k, mhlo.topk)
bool parseTopK(Parser &p, PendingOp &pending);
bool parseTuple(Parser &p, PendingOp &pending);
bool parseGetTupleElement(Parser &p, PendingOp &pending);
bool parseOptimizationBarrier(Parser &p, PendingOp &pending);
bool parseReturn(Parser &p, PendingOp &pending);
bool parseCustomCall(Parser &p, PendingOp &pending);
bool parseReduce(Parser &p, PendingOp &pending);
bool parseWhile(Parser &p, PendingOp &pending);

// Pieces the pretty forms share.
/// array<i64: ...> and `N` attributes built from what a pretty form read.
Attribute intsAttribute(std::vector<int64_t> values);
Attribute intAttribute(int64_t value);
void addAttr(PendingOp &pending, std::string name, Attribute value);
/// `[1, -2, 3]`
std::optional<std::vector<int64_t>> parseIntList(Parser &p);
/// `keyword = [..]` stored as the attribute `attrName`.
bool parseKeywordInts(Parser &p, PendingOp &pending, std::string_view keyword,
                      std::string attrName);
/// `keyword = N` stored as the attribute `attrName`.
bool parseKeywordInt(Parser &p, PendingOp &pending, std::string_view keyword,
                     std::string attrName);
/// The types after the `:` of a StableHLO pretty form: a function type,
/// one type for all, chlo's `T1, T2 -> R`, select's `Tpred, T`. The
/// operands' written types are checked against their values when
/// `checkOperands`.
bool parseTypeTail(Parser &p, PendingOp &pending,
                   const std::vector<OperandUse> &uses, bool checkOperands);

//===--- Attributes
//--------------------------------------------------------===//
/// A window attribute of convolution / reduce_window: `defaults` when it
/// is absent or empty (`stride = []`: TypeInference.cpp's
/// verifyWindowAttributesAndInferWindowDimensions reads an empty list as
/// the default), nullopt when it is not an integer list.
std::optional<std::vector<int64_t>> windowAttr(const OpContext &ctx,
                                               std::string_view name,
                                               std::vector<int64_t> defaults);
/// The fields of a struct attribute the parser read
/// (`#stablehlo.gather<offset_dims = [1], index_vector_dim = 1>`,
/// Attribute::structured), each a list (`key = 3` is {3}); a field the
/// printer left out (empty list, zero) is absent. nullopt when the
/// attribute is not one.
using Fields = std::map<std::string, std::vector<int64_t>, std::less<>>;
std::optional<Fields> structFields(const Attribute &attr);

//===--- Values of small integer tensors (shape operands)
//------------------===//
/// The elements of operand `i` used as a shape (dynamic_broadcast_in_dim,
/// dynamic_reshape, ...): known extents, a constant, or, for a 1-D integer
/// tensor of static length, one fresh size per element (kept with the
/// value, so every use sees the same sizes).
std::optional<std::vector<TermId>> shapeOperand(OpContext &ctx, size_t i);
/// SEMANTICS.md §2: a dim is never negative, an element of a shape operand
/// can be: an `in-bounds` requirement per element of `shape` (operand `i`'s
/// values) not provably >= 0, as tensor.empty's sizes.
void requireShapeSizes(OpContext &ctx, const std::vector<TermId> &shape,
                       size_t i);
/// Result `r`, a tensor whose elements are `elements` (rank 1) or
/// `elements[0]` (rank 0): its dims and its values.
void setIntValues(OpContext &ctx, size_t r, std::vector<TermId> elements);
/// Records the values of result `r` (already defined) when its type has
/// room for them.
void attachValues(OpContext &ctx, size_t r, std::vector<TermId> elements);
/// The elements of an integer tensor operand (rank 0 or 1), element by
/// element (Lowerer::intElements): unknown ones of an input are fresh.
std::optional<std::vector<TermId>> intValues(OpContext &ctx, size_t i);
/// The number of elements of operand `i`, an integer tensor of rank 0 or
/// 1 (its static length, or a length an op computed); nullopt otherwise.
std::optional<int64_t> valueLength(OpContext &ctx, size_t i);
/// intValues, or, when an op left them unknown, one fresh integer per
/// element (kept with the operand): never the whole tensor unknown.
std::optional<std::vector<TermId>> valuesOrFresh(OpContext &ctx, size_t i);

//===--- Shape functions
//---------------------------------------------------===//
// StablehloShapes.cpp
void lowerElementwise(OpContext &ctx);
void lowerElementwiseScalars(OpContext &ctx); ///< select, clamp
void lowerBinary(OpContext &ctx); ///< XLA broadcast_dimensions or same shape
void lowerChloBroadcast(OpContext &ctx);
/// add, subtract, ...: shapes, and the integer values by `op` (its
/// unsigned form on unsigned integers). The entries name `op` as a template
/// argument (lowerIntArithOf<IntOp::Add>).
void lowerIntArith(OpContext &ctx, IntOp op);
template <IntOp Op> void lowerIntArithOf(OpContext &ctx) {
  lowerIntArith(ctx, Op);
}
// StablehloInts.cpp: integer and i1 values of size computations
void lowerHloCompare(OpContext &ctx);
enum class HloLogic : uint8_t { And, Or, Xor, Not };
void lowerHloLogic(OpContext &ctx, HloLogic kind);
template <HloLogic Kind> void lowerHloLogicOf(OpContext &ctx) {
  lowerHloLogic(ctx, Kind);
}
void lowerHloSelect(OpContext &ctx);
void lowerHloClamp(OpContext &ctx); ///< shapes, and integer values
void lowerSetDimensionSize(OpContext &ctx);
enum class HloIntUnary : uint8_t { Negate, Abs, Sign };
void lowerHloIntUnary(OpContext &ctx, HloIntUnary kind);
template <HloIntUnary Kind> void lowerHloIntUnaryOf(OpContext &ctx) {
  lowerHloIntUnary(ctx, Kind);
}
void lowerConvert(OpContext &ctx);
void lowerBitcastConvert(OpContext &ctx);
void lowerBroadcastInDim(OpContext &ctx);
void lowerDynamicBroadcastInDim(OpContext &ctx);
void lowerBroadcast(OpContext &ctx);
void lowerReshape(OpContext &ctx);
void lowerDynamicReshape(OpContext &ctx);
void lowerTranspose(OpContext &ctx);
void lowerConcatenate(OpContext &ctx);
void lowerIota(OpContext &ctx);
void lowerDynamicIota(OpContext &ctx);
void lowerGetDimensionSize(OpContext &ctx);
void lowerConstant(OpContext &ctx);
void lowerPassThrough(OpContext &ctx); ///< optimization_barrier
/// fft_type FFT / IFFT / RFFT / IRFFT over the last size(fft_length) dims.
void lowerFft(OpContext &ctx);
// StablehloSlices.cpp
void lowerSlice(OpContext &ctx);
void lowerDynamicSlice(OpContext &ctx);
void lowerDynamicUpdateSlice(OpContext &ctx);
void lowerRealDynamicSlice(OpContext &ctx);
void lowerPad(OpContext &ctx);
void lowerDynamicPad(OpContext &ctx);
/// `size <= operand i's dim d`: an error when both are static and it
/// fails, else an `in-bounds` obligation; `what` names the size.
void requireFits(OpContext &ctx, TermId size, size_t i, size_t d,
                 const std::string &what);
// StablehloGather.cpp
void lowerGather(OpContext &ctx);
/// gather with slice_sizes given by its third operand's values.
void lowerDynamicGather(OpContext &ctx);
void lowerTorchIndexSelect(OpContext &ctx);
void lowerScatter(OpContext &ctx);
// StablehloDot.cpp
void lowerDot(OpContext &ctx);
void lowerDotGeneral(OpContext &ctx);
/// convolution and dynamic_conv (padding given by a [N, 2] operand); the
/// mhlo entries leave operand ranks outside the dimension numbers opaque.
void lowerConvolution(OpContext &ctx);
void lowerMhloConvolution(OpContext &ctx);
void lowerDynamicConv(OpContext &ctx);
void lowerMhloDynamicConv(OpContext &ctx);
// StablehloReduce.cpp
void lowerReduce(OpContext &ctx);
void lowerReduceWindow(OpContext &ctx);
void lowerSelectAndScatter(OpContext &ctx);
void lowerSort(OpContext &ctx);
void lowerMap(OpContext &ctx);
void lowerTriangularSolve(OpContext &ctx);
void lowerCholesky(OpContext &ctx);
void lowerBatchNormTraining(OpContext &ctx);
void lowerBatchNormInference(OpContext &ctx);
void lowerBatchNormGrad(OpContext &ctx);
void lowerRng(OpContext &ctx);
void lowerWhile(OpContext &ctx);
void lowerIfCase(OpContext &ctx);
void lowerCarried(OpContext &ctx); ///< tuple, get_tuple_element
void lowerCustomCall(OpContext &ctx);
// StablehloMore.cpp
/// chlo.top_k, mhlo.topk: the last dim becomes k (k <= it).
void lowerTopK(OpContext &ctx);
/// chlo.ragged_dot (mhlo.ragged_dot's nested #mhlo.dot is not read).
void lowerRaggedDot(OpContext &ctx);
void lowerRngBitGenerator(OpContext &ctx);
// StablehloCustomCalls.cpp
/// The shape function of a custom_call target that spells out its result
/// shapes (stablehlo.dynamic_top_k, ...), or nullptr.
LowerFn customCallTarget(std::string_view target);
/// The number of operands before the result-shape operands JAX appends
/// (`indices_of_shape_operands`); nullopt when that attribute is malformed.
std::optional<size_t> valueOperandCount(OpContext &ctx);
/// A custom_call with `indices_of_shape_operands`: each result's sizes are
/// its shape operand's values (how StableHLO's shape refinement reads
/// them). False when the op has none or they are not known.
bool lowerShapeOperandResults(OpContext &ctx);
/// An external function whose operands and results all have static types
/// (LAPACK / cuSOLVER targets, test harness checks): no size to relate, its
/// results are their declared types. False otherwise.
bool lowerStaticExternal(OpContext &ctx);

//===--- XLA's shardings (StablehloSpmd.cpp) ------------------------------===//
/// The `Sharding`, `SPMDFullToShardShape` and `SPMDShardToFullShape`
/// custom calls of GSPMD (StablehloSpmd.cpp).
void lowerShardingCall(OpContext &ctx);
void lowerFullToShard(OpContext &ctx);
void lowerShardToFull(OpContext &ctx);

//===--- Shared arithmetic
//-------------------------------------------------===//
/// Size of a dim of `size` after inserting `gap` elements between each
/// two (pad's interior, a base / lhs dilation of gap + 1):
/// size + max(size - 1, 0) * gap, exact for size 0.
TermId dilated(OpContext &ctx, TermId size, int64_t gap);
/// One spatial dim of a window (convolution, reduce_window,
/// select_and_scatter): the window rule on the base-dilated, padded input
/// with window dilation. Constant sizes follow TypeInference.cpp exactly (0
/// when the window does not fit, an error when the padding makes the input
/// negative); symbolic ones are OpRules' windowOutputSize. nullopt after an
/// error.
std::optional<TermId> windowSize(OpContext &ctx, TermId in, int64_t baseDil,
                                 int64_t lo, int64_t hi, TermId window,
                                 int64_t stride, int64_t windowDil,
                                 const std::string &what);
/// The same with padding sizes that may be symbolic (dynamic_conv's and
/// dynamic_reduce_window's padding operands).
std::optional<TermId> windowSize(OpContext &ctx, TermId in, int64_t baseDil,
                                 TermId lo, TermId hi, TermId window,
                                 int64_t stride, int64_t windowDil,
                                 const std::string &what);
/// Each value in [0, limit) and no value twice.
bool isDimList(const std::vector<int64_t> &dims, size_t limit);

} // namespace symshape::frontend::hlo

#endif // SYMSHAPE_FRONTEND_OPS_STABLEHLO_STABLEHLOINTERNAL_H
