//===- TorchShapes.cpp - torch reshapes, slices, pads and indexing --------===//
//
// The oracle's torch entries for reshapes and relayouts (Tensor.view,
// torch.reshape, transpose, permute, unsqueeze, squeeze, flatten), Python
// slicing as Tensor.__getitem__ clamps it, Tensor.expand, the reductions
// over a dim list, constant_pad_nd, Tensor.repeat, torch.select,
// index_select, gather, flip and the size-list factories, each from
// PyTorch's documentation (see Torch.cpp).
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <algorithm>

namespace symshape::models::oracle {

namespace {

bool view(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<std::vector<int64_t>> sizes = e.contents(1);
  if (!s || !sizes)
    return s ? e.unsupported("size list not known") : false;
  Shape out = *sizes;
  int64_t known = 1;
  std::optional<size_t> infer;
  for (size_t k = 0; k < out.size(); ++k) {
    if (out[k] == -1) {
      if (!e.require(!infer, "only one dimension can be inferred"))
        return false;
      infer = k;
    } else if (!e.require(out[k] >= 0, "invalid shape dimension")) {
      return false;
    } else {
      known *= out[k];
    }
  }
  int64_t numel = product(*s);
  if (infer) {
    if (!e.require(known != 0 && numel % known == 0,
                   "shape is invalid for input of size " +
                       std::to_string(numel)))
      return false;
    out[*infer] = numel / known;
  }
  if (!e.require(product(out) == numel, "shape " + str(out) +
                                            " is invalid for input of size " +
                                            std::to_string(numel)))
    return false;
  return e.setResult(0, out);
}

bool transpose(Eval &e) {
  const Shape *s = e.shape(0);
  if (!s)
    return false;
  std::optional<size_t> a = torchDim(e, 1, s->size());
  std::optional<size_t> b = a ? torchDim(e, 2, s->size()) : std::nullopt;
  if (!b)
    return false;
  Shape out = *s;
  if (!out.empty())
    std::swap(out[*a], out[*b]);
  return e.setResult(0, out);
}

bool permute(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<std::vector<int64_t>> order = e.contents(1);
  if (!s || !order)
    return s ? e.unsupported("permutation not known") : false;
  if (!e.require(order->size() == s->size(), "number of dims don't match"))
    return false;
  Shape out;
  std::vector<bool> seen(s->size(), false);
  for (int64_t d : *order) {
    std::optional<size_t> w = torchWrap(e, d, s->size());
    if (!w || !e.require(!seen[*w], "repeated dim in permute"))
      return false;
    seen[*w] = true;
    out.push_back((*s)[*w]);
  }
  return e.setResult(0, out);
}

bool unsqueeze(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<size_t> d = s ? torchDim(e, 1, s->size() + 1) : std::nullopt;
  if (!d)
    return false;
  Shape out = *s;
  out.insert(out.begin() + std::ptrdiff_t(*d), 1);
  return e.setResult(0, out);
}

bool squeezeDim(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<size_t> d = s ? torchDim(e, 1, s->size()) : std::nullopt;
  if (!d)
    return false;
  Shape out = *s;
  if (!out.empty() && out[*d] == 1)
    out.erase(out.begin() + std::ptrdiff_t(*d));
  return e.setResult(0, out);
}

bool flatten(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<size_t> a = s ? torchDim(e, 1, s->size()) : std::nullopt;
  std::optional<size_t> b = a ? torchDim(e, 2, s->size()) : std::nullopt;
  if (!b)
    return false;
  if (s->empty())
    return e.setResult(0, {1});
  if (!e.require(*a <= *b, "start_dim cannot come after end_dim"))
    return false;
  Shape out(s->begin(), s->begin() + std::ptrdiff_t(*a));
  out.push_back(product(Shape(s->begin() + std::ptrdiff_t(*a),
                              s->begin() + std::ptrdiff_t(*b) + 1)));
  out.insert(out.end(), s->begin() + std::ptrdiff_t(*b) + 1, s->end());
  return e.setResult(0, out);
}

bool slice(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<size_t> d = s ? torchDim(e, 1, s->size()) : std::nullopt;
  if (!d)
    return false;
  if (s->empty())
    return e.unsupported("slice of a rank-0 tensor");
  int64_t n = (*s)[*d];
  std::optional<int64_t> step = e.scalar(4);
  std::optional<int64_t> start = torchNone(e, 2) ? 0 : e.scalar(2);
  std::optional<int64_t> end = torchNone(e, 3) ? n : e.scalar(3);
  if (!step || !start || !end)
    return e.unsupported("slice bounds not known");
  if (!e.require(*step > 0, "slice step must be positive"))
    return false;
  auto clamp = [n](int64_t v) {
    if (v < 0)
      v = std::max<int64_t>(v + n, 0);
    return std::min(v, n);
  };
  int64_t lo = clamp(*start), hi = clamp(*end);
  int64_t length = hi > lo ? (hi - lo + *step - 1) / *step : 0;
  Shape out = *s;
  out[*d] = length;
  return e.setResult(0, out);
}

bool expand(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<std::vector<int64_t>> sizes = e.contents(1);
  if (!s || !sizes)
    return s ? e.unsupported("sizes not known") : false;
  if (!e.require(sizes->size() >= s->size(), "too few sizes"))
    return false;
  size_t lead = sizes->size() - s->size();
  Shape out;
  for (size_t k = 0; k < sizes->size(); ++k) {
    int64_t want = (*sizes)[k];
    if (k < lead) {
      if (!e.require(want >= 0, "invalid size in a new leading dim"))
        return false;
      out.push_back(want);
      continue;
    }
    int64_t own = (*s)[k - lead];
    if (want == -1) {
      out.push_back(own);
      continue;
    }
    if (!e.require(want >= 0 && (own == want || own == 1),
                   "expanded size " + std::to_string(want) +
                       " must match the existing size " + std::to_string(own)))
      return false;
    out.push_back(want);
  }
  return e.setResult(0, out);
}

bool reduce(Eval &e) {
  const Shape *s = e.shape(0);
  if (!s)
    return false;
  std::vector<bool> reduced(std::max<size_t>(s->size(), 1), torchNone(e, 1));
  if (!torchNone(e, 1)) {
    std::optional<std::vector<int64_t>> dims = e.contents(1);
    if (!dims)
      return e.unsupported("dims not known");
    if (dims->empty())
      reduced.assign(reduced.size(), true);
    for (int64_t d : *dims) {
      std::optional<size_t> w = torchWrap(e, d, s->size());
      if (!w || !e.require(!reduced[*w], "dim appears multiple times"))
        return false;
      reduced[*w] = true;
    }
  }
  // keepdim is operand 2, a !torch.bool constant.
  const frontend::Operation *keepOp = e.definingOp(2);
  const frontend::Attribute *keep =
      keepOp ? frontend::findAttr(keepOp->attributes, "value") : nullptr;
  if (!keep || keep->kind != frontend::AttrKind::Bool)
    return e.unsupported("keepdim not known");
  Shape out;
  for (size_t d = 0; d < s->size(); ++d)
    if (!reduced[d])
      out.push_back((*s)[d]);
    else if (keep->boolValue)
      out.push_back(1);
  return e.setResult(0, out);
}

bool constantPad(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<std::vector<int64_t>> pads = e.contents(1);
  if (!s || !pads)
    return s ? e.unsupported("paddings not known") : false;
  if (!e.require(pads->size() % 2 == 0 && pads->size() / 2 <= s->size(),
                 "padding length must be even and at most twice the rank"))
    return false;
  Shape out = *s;
  for (size_t k = 0; k < pads->size() / 2; ++k) {
    int64_t &size = out[out.size() - 1 - k];
    size += (*pads)[2 * k] + (*pads)[2 * k + 1];
    if (!e.require(size >= 0, "negative output size after padding"))
      return false;
  }
  return e.setResult(0, out);
}

bool repeat(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<std::vector<int64_t>> counts = e.contents(1);
  if (!s || !counts)
    return s ? e.unsupported("counts not known") : false;
  if (!e.require(counts->size() >= s->size(), "too few repeat dims"))
    return false;
  size_t lead = counts->size() - s->size();
  Shape out;
  for (size_t k = 0; k < counts->size(); ++k) {
    if (!e.require((*counts)[k] >= 0, "negative repeat count"))
      return false;
    out.push_back(k < lead ? (*counts)[k] : (*s)[k - lead] * (*counts)[k]);
  }
  return e.setResult(0, out);
}

bool selectInt(Eval &e) {
  const Shape *s = e.shape(0);
  if (!s || !e.require(!s->empty(), "select() of a 0-dim tensor"))
    return false;
  std::optional<size_t> d = torchDim(e, 1, s->size());
  std::optional<int64_t> index = e.scalar(2);
  if (!d)
    return false;
  if (!index)
    return e.unsupported("index not known");
  int64_t n = (*s)[*d];
  if (!e.require(*index >= -n && *index < n, "select index out of range"))
    return false;
  Shape out = *s;
  out.erase(out.begin() + std::ptrdiff_t(*d));
  return e.setResult(0, out);
}

bool indexSelect(Eval &e) {
  const Shape *s = e.shape(0), *idx = s ? e.shape(2) : nullptr;
  if (!idx)
    return false;
  if (!e.require(idx->size() <= 1, "index_select(): index is not a vector") ||
      !e.require(!s->empty(), "index_select of a 0-dim tensor"))
    return false;
  std::optional<size_t> d = torchDim(e, 1, s->size());
  if (!d)
    return false;
  Shape out = *s;
  out[*d] = idx->empty() ? 1 : (*idx)[0];
  return e.setResult(0, out);
}

bool gather(Eval &e) {
  const Shape *s = e.shape(0), *idx = s ? e.shape(2) : nullptr;
  if (!idx || !e.require(idx->size() == s->size(),
                         "index and input of different ranks"))
    return false;
  std::optional<size_t> d = torchDim(e, 1, s->size());
  if (!d)
    return false;
  for (size_t k = 0; k < s->size(); ++k)
    if (k != *d &&
        !e.require((*idx)[k] <= (*s)[k],
                   "gather: index size " + std::to_string((*idx)[k]) +
                       " exceeds " + std::to_string((*s)[k])))
      return false;
  return e.setResult(0, *idx);
}

bool flip(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<std::vector<int64_t>> dims = e.contents(1);
  if (!s || !dims)
    return s ? e.unsupported("dims not known") : false;
  std::vector<bool> seen(std::max<size_t>(s->size(), 1), false);
  for (int64_t d : *dims) {
    std::optional<size_t> w = torchWrap(e, d, s->size());
    if (!w || !e.require(!seen[*w], "dim appears multiple times"))
      return false;
    seen[*w] = true;
  }
  return e.setResult(0, *s);
}

bool sizedFactory(Eval &e) {
  size_t list = e.name() == "torch.aten.empty_strided" ? 0 : 1;
  std::optional<std::vector<int64_t>> sizes = e.contents(list);
  if (!sizes)
    return e.unsupported("sizes not known");
  for (int64_t v : *sizes)
    if (!e.require(v >= 0, "negative dimension"))
      return false;
  return e.setResult(0, *sizes);
}

} // namespace

static void registerTorchShapes() {
  add("torch.aten.constant_pad_nd", constantPad);
  add("torch.aten.repeat", repeat);
  add("torch.aten.select.int", selectInt);
  add("torch.aten.index_select", indexSelect);
  add("torch.aten.gather", gather);
  add("torch.aten.flip", flip);
  for (const char *name : {"torch.aten.new_zeros", "torch.aten.new_full",
                           "torch.aten.empty_strided"})
    add(name, sizedFactory);
  for (const char *name : {"view", "reshape", "_unsafe_view"})
    add(std::string("torch.aten.") + name, view);
  add("torch.aten.transpose.int", transpose);
  add("torch.aten.permute", permute);
  add("torch.aten.unsqueeze", unsqueeze);
  add("torch.aten.squeeze.dim", squeezeDim);
  add("torch.aten.flatten.using_ints", flatten);
  add("torch.aten.slice.Tensor", slice);
  add("torch.aten.expand", expand);
  for (const char *name : {"mean.dim", "sum.dim_IntList", "amax"})
    add(std::string("torch.aten.") + name, reduce);
}

static const RuleFile rules(__FILE__, registerTorchShapes);

} // namespace symshape::models::oracle
