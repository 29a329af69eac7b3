//===- TosaInternal.h - Shape functions of the tosa entries -----*- C++ -*-===//
//
// The tosa family is split by topic around this private header, like
// Halide's Simplify_Internal.h:
//
//   Tosa.cpp        the entry list, elementwise ops, constants
//   TosaShape.cpp   reshape, transpose, concat, slice, pad, tile,
//                   reductions, argmax, gather, scatter, fft
//   TosaShapeValues.cpp  the `!tosa.shape` ops: const_shape, dim,
//                   concat_shape, add/sub/mul/div_floor_shape
//   TosaConv.cpp    matmul, fully_connected, convolutions, pooling, resize
//
// Two spellings are read for every op: MLIR 16's generic form (lists as
// attributes: `new_shape = array<i64: 2, 3>`, `multiples`, `start`/`size`,
// perms and paddings as constant tensor operands) and current MLIR's
// (lists as `!tosa.shape<N>` operands made by `tosa.const_shape`, extra
// zero-point operands, `perms` as an attribute).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_TOSAINTERNAL_H
#define SYMSHAPE_FRONTEND_OPS_TOSAINTERNAL_H

#include "ops/rules/IntLists.h"
#include "ops/rules/OpRules.h"

#include <string_view>

namespace symshape::frontend::tosa {

/// Every operand ranked; otherwise the op is opaque (SEMANTICS.md §4: "unranked
/// operand %x: its sizes are not checked"). Unlike OpContext::expectRanked,
/// an unranked result is fine: MLIR 16's TF and TFLite legalizations leave
/// tosa results `tensor<*xf32>` for tosa-infer-shapes to fill in, and
/// setResult gives such a result its computed rank.
bool expectRankedOperands(OpContext &c);

/// The same, and operand `i` has rank `ranks[i]` (-1: any) as the op's
/// verifier demands; an `error` otherwise.
bool expectOperandRanks(OpContext &c, std::initializer_list<int> ranks);

/// An integer list given either as attribute `name` (MLIR 16) or, when the
/// op has no such attribute, as the constant operand `operand` (current
/// MLIR's `!tosa.shape` operands, MLIR 16's perms / paddings tensors).
/// nullopt when neither is known.
std::optional<std::vector<int64_t>> listOf(OpContext &c, std::string_view name,
                                           size_t operand);

/// The same, of exactly `length` entries (the verifiers' rule): missing
/// makes the op opaque, another length is an error; nullopt in both cases.
std::optional<std::vector<int64_t>> listOfLength(OpContext &c,
                                                 std::string_view name,
                                                 size_t operand, size_t length);

/// A list of sizes: attribute `name` (constants, MLIR 16) or the operand
/// `operand` whose elements are known, possibly symbolic (current MLIR's
/// `!tosa.shape` from tosa.const_shape, tosa.dim, tosa.concat_shape, ...).
std::optional<std::vector<TermId>> termsOf(OpContext &c, std::string_view name,
                                           size_t operand);

/// The same, of exactly `length` entries (see listOfLength).
std::optional<std::vector<TermId>> termsOfLength(OpContext &c,
                                                 std::string_view name,
                                                 size_t operand, size_t length);

/// "[2, ?, 4]": constants, and `?` for a symbolic entry.
std::string termsText(OpContext &c, const std::vector<TermId> &terms);

/// Symbolic entries of a list of sizes are not negative at runtime: one
/// `in-bounds` requirement each (`what`: "new_shape").
void requireSizes(OpContext &c, const std::vector<TermId> &terms,
                  const std::string &what);

/// The bias of a convolution or fully_connected: a rank-1 operand whose
/// size is the output channels or 1 (TOSA: ERROR_IF(BC != OC && BC != 1)).
/// Static sizes that break it are an error; otherwise an `equal`
/// requirement.
void requireBias(OpContext &c, size_t bias, TermId channels,
                 const std::string &channelsName);

// TosaShape.cpp
void lowerReshape(OpContext &c);
void lowerTranspose(OpContext &c);
void lowerConcat(OpContext &c);
void lowerSlice(OpContext &c);
void lowerPad(OpContext &c);
void lowerTile(OpContext &c);
void lowerReduce(OpContext &c);
void lowerArgmax(OpContext &c);
void lowerReverse(OpContext &c);
void lowerGather(OpContext &c);
void lowerScatter(OpContext &c);
void lowerFft(OpContext &c);
void lowerRfft(OpContext &c);

// TosaShapeValues.cpp
void lowerConstShape(OpContext &c);
void lowerDim(OpContext &c);
void lowerConcatShape(OpContext &c);
void lowerAddShape(OpContext &c);
void lowerSubShape(OpContext &c);
void lowerMulShape(OpContext &c);
void lowerDivFloorShape(OpContext &c);

// TosaConv.cpp
void lowerMatmul(OpContext &c);
void lowerFullyConnected(OpContext &c);
void lowerConv2d(OpContext &c);
void lowerConv3d(OpContext &c);
void lowerDepthwiseConv2d(OpContext &c);
void lowerTransposeConv2d(OpContext &c);
void lowerPool2d(OpContext &c);
void lowerResize(OpContext &c);

} // namespace symshape::frontend::tosa

#endif // SYMSHAPE_FRONTEND_OPS_TOSAINTERNAL_H
