//===- TensorForms.h - Custom forms of tensor, arith, math, func -*- C++
//-*-===//
//
// The parse functions of the tensor family's entries (Tensor.cpp). Each
// reads an op's custom form into its generic shape: operands with their
// types, result types, and the attributes of the generic form, so the shape
// functions read one representation:
//
//   tensor.extract_slice %t[0, %o] [4, %s] [1, 1] : T to R
//     == "tensor.extract_slice"(%t, %o, %s) {operandSegmentSizes =
//          array<i32: 1, 0, 1, 1, 0>, static_offsets = array<i64: 0, MIN>,
//          static_sizes = array<i64: 4, MIN>, static_strides = ...}
//
// (MIN: int64's minimum, MLIR's dynamic marker.) A form a function does not
// know returns false: the op is then skipped as opaque, never guessed.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_TENSORFORMS_H
#define SYMSHAPE_FRONTEND_OPS_TENSORFORMS_H

#include "../ParserImpl.h"
#include "DynamicIndex.h"

namespace symshape::frontend {

/// `array<iN: ...>` as the generic form writes it.
NamedAttribute denseArrayAttr(std::string name, std::vector<int64_t> ints,
                              std::string_view element = "i64");
/// `[0, %o, 4]`: SSA entries become uses (and kDynamicIndex in `statics`).
bool parseMixedList(Parser &p, std::vector<OperandUse> &uses,
                    std::vector<int64_t> &statics);
/// The element type of a tensor or vector type, as a type.
Type elementType(const Type &shaped);
/// Skips `fastmath<...>` / `overflow<...>` flags, keeping them as
/// attributes (their values do not matter to shapes).
bool parseFlags(Parser &p, PendingOp &pending);

// tensor
bool parseTensorDim(Parser &p, PendingOp &pending);
bool parseTensorEmpty(Parser &p, PendingOp &pending);
bool parseCastForm(Parser &p, PendingOp &pending); ///< %a : T1 to T2
bool parseFromElements(Parser &p, PendingOp &pending);
bool parseSplat(Parser &p, PendingOp &pending);
bool parseExtract(Parser &p, PendingOp &pending);
bool parseInsert(Parser &p, PendingOp &pending);
bool parseReshape(Parser &p, PendingOp &pending);
bool parseReassociative(Parser &p, PendingOp &pending); ///< expand/collapse
bool parseExtractSlice(Parser &p, PendingOp &pending);
bool parseInsertSlice(Parser &p, PendingOp &pending);
bool parsePad(Parser &p, PendingOp &pending);
bool parseConcat(Parser &p, PendingOp &pending);
bool parseGenerate(Parser &p, PendingOp &pending);
// arith, math
bool parseArithConstant(Parser &p, PendingOp &pending);
bool parseSameTypeForm(Parser &p, PendingOp &pending); ///< %a, %b : T
bool parseCompare(Parser &p, PendingOp &pending);      ///< pred, %a, %b : T
bool parseSelect(Parser &p, PendingOp &pending);
// func
bool parseFuncCall(Parser &p, PendingOp &pending);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_TENSORFORMS_H
