//===- TorchJoin.cpp - torch lists, relayouts and factories at runtime ----===//
//
// Written from PyTorch's documentation, not from symshape's rules:
// torch.cat ("All tensors must either have the same shape (except in the
// concatenating dimension) or be a 1-D empty tensor with size (0,)"),
// torch.stack ("All tensors need to be of the same size"), torch.split
// (equal chunks of split_size, the last smaller; or the listed sizes,
// which must add up to the dim), torch.chunk (chunks of ceil(n / chunks)),
// torch.unbind, Python's list unpacking and indexing, torch.narrow,
// torch.tile, torch.roll, torch.broadcast_to, Tensor.expand_as, torch.t,
// torch.squeeze, torch.unflatten, torch.nn.functional.pad ("constant"),
// the factories torch.zeros / ones / empty / full / Tensor.new_ones /
// new_empty (no negative size) and torch.arange (ceil((end - start) /
// step) elements), and the integer bridges. A list or tuple is an RtValue
// holding its elements.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <algorithm>

namespace symshape::models::oracle {

namespace {

/// The elements of list operand i, when known.
const std::vector<RtValue> *listOf(Eval &e, size_t i) {
  const RtValue &v = e.operandValue(i);
  if (!v.isList) {
    e.unsupported("operand #" + std::to_string(i) + " is not a known list");
    return nullptr;
  }
  return &v.items;
}

RtValue tensorValue(Shape shape) {
  RtValue v;
  v.kind = RtValue::Kind::Tensor;
  v.shape = std::move(shape);
  return v;
}

bool setList(Eval &e, std::vector<RtValue> items) {
  RtValue list;
  list.isList = true;
  list.items = std::move(items);
  return e.setValue(0, std::move(list));
}

bool listConstruct(Eval &e) {
  if (e.declaredResult(0).spelling == "!torch.list<int>") {
    std::vector<int64_t> items;
    for (size_t i = 0; i < e.numOperands(); ++i) {
      std::optional<int64_t> v = e.scalar(i);
      if (!v)
        return e.unsupported("list element not known");
      items.push_back(*v);
    }
    return e.setResult(0, {int64_t(items.size())}, items);
  }
  // Optional tensors are advanced indexing's `indices` (TorchIndexing.cpp):
  // "tensors used as indices must be long, int, byte or bool tensors"; a
  // byte or bool mask selects its true elements, whose count the oracle's
  // shapes do not hold, and any other tensor stops PyTorch at the index op.
  bool indices =
      e.declaredResult(0).spelling == "!torch.list<optional<vtensor>>";
  std::vector<RtValue> items;
  for (size_t i = 0; i < e.numOperands(); ++i) {
    const std::string &element = e.operandType(i).element;
    if (indices && !torchNone(e, i) && element != "si64" && element != "si32")
      return e.unsupported("an index of element type '" + element + "'");
    items.push_back(e.operandValue(i));
  }
  return setList(e, std::move(items));
}

bool cat(Eval &e) {
  const std::vector<RtValue> *list = listOf(e, 0);
  std::optional<int64_t> dim = e.scalar(1);
  if (!list || !dim)
    return list ? e.unsupported("dim not known") : false;
  if (!e.require(!list->empty(), "torch.cat(): expected a non-empty list"))
    return false;
  // The tensors that take part: all but the 1-D empty ones (size (0,)).
  std::vector<Shape> parts;
  for (const RtValue &t : *list) {
    if (t.kind != RtValue::Kind::Tensor)
      return e.unsupported("a list element is not a tensor");
    if (t.shape != Shape{0})
      parts.push_back(t.shape);
  }
  if (parts.empty())
    return e.setResult(0, {0});
  const Shape &first = parts.front();
  if (!e.require(!first.empty(), "zero-dimensional tensor cannot be "
                                 "concatenated"))
    return false;
  std::optional<size_t> d = torchWrap(e, *dim, first.size());
  if (!d)
    return false;
  Shape out = first;
  for (size_t k = 1; k < parts.size(); ++k) {
    const Shape &p = parts[k];
    if (!e.require(p.size() == first.size(),
                   "Tensors must have same number of dimensions"))
      return false;
    for (size_t x = 0; x < p.size(); ++x)
      if (x != *d &&
          !e.require(p[x] == first[x], "Sizes of tensors must match except in "
                                       "dimension " +
                                           std::to_string(*d)))
        return false;
    out[*d] += p[*d];
  }
  return e.setResult(0, out);
}

bool stack(Eval &e) {
  const std::vector<RtValue> *list = listOf(e, 0);
  std::optional<int64_t> dim = e.scalar(1);
  if (!list || !dim)
    return list ? e.unsupported("dim not known") : false;
  if (!e.require(!list->empty(), "stack expects a non-empty TensorList"))
    return false;
  for (const RtValue &t : *list)
    if (t.kind != RtValue::Kind::Tensor)
      return e.unsupported("a list element is not a tensor");
  Shape out = list->front().shape;
  for (const RtValue &t : *list)
    if (!e.require(t.shape == out, "stack expects each tensor to be equal "
                                   "size"))
      return false;
  std::optional<size_t> d = torchWrap(e, *dim, out.size() + 1);
  if (!d)
    return false;
  out.insert(out.begin() + std::ptrdiff_t(*d), int64_t(list->size()));
  return e.setResult(0, out);
}

/// The pieces of dim d of operand 0 with these sizes.
bool pieces(Eval &e, const Shape &s, size_t d, const Shape &sizes) {
  std::vector<RtValue> items;
  for (int64_t size : sizes) {
    Shape piece = s;
    piece[d] = size;
    items.push_back(tensorValue(piece));
  }
  return setList(e, std::move(items));
}

bool splitTensor(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<int64_t> size = e.scalar(1), dim = e.scalar(2);
  if (!s || !size || !dim)
    return s ? e.unsupported("split size or dim not known") : false;
  if (!e.require(!s->empty(), "split of a 0-d tensor"))
    return false;
  std::optional<size_t> d = torchWrap(e, *dim, s->size());
  if (!d || !e.require(*size >= 0, "split_size must be non-negative"))
    return false;
  int64_t n = (*s)[*d];
  if (*size == 0)
    return e.require(n == 0, "split_size can only be 0 if dimension size "
                             "is 0") &&
           pieces(e, *s, *d, {0});
  // Equal chunks of `size`, the last one smaller; one empty chunk of an
  // empty dim.
  Shape sizes;
  for (int64_t at = 0; at < n; at += *size)
    sizes.push_back(std::min(*size, n - at));
  if (sizes.empty())
    sizes.push_back(0);
  return pieces(e, *s, *d, sizes);
}

bool splitWithSizes(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<std::vector<int64_t>> sizes = e.contents(1);
  std::optional<int64_t> dim = e.scalar(2);
  if (!s || !sizes || !dim)
    return s ? e.unsupported("split sizes or dim not known") : false;
  if (!e.require(!s->empty(), "split of a 0-d tensor"))
    return false;
  std::optional<size_t> d = torchWrap(e, *dim, s->size());
  if (!d)
    return false;
  int64_t sum = 0;
  for (int64_t size : *sizes) {
    if (!e.require(size >= 0, "split_with_sizes: a negative size"))
      return false;
    sum += size;
  }
  if (!e.require(sum == (*s)[*d], "split_with_sizes expects split_sizes to "
                                  "sum exactly to " +
                                      std::to_string((*s)[*d])))
    return false;
  return pieces(e, *s, *d, *sizes);
}

bool chunk(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<int64_t> chunks = e.scalar(1), dim = e.scalar(2);
  if (!s || !chunks || !dim)
    return s ? e.unsupported("chunks or dim not known") : false;
  if (!e.require(!s->empty(), "chunk of a 0-d tensor"))
    return false;
  std::optional<size_t> d = torchWrap(e, *dim, s->size());
  if (!d || !e.require(*chunks > 0, "chunk expects `chunks` to be greater "
                                    "than 0"))
    return false;
  int64_t n = (*s)[*d];
  if (n == 0)
    return e.unsupported("chunk of an empty dim is not documented");
  int64_t each = (n + *chunks - 1) / *chunks;
  Shape sizes;
  for (int64_t at = 0; at < n; at += each)
    sizes.push_back(std::min(each, n - at));
  return pieces(e, *s, *d, sizes);
}

bool unbind(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<int64_t> dim = e.scalar(1);
  if (!s || !dim)
    return s ? e.unsupported("dim not known") : false;
  if (!e.require(!s->empty(), "unbind of a 0-d tensor"))
    return false;
  std::optional<size_t> d = torchWrap(e, *dim, s->size());
  if (!d)
    return false;
  Shape rest = *s;
  rest.erase(rest.begin() + std::ptrdiff_t(*d));
  return setList(e, std::vector<RtValue>(size_t((*s)[*d]), tensorValue(rest)));
}

/// Operand 0's elements: a list / tuple, or an int list's integers.
std::optional<std::vector<RtValue>> elementsOf(Eval &e) {
  const RtValue &v = e.operandValue(0);
  if (v.isList)
    return v.items;
  if (e.operandType(0).spelling == "!torch.list<int>" && v.data) {
    std::vector<RtValue> out;
    for (int64_t x : *v.data) {
      RtValue item;
      item.kind = RtValue::Kind::Scalar;
      item.scalar = x;
      out.push_back(item);
    }
    return out;
  }
  e.unsupported("operand #0 is not a known list");
  return std::nullopt;
}

bool listUnpack(Eval &e) {
  std::optional<std::vector<RtValue>> items = elementsOf(e);
  if (!items)
    return false;
  // Python: "ValueError: too many values to unpack" (or not enough).
  if (!e.require(items->size() == e.numResults(),
                 "unpacking " + std::to_string(items->size()) +
                     " elements into " + std::to_string(e.numResults())))
    return false;
  for (size_t r = 0; r < items->size(); ++r)
    if (!e.setValue(r, (*items)[r]))
      return false;
  return true;
}

bool listIndex(Eval &e) {
  std::optional<std::vector<RtValue>> items = elementsOf(e);
  std::optional<int64_t> index = e.scalar(1);
  if (!items || !index)
    return items ? e.unsupported("index not known") : false;
  int64_t n = int64_t(items->size());
  if (!e.require(*index >= -n && *index < n, "list index out of range"))
    return false;
  return e.setValue(0, (*items)[size_t(*index < 0 ? *index + n : *index)]);
}

bool tupleConstruct(Eval &e) {
  std::vector<RtValue> items;
  for (size_t i = 0; i < e.numOperands(); ++i)
    items.push_back(e.operandValue(i));
  return setList(e, std::move(items));
}

} // namespace

static void registerTorchJoin() {
  add("torch.prim.ListConstruct", listConstruct);
  add("torch.aten.cat", cat);
  add("torch.aten.stack", stack);
  add("torch.aten.split.Tensor", splitTensor);
  add("torch.aten.split_with_sizes", splitWithSizes);
  add("torch.aten.chunk", chunk);
  add("torch.aten.unbind.int", unbind);
  add("torch.prim.ListUnpack", listUnpack);
  add("torch.aten.__getitem__.t", listIndex);
  add("torch.prim.TupleConstruct", tupleConstruct);
  add("torch.prim.TupleIndex", listIndex);
}

static const RuleFile rules(__FILE__, registerTorchJoin);

} // namespace symshape::models::oracle
