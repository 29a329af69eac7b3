//===- OnnxSequence.h - ONNX sequence and optional values -------*- C++ -*-===//
//
// ONNX's sequence (`seq(tensor)`) and optional (`optional(T)`) values, in
// both spellings:
//
//   onnx-mlir:  !onnx.Seq<tensor<*xf32>>      !onnx.Opt<tensor<*xf32>>
//   torch-mlir: !torch.list<vtensor<[2,6],f32>>
//               !torch.optional<vtensor<[4],f32>>
//
// A value is tracked element by element (OpContext::ListItem) where the
// program gives it exactly: a sequence as its tensors, an optional as a
// list of zero (empty) or one element. Anything else is untracked: an op
// reading one element of it gets the sizes the value's declared type
// gives when that is all that is known of the value (a function's
// argument, `!torch.optional<vtensor<[4],f32>>`), else fresh sizes, never
// a guess.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_ONNX_ONNXSEQUENCE_H
#define SYMSHAPE_FRONTEND_OPS_ONNX_ONNXSEQUENCE_H

#include "OnnxInternal.h"

namespace symshape::frontend {

/// `!onnx.Seq<..>` or `!torch.list<..>`.
bool isOnnxSequenceType(const Type &type);
/// `!onnx.Opt<..>` or `!torch.optional<..>`.
bool isOnnxOptionalType(const Type &type);

/// The elements of sequence / optional input `i` when tracked; nullopt
/// otherwise (an argument, an op that does not state them).
std::optional<std::vector<OpContext::ListItem>> onnxItems(OpContext &c,
                                                          size_t i);
/// The element input `i` becomes in a sequence or an optional: its dims
/// when it is a tensor whose runtime shape is known, else nothing known.
OpContext::ListItem onnxItemOf(OpContext &c, size_t i);

/// Result `r` is a tensor whose sizes the op cannot tell (the element of a
/// value that is not tracked): a declared rank with only `?` dims (or an
/// unranked type) gives fresh sizes; a declared static size, or the torch
/// importer's `[]` (a shape ONNX left unknown), cannot be checked, so the
/// op is opaque with `why`.
void setUnknownOnnxTensor(OpContext &c, size_t r, const std::string &why);

/// The rank the declared type of sequence input `i` gives its tensors
/// (`!onnx.Seq<tensor<5x5xf32>>`: 2); nullopt when it gives none (an
/// unranked element, or `[]` in the torch spelling, an unknown shape).
std::optional<size_t> onnxDeclaredElementRank(OpContext &c, size_t i);

/// Result `r` is an element of sequence or optional input `i`, an input
/// of the code (a function's argument, or made by an op symshape does not
/// model), whose declared type is all that is known of it: the element
/// type that declares (`!torch.optional<vtensor<[4],f32>>`: [4]; a `?` a
/// fresh size). False, nothing set, for another input or a declared
/// element without a shape.
bool setDeclaredOnnxElement(OpContext &c, size_t i, size_t r);

/// The rules of OnnxSequenceSplit.cpp (SplitToSequence,
/// ConcatFromSequence); onnxSequenceRules() lists them too.
const std::vector<OnnxRule> &onnxSplitConcatSequenceRules();
/// The rules of OnnxOptional.cpp (Optional, OptionalHasElement,
/// OptionalGetElement); onnxSequenceRules() lists them too.
const std::vector<OnnxRule> &onnxOptionalRules();

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_ONNX_ONNXSEQUENCE_H
