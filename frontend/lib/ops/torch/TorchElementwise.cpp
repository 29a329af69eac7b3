//===- TorchElementwise.cpp - Broadcasting and same-shape torch ops -------===//
//
// PyTorch's "Broadcasting semantics" page: two tensors are broadcastable
// when, their dims aligned from the last, each pair of sizes is equal or
// one of them is 1 (or missing); the result takes the larger size. Unary
// ops, `.Scalar` forms and dtype conversions keep their operand's shape.
// aten::_softmax_backward_data(grad_output, output, dim, input_dtype), the
// gradient of softmax (ATen's SoftMax.cpp meta function:
// checkSameSize("softmax_backward", grad, output), `dim` wrapped against
// grad's rank): grad_output's shape.
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"
#include "ops/broadcast/BroadcastRules.h"

namespace symshape::frontend {

void lowerTorchBroadcast(OpContext &c) {
  // add/sub/mul/div.Tensor, where.self, maximum, minimum, comparisons,
  // pow.Tensor_Tensor, ...: every tensor operand broadcasts (PyTorch
  // "Broadcasting semantics"); scalar operands (alpha) do not.
  if (!c.expectRanked())
    return;
  std::vector<std::vector<TermId>> shapes;
  std::vector<std::vector<BroadcastSize>> declared;
  shapes.reserve(c.numOperands());
  declared.reserve(c.numOperands());
  for (size_t i = 0; i < c.numOperands(); ++i)
    if (c.ranked(i)) {
      shapes.push_back(c.dims(i));
      declared.push_back(broadcastSizes(c, i));
    }
  if (shapes.empty() || c.numResults() != 1)
    return c.opaque("no tensor operand");
  assumeStrictBroadcast(c, declared);
  std::vector<TermId> dims = broadcastShapes(c, shapes);
  c.setResult(0, std::move(dims));
}

void lowerTorchSameShape(OpContext &c) {
  if (!c.expectRanked())
    return;
  if (c.numOperands() == 0 || !c.ranked(0) || c.numResults() != 1)
    return c.opaque("operand 0 is not a ranked tensor");
  c.setResult(0, c.dims(0));
}

void lowerTorchSoftmax(OpContext &c) {
  // softmax.int(self, dim, dtype), _softmax(self, dim, half_to_float),
  // log_softmax.int: the shape of self; `dim` must name one of its dims.
  if (!c.expectRanked())
    return;
  if (c.numOperands() < 2 || !c.ranked(0) || c.numResults() != 1)
    return c.opaque("operand 0 is not a ranked tensor");
  if (!dimIndex(c, 1, c.rank(0)))
    return;
  c.setResult(0, c.dims(0));
}

void lowerTorchSoftmaxBackward(OpContext &c) {
  if (!torchTensors(c, {0, 1}, 1, 4))
    return;
  if (c.rank(0) != c.rank(1))
    return c.error("softmax_backward: grad of rank " +
                   std::to_string(c.rank(0)) + " and output of rank " +
                   std::to_string(c.rank(1)) + " differ in size");
  for (size_t d = 0; d < c.rank(0); ++d)
    c.requireSameDim(0, d, 1, d, "grad and output");
  if (!dimIndex(c, 2, c.rank(0)))
    return;
  c.setResult(0, c.dims(0));
}

} // namespace symshape::frontend
