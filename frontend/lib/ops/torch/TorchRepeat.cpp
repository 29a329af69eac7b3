//===- TorchRepeat.cpp - Pads, repeats and index selection ----------------===//
//
// torch.nn.functional.pad in constant mode (aten.constant_pad_nd: pairs of
// paddings from the last dim backwards, negative ones crop, a negative
// result size is an error), Tensor.repeat (each dim times its count, new
// leading dims from the extra counts) and torch.select (one index in
// [-size, size) removes the dim).
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"

namespace symshape::frontend {

bool selfAndList(OpContext &c, size_t operands) {
  if (!c.expectRanked())
    return false;
  if (c.numOperands() != operands || !c.ranked(0) || c.numResults() != 1) {
    c.opaque("operand 0 is not a ranked tensor");
    return false;
  }
  return true;
}

void lowerTorchConstantPad(OpContext &c) {
  if (!selfAndList(c, 3))
    return;
  std::optional<std::vector<TermId>> pads = intList(c, 1);
  if (!pads)
    return c.opaque("the padding list is not known");
  size_t rank = c.rank(0);
  if (pads->size() % 2 != 0 || pads->size() / 2 > rank)
    return c.error("padding length must be even and at most twice the rank");
  std::vector<TermId> dims = c.dims(0);
  for (size_t k = 0; k < pads->size() / 2; ++k) {
    size_t d = rank - 1 - k;
    TermId size = c.add(dims[d], c.add((*pads)[2 * k], (*pads)[2 * k + 1]));
    c.requireInBounds(c.formulas().mkLe(c.constant(0), size),
                      "the size " + c.dimName(0, d) +
                          " plus its padding, not negative");
    dims[d] = size;
  }
  c.setResult(0, std::move(dims));
}

void lowerTorchRepeat(OpContext &c) {
  if (!selfAndList(c, 2))
    return;
  std::optional<std::vector<TermId>> counts = intList(c, 1);
  if (!counts)
    return c.opaque("the repeat counts are not known");
  size_t rank = c.rank(0);
  if (counts->size() < rank)
    return c.error("number of repeat dims can not be smaller than the number "
                   "of dimensions of the tensor");
  size_t lead = counts->size() - rank;
  std::vector<TermId> dims;
  for (size_t k = 0; k < counts->size(); ++k) {
    TermId count = (*counts)[k];
    if (!c.provablyNonNegative(count)) {
      std::optional<int64_t> v = c.constantValue(count);
      if (v)
        return c.error("repeat counts can not be negative");
      return c.opaque("a repeat count that may be negative");
    }
    dims.push_back(k < lead ? count : c.mul(c.dim(0, k - lead), count));
  }
  c.setResult(0, std::move(dims));
}

void lowerTorchSelectInt(OpContext &c) {
  // select.int(self, dim, index): index in [-size, size); the dim goes.
  if (!selfAndList(c, 3))
    return;
  size_t rank = c.rank(0);
  if (rank == 0)
    return c.error("select() cannot be applied to a 0-dim tensor");
  std::optional<size_t> d = dimIndex(c, 1, rank);
  if (!d)
    return;
  TermId size = c.dim(0, *d), index = c.scalar(2);
  c.requireInBounds(
      c.formulas().mkAnd({c.formulas().mkLe(c.sub(c.constant(0), size), index),
                          c.formulas().mkLt(index, size)}),
      "the index " + c.operandName(2) + " within " + c.dimName(0, *d));
  std::vector<TermId> dims = c.dims(0);
  dims.erase(dims.begin() + std::ptrdiff_t(*d));
  c.setResult(0, std::move(dims));
}

} // namespace symshape::frontend
