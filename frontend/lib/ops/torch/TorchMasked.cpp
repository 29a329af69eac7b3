//===- TorchMasked.cpp - masked_fill of the torch dialect -----------------===//
//
// torch.Tensor.masked_fill(mask, value): "The shape of mask must be
// broadcastable with the shape of the underlying tensor"; the out-of-place
// op broadcasts the two (ATen's expand_outplace). A tensor value
// (masked_fill.Tensor) must be 0-dimensional ("masked_fill_ only supports
// a 0-dimensional value tensor").
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"

namespace symshape::frontend {

void lowerTorchMaskedFill(OpContext &c) {
  if (c.numOperands() == 3 && c.ranked(2) && c.rank(2) != 0)
    return c.error("masked_fill only supports a 0-dimensional value tensor, "
                   "got rank " +
                   std::to_string(c.rank(2)));
  lowerTorchBroadcast(c);
}

} // namespace symshape::frontend
