//===- TorchJoin.cpp - Lists of tensors: joins and splits -----------------===//
//
// `!torch.list<vtensor>` values element by element (OpContext::ListItem):
// made by torch.prim.ListConstruct and the splits, read by torch.cat /
// torch.stack and by torch.prim.ListUnpack / aten.__getitem__.t. Each rule
// follows its op's PyTorch documentation (torch.cat, torch.stack,
// torch.split, torch.chunk, torch.unbind), cited by op name. A list whose
// length depends on a runtime size is not tracked: the op is opaque.
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"

namespace symshape::frontend {

using ListItem = OpContext::ListItem;

/// The tensors of list operand `i`, each ranked; nullopt after making the
/// op opaque.
static std::optional<std::vector<std::vector<TermId>>> tensorList(OpContext &c,
                                                                  size_t i) {
  std::optional<std::vector<ListItem>> items = c.listItems(i);
  if (!items) {
    c.opaque("the tensors of the list " + c.operandName(i) + " are not known");
    return std::nullopt;
  }
  std::vector<std::vector<TermId>> tensors;
  for (const ListItem &item : *items) {
    if (!item.dims) {
      c.opaque("an element of the list " + c.operandName(i) +
               " is not a ranked tensor");
      return std::nullopt;
    }
    tensors.push_back(*item.dims);
  }
  return tensors;
}

/// "the sizes of dim 1 of tensors 0 and 2 of %0".
static std::string sameSizes(OpContext &c, size_t list, size_t a, size_t b,
                             size_t d) {
  return "the sizes of dim " + std::to_string(d) + " of tensors " +
         std::to_string(a) + " and " + std::to_string(b) + " of " +
         c.operandName(list);
}

/// A long or int tensor (si64 / si32): what PyTorch's advanced indexing
/// takes besides bool / byte masks ("tensors used as indices must be long,
/// int, byte or bool tensors").
static bool isIntegerIndex(const Type &type) {
  return type.hasRank() && (type.element == "si64" || type.element == "si32");
}

void lowerTensorListConstruct(OpContext &c) {
  // torch.prim.ListConstruct of tensors (a !torch.list<vtensor>): each
  // element's dims. Other lists are not sizes.
  if (c.numResults() != 1)
    return;
  const std::string &type = c.resultType(0).spelling;
  if (type == "!torch.list<optional<vtensor>>")
    return lowerIndexListConstruct(c);
  if (type == "!torch.list<bool>") {
    // Flags (convolution_backward's output_mask): each constant as 1 / 0.
    std::vector<ListItem> items(c.numOperands());
    for (size_t i = 0; i < c.numOperands(); ++i)
      if (c.operandType(i).spelling == "!torch.bool")
        if (std::optional<int64_t> flag = c.constantScalar(i))
          items[i].scalar = c.constant(*flag);
    return c.setListResult(0, std::move(items));
  }
  if (type.rfind("!torch.list<vtensor", 0) != 0)
    return;
  std::vector<ListItem> items;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    ListItem item;
    if (c.ranked(i))
      item.dims = c.dims(i);
    items.push_back(std::move(item));
  }
  c.setListResult(0, std::move(items));
}

void lowerIndexListConstruct(OpContext &c) {
  // A `!torch.list<optional<vtensor>>` is the `indices` of PyTorch's
  // advanced indexing (aten.index.Tensor, index_put, _unsafe_index_put): a
  // none leaves its dim whole, a long / int tensor indexes it. A bool or
  // byte mask selects as many elements as it has true ones (runtime data),
  // and any other element is not read: the list is then left unknown, and
  // the op reading it is opaque.
  std::vector<ListItem> items;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    ListItem item;
    if (isIntegerIndex(c.operandType(i)))
      item.dims = c.dims(i);
    else if (!isNone(c, i))
      return;
    items.push_back(std::move(item));
  }
  c.setListResult(0, std::move(items));
}

void lowerTorchCat(OpContext &c) {
  // torch.cat(tensors, dim): "All tensors must either have the same shape
  // (except in the concatenating dimension) or be a 1-D empty tensor with
  // size (0,)" -- such a tensor is skipped.
  if (c.numOperands() != 2 || c.numResults() != 1)
    return c.opaque("expected a list and a dim");
  std::optional<std::vector<std::vector<TermId>>> all = tensorList(c, 0);
  if (!all)
    return;
  if (all->empty())
    return c.error("torch.cat(): expected a non-empty list of Tensors");
  // The rank of the tensors that are not skipped: the largest one.
  size_t rank = 0;
  for (const std::vector<TermId> &t : *all)
    rank = std::max(rank, t.size());
  if (rank == 0)
    return c.error("zero-dimensional tensor cannot be concatenated");
  std::vector<size_t> kept;
  for (size_t k = 0; k < all->size(); ++k) {
    const std::vector<TermId> &t = (*all)[k];
    if (t.size() == rank) {
      kept.push_back(k);
      continue;
    }
    std::optional<int64_t> size =
        t.size() == 1 ? c.constantValue(t[0]) : std::nullopt;
    if (t.size() == 1 && !size)
      return c.opaque("tensor " + std::to_string(k) + " of " +
                      c.operandName(0) +
                      " is 1-D: legal only when it is the skipped [0]");
    if (t.size() != 1 || *size != 0)
      return c.error("tensors must have same number of dimensions: got " +
                     std::to_string(rank) + " and " + std::to_string(t.size()));
  }
  std::optional<size_t> d = dimIndex(c, 1, rank);
  if (!d)
    return;
  std::vector<TermId> dims = (*all)[kept[0]];
  for (size_t j = 1; j < kept.size(); ++j) {
    const std::vector<TermId> &t = (*all)[kept[j]];
    for (size_t e = 0; e < rank; ++e) {
      if (e == *d)
        continue;
      c.requireEqual(dims[e], t[e], sameSizes(c, 0, kept[0], kept[j], e));
    }
    dims[*d] = c.add(dims[*d], t[*d]);
  }
  c.setResult(0, std::move(dims));
}

void lowerTorchStack(OpContext &c) {
  // torch.stack(tensors, dim): "All tensors need to be of the same size";
  // a new dim of their count is inserted at dim, in [-rank-1, rank].
  if (c.numOperands() != 2 || c.numResults() != 1)
    return c.opaque("expected a list and a dim");
  std::optional<std::vector<std::vector<TermId>>> all = tensorList(c, 0);
  if (!all)
    return;
  if (all->empty())
    return c.error("stack expects a non-empty TensorList");
  std::vector<TermId> dims = all->front();
  for (size_t k = 1; k < all->size(); ++k) {
    if ((*all)[k].size() != dims.size())
      return c.error("stack expects each tensor to be equal size");
    for (size_t e = 0; e < dims.size(); ++e)
      c.requireEqual(dims[e], (*all)[k][e], sameSizes(c, 0, 0, k, e));
  }
  std::optional<size_t> d = dimIndex(c, 1, dims.size() + 1);
  if (!d)
    return;
  dims.insert(dims.begin() + std::ptrdiff_t(*d),
              c.constant(int64_t(all->size())));
  c.setResult(0, std::move(dims));
}

/// The pieces of dim `d` of operand 0 of the given sizes, as a list.
static void setPieces(OpContext &c, size_t d,
                      const std::vector<TermId> &sizes) {
  std::vector<ListItem> items;
  for (TermId size : sizes) {
    ListItem item;
    item.dims = c.dims(0);
    (*item.dims)[d] = size;
    items.push_back(std::move(item));
  }
  c.setListResult(0, std::move(items));
}

/// Operand 0 ranked (not rank 0) and its dim operand `i`.
static std::optional<size_t> splitDim(OpContext &c, size_t i) {
  if (!c.expectRanked())
    return std::nullopt;
  if (c.numOperands() != 3 || !c.ranked(0) || c.numResults() != 1) {
    c.opaque("expected a ranked tensor, a size and a dim");
    return std::nullopt;
  }
  if (c.rank(0) == 0) {
    c.error("split expects at least a 1-dimensional tensor");
    return std::nullopt;
  }
  return dimIndex(c, i, c.rank(0));
}

void lowerTorchSplit(OpContext &c) {
  // torch.split(tensor, split_size, dim) (split.Tensor): chunks of
  // split_size, the last one smaller when the size is not divisible;
  // ceil(n / split_size) of them, one (empty) for n = 0. split_size 0 is
  // legal only for n = 0.
  std::optional<size_t> d = splitDim(c, 2);
  if (!d)
    return;
  std::optional<int64_t> n = c.constantValue(c.dim(0, *d));
  std::optional<int64_t> size = c.constantValue(c.scalar(1));
  if (!n || !size)
    return c.opaque("the number of pieces depends on a runtime size");
  if (*size < 0)
    return c.error("split expects split_size be non-negative, but got " +
                   std::to_string(*size));
  if (*size == 0 && *n != 0)
    return c.error("split_size can only be 0 if dimension size is 0");
  std::vector<TermId> sizes;
  int64_t count =
      *size == 0 ? 1 : std::max<int64_t>((*n + *size - 1) / *size, 1);
  for (int64_t k = 0; k < count; ++k)
    sizes.push_back(
        c.constant(*size == 0 ? 0 : std::min(*size, *n - k * *size)));
  setPieces(c, *d, sizes);
}

void lowerTorchSplitWithSizes(OpContext &c) {
  // torch.split(tensor, [sizes], dim) (split_with_sizes): one piece per
  // size; the sizes are not negative and sum to the dim's size.
  std::optional<size_t> d = splitDim(c, 2);
  if (!d)
    return;
  std::optional<std::vector<TermId>> sizes = intList(c, 1);
  if (!sizes)
    return c.opaque("the split sizes " + c.operandName(1) + " are not known");
  TermId sum = c.constant(0);
  for (size_t k = 0; k < sizes->size(); ++k) {
    TermId s = (*sizes)[k];
    c.requireInBounds(c.formulas().mkLe(c.constant(0), s),
                      "split size " + std::to_string(k) + " not negative");
    sum = c.add(sum, s);
  }
  c.requireEqual(sum, c.dim(0, *d),
                 "the sum of the split sizes and " + c.dimName(0, *d));
  setPieces(c, *d, *sizes);
}

void lowerTorchChunk(OpContext &c) {
  // torch.chunk(input, chunks, dim): pieces of ceil(n / chunks), the last
  // smaller, "may return fewer than the specified number of chunks";
  // chunks must be positive. How an empty dim is chunked is not documented.
  std::optional<size_t> d = splitDim(c, 2);
  if (!d)
    return;
  std::optional<int64_t> n = c.constantValue(c.dim(0, *d));
  std::optional<int64_t> chunks = c.constantValue(c.scalar(1));
  if (!chunks)
    return c.opaque("the number of chunks is not a constant");
  if (*chunks <= 0)
    return c.error("chunk expects `chunks` to be greater than 0, got: " +
                   std::to_string(*chunks));
  if (!n)
    return c.opaque("the number of pieces depends on a runtime size");
  if (*n == 0)
    return c.opaque("chunk of an empty dim (not documented)");
  int64_t size = (*n + *chunks - 1) / *chunks;
  std::vector<TermId> sizes;
  for (int64_t at = 0; at < *n; at += size)
    sizes.push_back(c.constant(std::min(size, *n - at)));
  setPieces(c, *d, sizes);
}

void lowerTorchUnbind(OpContext &c) {
  // torch.unbind(input, dim): one tensor per index of dim, without it.
  if (!c.expectRanked())
    return;
  if (c.numOperands() != 2 || !c.ranked(0) || c.numResults() != 1)
    return c.opaque("expected a ranked tensor and a dim");
  if (c.rank(0) == 0)
    return c.error("Dimension specified as 0 but tensor has no dimensions");
  std::optional<size_t> d = dimIndex(c, 1, c.rank(0));
  if (!d)
    return;
  std::optional<int64_t> n = c.constantValue(c.dim(0, *d));
  if (!n)
    return c.opaque("the number of pieces depends on a runtime size");
  std::vector<TermId> dims = c.dims(0);
  dims.erase(dims.begin() + std::ptrdiff_t(*d));
  std::vector<ListItem> items(static_cast<size_t>(*n));
  for (ListItem &item : items)
    item.dims = dims;
  c.setListResult(0, std::move(items));
}

/// Whether `item` is known as far as result `r` needs: a ranked tensor
/// result its dims, a !torch.int result its integer (other values carry
/// nothing a size depends on).
static bool itemKnown(OpContext &c, size_t r, const ListItem &item) {
  if (c.resultType(r).hasRank())
    return item.dims.has_value();
  return !isTorchInt(c.resultType(r)) || item.scalar.has_value();
}

/// Result `r` is `item` (itemKnown). No verifier infers it: a declared
/// size that differs is a runtime result-cast, even when both are
/// constants.
static void setItem(OpContext &c, size_t r, const ListItem &item) {
  if (item.dims && c.resultType(r).hasRank())
    return c.setResultFromValues(r, *item.dims);
  if (item.scalar && isTorchInt(c.resultType(r)))
    return c.setScalarResult(r, *item.scalar);
  c.setResultFromType(r);
}

/// The elements of list / tuple operand 0: a list of ints element by
/// element, else as the op that made it stated them.
static std::optional<std::vector<ListItem>> listElements(OpContext &c) {
  if (std::optional<std::vector<TermId>> ints = intList(c, 0)) {
    std::vector<ListItem> out(ints->size());
    for (size_t k = 0; k < ints->size(); ++k)
      out[k].scalar = (*ints)[k];
    return out;
  }
  std::optional<std::vector<ListItem>> out = c.listItems(0);
  if (!out)
    c.opaque("the elements of " + c.operandName(0) + " are not known");
  return out;
}

void lowerListUnpack(OpContext &c) {
  // torch.prim.ListUnpack: one result per element (Python's unpacking,
  // ValueError unless the counts agree).
  if (c.numOperands() != 1)
    return c.opaque("expected one list operand");
  std::optional<std::vector<ListItem>> list = listElements(c);
  if (!list)
    return;
  if (list->size() != c.numResults()) {
    c.require(solver::ObligationKind::Rank, -1, c.formulas().mkTrue(),
              "the " + std::to_string(list->size()) + " elements of " +
                  c.operandName(0) + " unpacked into " +
                  std::to_string(c.numResults()) + " values");
    return c.resultsFromTypes();
  }
  for (size_t r = 0; r < list->size(); ++r)
    if (!itemKnown(c, r, (*list)[r]))
      return c.opaque("element " + std::to_string(r) + " of " +
                      c.operandName(0) + " is not known");
  for (size_t r = 0; r < list->size(); ++r)
    setItem(c, r, (*list)[r]);
}

void lowerListIndex(OpContext &c) {
  // aten.__getitem__.t(list, idx) and prim.TupleIndex(tuple, idx): Python
  // indexing, a negative index from the end, IndexError out of range.
  if (c.numOperands() != 2 || c.numResults() != 1)
    return c.opaque("expected a list and an index");
  std::optional<std::vector<ListItem>> list = listElements(c);
  if (!list)
    return;
  std::optional<int64_t> index = c.constantValue(c.scalar(1));
  if (!index)
    return c.opaque("the index " + c.operandName(1) + " is not a constant");
  int64_t n = int64_t(list->size());
  if (*index < -n || *index >= n) {
    c.requireInBounds(c.formulas().mkFalse(),
                      "the index " + std::to_string(*index) + " within the " +
                          std::to_string(n) + " elements of " +
                          c.operandName(0));
    return c.resultsFromTypes();
  }
  const ListItem &item = (*list)[size_t(*index < 0 ? *index + n : *index)];
  if (!itemKnown(c, 0, item))
    return c.opaque("element " + std::to_string(*index) + " of " +
                    c.operandName(0) + " is not known");
  setItem(c, 0, item);
}

void lowerTupleConstruct(OpContext &c) {
  // torch.prim.TupleConstruct: its operands, a tensor by its dims, an
  // integer by its value.
  if (c.numResults() != 1)
    return c.opaque("expected one result");
  std::vector<ListItem> items(c.numOperands());
  for (size_t i = 0; i < c.numOperands(); ++i) {
    if (c.ranked(i))
      items[i].dims = c.dims(i);
    else if (isTorchInt(c.operandType(i)))
      items[i].scalar = c.scalar(i);
  }
  c.setListResult(0, std::move(items));
}

} // namespace symshape::frontend
