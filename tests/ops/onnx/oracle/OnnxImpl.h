//===- OnnxImpl.h - The oracle's ONNX operators, both spellings -*- C++ -*-===//
//
// Private to the oracle's ONNX files (Onnx.cpp, OnnxShapes.cpp,
// OnnxNeural.cpp). Each ONNX operator has one entry, written from the ONNX
// operator docs (https://onnx.ai/onnx/operators/, cited as
// `onnx.<Op>-<opset>`), independently of symshape's lowering, and is run
// under both MLIR spellings of it:
//
//   torch-mlir's importer:  torch.operator "onnx.Add"(%a, %b)
//                           {torch.onnx.axis = 0 : si64}   (name attribute)
//   onnx-mlir's dialect:    "onnx.Add"(%a, %b) {axis = 0 : si64}
//
// Attributes are read by their ONNX name through `onnxAttr`; an optional
// input left out is `!torch.none` / `none` (`onnxAbsent`). What ONNX
// defines as invalid for the runtime sizes (sizes that do not broadcast,
// an element count a Reshape does not keep, MatMul inner sizes that
// differ, an index out of range) is UB at that op; a runtime makes the
// program fail there.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_ONNXIMPL_H
#define SYMSHAPE_MODELS_ONNXIMPL_H

#include "OracleImpl.h"

namespace symshape::models::oracle::onnx {

/// Registers `rule` for ONNX operator `name` ("Add"): as `onnx.Add` and
/// for `torch.operator "onnx.Add"`.
void addOp(const std::string &name, Rule rule);

/// numpy.matmul's shape (onnx.MatMul-13, and QLinearMatMul's): 1-D
/// operands promoted and their dim dropped again, equal inner sizes, the
/// batch dims broadcast; sets result 0.
bool numpyMatmul(Eval &e, const Shape &a, const Shape &b);

/// The op is torch-mlir's `torch.operator` spelling.
bool isTorch(const Eval &e);
/// Attribute `name` as the ONNX docs spell it (`torch.onnx.axis` in the
/// torch spelling, `axis` in the dialect); null when absent.
const frontend::Attribute *onnxAttr(const Eval &e, const std::string &name);
/// An integer attribute; `fallback` when absent. nullopt (and the op
/// unsupported) when present but not an integer.
std::optional<int64_t> onnxInt(Eval &e, const std::string &name,
                               int64_t fallback);
/// An integer-list attribute; nullopt when absent or unreadable.
std::optional<std::vector<int64_t>> onnxInts(const Eval &e,
                                             const std::string &name);
/// Input i is absent: not written, or an optional input left out.
bool onnxAbsent(Eval &e, size_t i);
/// The contents of input i, which the op needs to know; nullopt with the
/// op unsupported (`what` not known) otherwise.
std::optional<std::vector<int64_t>> needContents(Eval &e, size_t i,
                                                 const std::string &what);
/// An axis in [-rank, rank) normalised into [0, rank); UB otherwise (the
/// docs: "Accepted range is [-r, r-1]").
std::optional<size_t> onnxAxis(Eval &e, int64_t axis, size_t rank,
                               const std::string &what);
/// Multidirectional (NumPy) broadcasting of `a` and `b` (the docs'
/// "Broadcasting in ONNX"); UB when a column has two sizes, neither 1.
std::optional<Shape> broadcastShapes(Eval &e, const Shape &a, const Shape &b,
                                     const std::string &what);
/// The contents of `data` (of shape `in`) broadcast to `out`.
std::vector<int64_t> broadcastData(const std::vector<int64_t> &data,
                                   const Shape &in, const Shape &out);

/// Largest tensor whose integer contents the oracle keeps.
constexpr int64_t kMaxContents = 4096;

} // namespace symshape::models::oracle::onnx

#endif // SYMSHAPE_MODELS_ONNXIMPL_H
