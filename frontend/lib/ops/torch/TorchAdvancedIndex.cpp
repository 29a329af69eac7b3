//===- TorchAdvancedIndex.cpp - index.Tensor, index_put -------------------===//
//
// PyTorch's advanced indexing ("Indexing tensors by tensors", NumPy's
// advanced indexing; ATen's TensorAdvancedIndexing.cpp):
//   aten::index.Tensor(self, indices) -> self[indices]
//   aten::index_put(self, indices, values, accumulate) -> self's shape
//   aten::_unsafe_index_put(...) alike (it only skips the index values'
//     bounds checks).
// `indices` (a `!torch.list<optional<vtensor>>`, lowerIndexListConstruct)
// holds at most self.dim() entries ("too many indices for tensor of
// dimension"); entry k indexes dim k of self, a none or a missing entry
// leaves its dim whole. The index tensors broadcast together as PyTorch's
// "Broadcasting semantics" say, to shape B. self[indices] puts B in place
// of the indexed dims when those are adjacent; otherwise ("Note 2" of
// TensorAdvancedIndexing.cpp: the indexed dims are transposed to the front)
// B comes first, followed by the dims left whole. index_put's `values`
// must expand to that indexed shape ("shape mismatch: value tensor of
// shape .. cannot be broadcast to indexing result of shape ..").
//
// The index values (each in [-size, size) of its dim; none at all into a
// dim of size 0) are runtime data symshape does not see: shapes only, as
// index_select and gather (TorchIndexing.cpp). A bool or byte mask index
// takes the count of its true elements: the list reader leaves such a list
// unknown and the op is opaque.
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"
#include "ops/broadcast/BroadcastRules.h"

namespace symshape::frontend {

namespace {

/// self[indices] of operand 0 by index list operand 1.
struct IndexedShape {
  std::vector<TermId> dims;
  /// Where B starts in `dims`.
  size_t broadcastAt = 0;
};

/// The shape of self[indices]; a broadcast requirement per dim of B where
/// index tensors meet, reported on result dim `broadcastAt + d` when
/// `onResult` (index.Tensor), else on no dim (index_put's result is self's
/// shape). nullopt after an error or making the op opaque.
std::optional<IndexedShape> indexedShape(OpContext &c, bool onResult) {
  if (!c.ranked(0)) {
    c.opaque("self is not a ranked tensor");
    return std::nullopt;
  }
  std::optional<std::vector<OpContext::ListItem>> items = c.listItems(1);
  if (!items) {
    c.opaque("the indices " + c.operandName(1) +
             " are not known: each must be none or a ranked long / int "
             "tensor (a bool or byte mask selects a runtime count)");
    return std::nullopt;
  }
  size_t rank = c.rank(0);
  if (items->size() > rank) {
    c.error("too many indices for tensor of dimension " + std::to_string(rank) +
            " (got " + std::to_string(items->size()) + ")");
    return std::nullopt;
  }
  std::vector<std::vector<TermId>> tensors;
  std::vector<bool> indexed(rank, false);
  size_t first = rank, last = 0;
  for (size_t k = 0; k < items->size(); ++k) {
    if (!(*items)[k].dims)
      continue; // none: the dim is kept whole
    tensors.push_back(*(*items)[k].dims);
    indexed[k] = true;
    first = std::min(first, k);
    last = k;
  }
  if (tensors.empty()) {
    c.opaque("every index of " + c.operandName(1) + " is none");
    return std::nullopt;
  }
  bool adjacent = true;
  for (size_t k = first; k <= last; ++k)
    adjacent = adjacent && indexed[k];
  IndexedShape out;
  out.broadcastAt = adjacent ? first : 0;
  // B: the index tensors broadcast, aligned from their last dims.
  std::string list = c.operandName(1);
  size_t at = out.broadcastAt;
  std::vector<TermId> b = broadcastShapes(
      c, tensors,
      {[onResult, at](size_t d) { return onResult ? int(at + d) : -1; },
       [&list](size_t d, size_t rank) {
         return "the sizes of the index tensors of " + list +
                " broadcast together (dim " + std::to_string(d) + " of " +
                std::to_string(rank) + ")";
       }});
  std::vector<TermId> self = c.dims(0);
  if (adjacent) {
    out.dims.assign(self.begin(), self.begin() + std::ptrdiff_t(first));
    out.dims.insert(out.dims.end(), b.begin(), b.end());
    out.dims.insert(out.dims.end(), self.begin() + std::ptrdiff_t(last + 1),
                    self.end());
  } else {
    out.dims = b;
    for (size_t k = 0; k < rank; ++k)
      if (!indexed[k])
        out.dims.push_back(self[k]);
  }
  return out;
}

} // namespace

void lowerTorchIndexTensor(OpContext &c) {
  // index.Tensor(self, indices): self[indices].
  if (!torchTensors(c, {0}, 1, 2))
    return;
  std::optional<IndexedShape> shape = indexedShape(c, /*onResult=*/true);
  if (!shape)
    return;
  c.setResult(0, std::move(shape->dims));
}

void lowerTorchIndexPut(OpContext &c) {
  // index_put(self, indices, values, accumulate): self's shape; values
  // expand to self[indices]'s (Tensor.expand: its rank at most that one's,
  // each size 1 or equal, aligned from the last dim).
  if (!torchTensors(c, {0, 2}, 1, 4))
    return;
  std::optional<IndexedShape> shape = indexedShape(c, /*onResult=*/false);
  if (!shape)
    return;
  const std::vector<TermId> &target = shape->dims;
  size_t rank = c.rank(2);
  if (rank > target.size())
    return c.error("shape mismatch: value tensor of rank " +
                   std::to_string(rank) +
                   " cannot be broadcast to indexing result of rank " +
                   std::to_string(target.size()));
  size_t offset = target.size() - rank;
  auto &f = c.formulas();
  for (size_t d = 0; d < rank; ++d) {
    TermId s = c.dim(2, d), t = target[offset + d];
    std::optional<int64_t> cs = c.constantValue(s), ct = c.constantValue(t);
    if (cs && ct && *cs != 1 && *cs != *ct)
      return c.error("shape mismatch: value size " + c.dimName(2, d) +
                     " cannot be broadcast to indexing result size " +
                     std::to_string(*ct));
    c.require(solver::ObligationKind::Broadcast, -1,
              f.mkNot(f.mkOr({f.mkEq(s, c.constant(1)), f.mkEq(s, t)})),
              "the value size " + c.dimName(2, d) + " broadcast to dim " +
                  std::to_string(offset + d) +
                  " of the indexing result (1 or equal)");
  }
  c.setResult(0, c.dims(0));
}

} // namespace symshape::frontend
