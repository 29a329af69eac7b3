//===- TorchReduce.cpp - Reductions of the torch dialect ------------------===//
//
// From PyTorch's documentation of each op (dims in [-rank, rank), negative
// ones from the end; a rank-0 tensor takes dim 0 and -1):
//   torch.amin(input, dim, keepdim): the listed dims reduced (none or an
//     empty list: every dim), each kept as 1 with keepdim; a reduced dim
//     must not be empty ("Expected reduction dim to have non-zero size");
//   torch.max / torch.min(input, dim, keepdim) -> (values, indices), and
//     torch.argmax / argmin(input, dim, keepdim): one dim reduced, not
//     empty; argmax without dim flattens (rank 0), the input not empty;
//   torch.max / torch.min(input): rank 0, the input not empty;
//   torch.var / std / var_mean (correction or unbiased), torch.norm (p,
//     dim), torch.linalg.vector_norm (ord, dim): a dim list, none for all;
//   torch.any / all / prod(input, dim, keepdim): one dim reduced;
//   torch.topk(input, k, dim=-1): dim becomes k, 0 <= k <= its size.
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"

#include <algorithm>

namespace symshape::frontend {

bool torchTensors(OpContext &c, std::initializer_list<size_t> tensors,
                  size_t results, size_t operands, size_t most) {
  if (!c.expectRanked())
    return false;
  most = std::max(most, operands);
  if (c.numOperands() < operands || c.numOperands() > most) {
    c.opaque(std::to_string(c.numOperands()) + " operands, not the " +
             std::to_string(operands) +
             (most > operands ? ".." + std::to_string(most) : "") +
             " of the ATen schema");
    return false;
  }
  for (size_t i : tensors)
    if (i >= c.numOperands() || !c.ranked(i)) {
      c.opaque("operand " + std::to_string(i) + " is not a ranked tensor");
      return false;
    }
  if (c.numResults() != results) {
    c.opaque("expected " + std::to_string(results) + " result(s)");
    return false;
  }
  return true;
}

std::optional<bool> torchFlag(OpContext &c, size_t i) {
  std::optional<int64_t> v =
      i < c.numOperands() ? c.constantValue(c.scalar(i)) : std::nullopt;
  if (!v) {
    c.opaque("the flag operand " + std::to_string(i) + " is not a constant");
    return std::nullopt;
  }
  return *v != 0;
}

std::optional<std::vector<int64_t>> torchConstantList(OpContext &c, size_t i) {
  std::optional<std::vector<TermId>> list = intList(c, i);
  std::vector<int64_t> values;
  for (TermId t : list ? *list : std::vector<TermId>{}) {
    std::optional<int64_t> v = c.constantValue(t);
    if (!v) {
      list.reset();
      break;
    }
    values.push_back(*v);
  }
  if (!list) {
    c.opaque("the int list " + c.operandName(i) + " is not constant");
    return std::nullopt;
  }
  return values;
}

namespace {

/// The dims of self reduced by dim-list operand `i` (none or an empty list:
/// every dim), or by the single dim operand `i` when `single`.
std::optional<std::vector<bool>> reducedDims(OpContext &c, size_t i,
                                             bool single) {
  size_t rank = c.rank(0);
  std::vector<bool> reduced(std::max<size_t>(rank, 1), false);
  if (single) {
    std::optional<size_t> d = dimIndex(c, i, rank);
    if (!d)
      return std::nullopt;
    reduced[*d] = true;
    return reduced;
  }
  if (isNone(c, i)) {
    reduced.assign(reduced.size(), true);
    return reduced;
  }
  std::optional<std::vector<int64_t>> list = torchConstantList(c, i);
  if (!list)
    return std::nullopt;
  if (list->empty())
    reduced.assign(reduced.size(), true);
  for (int64_t v : *list) {
    std::optional<size_t> d = normaliseDim(c, v, rank);
    if (!d)
      return std::nullopt;
    if (reduced[*d]) {
      c.error("dim " + std::to_string(*d) + " appears multiple times");
      return std::nullopt;
    }
    reduced[*d] = true;
  }
  return reduced;
}

/// Self's dims without the reduced ones (1 with keepdim).
std::vector<TermId> keptDims(OpContext &c, const std::vector<bool> &reduced,
                             bool keepdim) {
  std::vector<TermId> dims;
  for (size_t d = 0; d < c.rank(0); ++d) {
    if (!reduced[d])
      dims.push_back(c.dim(0, d));
    else if (keepdim)
      dims.push_back(c.constant(1));
  }
  return dims;
}

/// Reductions without an identity (max, min, argmax, amin): each reduced
/// dim of self has at least one element.
void requireNotEmpty(OpContext &c, const std::vector<bool> &reduced) {
  for (size_t d = 0; d < c.rank(0); ++d)
    if (reduced[d])
      c.requireInBounds(c.formulas().mkLe(c.constant(1), c.dim(0, d)),
                        "the reduced dim " + c.dimName(0, d) +
                            " (it must not be empty)");
}

/// Reduces self over dim operand `dimOp` (a list, or one dim when
/// `single`) with keepdim operand `keepOp`; every result gets the shape.
void reduceTo(OpContext &c, size_t dimOp, size_t keepOp, bool single,
              bool notEmpty) {
  std::optional<std::vector<bool>> reduced = reducedDims(c, dimOp, single);
  std::optional<bool> keepdim = reduced ? torchFlag(c, keepOp) : std::nullopt;
  if (!keepdim)
    return;
  if (notEmpty)
    requireNotEmpty(c, *reduced);
  std::vector<TermId> dims = keptDims(c, *reduced, *keepdim);
  for (size_t r = 0; r < c.numResults(); ++r)
    c.setResult(r, dims);
}

/// An order operand (norm's p, linalg_vector_norm's ord) known to be a
/// non-negative integer: these reduce empty dims to 0. Infinite and
/// negative orders have no identity and a float is not read: opaque.
bool plainOrder(OpContext &c, size_t i) {
  if (isNone(c, i))
    return true;
  std::optional<int64_t> v = c.operandType(i).spelling == "!torch.int"
                                 ? c.constantValue(c.scalar(i))
                                 : std::nullopt;
  if (v && *v >= 0)
    return true;
  c.opaque("the order " + c.operandName(i) +
           " is not a known non-negative integer (inf and negative orders "
           "need non-empty dims)");
  return false;
}

} // namespace

void lowerTorchAmin(OpContext &c) {
  // torch.amin(input, dim, keepdim).
  if (torchTensors(c, {0}, 1, 3))
    reduceTo(c, 1, 2, /*single=*/false, /*notEmpty=*/true);
}

void lowerTorchMaxDim(OpContext &c) {
  // torch.max / torch.min(input, dim, keepdim) -> (values, indices).
  if (torchTensors(c, {0}, 2, 3))
    reduceTo(c, 1, 2, /*single=*/true, /*notEmpty=*/true);
}

void lowerTorchArgReduce(OpContext &c) {
  // torch.argmax / argmin(input, dim=None, keepdim=False).
  if (!torchTensors(c, {0}, 1, 3))
    return;
  if (!isNone(c, 1))
    return reduceTo(c, 1, 2, /*single=*/true, /*notEmpty=*/true);
  std::optional<bool> keepdim = torchFlag(c, 2);
  if (!keepdim)
    return;
  // The docs say keepdim is ignored without a dim; ATen's meta function
  // keeps every dim as 1: the two disagree, so the op is not guessed.
  if (*keepdim)
    return c.opaque("keepdim without a dim (documented as ignored, kept by "
                    "ATen)");
  c.requireInBounds(c.formulas().mkLe(c.constant(1), c.product(c.dims(0))),
                    "the elements of " + c.operandName(0) +
                        " (argmax/argmin of an empty tensor)");
  c.setResult(0, {});
}

void lowerTorchMaxAll(OpContext &c) {
  // torch.max / torch.min(input): the largest / smallest element.
  if (!torchTensors(c, {0}, 1, 1))
    return;
  c.requireInBounds(c.formulas().mkLe(c.constant(1), c.product(c.dims(0))),
                    "the elements of " + c.operandName(0) +
                        " (max/min of an empty tensor)");
  c.setResult(0, {});
}

namespace {

/// A dim list (none: every dim) and keepdim: at operand 1 for var / std,
/// at 2 after the order of a norm (a plain non-negative int); keepdim at 3.
void lowerStatReduceOf(OpContext &c, bool norm, size_t results,
                       size_t operands) {
  if (!torchTensors(c, {0}, results, operands))
    return;
  if (norm && !plainOrder(c, 1))
    return;
  reduceTo(c, norm ? 2 : 1, 3, /*single=*/false, /*notEmpty=*/false);
}

} // namespace

void lowerTorchStatReduce(OpContext &c) {
  // var / std .correction(input, dim, correction, keepdim), .dim(input,
  // dim, unbiased, keepdim).
  lowerStatReduceOf(c, /*norm=*/false, 1, 4);
}

void lowerTorchVarMean(OpContext &c) {
  // var_mean.correction(input, dim, correction, keepdim) -> (var, mean).
  lowerStatReduceOf(c, /*norm=*/false, 2, 4);
}

void lowerTorchNormReduce(OpContext &c) {
  // norm.ScalarOpt_dim(input, p, dim, keepdim).
  lowerStatReduceOf(c, /*norm=*/true, 1, 4);
}

void lowerTorchVectorNorm(OpContext &c) {
  // linalg_vector_norm(input, ord, dim, keepdim, dtype).
  lowerStatReduceOf(c, /*norm=*/true, 1, 5);
}

void lowerTorchReduceOneDim(OpContext &c) {
  // torch.any / torch.all(input, dim, keepdim), prod(input, dim, keepdim,
  // dtype).
  if (torchTensors(c, {0}, 1, 3, 4))
    reduceTo(c, 1, 2, /*single=*/true, /*notEmpty=*/false);
}

void lowerTorchTopk(OpContext &c) {
  // torch.topk(input, k, dim=-1, largest, sorted) -> (values, indices):
  // "selected index k out of range" unless 0 <= k <= input.size(dim).
  if (!torchTensors(c, {0}, 2, 5))
    return;
  std::optional<size_t> d = dimIndex(c, 2, c.rank(0));
  if (!d)
    return;
  TermId k = c.scalar(1);
  TermId size = c.rank(0) == 0 ? c.constant(1) : c.dim(0, *d);
  std::string sizeName = c.rank(0) == 0 ? "1" : c.dimName(0, *d);
  auto &f = c.formulas();
  c.requireInBounds(f.mkAnd({f.mkLe(c.constant(0), k), f.mkLe(k, size)}),
                    "k " + c.operandName(1) + " (at most the size " + sizeName +
                        ")");
  std::vector<TermId> dims = c.dims(0);
  if (!dims.empty())
    dims[*d] = k;
  c.setResult(0, dims);
  c.setResult(1, dims);
}

} // namespace symshape::frontend
