//===- OnnxInternal.h - ONNX operators, read in both spellings --*- C++ -*-===//
//
// One table of ONNX operator semantics (the ONNX operator docs, by opset),
// read through the two MLIR spellings tools print:
//
//   torch-mlir's ONNX importer (iree-import-onnx):
//     %0 = torch.operator "onnx.Concat"(%a, %b) {torch.onnx.axis = 0 : si64}
//          : (!torch.vtensor<[?],si64>, !torch.vtensor<[2],si64>)
//          -> !torch.vtensor<[?],si64>
//     with `torch.onnx_meta.opset_version` on the function;
//   onnx-mlir's `onnx` dialect:
//     %0 = "onnx.Concat"(%a, %b) {axis = 0 : si64}
//          : (tensor<?xi64>, tensor<2xi64>) -> tensor<?xi64>
//     with versioned names for older opsets (`onnx.SqueezeV11`).
//
// A rule is written once, against OpContext and the accessors below, which
// hide the spelling: attributes by their ONNX name, the opset, optional
// inputs left out. Onnx.cpp registers each rule under both spellings.
// Each file holds one group of operators and its rule list.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_ONNX_ONNXINTERNAL_H
#define SYMSHAPE_FRONTEND_OPS_ONNX_ONNXINTERNAL_H

#include "ops/OpContext.h"
#include "ops/OpTable.h"
#include "ops/broadcast/BroadcastRules.h"

#include <optional>
#include <string_view>
#include <vector>

namespace symshape::frontend {

/// One ONNX operator: its name as the ONNX operator docs spell it ("Add"),
/// the rule, and the README summary. The rule id of its findings is
/// `onnx.<name>-<opset>`.
struct OnnxRule {
  std::string_view name; ///< "Reshape"
  LowerFn lower;
  std::string_view summary;
  /// onnx-mlir's versioned op names of the same operator, as the opsets
  /// they keep ("11 13": onnx.ReshapeV11, onnx.ReshapeV13); empty: none.
  std::string_view dialectVersions = {};
};

/// The rule lists, one per file; Onnx.cpp joins them.
const std::vector<OnnxRule> &onnxElementwiseRules(); ///< OnnxElementwise.cpp
const std::vector<OnnxRule> &onnxShapeRules();       ///< OnnxShapes.cpp
const std::vector<OnnxRule> &onnxValueRules();       ///< OnnxValues.cpp
const std::vector<OnnxRule> &onnxSlicingRules();     ///< OnnxSlicing.cpp
const std::vector<OnnxRule> &onnxNeuralRules();      ///< OnnxNeural.cpp
const std::vector<OnnxRule> &onnxReduceRules();      ///< OnnxReduce.cpp
const std::vector<OnnxRule> &onnxControlRules();     ///< OnnxControl.cpp
const std::vector<OnnxRule> &onnxSequenceRules();    ///< OnnxSequence.cpp
const std::vector<OnnxRule> &onnxAdditionalRules();  ///< OnnxAdditional.cpp
const std::vector<OnnxRule> &onnxResampleRules();    ///< OnnxResample.cpp

//===--- The spelling-free view of an ONNX op (Onnx.cpp)
//--------------------===//

/// The op is `torch.operator "onnx.X"` (else the onnx dialect's `onnx.X`).
bool isTorchSpelling(const OpContext &c);
/// "Reshape" for both `torch.operator "onnx.Reshape"` and `onnx.ReshapeV13`.
std::string_view onnxName(const OpContext &c);
/// The opset the op is read at: the function's
/// `torch.onnx_meta.opset_version` (torch spelling), the version of a
/// versioned name (`onnx.SqueezeV11`: 11), else kOnnxLatestOpset (onnx-mlir
/// keeps its unversioned ops at the newest opset it reads).
int64_t onnxOpset(const OpContext &c);
constexpr int64_t kOnnxLatestOpset = 23;
/// Attribute `name` as the ONNX docs spell it (`axis`): `torch.onnx.axis`
/// in the torch spelling, `axis` in the dialect. Null when absent.
const Attribute *onnxAttr(const OpContext &c, std::string_view name);
/// An integer attribute (`0 : si64`, `0 : i64`); nullopt when absent or
/// not an integer.
std::optional<int64_t> onnxInt(const OpContext &c, std::string_view name);
/// An integer-list attribute (`[1 : si64, 2 : si64]`, `[1, 2]`,
/// `dense<[1, 2]> : tensor<2xi64>`); nullopt when absent or not one.
std::optional<std::vector<int64_t>> onnxInts(const OpContext &c,
                                             std::string_view name);
/// Input `i` is a ranked tensor of ONNX float data (f16, bf16, f32, f64):
/// values symshape does not track.
bool onnxFloatTensor(const OpContext &c, size_t i);
/// A string attribute (`auto_pad = "SAME_UPPER"`).
std::optional<std::string> onnxString(const OpContext &c,
                                      std::string_view name);
/// Input `i` is absent: past the operands written, or an optional input
/// left out (`%none = torch.constant.none` in the torch spelling,
/// `onnx.NoValue` of type `none` in the dialect).
bool onnxAbsent(const OpContext &c, size_t i);
/// The declared type of result `r` says nothing of its shape: the torch
/// importer prints an output ONNX shape inference left unknown as `[]`,
/// like a rank-0 one, so a declared `[]` is a shape only when the rule
/// also computes rank 0.
bool onnxResultShapeUnknown(const OpContext &c, size_t r);
/// Sets result `r` to `dims`, as OpContext::setResult, unless its declared
/// type says nothing of its shape (onnxResultShapeUnknown): then the dims
/// are the result's without comparing them with the declaration.
void setOnnxResult(OpContext &c, size_t r, std::vector<TermId> dims);
/// Normalises an ONNX axis (`-1` is the last of `rank`) into [0, rank);
/// an `error` (the ONNX checker rejects it) and nullopt when out of range.
std::optional<size_t> onnxAxis(OpContext &c, int64_t axis, size_t rank,
                               std::string_view what);

/// The runtime dims of input `i`: those its producer's rule computed
/// (which, in the torch spelling, may be of another rank than a declared
/// `[]`). nullopt when unknown: unranked, or declared `[]` in the torch
/// spelling by an op no rule models.
std::optional<std::vector<TermId>> onnxDims(OpContext &c, size_t i);

/// onnxDims of input `i`, or nullopt with the op made opaque ("input i has
/// an unknown shape").
std::optional<std::vector<TermId>> inputDims(OpContext &c, size_t i);

/// The inputs' dims and the result's of onnx.Concat-13 (also the first step
/// of onnx-mlir's ConcatShapeTranspose): inputs of one rank, equal except
/// along `axis` (whose out-of-range error names it `axisWhat`), where the
/// sizes add up. nullopt after making the op an error or opaque.
struct OnnxConcat {
  std::vector<std::vector<TermId>> inputs;
  std::vector<TermId> dims;
};
std::optional<OnnxConcat> onnxConcat(OpContext &c, std::string_view axisWhat);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_ONNX_ONNXINTERNAL_H
