//===- TorchShapes.cpp - Reshapes, relayouts, slices and reductions -------===//
//
// Each rule follows the PyTorch documentation of its op (Tensor.view,
// torch.reshape, torch.transpose, torch.permute, torch.unsqueeze,
// torch.squeeze, torch.flatten, Tensor.expand, slicing, torch.mean/sum):
// negative dims count from the end, `-1` sizes are inferred, slice bounds
// are clamped to the dim.
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"

#include <algorithm>
#include <cstdint>

namespace symshape::frontend {

/// Operand 0 ranked and one result; otherwise the op is opaque.
static bool rankedSelf(OpContext &c) {
  if (!c.expectRanked())
    return false;
  if (c.numOperands() == 0 || !c.ranked(0) || c.numResults() != 1) {
    c.opaque("operand 0 is not a ranked tensor");
    return false;
  }
  return true;
}

/// The integer list of operand `i`, or opaque.
static std::optional<std::vector<TermId>> listOperand(OpContext &c, size_t i) {
  std::optional<std::vector<TermId>> list = intList(c, i);
  if (!list)
    c.opaque("the size list " + c.operandName(i) + " is not known");
  return list;
}

bool splitInferredSize(OpContext &c, const std::vector<TermId> &sizes,
                       std::optional<size_t> &inferred,
                       std::vector<TermId> &known) {
  for (size_t k = 0; k < sizes.size(); ++k) {
    std::optional<int64_t> v = c.constantValue(sizes[k]);
    if (v && *v == -1) {
      if (inferred) {
        c.error("only one dimension can be inferred");
        return false;
      }
      inferred = k;
      continue;
    }
    if (v && *v < -1) {
      c.error("invalid shape dimension " + std::to_string(*v));
      return false;
    }
    if (!v && !c.provablyNonNegative(sizes[k])) {
      c.opaque("a size that may be -1 at runtime");
      return false;
    }
    known.push_back(sizes[k]);
  }
  return true;
}

void lowerTorchView(OpContext &c) {
  // Tensor.view / torch.reshape / _unsafe_view(self, size): the same
  // elements in `size`; one size may be -1, inferred from the others.
  if (!rankedSelf(c) || c.numOperands() != 2)
    return;
  std::optional<std::vector<TermId>> sizes = listOperand(c, 1);
  if (!sizes)
    return;
  std::optional<size_t> inferred;
  std::vector<TermId> known;
  if (!splitInferredSize(c, *sizes, inferred, known))
    return;
  TermId numel = c.product(c.dims(0));
  std::vector<TermId> dims = *sizes;
  FormulaId violation = c.formulas().mkFalse();
  if (inferred) {
    // PyTorch infers the size only when the product of the others is not
    // 0 and divides the element count.
    TermId rest = c.product(known);
    dims[*inferred] = c.floorDiv(numel, rest);
    violation = c.formulas().mkEq(rest, c.constant(0));
  }
  violation =
      c.formulas().mkOr({violation, c.formulas().mkNe(numel, c.product(dims))});
  c.require(solver::ObligationKind::ElementCount, -1, violation,
            "the element counts of " + c.operandName(0) + " and the " +
                c.op().name + " result");
  c.setResult(0, std::move(dims));
}

void lowerTorchTranspose(OpContext &c) {
  if (!rankedSelf(c) || c.numOperands() != 3)
    return;
  std::optional<size_t> a = dimIndex(c, 1, c.rank(0));
  std::optional<size_t> b = a ? dimIndex(c, 2, c.rank(0)) : std::nullopt;
  if (!b || c.rank(0) == 0)
    return c.rank(0) == 0 && b ? c.setResult(0, {}) : void();
  std::vector<TermId> dims = c.dims(0);
  std::swap(dims[*a], dims[*b]);
  c.setResult(0, std::move(dims));
}

void lowerTorchPermute(OpContext &c) {
  if (!rankedSelf(c) || c.numOperands() != 2)
    return;
  std::optional<std::vector<TermId>> order = listOperand(c, 1);
  if (!order)
    return;
  size_t rank = c.rank(0);
  if (order->size() != rank)
    return c.error("number of dims don't match in permute");
  std::vector<bool> seen(rank, false);
  std::vector<TermId> dims;
  for (TermId t : *order) {
    std::optional<int64_t> v = c.constantValue(t);
    if (!v)
      return c.opaque("a permutation entry is not a constant");
    std::optional<size_t> d = normaliseDim(c, *v, rank);
    if (!d)
      return;
    if (seen[*d])
      return c.error("repeated dim in permute");
    seen[*d] = true;
    dims.push_back(c.dim(0, *d));
  }
  c.setResult(0, std::move(dims));
}

void lowerTorchUnsqueeze(OpContext &c) {
  // torch.unsqueeze(input, dim): dim in [-rank-1, rank].
  if (!rankedSelf(c) || c.numOperands() != 2)
    return;
  std::optional<size_t> d = dimIndex(c, 1, c.rank(0) + 1);
  if (!d)
    return;
  std::vector<TermId> dims = c.dims(0);
  dims.insert(dims.begin() + std::ptrdiff_t(*d), c.constant(1));
  c.setResult(0, std::move(dims));
}

void lowerTorchSqueezeDim(OpContext &c) {
  // torch.squeeze(input, dim): the dim is removed when its size is 1.
  if (!rankedSelf(c) || c.numOperands() != 2)
    return;
  std::optional<size_t> d = dimIndex(c, 1, c.rank(0));
  if (!d)
    return;
  std::vector<TermId> dims = c.dims(0);
  if (c.rank(0) == 0)
    return c.setResult(0, {});
  std::optional<int64_t> size = c.constantValue(dims[*d]);
  if (!size)
    return c.opaque("whether the squeezed size is 1 is not known");
  if (*size == 1)
    dims.erase(dims.begin() + std::ptrdiff_t(*d));
  c.setResult(0, std::move(dims));
}

void lowerTorchFlatten(OpContext &c) {
  // torch.flatten(input, start_dim, end_dim): dims start..end become one.
  if (!rankedSelf(c) || c.numOperands() != 3)
    return;
  size_t rank = c.rank(0);
  std::optional<size_t> start = dimIndex(c, 1, rank);
  std::optional<size_t> end = start ? dimIndex(c, 2, rank) : std::nullopt;
  if (!end)
    return;
  if (rank == 0)
    return c.setResult(0, {c.constant(1)});
  if (*start > *end)
    return c.error("flatten() has invalid args: start_dim cannot come after "
                   "end_dim");
  std::vector<TermId> in = c.dims(0), dims(in.begin(), in.begin() + *start);
  dims.push_back(c.product(
      std::vector<TermId>(in.begin() + *start, in.begin() + *end + 1)));
  dims.insert(dims.end(), in.begin() + *end + 1, in.end());
  c.setResult(0, std::move(dims));
}

/// A slice bound of a dim of size `n` as PyTorch clamps it: a negative
/// bound counts from the end, then the bound is clamped to [0, n].
static TermId clampBound(OpContext &c, TermId bound, TermId n) {
  TermId zero = c.constant(0);
  if (std::optional<int64_t> v = c.constantValue(bound)) {
    // The FX importer's "to the end" is INT64_MAX, never below a size.
    if (*v == INT64_MAX)
      return n;
    if (*v >= 0)
      return c.graph().min(bound, n);
    return c.graph().max(c.add(bound, n), zero);
  }
  return c.selectLe(zero, bound, c.graph().min(bound, n),
                    c.graph().max(c.add(bound, n), zero));
}

void lowerTorchSlice(OpContext &c) {
  // slice.Tensor(self, dim, start, end, step): start defaults to 0, end
  // to the size (none); both clamped; length ceil((end - start) / step),
  // 0 when end <= start. step must be positive.
  if (!rankedSelf(c) || c.numOperands() != 5)
    return;
  std::optional<size_t> d = dimIndex(c, 1, c.rank(0));
  if (!d || c.rank(0) == 0)
    return d ? c.opaque("slice of a rank-0 tensor") : void();
  std::optional<int64_t> step = c.constantValue(c.scalar(4));
  if (!step)
    return c.opaque("the step is not a constant");
  if (*step <= 0)
    return c.error("slice step must be positive");
  TermId n = c.dim(0, *d);
  TermId start = isNone(c, 2) ? c.constant(0) : clampBound(c, c.scalar(2), n);
  TermId end = isNone(c, 3) ? n : clampBound(c, c.scalar(3), n);
  TermId length = c.sub(end, start);
  if (!c.provablyNonNegative(length))
    length = c.graph().max(length, c.constant(0));
  if (*step != 1)
    length =
        c.floorDiv(c.add(length, c.constant(*step - 1)), c.constant(*step));
  std::vector<TermId> dims = c.dims(0);
  dims[*d] = length;
  c.setResult(0, std::move(dims));
}

void lowerTorchExpand(OpContext &c) {
  // Tensor.expand(*sizes): -1 keeps a size; a size of self other than 1
  // must equal the new one; new leading dims cannot be -1.
  if (!rankedSelf(c) || c.numOperands() < 2)
    return;
  std::optional<std::vector<TermId>> sizes = listOperand(c, 1);
  if (!sizes)
    return;
  size_t rank = c.rank(0);
  if (sizes->size() < rank)
    return c.error("the number of sizes provided must be greater or equal "
                   "to the number of dimensions in the tensor");
  size_t lead = sizes->size() - rank;
  std::vector<TermId> dims;
  for (size_t k = 0; k < sizes->size(); ++k) {
    TermId s = (*sizes)[k];
    std::optional<int64_t> v = c.constantValue(s);
    if (v && *v < -1)
      return c.error("invalid expand size " + std::to_string(*v));
    if (!v && !c.provablyNonNegative(s))
      return c.opaque("a size that may be -1 at runtime");
    if (k < lead) {
      if (v && *v == -1)
        return c.error("-1 is not allowed in a leading, non-existing dim");
      dims.push_back(s);
      continue;
    }
    TermId own = c.dim(0, k - lead);
    if (v && *v == -1) {
      dims.push_back(own);
      continue;
    }
    c.require(solver::ObligationKind::Broadcast, int(k),
              c.formulas().mkAnd({c.formulas().mkNe(own, c.constant(1)),
                                  c.formulas().mkNe(own, s)}),
              "the size " + c.dimName(0, k - lead) + " expanded to size " +
                  std::to_string(k) + " of the list");
    dims.push_back(s);
  }
  c.setResult(0, std::move(dims));
}

void lowerTorchReduce(OpContext &c) {
  // mean.dim / sum.dim_IntList(self, dim, keepdim, dtype), amax(self, dim,
  // keepdim): the listed dims are reduced (kept as 1 with keepdim); an
  // empty or absent list reduces every dim.
  if (!rankedSelf(c) || c.numOperands() < 3)
    return;
  size_t rank = c.rank(0);
  // A rank-0 tensor takes dim 0 / -1 and stays rank 0.
  std::vector<bool> reduced(std::max<size_t>(rank, 1), false);
  if (isNone(c, 1)) {
    reduced.assign(reduced.size(), true);
  } else {
    std::optional<std::vector<TermId>> list = listOperand(c, 1);
    if (!list)
      return;
    if (list->empty())
      reduced.assign(reduced.size(), true);
    for (TermId t : *list) {
      std::optional<int64_t> v = c.constantValue(t);
      if (!v)
        return c.opaque("a reduced dim is not a constant");
      std::optional<size_t> d = normaliseDim(c, *v, rank);
      if (!d)
        return;
      if (reduced[*d])
        return c.error("dim " + std::to_string(*d) + " appears multiple times");
      reduced[*d] = true;
    }
  }
  // keepdim is a !torch.bool operand (torch.constant.bool: 0 or 1).
  std::optional<int64_t> keep = c.constantValue(c.scalar(2));
  if (!keep)
    return c.opaque("keepdim is not a constant");
  bool keepdim = *keep != 0;
  std::vector<TermId> dims;
  for (size_t d = 0; d < rank; ++d) {
    if (!reduced[d])
      dims.push_back(c.dim(0, d));
    else if (keepdim)
      dims.push_back(c.constant(1));
  }
  c.setResult(0, std::move(dims));
}

} // namespace symshape::frontend
