//===- OnnxNeuralCommon.h - Helpers of the ONNX neural rules ----*- C++ -*-===//
//
// Small steps the neural, window, reduction and indexing rules share: an
// input's runtime dims (or an opaque op), a dim's name for messages, two
// sizes that must be equal (a static `error` when both are constants and
// differ), an input broadcast unidirectionally to a shape, and the optional
// integer-list attributes with their ONNX defaults.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_ONNX_ONNXNEURALCOMMON_H
#define SYMSHAPE_FRONTEND_OPS_ONNX_ONNXNEURALCOMMON_H

#include "OnnxInternal.h"

#include <string>

namespace symshape::frontend {

/// The rule lists of the files onnxNeuralRules() joins (OnnxNeural.cpp):
/// convolutions and pooling, gathers and scatters, Einsum, Attention,
/// quantized products, losses, region-of-interest pooling.
const std::vector<OnnxRule> &onnxConvRules();      ///< OnnxConv.cpp
const std::vector<OnnxRule> &onnxIndexingRules();  ///< OnnxIndexing.cpp
const std::vector<OnnxRule> &onnxEinsumRules();    ///< OnnxEinsum.cpp
const std::vector<OnnxRule> &onnxAttentionRules(); ///< OnnxAttention.cpp
const std::vector<OnnxRule> &onnxQuantizedRules(); ///< OnnxQuantized.cpp
const std::vector<OnnxRule> &onnxLossRules();      ///< OnnxLoss.cpp
const std::vector<OnnxRule> &onnxRoiRules();       ///< OnnxRoi.cpp
const std::vector<OnnxRule> &onnxRecurrentRules(); ///< OnnxRecurrent.cpp
const std::vector<OnnxRule> &onnxImageRules();     ///< OnnxImage.cpp

/// numpy.matmul's result dims for A (input 0) and B (input 1): the inner
/// sizes equal, the batch dims broadcast (OnnxNeural.cpp); nullopt after an
/// `error`.
std::optional<std::vector<TermId>> onnxMatMulDims(OpContext &c,
                                                  const std::vector<TermId> &a,
                                                  const std::vector<TermId> &b);

/// Conv's result dims (OnnxConv.cpp), X input 0, W input 1; the bias B
/// (input 2) is read when `bias`. nullopt after an `error` or opaque.
std::optional<std::vector<TermId>> onnxConvDims(OpContext &c, bool bias);

/// The values of input `i` when an onnx.Constant of a few f32 / f64
/// elements made it (f32 ones rounded as stored); nullopt otherwise
/// (OnnxResample.cpp).
std::optional<std::vector<double>> onnxFloatConstant(OpContext &c, size_t i);

/// Resize-10/11/13/18/19 by `scales` (OnnxResample.cpp): floor(D * scale)
/// where that is exact, else opaque.
void lowerResizeByScales(OpContext &c, const std::vector<TermId> &x);

/// The runtime dims of input `i` (onnxDims); the op is made opaque and
/// nullopt returned when they are unknown.
std::optional<std::vector<TermId>> onnxInputDims(OpContext &c, size_t i);

/// "%x[1]" / "4": dim `d` of input `i`, named as the declared type allows
/// (a torch `[]` standing for a computed shape: "%x[1]").
std::string onnxDimName(const OpContext &c, size_t i, size_t d);

/// `a` and `b` are equal at runtime (kind `equal`, subject `subject`); both
/// constants and different: an `error` and false.
bool onnxRequireEqual(OpContext &c, TermId a, TermId b,
                      const std::string &subject);

/// Input `i` of dims `dims` broadcasts unidirectionally to `target` (ONNX
/// Broadcasting.md: trailing dims aligned, each dim 1 or the target's):
/// false with an `error` when its rank is larger.
bool onnxRequireUnidirectional(OpContext &c, size_t i,
                               const std::vector<TermId> &dims,
                               const std::vector<TermId> &target,
                               const std::string &what);

/// Sets result `r` to `dims` (setOnnxResult), unless it is an optional
/// output left out (type `none`, `!torch.none`): that one is only declared.
void setOnnxOutput(OpContext &c, size_t r, std::vector<TermId> dims);

/// Integer-list attribute `name` of `length` entries, each at least
/// `least`; `fallback` repeated when absent. An `error` and nullopt for
/// another length or a smaller entry; opaque when it is not an integer list.
std::optional<std::vector<int64_t>> onnxIntsOr(OpContext &c,
                                               std::string_view name,
                                               size_t length, int64_t least,
                                               int64_t fallback);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_ONNX_ONNXNEURALCOMMON_H
