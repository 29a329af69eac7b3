//===- TorchSelected.cpp - Ops whose result size is a count of the data ---===//
//
// Two ops pick elements by their values, so one result size is a count the
// data decides (torch-mlir's FX importer binds it to an unbacked symbol,
// `torch.symbolic_int "u0" {min_val = 0, ...}`):
//   torch.nonzero(input): "If input has n dimensions, then the resulting
//     indices tensor out is of size (z x n), where z is the total number
//     of non-zero elements in the input tensor";
//   torch.masked_select(input, mask): "a new 1-D tensor which indexes the
//     input tensor according to the boolean mask mask which is a
//     BoolTensor. The shapes of the mask tensor and the input tensor don't
//     need to match, but they must be broadcastable" (ATen's
//     masked_select expands the two with expand_outplace, then selects
//     from the broadcast shape).
// The count is a fresh size in [0, numel], numel the product of the sizes
// it counts over (of the input; of the broadcast shape for masked_select):
// a fact, as onnx.NonZero's.
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"
#include "ops/broadcast/BroadcastRules.h"

namespace symshape::frontend {

/// The declared result has PyTorch's rank (or none); torch-mlir's ONNX
/// import also declares 1-D nonzero results (its Compress lowering), a
/// convention not read: opaque.
static bool declaredRank(OpContext &c, size_t rank, const char *op) {
  const Type &type = c.resultType(0);
  if (!type.hasRank() || type.dims.size() == rank)
    return true;
  c.opaque("the result is declared of rank " +
           std::to_string(type.dims.size()) + ", PyTorch's " + op + " gives " +
           std::to_string(rank));
  return false;
}

/// Result `r`'s dim `d` is a fresh count of at most `numel` elements.
static TermId freshCount(OpContext &c, size_t r, size_t d, TermId numel) {
  TermId n = c.freshResultDim(r, d);
  c.addFact(c.formulas().mkLe(c.constant(0), n));
  c.addFact(c.formulas().mkLe(n, numel));
  return n;
}

void lowerTorchNonzero(OpContext &c) {
  // aten::nonzero(Tensor self) -> Tensor: [z, self.dim()].
  if (!torchTensors(c, {0}, 1, 1) || !declaredRank(c, 2, "nonzero"))
    return;
  std::vector<TermId> self = c.dims(0);
  TermId z = freshCount(c, 0, 0, c.product(self));
  c.setResult(0, {z, c.constant(int64_t(self.size()))});
}

void lowerTorchMaskedSelect(OpContext &c) {
  // aten::masked_select(Tensor self, Tensor mask) -> Tensor: [n].
  if (!torchTensors(c, {0, 1}, 1, 2) || !declaredRank(c, 1, "masked_select"))
    return;
  // ATen: "masked_select: expected BoolTensor for mask" (older releases
  // took a uint8 mask with a warning): another element type is not read.
  const std::string &element = c.operandType(1).element;
  if (element != "i1")
    return c.opaque("the mask's element type is " +
                    (element.empty() ? std::string("unknown") : element) +
                    ", not bool");
  std::vector<std::vector<BroadcastSize>> declared = {broadcastSizes(c, 0),
                                                      broadcastSizes(c, 1)};
  assumeStrictBroadcast(c, declared);
  std::string self = c.operandName(0), mask = c.operandName(1);
  std::vector<TermId> b =
      broadcastShapes(c, {c.dims(0), c.dims(1)},
                      {[](size_t) { return -1; },
                       [self, mask](size_t d, size_t rank) {
                         return "the sizes of " + self + " and its mask " +
                                mask + " broadcast together (dim " +
                                std::to_string(d) + " of " +
                                std::to_string(rank) + ")";
                       }});
  c.setResult(0, {freshCount(c, 0, 0, c.product(b))});
}

} // namespace symshape::frontend
