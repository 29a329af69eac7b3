//===- TorchIndexing.cpp - Advanced indexing, scatter, CPU attention ------===//
//
// Written from PyTorch's documentation and ATen's checks, not from
// symshape's rules:
//  - advanced indexing (ATen's TensorAdvancedIndexing.cpp, "Indexing
//    tensors by tensors"): at most self.dim() indices, "too many indices
//    for tensor of dimension"; the index tensors broadcast together
//    (expand_outplace); when the indexed dims are not adjacent, self's
//    indexed dims and the indices are transposed to the front
//    (transposeToFront) first; the indexed dims are then replaced by the
//    broadcast shape. index_put's value must pass is_expandable_to against
//    that shape ("shape mismatch: value tensor of shape .. cannot be
//    broadcast to indexing result of shape .."); the result is self.
//    Index values are not modelled (the oracle holds shapes);
//  - Tensor.scatter_(dim, index, src, reduce): scatter_shape_check, which
//    checks nothing for an index without elements;
//  - _softmax_backward_data: checkSameSize(grad, output), dim wrapped;
//  - _scaled_dot_product_flash_attention_for_cpu (attention.cpp and the
//    CPU kernel): 4-D inputs, one head size, the mask 2-D or 4-D and, with
//    elements, reshaped to 4-D as reshape_attn_mask_to_4d does (a view,
//    then an expand to [B, H, L, S]); the kernel reads key and value at
//    query's batch and head and value's length for key's.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

namespace symshape::models::oracle {

namespace {

/// The shape of self[indices] (operand 0 by the list operand 1).
std::optional<Shape> indexed(Eval &e) {
  const Shape *self = e.shape(0);
  if (!self)
    return std::nullopt;
  const RtValue &list = e.operandValue(1);
  if (!list.isList) {
    e.unsupported("indices not a known list");
    return std::nullopt;
  }
  if (!e.require(list.items.size() <= self->size(),
                 "too many indices for tensor of dimension " +
                     std::to_string(self->size())))
    return std::nullopt;
  // Entries past the list are none.
  std::vector<const Shape *> indices(self->size(), nullptr);
  for (size_t k = 0; k < list.items.size(); ++k)
    if (list.items[k].kind == RtValue::Kind::Tensor)
      indices[k] = &list.items[k].shape;
  std::vector<size_t> defined;
  for (size_t k = 0; k < indices.size(); ++k)
    if (indices[k])
      defined.push_back(k);
  if (defined.empty()) {
    e.unsupported("no index tensor");
    return std::nullopt;
  }
  // expand_outplace: every index tensor to one shape.
  Shape b = *indices[defined[0]];
  for (size_t j = 1; j < defined.size(); ++j) {
    std::optional<Shape> next = torchBroadcast(e, b, *indices[defined[j]]);
    if (!next)
      return std::nullopt;
    b = *next;
  }
  // hasContiguousSubspace, else transposeToFront.
  Shape src = *self;
  size_t first = defined.front(), last = defined.back();
  if (last - first + 1 != defined.size()) {
    src.clear();
    for (size_t k : defined)
      src.push_back((*self)[k]);
    for (size_t k = 0; k < self->size(); ++k)
      if (!indices[k])
        src.push_back((*self)[k]);
    first = 0;
    last = defined.size() - 1;
  }
  Shape out(src.begin(), src.begin() + std::ptrdiff_t(first));
  out.insert(out.end(), b.begin(), b.end());
  out.insert(out.end(), src.begin() + std::ptrdiff_t(last + 1), src.end());
  return out;
}

bool indexTensor(Eval &e) {
  std::optional<Shape> out = indexed(e);
  return out && e.setResult(0, *out);
}

/// ATen's is_expandable_to(shape, desired).
bool expandable(const Shape &shape, const Shape &desired) {
  if (shape.size() > desired.size())
    return false;
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t size = shape[shape.size() - 1 - i];
    int64_t target = desired[desired.size() - 1 - i];
    if (size != target && size != 1)
      return false;
  }
  return true;
}

bool indexPut(Eval &e) {
  std::optional<Shape> target = indexed(e);
  const Shape *value = target ? e.shape(2) : nullptr;
  if (!value)
    return false;
  if (!e.require(expandable(*value, *target),
                 "shape mismatch: value tensor of shape " + str(*value) +
                     " cannot be broadcast to indexing result of shape " +
                     str(*target)))
    return false;
  return e.setResult(0, *e.shape(0));
}

bool scatterReduce(Eval &e) {
  const Shape *self = e.shape(0);
  const Shape *index = self ? e.shape(2) : nullptr;
  const Shape *src = index ? e.shape(3) : nullptr;
  if (!src)
    return false;
  std::optional<size_t> dim = torchDim(e, 1, self->size());
  if (!dim)
    return false;
  if (product(*index) != 0) {
    if (!e.require(self->size() == index->size() &&
                       src->size() == index->size(),
                   "Index tensor must have the same number of dimensions "
                   "as self tensor"))
      return false;
    for (size_t d = 0; d < self->size(); ++d) {
      bool fits =
          (d == *dim || (*index)[d] <= (*self)[d]) && (*index)[d] <= (*src)[d];
      if (!e.require(fits, "Expected index " + str(*index) +
                               " to be smaller than self " + str(*self) +
                               " apart from dimension " + std::to_string(*dim) +
                               " and to be smaller size than src " + str(*src)))
        return false;
    }
  }
  return e.setResult(0, *self);
}

bool softmaxBackward(Eval &e) {
  const Shape *grad = e.shape(0);
  const Shape *output = grad ? e.shape(1) : nullptr;
  if (!output)
    return false;
  if (!e.require(*grad == *output, "softmax_backward: grad " + str(*grad) +
                                       " and output " + str(*output) +
                                       " differ in size"))
    return false;
  return torchDim(e, 2, grad->size()) && e.setResult(0, *grad);
}

/// reshape_attn_mask_to_4d: the mask viewed as [B or 1, H or 1, m2, m3]
/// (a view keeps the element count), then expanded to [B, H, L, S].
bool maskFits(const Shape &m, int64_t b, int64_t h, int64_t l, int64_t s) {
  Shape view = {1, 1, m[m.size() - 2], m[m.size() - 1]};
  if (m.size() == 4) {
    view[0] = m[0] == b ? b : 1;
    view[1] = m[1] == h ? h : 1;
  }
  if (product(view) != product(m))
    return false;
  return (view[2] == l || view[2] == 1) && (view[3] == s || view[3] == 1);
}

bool flashAttentionCpu(Eval &e) {
  const Shape *q = e.shape(0);
  const Shape *k = q ? e.shape(1) : nullptr;
  const Shape *v = k ? e.shape(2) : nullptr;
  if (!v)
    return false;
  if (!e.require(q->size() == 4 && k->size() == 4 && v->size() == 4,
                 "Accept only 4 dims inputs shape of {B, H, T, K}") ||
      !e.require((*q)[3] == (*v)[3] && (*k)[3] == (*v)[3],
                 "Q/K/V should have the same head size"))
    return false;
  if ((*q)[1] != (*k)[1])
    return e.unsupported("grouped-query heads");
  // What the kernel reads of key and value.
  if (!e.require((*k)[0] == (*q)[0] && (*v)[0] == (*q)[0],
                 "key and value of query's batch") ||
      !e.require((*v)[1] == (*q)[1], "value of query's heads") ||
      !e.require((*k)[2] == (*v)[2], "key of value's length"))
    return false;
  if (!torchNone(e, 5)) {
    const Shape *m = e.shape(5);
    if (!m)
      return false;
    if (!e.require(m->size() == 2 || m->size() == 4,
                   "Attention mask dim in {2, 4}"))
      return false;
    if (product(*m) != 0 &&
        !e.require(maskFits(*m, (*q)[0], (*q)[1], (*q)[2], (*v)[2]),
                   "the mask " + str(*m) + " reshaped to 4-D"))
      return false;
  }
  return e.setResult(0, *q) && e.setResult(1, {(*q)[0], (*q)[1], (*q)[2]});
}

} // namespace

static void registerTorchIndexing() {
  add("torch.aten.index.Tensor", indexTensor);
  add("torch.aten.index_put", indexPut);
  add("torch.aten._unsafe_index_put", indexPut);
  add("torch.aten.scatter.reduce", scatterReduce);
  add("torch.aten._softmax_backward_data", softmaxBackward);
  add("torch.aten._scaled_dot_product_flash_attention_for_cpu",
      flashAttentionCpu);
}

static const RuleFile rules(__FILE__, registerTorchIndexing);

} // namespace symshape::models::oracle
