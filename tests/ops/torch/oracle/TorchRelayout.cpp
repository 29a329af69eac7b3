//===- TorchRelayout.cpp - torch relayouts, factories, bridges at runtime -===//
//
// Written from PyTorch's documentation (see TorchJoin.cpp): torch.narrow,
// torch.tile, torch.roll, torch.broadcast_to, Tensor.expand_as, torch.t,
// torch.squeeze, torch.unflatten, torch.nn.functional.pad in "constant"
// mode, the size-list factories, torch.arange and the bridges between
// tensors and integers.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <algorithm>

namespace symshape::models::oracle {

namespace {

bool narrow(Eval &e) {
  // "start: index of the element to start the narrowed dimension from. Can
  // be negative, which means indexing from the end of dim."
  const Shape *s = e.shape(0);
  std::optional<int64_t> dim = e.scalar(1), start = e.scalar(2),
                         length = e.scalar(3);
  if (!s || !dim || !start || !length)
    return s ? e.unsupported("narrow operands not known") : false;
  if (!e.require(!s->empty(), "narrow() of a 0-dim tensor"))
    return false;
  std::optional<size_t> d = torchWrap(e, *dim, s->size());
  if (!d)
    return false;
  int64_t n = (*s)[*d];
  if (!e.require(*start >= -n && *start <= n, "start out of range") ||
      !e.require(*length >= 0, "narrow(): length must be non-negative"))
    return false;
  int64_t from = *start < 0 ? *start + n : *start;
  if (!e.require(from + *length <= n, "start + length exceeds dimension size"))
    return false;
  Shape out = *s;
  out[*d] = *length;
  return e.setResult(0, out);
}

bool tile(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<std::vector<int64_t>> reps = e.contents(1);
  if (!s || !reps)
    return s ? e.unsupported("dims not known") : false;
  Shape in = *s, counts = *reps;
  while (counts.size() < in.size())
    counts.insert(counts.begin(), 1);
  while (in.size() < counts.size())
    in.insert(in.begin(), 1);
  Shape out;
  for (size_t k = 0; k < in.size(); ++k) {
    if (!e.require(counts[k] >= 0, "negative repeat count"))
      return false;
    out.push_back(in[k] * counts[k]);
  }
  return e.setResult(0, out);
}

bool roll(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<std::vector<int64_t>> shifts = e.contents(1),
                                      dims = e.contents(2);
  if (!s || !shifts || !dims)
    return s ? e.unsupported("shifts or dims not known") : false;
  bool aligned =
      dims->empty() ? shifts->size() == 1 : shifts->size() == dims->size();
  if (!e.require(aligned, "shifts and dimensions must align"))
    return false;
  for (int64_t d : *dims)
    if (!torchWrap(e, d, s->size()))
      return false;
  return e.setResult(0, *s);
}

/// Tensor.expand of `s` to `sizes` (-1 keeps a size).
bool expandTo(Eval &e, const Shape &s, const Shape &sizes) {
  if (!e.require(sizes.size() >= s.size(), "too few sizes"))
    return false;
  size_t lead = sizes.size() - s.size();
  Shape out;
  for (size_t k = 0; k < sizes.size(); ++k) {
    int64_t want = sizes[k];
    if (k < lead) {
      if (!e.require(want >= 0, "invalid size in a new leading dim"))
        return false;
      out.push_back(want);
      continue;
    }
    int64_t own = s[k - lead];
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

bool broadcastTo(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<std::vector<int64_t>> sizes = e.contents(1);
  if (!s || !sizes)
    return s ? e.unsupported("sizes not known") : false;
  return expandTo(e, *s, *sizes);
}

bool expandAs(Eval &e) {
  const Shape *s = e.shape(0), *other = s ? e.shape(1) : nullptr;
  return other && expandTo(e, *s, *other);
}

bool t(Eval &e) {
  const Shape *s = e.shape(0);
  if (!s || !e.require(s->size() <= 2, "t() expects a tensor with <= 2 "
                                       "dimensions"))
    return false;
  Shape out = *s;
  std::reverse(out.begin(), out.end());
  return e.setResult(0, out);
}

bool squeezeAll(Eval &e) {
  const Shape *s = e.shape(0);
  if (!s)
    return false;
  Shape out;
  for (int64_t x : *s)
    if (x != 1)
      out.push_back(x);
  return e.setResult(0, out);
}

bool squeezeDims(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<std::vector<int64_t>> dims = e.contents(1);
  if (!s || !dims)
    return s ? e.unsupported("dims not known") : false;
  std::vector<bool> listed(std::max<size_t>(s->size(), 1), false);
  for (int64_t d : *dims) {
    std::optional<size_t> w = torchWrap(e, d, s->size());
    if (!w || !e.require(!listed[*w], "dim appears multiple times"))
      return false;
    listed[*w] = true;
  }
  Shape out;
  for (size_t k = 0; k < s->size(); ++k)
    if (!listed[k] || (*s)[k] != 1)
      out.push_back((*s)[k]);
  return e.setResult(0, out);
}

bool unflatten(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<int64_t> dim = e.scalar(1);
  std::optional<std::vector<int64_t>> sizes = e.contents(2);
  if (!s || !dim || !sizes)
    return s ? e.unsupported("dim or sizes not known") : false;
  if (!e.require(!s->empty(), "unflatten of a 0-dim tensor") ||
      !e.require(!sizes->empty(), "unflatten: sizes must be non-empty"))
    return false;
  std::optional<size_t> d = torchWrap(e, *dim, s->size());
  if (!d)
    return false;
  int64_t n = (*s)[*d], known = 1;
  Shape piece = *sizes;
  std::optional<size_t> infer;
  for (size_t k = 0; k < piece.size(); ++k) {
    if (piece[k] == -1) {
      if (!e.require(!infer, "only one dimension can be inferred"))
        return false;
      infer = k;
    } else if (!e.require(piece[k] >= 0, "invalid size")) {
      return false;
    } else {
      known *= piece[k];
    }
  }
  if (infer) {
    if (!e.require(known != 0 && n % known == 0, "sizes do not divide"))
      return false;
    piece[*infer] = n / known;
  }
  if (!e.require(product(piece) == n, "product of sizes must equal the dim"))
    return false;
  Shape out(s->begin(), s->begin() + std::ptrdiff_t(*d));
  out.insert(out.end(), piece.begin(), piece.end());
  out.insert(out.end(), s->begin() + std::ptrdiff_t(*d) + 1, s->end());
  return e.setResult(0, out);
}

bool pad(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<std::vector<int64_t>> pads = e.contents(1);
  const frontend::Operation *mode = e.definingOp(2);
  if (!s || !pads || !mode)
    return s ? e.unsupported("pads or mode not known") : false;
  const frontend::Attribute *text =
      frontend::findAttr(mode->attributes, "value");
  if (!text || text->str != "constant")
    return e.unsupported("a padding mode other than constant");
  if (!e.require(pads->size() % 2 == 0 && pads->size() / 2 <= s->size(),
                 "Padding length must be divisible by 2 and at most twice "
                 "the rank"))
    return false;
  Shape out = *s;
  for (size_t k = 0; k < pads->size() / 2; ++k) {
    size_t d = s->size() - 1 - k;
    out[d] += (*pads)[2 * k] + (*pads)[2 * k + 1];
    if (!e.require(out[d] >= 0, "negative output size after padding"))
      return false;
  }
  return e.setResult(0, out);
}

/// The factories: sizes from list operand `list`, none negative.
Rule factory(size_t list) {
  return [list](Eval &e) {
    std::optional<std::vector<int64_t>> sizes = e.contents(list);
    if (!sizes)
      return e.unsupported("size list not known");
    for (int64_t x : *sizes)
      if (!e.require(x >= 0, "Trying to create tensor with negative "
                             "dimension " +
                                 std::to_string(x)))
        return false;
    return e.setResult(0, *sizes);
  };
}

/// torch.arange with `bounds` leading integer operands.
Rule arange(size_t bounds) {
  return [bounds](Eval &e) {
    for (size_t i = 0; i < bounds; ++i)
      if (e.operandType(i).spelling != "!torch.int")
        return e.unsupported("a bound that is not an integer");
    std::optional<int64_t> start = bounds == 1 ? 0 : e.scalar(0);
    std::optional<int64_t> end = e.scalar(bounds == 1 ? 0 : 1);
    std::optional<int64_t> step = bounds == 3 ? e.scalar(2) : 1;
    if (!start || !end || !step)
      return e.unsupported("bounds not known");
    if (!e.require(*step != 0, "step must be nonzero") ||
        !e.require(*step > 0 ? *end >= *start : *end <= *start,
                   "upper bound and larger bound inconsistent with step "
                   "sign"))
      return false;
    // ceil((end - start) / step), exactly.
    int64_t span = *end - *start, length = span / *step;
    if (length * *step != span)
      ++length;
    return e.setResult(0, {length});
  };
}

bool sameShape(Eval &e) {
  const Shape *s = e.shape(0);
  return s && e.setResult(0, *s);
}

} // namespace

static void registerTorchRelayout() {
  add("torch.aten.narrow", narrow);
  add("torch.aten.tile", tile);
  add("torch.aten.roll", roll);
  add("torch.aten.broadcast_to", broadcastTo);
  add("torch.aten.expand_as", expandAs);
  add("torch.aten.t", t);
  add("torch.aten.squeeze", squeezeAll);
  add("torch.aten.squeeze.dims", squeezeDims);
  add("torch.aten.unflatten.int", unflatten);
  add("torch.aten.pad", pad);
  for (const char *name : {"zeros", "ones", "empty.memory_format", "full"})
    add(std::string("torch.aten.") + name, factory(0));
  for (const char *name : {"new_ones", "new_empty"})
    add(std::string("torch.aten.") + name, factory(1));
  add("torch.aten.arange", arange(1));
  add("torch.aten.arange.start", arange(2));
  add("torch.aten.arange.start_step", arange(3));
  for (const char *name : {"full_like", "rand_like", "randn_like"})
    add(std::string("torch.aten.") + name, sameShape);
  add("torch.prim.NumToTensor.Scalar", [](Eval &e) {
    std::optional<int64_t> v = e.scalar(0);
    if (e.operandType(0).spelling == "!torch.int" && v)
      return e.setResult(0, {}, std::vector<int64_t>{*v});
    return e.setResult(0, {});
  });
  add("torch.aten.Int.Tensor", [](Eval &e) {
    const Shape *s = e.shape(0);
    if (!s || !e.require(product(*s) == 1, "only one element tensors can be "
                                           "converted to Python scalars"))
      return false;
    std::optional<int64_t> v = e.scalar(0);
    return e.setScalar(0, v);
  });
  add("torch.aten.Float.Scalar", [](Eval &e) { return e.setValue(0, {}); });
  add("torch.aten.size", [](Eval &e) {
    const Shape *s = e.shape(0);
    return s && e.setResult(0, {int64_t(s->size())}, *s);
  });
  for (const char *name : {"torch_c.to_i64", "torch_c.from_i64"})
    add(name, [](Eval &e) { return e.setScalar(0, e.scalar(0)); });
}

static const RuleFile rules(__FILE__, registerTorchRelayout);

} // namespace symshape::models::oracle
