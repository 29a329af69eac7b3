//===- OnnxRoi.cpp - ONNX region-of-interest pooling ----------------------===//
//
// From the ONNX operator docs (X is [N, C, H, W]):
//   RoiAlign-16: rois [num_rois, 4], batch_indices [num_rois]
//     -> [num_rois, C, output_height, output_width] (both default 1);
//   MaxRoiPool-22: rois [num_rois, 5], `pooled_shape` [ph, pw] (required)
//     -> [num_rois, C, ph, pw].
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

const std::vector<OnnxRule> &onnxRoiRules() {
  static const std::vector<OnnxRule> rules = {
      {"RoiAlign", lowerRoiAlign,
       "[num_rois, C, output_height, output_width]; rois [num_rois, 4]"},
      {"MaxRoiPool", lowerMaxRoiPool,
       "[num_rois, C, pooled_shape]; rois [num_rois, 5]"},
  };
  return rules;
}

} // namespace symshape::frontend
