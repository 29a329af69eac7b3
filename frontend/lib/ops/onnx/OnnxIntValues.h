//===- OnnxIntValues.h - Shape tensors of ONNX programs ---------*- C++ -*-===//
//
// ONNX computes shapes as int64 tensors (`Shape`, `Gather`, `Concat`,
// `Unsqueeze`, then `Reshape` / `Expand`): their elements are tracked
// exactly (SPEC 2). These accessors read and write them by the runtime rank
// the rules compute (onnxDims), never by a declared type the torch importer
// printed as `[]` for a shape ONNX left unknown (OnnxInternal.h).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_ONNX_ONNXINTVALUES_H
#define SYMSHAPE_FRONTEND_OPS_ONNX_ONNXINTVALUES_H

#include "OnnxInternal.h"

namespace symshape::frontend {

/// The integer elements of input `i`, a tensor of runtime rank 0 or 1 (one
/// element for rank 0); nullopt when unknown, absent, of another rank, or
/// not of an integer (non-bool) element type.
std::optional<std::vector<TermId>> onnxElements(OpContext &c, size_t i);
/// The same when every element is a known constant.
std::optional<std::vector<int64_t>> onnxConstElements(OpContext &c, size_t i);
/// Input `i`'s runtime rank is 0.
bool onnxIsScalar(OpContext &c, size_t i);
/// Result `r` is a rank-1 tensor with these elements (rank 0 with one
/// element when `scalar`): dims by setOnnxResult, then the elements.
void setOnnxElements(OpContext &c, size_t r, std::vector<TermId> elements,
                     bool scalar = false);
/// Result `r` has `dims` computed from input *values* (a shape tensor, the
/// `starts` of a Slice): as setOnnxResult, but a declared static dim that
/// differs is a runtime `result-cast` (OpContext::setResultFromValues).
void setOnnxResultFromValues(OpContext &c, size_t r, std::vector<TermId> dims);
/// Result `r` has `dims` (from values when `fromValues`) and, when `from`
/// holds known integer elements and the result is an integer tensor of
/// that many elements, those elements too (Identity, Cast of integers,
/// Reshape / Unsqueeze of a shape tensor).
void forwardOnnxValues(OpContext &c, size_t r, size_t from,
                       std::vector<TermId> dims, bool fromValues = false);
/// `a` and `b` are equal at runtime (kind `equal`); an `error` when both
/// are constants read from declared static dims (`staticSizes`), as ONNX
/// shape inference rejects them. False after an error.
bool requireSameSize(OpContext &c, TermId a, TermId b, bool staticSizes,
                     const std::string &subject);
/// Dim `d` of input `i` is static in its declared type (of `rank` dims).
bool declaredStatic(const OpContext &c, size_t i, size_t d, size_t rank);
/// An integer list given by input `input` (opset >= `inputSince`) or by
/// attribute `name` (older opsets): nullopt with `present` false when
/// neither is given; nullopt with `present` true and the op made opaque
/// when it is not a list of constants.
std::optional<std::vector<int64_t>>
onnxIntsInputOrAttr(OpContext &c, size_t input, int64_t inputSince,
                    std::string_view name, bool &present);

/// The elements of input `input` (opset >= `since`) when they are known
/// terms but not all constants: axes given at runtime. nullopt otherwise
/// (absent, constant, or not known).
std::optional<std::vector<TermId>>
onnxRuntimeElements(OpContext &c, size_t input, int64_t since);
/// Runtime axes `axes` of input `input` over `rank` positions, each as a
/// position in [0, rank) (a negative axis counts from the end). Each axis
/// is required in [-rank, rank-1], and no two may name the same position
/// (`position`: "dim" or "position", for the requirement's text).
std::vector<TermId> requireRuntimeAxes(OpContext &c, size_t input,
                                       const std::vector<TermId> &axes,
                                       int64_t rank,
                                       const std::string &position);
/// At most this many elements are tracked per value.
constexpr int64_t kOnnxMaxElements = 4096;

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_ONNX_ONNXINTVALUES_H
