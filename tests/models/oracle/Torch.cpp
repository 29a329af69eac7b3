//===- Torch.cpp - torch-mlir's torch dialect at runtime sizes ------------===//
//
// Written from PyTorch's documentation, not from symshape's rules:
// "Broadcasting semantics" (sizes aligned from the last dim, each pair
// equal or one of them 1), Tensor.view / torch.reshape (one -1 inferred,
// the element count kept), torch.transpose / permute / unsqueeze /
// squeeze / flatten (dims in [-rank, rank)), Python slicing as
// Tensor.__getitem__ clamps it, Tensor.expand, torch.mm / bmm / matmul,
// torch.nn.functional.linear / embedding, and the reductions mean / sum /
// amax over a dim list, constant_pad_nd, Tensor.repeat and torch.select.
// PyTorch's symbolic sizes (torch.symbolic_int, bind_symbolic_shape) are
// facts about the inputs, not runtime behaviour: not modelled (a function
// using them is not compared). `!torch.int` values are integers; int lists are
// held as 1-D contents. PyTorch raises an error where these rules fail;
// the oracle reports that as UB (the program cannot go on).
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <algorithm>

namespace symshape::models::oracle {

namespace {

bool isNoneOperand(Eval &e, size_t i) {
  return e.operandType(i).spelling == "!torch.none";
}

/// PyTorch's maybe_wrap_dim: dim in [-n, n) (n at least 1).
std::optional<size_t> wrap(Eval &e, int64_t dim, size_t rank) {
  int64_t n = std::max<int64_t>(int64_t(rank), 1);
  if (!e.require(dim >= -n && dim < n, "dim " + std::to_string(dim) +
                                           " out of range for rank " +
                                           std::to_string(rank)))
    return std::nullopt;
  return size_t(dim < 0 ? dim + n : dim);
}

std::optional<size_t> dimOperand(Eval &e, size_t i, size_t rank) {
  std::optional<int64_t> d = e.scalar(i);
  if (!d) {
    e.unsupported("dim not known");
    return std::nullopt;
  }
  return wrap(e, *d, rank);
}

bool broadcastTensors(Eval &e) {
  Shape out;
  for (size_t i = 0; i < e.numOperands(); ++i) {
    if (!e.operandType(i).isTensor())
      continue;
    const Shape *s = e.shape(i);
    if (!s)
      return false;
    Shape next(std::max(out.size(), s->size()), 1);
    for (size_t k = 0; k < next.size(); ++k) {
      int64_t a = k < out.size() ? out[out.size() - 1 - k] : 1;
      int64_t b = k < s->size() ? (*s)[s->size() - 1 - k] : 1;
      if (!e.require(a == b || a == 1 || b == 1,
                     "broadcast: sizes " + std::to_string(a) + " and " +
                         std::to_string(b)))
        return false;
      next[next.size() - 1 - k] = a == 1 ? b : a;
    }
    out = std::move(next);
  }
  return e.setResult(0, out);
}

bool sameShape(Eval &e) {
  const Shape *s = e.shape(0);
  return s && e.setResult(0, *s);
}

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
  std::optional<size_t> a = dimOperand(e, 1, s->size());
  std::optional<size_t> b = a ? dimOperand(e, 2, s->size()) : std::nullopt;
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
    std::optional<size_t> w = wrap(e, d, s->size());
    if (!w || !e.require(!seen[*w], "repeated dim in permute"))
      return false;
    seen[*w] = true;
    out.push_back((*s)[*w]);
  }
  return e.setResult(0, out);
}

bool unsqueeze(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<size_t> d = s ? dimOperand(e, 1, s->size() + 1) : std::nullopt;
  if (!d)
    return false;
  Shape out = *s;
  out.insert(out.begin() + std::ptrdiff_t(*d), 1);
  return e.setResult(0, out);
}

bool squeezeDim(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<size_t> d = s ? dimOperand(e, 1, s->size()) : std::nullopt;
  if (!d)
    return false;
  Shape out = *s;
  if (!out.empty() && out[*d] == 1)
    out.erase(out.begin() + std::ptrdiff_t(*d));
  return e.setResult(0, out);
}

bool flatten(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<size_t> a = s ? dimOperand(e, 1, s->size()) : std::nullopt;
  std::optional<size_t> b = a ? dimOperand(e, 2, s->size()) : std::nullopt;
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
  std::optional<size_t> d = s ? dimOperand(e, 1, s->size()) : std::nullopt;
  if (!d)
    return false;
  if (s->empty())
    return e.unsupported("slice of a rank-0 tensor");
  int64_t n = (*s)[*d];
  std::optional<int64_t> step = e.scalar(4);
  std::optional<int64_t> start = isNoneOperand(e, 2) ? 0 : e.scalar(2);
  std::optional<int64_t> end = isNoneOperand(e, 3) ? n : e.scalar(3);
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
  std::vector<bool> reduced(s->size(), isNoneOperand(e, 1));
  if (!isNoneOperand(e, 1)) {
    std::optional<std::vector<int64_t>> dims = e.contents(1);
    if (!dims)
      return e.unsupported("dims not known");
    if (dims->empty())
      reduced.assign(s->size(), true);
    for (int64_t d : *dims) {
      std::optional<size_t> w = wrap(e, d, s->size());
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

bool mm(Eval &e) {
  const Shape *a = e.shape(0), *b = a ? e.shape(1) : nullptr;
  if (!b)
    return false;
  if (!e.require(a->size() == 2 && b->size() == 2, "mm expects 2-D") ||
      !e.require((*a)[1] == (*b)[0], "mm: inner sizes differ"))
    return false;
  return e.setResult(0, {(*a)[0], (*b)[1]});
}

bool bmm(Eval &e) {
  const Shape *a = e.shape(0), *b = a ? e.shape(1) : nullptr;
  if (!b)
    return false;
  if (!e.require(a->size() == 3 && b->size() == 3, "bmm expects 3-D") ||
      !e.require((*a)[0] == (*b)[0], "bmm: batch sizes differ") ||
      !e.require((*a)[2] == (*b)[1], "bmm: inner sizes differ"))
    return false;
  return e.setResult(0, {(*a)[0], (*a)[1], (*b)[2]});
}

bool matmul(Eval &e) {
  const Shape *a = e.shape(0), *b = a ? e.shape(1) : nullptr;
  if (!b)
    return false;
  if (!e.require(!a->empty() && !b->empty(), "matmul of a 0-D tensor"))
    return false;
  int64_t ka = a->back(), kb = b->size() == 1 ? (*b)[0] : (*b)[b->size() - 2];
  if (!e.require(ka == kb, "matmul: inner sizes differ"))
    return false;
  Shape ba(a->begin(), a->end() - (a->size() >= 2 ? 2 : 1));
  Shape bb(b->begin(), b->end() - (b->size() >= 2 ? 2 : 1));
  Shape out(std::max(ba.size(), bb.size()), 1);
  for (size_t k = 0; k < out.size(); ++k) {
    int64_t x = k < ba.size() ? ba[ba.size() - 1 - k] : 1;
    int64_t y = k < bb.size() ? bb[bb.size() - 1 - k] : 1;
    if (!e.require(x == y || x == 1 || y == 1, "matmul: batch broadcast"))
      return false;
    out[out.size() - 1 - k] = x == 1 ? y : x;
  }
  if (a->size() >= 2)
    out.push_back((*a)[a->size() - 2]);
  if (b->size() >= 2)
    out.push_back(b->back());
  return e.setResult(0, out);
}

bool linear(Eval &e) {
  const Shape *x = e.shape(0), *w = x ? e.shape(1) : nullptr;
  if (!w)
    return false;
  if (!e.require(w->size() == 2 && !x->empty(), "linear: weight not 2-D") ||
      !e.require(x->back() == (*w)[1], "linear: in_features differ"))
    return false;
  Shape out = *x;
  out.back() = (*w)[0];
  if (!isNoneOperand(e, 2)) {
    const Shape *bias = e.shape(2);
    if (!bias)
      return false;
    Shape next(std::max(out.size(), bias->size()), 1);
    for (size_t k = 0; k < next.size(); ++k) {
      int64_t p = k < out.size() ? out[out.size() - 1 - k] : 1;
      int64_t q = k < bias->size() ? (*bias)[bias->size() - 1 - k] : 1;
      if (!e.require(p == q || p == 1 || q == 1, "linear: bias broadcast"))
        return false;
      next[next.size() - 1 - k] = p == 1 ? q : p;
    }
    out = next;
  }
  return e.setResult(0, out);
}

bool embedding(Eval &e) {
  const Shape *w = e.shape(0), *idx = w ? e.shape(1) : nullptr;
  if (!idx || !e.require(w->size() == 2, "embedding: weight not 2-D"))
    return false;
  Shape out = *idx;
  out.push_back((*w)[1]);
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
  std::optional<size_t> d = dimOperand(e, 1, s->size());
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

} // namespace

void registerTorch() {
  add("torch.aten.constant_pad_nd", constantPad);
  add("torch.aten.repeat", repeat);
  add("torch.aten.select.int", selectInt);
  add("torch.constant.int", [](Eval &e) {
    std::optional<int64_t> v = e.integer("value");
    return v ? e.setScalar(0, *v) : e.unsupported("no value");
  });
  for (const char *name :
       {"torch.constant.bool", "torch.constant.float", "torch.constant.none",
        "torch.constant.str", "torch.constant.device"})
    add(name, [](Eval &) { return true; });
  add("torch.prim.ListConstruct", [](Eval &e) {
    if (e.declaredResult(0).spelling != "!torch.list<int>")
      return true;
    std::vector<int64_t> items;
    for (size_t i = 0; i < e.numOperands(); ++i) {
      std::optional<int64_t> v = e.scalar(i);
      if (!v)
        return e.unsupported("list element not known");
      items.push_back(*v);
    }
    return e.setResult(0, {int64_t(items.size())}, items);
  });
  for (const char *name :
       {"torch_c.from_builtin_tensor", "torch_c.to_builtin_tensor",
        "torch.tensor_static_info_cast"})
    add(name, sameShape);
  add("torch.aten.size.int", [](Eval &e) {
    const Shape *s = e.shape(0);
    std::optional<size_t> d = s ? dimOperand(e, 1, s->size()) : std::nullopt;
    return d && e.setScalar(0, (*s)[*d]);
  });
  add("torch.aten.dim", [](Eval &e) {
    const Shape *s = e.shape(0);
    return s && e.setScalar(0, int64_t(s->size()));
  });
  add("torch.aten.numel", [](Eval &e) {
    const Shape *s = e.shape(0);
    return s && e.setScalar(0, product(*s));
  });
  auto intOp = [](int64_t (*f)(int64_t, int64_t)) {
    return [f](Eval &e) {
      std::optional<int64_t> a = e.scalar(0), b = e.scalar(1);
      return e.setScalar(0, a && b ? std::optional(f(*a, *b)) : std::nullopt);
    };
  };
  add("torch.aten.add.int", intOp([](int64_t a, int64_t b) { return a + b; }));
  add("torch.aten.sub.int", intOp([](int64_t a, int64_t b) { return a - b; }));
  add("torch.aten.mul.int", intOp([](int64_t a, int64_t b) { return a * b; }));
  add("torch.prim.max.int",
      intOp([](int64_t a, int64_t b) { return std::max(a, b); }));
  add("torch.prim.min.int",
      intOp([](int64_t a, int64_t b) { return std::min(a, b); }));
  add("torch.aten.floordiv.int", [](Eval &e) {
    std::optional<int64_t> a = e.scalar(0), b = e.scalar(1);
    if (a && b && !e.require(*b != 0, "integer division by zero"))
      return false;
    return e.setScalar(0,
                       a && b ? std::optional(floorDiv(*a, *b)) : std::nullopt);
  });
  for (const char *name :
       {"add.Tensor",        "sub.Tensor",        "mul.Tensor",
        "div.Tensor",        "div.Tensor_mode",   "where.self",
        "where.ScalarOther", "where.ScalarSelf",  "maximum",
        "minimum",           "eq.Tensor",         "ne.Tensor",
        "lt.Tensor",         "le.Tensor",         "gt.Tensor",
        "ge.Tensor",         "pow.Tensor_Tensor", "logical_and",
        "logical_or",        "remainder.Tensor"})
    add(std::string("torch.aten.") + name, broadcastTensors);
  for (const char *name : {"relu",
                           "gelu",
                           "silu",
                           "sigmoid",
                           "tanh",
                           "exp",
                           "neg",
                           "abs",
                           "rsqrt",
                           "sqrt",
                           "log",
                           "log1p",
                           "sin",
                           "cos",
                           "erf",
                           "reciprocal",
                           "clone",
                           "detach",
                           "contiguous",
                           "to.dtype",
                           "_to_copy",
                           "pow.Tensor_Scalar",
                           "add.Scalar",
                           "sub.Scalar",
                           "mul.Scalar",
                           "div.Scalar",
                           "floor_divide.Scalar",
                           "remainder.Scalar",
                           "eq.Scalar",
                           "ne.Scalar",
                           "lt.Scalar",
                           "le.Scalar",
                           "gt.Scalar",
                           "ge.Scalar",
                           "fill.Scalar",
                           "ones_like",
                           "zeros_like",
                           "empty_like"})
    add(std::string("torch.aten.") + name, sameShape);
  add("torch.prims.convert_element_type", sameShape);
  for (const char *name :
       {"softmax.int", "_softmax", "log_softmax.int", "_log_softmax"})
    add(std::string("torch.aten.") + name, [](Eval &e) {
      const Shape *s = e.shape(0);
      return s && dimOperand(e, 1, s->size()) && e.setResult(0, *s);
    });
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
  add("torch.aten.mm", mm);
  add("torch.aten.bmm", bmm);
  add("torch.aten.matmul", matmul);
  add("torch.aten.linear", linear);
  add("torch.aten.embedding", embedding);
}

} // namespace symshape::models::oracle
