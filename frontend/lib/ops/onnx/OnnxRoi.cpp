//===- OnnxRoi.cpp - ONNX region-of-interest pooling ----------------------===//
//
// From the ONNX operator docs (X is [N, C, H, W]):
//   RoiAlign-16: rois [num_rois, 4], batch_indices [num_rois]
//     -> [num_rois, C, output_height, output_width] (both default 1);
//   MaxRoiPool-22: rois [num_rois, 5], `pooled_shape` [ph, pw] (required)
//     -> [num_rois, C, ph, pw];
//   GridSample-20 (-16: 2-D only): X [N, C, D1..Dr], grid [N, G1..Gr, r]
//     -> [N, C, G1..Gr]; align_corners 0 or 1, mode linear / nearest /
//     cubic (bilinear / bicubic, their names before opset 20, are read at
//     any opset), padding_mode zeros / border / reflection.
//
//===----------------------------------------------------------------------===//

#include "OnnxNeuralCommon.h"

namespace symshape::frontend {

namespace {

/// X (rank 4) and rois [num_rois, `width`]: the dims of both, or nullopt.
std::optional<std::pair<std::vector<TermId>, std::vector<TermId>>>
roiInputs(OpContext &c, int64_t width) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> rois = x ? onnxInputDims(c, 1) : x;
  if (!rois)
    return std::nullopt;
  if (x->size() != 4 || rois->size() != 2) {
    c.error("X must be 4-D and rois 2-D");
    return std::nullopt;
  }
  if (!onnxRequireEqual(c, (*rois)[1], c.constant(width),
                        "the roi width " + onnxDimName(c, 1, 1) + " and " +
                            std::to_string(width)))
    return std::nullopt;
  return std::make_pair(*x, *rois);
}

/// onnx.RoiAlign-16.
void lowerRoiAlign(OpContext &c) {
  auto in = roiInputs(c, 4);
  if (!in)
    return;
  std::optional<std::vector<TermId>> batch = onnxInputDims(c, 2);
  if (!batch)
    return;
  if (batch->size() != 1)
    return c.error("batch_indices must be 1-D");
  TermId rois = in->second[0];
  if (!onnxRequireEqual(c, (*batch)[0], rois,
                        "the batch_indices size " + onnxDimName(c, 2, 0) +
                            " and the rois " + onnxDimName(c, 1, 0)))
    return;
  int64_t h = onnxInt(c, "output_height").value_or(1);
  int64_t w = onnxInt(c, "output_width").value_or(1);
  if (h < 1 || w < 1)
    return c.error("output_height and output_width must be positive");
  setOnnxOutput(c, 0, {rois, in->first[1], c.constant(h), c.constant(w)});
}

/// onnx.MaxRoiPool-22.
void lowerMaxRoiPool(OpContext &c) {
  auto in = roiInputs(c, 5);
  if (!in)
    return;
  if (!onnxAttr(c, "pooled_shape"))
    return c.error("the attribute pooled_shape is required");
  std::optional<std::vector<int64_t>> pooled =
      onnxIntsOr(c, "pooled_shape", 2, 1, 1);
  if (!pooled)
    return;
  setOnnxOutput(c, 0,
                {in->second[0], in->first[1], c.constant((*pooled)[0]),
                 c.constant((*pooled)[1])});
}

} // namespace

namespace {

void lowerGridSample(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> grid = x ? onnxInputDims(c, 1) : x;
  if (!grid)
    return;
  if (x->size() < 3 || grid->size() != x->size())
    return c.error("X has rank " + std::to_string(x->size()) +
                   " and the grid rank " + std::to_string(grid->size()) +
                   ": both must be r + 2 for r >= 1 spatial dims");
  size_t r = x->size() - 2;
  if (onnxOpset(c) < 20 && r != 2)
    return c.error("GridSample before opset 20 samples 4-D inputs only");
  int64_t align = onnxInt(c, "align_corners").value_or(0);
  if (align != 0 && align != 1)
    return c.error("align_corners is " + std::to_string(align) +
                   ": it must be 0 or 1");
  std::string mode =
      onnxString(c, "mode").value_or(onnxOpset(c) < 20 ? "bilinear" : "linear");
  // Opset 20 renamed bilinear / bicubic to linear / cubic; onnx-mlir reads
  // both spellings at any opset, so neither is an error.
  bool knownMode = mode == "nearest" || mode == "bilinear" ||
                   mode == "bicubic" || mode == "linear" || mode == "cubic";
  if (!knownMode)
    return c.error("mode '" + mode + "' is not an interpolation mode");
  std::string padding = onnxString(c, "padding_mode").value_or("zeros");
  if (padding != "zeros" && padding != "border" && padding != "reflection")
    return c.error("padding_mode '" + padding +
                   "' is not one of zeros, "
                   "border, reflection");
  if (!onnxRequireEqual(c, (*grid)[0], (*x)[0],
                        "the grid's batch and X's batch") ||
      !onnxRequireEqual(c, grid->back(), c.constant(int64_t(r)),
                        "the grid's last dim and the " + std::to_string(r) +
                            " spatial dims"))
    return;
  std::vector<TermId> out = {(*x)[0], (*x)[1]};
  out.insert(out.end(), grid->begin() + 1, grid->end() - 1);
  setOnnxOutput(c, 0, std::move(out));
}

} // namespace

const std::vector<OnnxRule> &onnxRoiRules() {
  static const std::vector<OnnxRule> rules = {
      {"RoiAlign", lowerRoiAlign,
       "[num_rois, C, output_height, output_width]; rois [num_rois, 4]"},
      {"MaxRoiPool", lowerMaxRoiPool,
       "[num_rois, C, pooled_shape]; rois [num_rois, 5]"},
      {"GridSample", lowerGridSample,
       "[N, C, grid's spatial dims]; the grid's batch is X's, its last dim "
       "the number of spatial dims",
       "16"},
  };
  return rules;
}

} // namespace symshape::frontend
