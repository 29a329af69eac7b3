//===- OnnxLoss.cpp - ONNX loss operators ---------------------------------===//
//
// From the ONNX operator docs: SoftmaxCrossEntropyLoss-13 and
// NegativeLogLikelihoodLoss-13 read scores / input [N, C] or
// [N, C, D1, ..., Dk] and labels / target [N] or [N, D1, ..., Dk] (the same
// N and D's), with optional weights of size C. The output is [N, D1, ...,
// Dk] for reduction "none", a scalar otherwise ("mean" by default);
// SoftmaxCrossEntropyLoss's optional log_prob has the scores' shape.
//
//===----------------------------------------------------------------------===//

#include "OnnxNeuralCommon.h"

namespace symshape::frontend {

namespace {

void lowerLoss(OpContext &c) {
  std::optional<std::vector<TermId>> scores = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> labels =
      scores ? onnxInputDims(c, 1) : scores;
  if (!labels)
    return;
  if (scores->size() < 2 || labels->size() + 1 != scores->size())
    return c.error("scores of rank " + std::to_string(scores->size()) +
                   " need labels of rank " +
                   std::to_string(scores->size() - 1) + " (and rank >= 2)");
  std::string reduction = onnxString(c, "reduction").value_or("mean");
  if (reduction != "none" && reduction != "mean" && reduction != "sum")
    return c.error("reduction \"" + reduction + "\" is not none, mean or sum");
  for (size_t d = 0; d < labels->size(); ++d) {
    size_t sd = d == 0 ? 0 : d + 1;
    if (!onnxRequireEqual(c, (*labels)[d], (*scores)[sd],
                          "the label size " + onnxDimName(c, 1, d) +
                              " and the score size " + onnxDimName(c, 0, sd)))
      return;
  }
  if (!onnxAbsent(c, 2)) {
    std::optional<std::vector<TermId>> weights = onnxInputDims(c, 2);
    if (!weights)
      return;
    if (weights->size() != 1)
      return c.error("the weights are not 1-D");
    if (!onnxRequireEqual(c, (*weights)[0], (*scores)[1],
                          "the weights' size " + onnxDimName(c, 2, 0) +
                              " and the classes " + onnxDimName(c, 0, 1)))
      return;
  }
  setOnnxOutput(c, 0, reduction == "none" ? *labels : std::vector<TermId>());
  if (c.numResults() > 1)
    setOnnxOutput(c, 1, *scores);
}

} // namespace

const std::vector<OnnxRule> &onnxLossRules() {
  static const std::vector<OnnxRule> rules = {
      {"SoftmaxCrossEntropyLoss", lowerLoss,
       "labels [N, D...] of scores [N, C, D...]; weights [C]; [N, D...] or "
       "a scalar"},
      {"NegativeLogLikelihoodLoss", lowerLoss,
       "target [N, D...] of input [N, C, D...]; weight [C]; [N, D...] or a "
       "scalar"},
  };
  return rules;
}

} // namespace symshape::frontend
