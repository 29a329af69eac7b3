//===- TorchIndexing.cpp - Index selection, gather and new tensors --------===//
//
// torch.index_select (the dim becomes the index's length), torch.gather
// (the index's shape; every other dim of the index at most self's),
// torch.flip (same shape, distinct dims in range), pow.Scalar (the
// exponent tensor's shape), torch.sum / torch.mean over every dim (rank 0),
// and the factories that take a size list (Tensor.new_zeros / new_full,
// torch.empty_strided): sizes from the list, none negative.
// Tensor.scatter_(dim, index, src, reduce) (aten::scatter.reduce): self's
// shape; "self, index and src should all have the same number of
// dimensions. It is also required that index.size(d) <= src.size(d) for
// all dimensions d, and that index.size(d) <= self.size(d) for all
// dimensions d != dim" -- checked only for an index with elements (ATen's
// scatter_shape_check returns early when index.numel() == 0). The index
// values (within self's dim `dim`) and the reduce name ("add" or
// "multiply") are values symshape does not read.
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"

namespace symshape::frontend {

static bool rankedOperands(OpContext &c, std::initializer_list<size_t> which) {
  if (!c.expectRanked())
    return false;
  for (size_t i : which)
    if (i >= c.numOperands() || !c.ranked(i)) {
      c.opaque("operand " + std::to_string(i) + " is not a ranked tensor");
      return false;
    }
  if (c.numResults() != 1) {
    c.opaque("expected one result");
    return false;
  }
  return true;
}

void lowerTorchIndexSelect(OpContext &c) {
  // index_select(self, dim, index): index is 0-D or 1-D.
  if (!rankedOperands(c, {0, 2}) || c.numOperands() != 3)
    return;
  if (c.rank(2) > 1)
    return c.error("index_select(): Index is supposed to be a vector");
  std::optional<size_t> d = dimIndex(c, 1, c.rank(0));
  if (!d)
    return;
  std::vector<TermId> dims = c.dims(0);
  if (dims.empty())
    return c.opaque("index_select of a rank-0 tensor");
  dims[*d] = c.rank(2) == 1 ? c.dim(2, 0) : c.constant(1);
  c.setResult(0, std::move(dims));
}

void lowerTorchGather(OpContext &c) {
  // gather(self, dim, index, sparse_grad): index has self's rank and
  // index.size(d) <= self.size(d) for every d != dim; the result has the
  // index's shape.
  if (!rankedOperands(c, {0, 2}) || c.numOperands() != 4)
    return;
  size_t rank = c.rank(0);
  if (c.rank(2) != rank)
    return c.error("Index tensor must have the same number of dimensions as "
                   "input tensor");
  std::optional<size_t> d = dimIndex(c, 1, rank);
  if (!d)
    return;
  for (size_t k = 0; k < rank; ++k)
    if (k != *d)
      c.requireInBounds(c.formulas().mkLe(c.dim(2, k), c.dim(0, k)),
                        "the index size " + c.dimName(2, k) + " within " +
                            c.dimName(0, k));
  c.setResult(0, c.dims(2));
}

void lowerTorchFlip(OpContext &c) {
  if (!rankedOperands(c, {0}) || c.numOperands() != 2)
    return;
  std::optional<std::vector<TermId>> list = intList(c, 1);
  if (!list)
    return c.opaque("the dims list is not known");
  std::vector<bool> seen(std::max<size_t>(c.rank(0), 1), false);
  for (TermId t : *list) {
    std::optional<int64_t> v = c.constantValue(t);
    if (!v)
      return c.opaque("a flipped dim is not a constant");
    std::optional<size_t> d = normaliseDim(c, *v, c.rank(0));
    if (!d)
      return;
    if (seen[*d])
      return c.error("dim " + std::to_string(*d) + " appears multiple times");
    seen[*d] = true;
  }
  c.setResult(0, c.dims(0));
}

void lowerTorchPowScalar(OpContext &c) {
  // pow.Scalar(self: Scalar, exponent: Tensor): the exponent's shape.
  if (!rankedOperands(c, {1}))
    return;
  c.setResult(0, c.dims(1));
}

void lowerTorchReduceAll(OpContext &c) {
  // sum(self, dtype) / mean(self, dtype): every dim reduced, rank 0.
  if (!rankedOperands(c, {0}))
    return;
  c.setResult(0, {});
}

void lowerTorchSizedFactory(OpContext &c, size_t list) {
  if (!c.expectRanked())
    return;
  std::optional<std::vector<TermId>> sizes = intList(c, list);
  if (!sizes || c.numResults() != 1)
    return c.opaque("the size list is not known");
  for (TermId s : *sizes) {
    std::optional<int64_t> v = c.constantValue(s);
    if (v && *v < 0)
      return c.error("negative dimension " + std::to_string(*v));
    if (!v && !c.provablyNonNegative(s))
      return c.opaque("a size that may be negative");
  }
  c.setResultFromValues(0, *sizes);
}

void lowerTorchScatterReduce(OpContext &c) {
  // scatter.reduce(self, dim, index, src, reduce).
  if (!torchTensors(c, {0, 2, 3}, 1, 5))
    return;
  size_t rank = c.rank(0);
  if (rank == 0)
    return c.opaque("scatter into a rank-0 tensor");
  if (c.rank(2) != rank || c.rank(3) != rank)
    return c.opaque("self, index and src of different ranks: an error "
                    "unless the index has no elements");
  std::optional<size_t> d = dimIndex(c, 1, rank);
  if (!d)
    return;
  auto &f = c.formulas();
  std::vector<FormulaId> empty;
  for (size_t k = 0; k < rank; ++k)
    empty.push_back(f.mkEq(c.dim(2, k), c.constant(0)));
  FormulaId indexEmpty = f.mkOr(empty);
  for (size_t k = 0; k < rank; ++k) {
    if (k != *d)
      c.requireInBounds(f.mkOr({indexEmpty, f.mkLe(c.dim(2, k), c.dim(0, k))}),
                        "the index size " + c.dimName(2, k) + " within " +
                            c.dimName(0, k));
    c.requireInBounds(f.mkOr({indexEmpty, f.mkLe(c.dim(2, k), c.dim(3, k))}),
                      "the index size " + c.dimName(2, k) + " within " +
                          c.dimName(3, k));
  }
  c.setResult(0, c.dims(0));
}

} // namespace symshape::frontend
