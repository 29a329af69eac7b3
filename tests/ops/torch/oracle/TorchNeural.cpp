//===- TorchNeural.cpp - torch neural-network ops at runtime sizes --------===//
//
// Written from PyTorch's documentation, not from symshape's rules:
//   elementwise extras (masked_fill, lerp, atan2, bitwise / logical ops
//     broadcast as "Broadcasting semantics" says; unary ops, clamp, dropout,
//     type_as keep self's shape; masked_fill's tensor value is 0-d);
//   reductions: torch.amin / max(dim) / min(dim) / argmax / argmin raise
//     "Expected reduction dim to have non-zero size" on an empty reduced
//     dim, max() / argmax() of an empty tensor raise; var / std / var_mean
//     / norm / linalg.vector_norm over a dim list (none: all); any / all /
//     prod / cumsum over one dim; torch.topk: "selected index k out of
//     range" unless 0 <= k <= size;
//   torch.nn.functional.layer_norm / rms_norm (the input ends in
//     normalized_shape, weight and bias are normalized_shape), group_norm
//     (C divisible by num_groups, weight and bias [C]), batch_norm (weight,
//     bias, running stats [C]);
//   torch.addmm / baddbmm (the input broadcastable to the product),
//     scaled_dot_product_attention (query [..., L, E], key [..., S, E],
//     value [..., S, Ev] -> [..., L, Ev]; the mask broadcastable to
//     [..., L, S]);
//   torch.nn.Conv{1,2,3}d / ConvTranspose (their "Shape" sections), MaxPool2d
//     / AvgPool2d (the output formula, ceil_mode dropping a window that
//     starts in the right padding, the output at least 1, the non-batch
//     dims not empty), AdaptiveAvgPool2d.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <algorithm>

namespace symshape::models::oracle {

namespace {} // namespace

std::optional<Shape> torchBroadcast(Eval &e, const Shape &a, const Shape &b) {
  Shape out(std::max(a.size(), b.size()), 1);
  for (size_t k = 0; k < out.size(); ++k) {
    int64_t x = k < a.size() ? a[a.size() - 1 - k] : 1;
    int64_t y = k < b.size() ? b[b.size() - 1 - k] : 1;
    if (!e.require(x == y || x == 1 || y == 1, "shapes are not broadcastable"))
      return std::nullopt;
    out[out.size() - 1 - k] = x == 1 ? y : x;
  }
  return out;
}

namespace {

bool keepSelf(Eval &e) {
  const Shape *s = e.shape(0);
  return s && e.setResult(0, *s);
}

bool maskedFill(Eval &e) {
  const Shape *self = e.shape(0), *mask = self ? e.shape(1) : nullptr;
  if (!mask)
    return false;
  if (e.isTensor(2) &&
      !e.require(e.shape(2)->empty(), "masked_fill: value tensor not 0-d"))
    return false;
  std::optional<Shape> out = torchBroadcast(e, *self, *mask);
  return out && e.setResult(0, *out);
}

/// Every tensor operand broadcast together.
bool broadcastAll(Eval &e) {
  Shape out;
  for (size_t i = 0; i < e.numOperands(); ++i) {
    if (!e.isTensor(i))
      continue;
    std::optional<Shape> next = torchBroadcast(e, out, *e.shape(i));
    if (!next)
      return false;
    out = *next;
  }
  return e.setResult(0, out);
}

/// The reduced dims of `s` named by operand `i`: a list (none or [] =
/// all) or, when `single`, one dim.
std::optional<std::vector<bool>> reducedBy(Eval &e, const Shape &s, size_t i,
                                           bool single) {
  std::vector<bool> reduced(std::max<size_t>(s.size(), 1), false);
  if (torchNone(e, i)) {
    if (single)
      return std::nullopt;
    reduced.assign(reduced.size(), true);
    return reduced;
  }
  std::optional<std::vector<int64_t>> dims =
      single ? (e.scalar(i) ? std::optional(std::vector<int64_t>{*e.scalar(i)})
                            : std::nullopt)
             : e.contents(i);
  if (!dims) {
    e.unsupported("dims not known");
    return std::nullopt;
  }
  if (dims->empty())
    reduced.assign(reduced.size(), true);
  for (int64_t d : *dims) {
    std::optional<size_t> w = torchWrap(e, d, s.size());
    if (!w || !e.require(!reduced[*w], "dim appears multiple times"))
      return std::nullopt;
    reduced[*w] = true;
  }
  return reduced;
}

/// Reduction of self by operand `dimOp` with keepdim operand `keepOp`,
/// every result the same; `nonEmpty`: no identity, reduced dims not empty.
bool reduceBy(Eval &e, size_t dimOp, size_t keepOp, bool single,
              bool nonEmpty) {
  const Shape *s = e.shape(0);
  if (!s)
    return false;
  std::optional<std::vector<bool>> reduced = reducedBy(e, *s, dimOp, single);
  if (!reduced)
    return false;
  std::optional<int64_t> keep = torchConstant(e, keepOp);
  if (!keep)
    return e.unsupported("keepdim not known");
  Shape out;
  for (size_t d = 0; d < s->size(); ++d) {
    if (nonEmpty && (*reduced)[d] &&
        !e.require((*s)[d] != 0,
                   "Expected reduction dim to have non-zero size"))
      return false;
    if (!(*reduced)[d])
      out.push_back((*s)[d]);
    else if (*keep)
      out.push_back(1);
  }
  for (size_t r = 0; r < e.numResults(); ++r)
    if (!e.setResult(r, out))
      return false;
  return true;
}

bool argReduce(Eval &e) {
  if (!torchNone(e, 1))
    return reduceBy(e, 1, 2, true, true);
  const Shape *s = e.shape(0);
  if (!s || torchConstant(e, 2).value_or(1) != 0)
    return s ? e.unsupported("argmax keepdim without dim") : false;
  return e.require(product(*s) > 0, "argmax of an empty tensor") &&
         e.setResult(0, {});
}

bool reduceAllNonEmpty(Eval &e) {
  const Shape *s = e.shape(0);
  return s && e.require(product(*s) > 0, "max() of an empty tensor") &&
         e.setResult(0, {});
}

bool statReduce(Eval &e) {
  bool norm = e.name() == "torch.aten.norm.ScalarOpt_dim" ||
              e.name() == "torch.aten.linalg_vector_norm";
  if (norm && !torchNone(e, 1)) {
    std::optional<int64_t> p = e.scalar(1);
    if (!p || *p < 0)
      return e.unsupported("a norm order other than a non-negative int");
  }
  return reduceBy(e, norm ? 2 : 1, 3, false, false);
}

bool topk(Eval &e) {
  const Shape *s = e.shape(0);
  std::optional<int64_t> k = s ? e.scalar(1) : std::nullopt;
  std::optional<size_t> d = k ? torchDim(e, 2, s->size()) : std::nullopt;
  if (!d)
    return s && !k ? e.unsupported("k not known") : false;
  int64_t size = s->empty() ? 1 : (*s)[*d];
  if (!e.require(*k >= 0 && *k <= size, "selected index k out of range"))
    return false;
  Shape out = *s;
  if (!out.empty())
    out[*d] = *k;
  return e.setResult(0, out) && e.setResult(1, out);
}

} // namespace

std::optional<int64_t> torchConstant(Eval &e, size_t i) {
  const frontend::Operation *def = e.definingOp(i);
  const frontend::Attribute *a =
      def ? frontend::findAttr(def->attributes, "value") : nullptr;
  if (a && a->kind == frontend::AttrKind::Bool)
    return a->boolValue ? 1 : 0;
  return e.scalar(i);
}

static void registerTorchNeural() {
  add("torch.aten.masked_fill.Scalar", maskedFill);
  add("torch.aten.masked_fill.Tensor", maskedFill);
  for (const char *name :
       {"lerp.Tensor", "lerp.Scalar", "atan2", "bitwise_and.Tensor",
        "bitwise_or.Tensor", "bitwise_xor.Tensor", "logical_xor"})
    add(std::string("torch.aten.") + name, broadcastAll);
  for (const char *name :
       {"bitwise_not", "logical_not", "clamp", "clamp_min", "clamp_max",
        "type_as",     "dropout",     "floor", "ceil",      "round",
        "sign",        "square",      "tan",   "hardtanh",  "leaky_relu",
        "elu",         "softplus",    "mish",  "hardswish", "hardsigmoid",
        "log2",        "exp2",        "expm1"})
    add(std::string("torch.aten.") + name, keepSelf);
  add("torch.aten.cumsum", [](Eval &e) {
    const Shape *s = e.shape(0);
    return s && torchDim(e, 1, s->size()) && e.setResult(0, *s);
  });
  add("torch.aten.amin",
      [](Eval &e) { return reduceBy(e, 1, 2, false, true); });
  for (const char *name : {"torch.aten.max.dim", "torch.aten.min.dim"})
    add(name, [](Eval &e) { return reduceBy(e, 1, 2, true, true); });
  add("torch.aten.argmax", argReduce);
  add("torch.aten.argmin", argReduce);
  add("torch.aten.max", reduceAllNonEmpty);
  add("torch.aten.min", reduceAllNonEmpty);
  for (const char *name :
       {"var.correction", "var.dim", "std.correction", "std.dim",
        "var_mean.correction", "norm.ScalarOpt_dim", "linalg_vector_norm"})
    add(std::string("torch.aten.") + name, statReduce);
  for (const char *name : {"any.dim", "all.dim", "prod.dim_int"})
    add(std::string("torch.aten.") + name,
        [](Eval &e) { return reduceBy(e, 1, 2, true, false); });
  add("torch.aten.topk", topk);
}

static const RuleFile rules(__FILE__, registerTorchNeural);

} // namespace symshape::models::oracle
