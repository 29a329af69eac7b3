//===- Torch.cpp - torch-mlir's torch dialect at runtime sizes ------------===//
//
// Written from PyTorch's documentation, not from symshape's rules (the
// reshapes, slices, pads and indexing ops are in TorchShapes.cpp):
// "Broadcasting semantics" (sizes aligned from the last dim, each pair
// equal or one of them 1), Tensor.view / torch.reshape (one -1 inferred,
// the element count kept), torch.transpose / permute / unsqueeze /
// squeeze / flatten (dims in [-rank, rank)), Python slicing as
// Tensor.__getitem__ clamps it, Tensor.expand, torch.mm / bmm / matmul,
// torch.nn.functional.linear / embedding, and the reductions mean / sum /
// amax over a dim list (sum / mean over all), constant_pad_nd,
// Tensor.repeat, torch.select, index_select, gather, flip, pow.Scalar and
// the factories new_zeros / new_full / empty_strided.
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

bool torchNone(Eval &e, size_t i) {
  return e.operandType(i).spelling == "!torch.none";
}

std::optional<size_t> torchWrap(Eval &e, int64_t dim, size_t rank) {
  int64_t n = std::max<int64_t>(int64_t(rank), 1);
  if (!e.require(dim >= -n && dim < n, "dim " + std::to_string(dim) +
                                           " out of range for rank " +
                                           std::to_string(rank)))
    return std::nullopt;
  return size_t(dim < 0 ? dim + n : dim);
}

std::optional<size_t> torchDim(Eval &e, size_t i, size_t rank) {
  std::optional<int64_t> d = e.scalar(i);
  if (!d) {
    e.unsupported("dim not known");
    return std::nullopt;
  }
  return torchWrap(e, *d, rank);
}

namespace {

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
  if (!torchNone(e, 2)) {
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

} // namespace

static void registerTorch() {
  add("torch.aten.pow.Scalar", [](Eval &e) {
    const Shape *s = e.shape(1);
    return s && e.setResult(0, *s);
  });
  for (const char *name : {"torch.aten.sum", "torch.aten.mean"})
    add(name, [](Eval &e) { return e.shape(0) && e.setResult(0, {}); });
  add("torch.constant.int", [](Eval &e) {
    std::optional<int64_t> v = e.integer("value");
    return v ? e.setScalar(0, *v) : e.unsupported("no value");
  });
  // torch.constant.bool (TorchScalars.cpp) and torch.prim.ListConstruct
  // (TorchJoin.cpp) have their entries with the values they read.
  for (const char *name : {"torch.constant.float", "torch.constant.none",
                           "torch.constant.str", "torch.constant.device"})
    add(name, [](Eval &) { return true; });
  for (const char *name :
       {"torch_c.from_builtin_tensor", "torch_c.to_builtin_tensor",
        "torch.tensor_static_info_cast"})
    add(name, sameShape);
  add("torch.aten.size.int", [](Eval &e) {
    const Shape *s = e.shape(0);
    std::optional<size_t> d = s ? torchDim(e, 1, s->size()) : std::nullopt;
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
      return s && torchDim(e, 1, s->size()) && e.setResult(0, *s);
    });
  add("torch.aten.mm", mm);
  add("torch.aten.bmm", bmm);
  add("torch.aten.matmul", matmul);
  add("torch.aten.linear", linear);
  add("torch.aten.embedding", embedding);
}

static const RuleFile rules(__FILE__, registerTorch);

} // namespace symshape::models::oracle
