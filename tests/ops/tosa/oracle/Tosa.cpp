//===- Tosa.cpp - TOSA ops (TOSA specification, MLIR TosaOps.cpp) ---------===//
//
// Tensor layouts are the TOSA spec's: matmul [N,H,C] x [N,C,W] -> [N,H,W];
// conv2d input NHWC, weight [OC,KH,KW,IC]; depthwise weight [KH,KW,C,M].
// Binary ops broadcast (Broadcast.cpp). Attributes are read as MLIR 16
// writes them (array<i64: ..>) or as [..] / dense<..>; shape-like inputs
// that later TOSA versions pass as operands (perms, padding, multiples,
// start/size) are read from the constant that defines them.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

namespace symshape::models::oracle {

static std::string s(int64_t v) { return std::to_string(v); }

/// An integer list given as attribute `name` or as constant operand `i`.
static std::optional<std::vector<int64_t>>
attrOrOperand(Eval &e, const std::string &name, size_t i, size_t count = 0) {
  if (std::optional<std::vector<int64_t>> v = e.ints(name, count))
    return v;
  if (i < e.numOperands())
    return e.contents(i);
  return std::nullopt;
}

static bool unary(Eval &e) {
  const Shape *in = e.shape(0);
  return in && e.setResult(0, *in);
}

static bool constant(Eval &e) {
  if (!e.setDeclaredResults())
    return false;
  const frontend::Attribute *v = e.attr("value");
  if (!v)
    v = e.attr("values");
  if (v && v->kind == frontend::AttrKind::DenseInt) {
    const Shape &shape = e.declaredResult(0).dims;
    std::vector<int64_t> data = v->ints;
    if (v->splat)
      data.assign(product(shape), v->ints.front());
    e.setResult(0, shape, data);
  }
  return true;
}

static bool matmul(Eval &e) { // [N,H,C] x [N,C,W] -> [N,H,W]
  const Shape *a = e.shape(0), *b = e.shape(1);
  if (!a || !b)
    return false;
  if (a->size() != 3 || b->size() != 3)
    return e.unsupported("operands must have rank 3");
  return e.require((*a)[0] == (*b)[0],
                   "batch " + s((*a)[0]) + " != " + s((*b)[0])) &&
         e.require((*a)[2] == (*b)[1],
                   "contracted C " + s((*a)[2]) + " != " + s((*b)[1])) &&
         e.setResult(0, {(*a)[0], (*a)[1], (*b)[2]});
}

static bool fullyConnected(Eval &e) { // [N,IC] x [OC,IC] + [OC] -> [N,OC]
  const Shape *in = e.shape(0), *w = e.shape(1), *bias = e.shape(2);
  if (!in || !w || !bias)
    return false;
  if (in->size() != 2 || w->size() != 2 || bias->size() != 1)
    return e.unsupported("expected ranks 2, 2, 1");
  return e.require((*in)[1] == (*w)[1],
                   "IC " + s((*in)[1]) + " != weight IC " + s((*w)[1])) &&
         e.require((*bias)[0] == (*w)[0] || (*bias)[0] == 1,
                   "bias " + s((*bias)[0]) + " != OC " + s((*w)[0])) &&
         e.setResult(0, {(*in)[0], (*w)[0]});
}

static bool reshape(Eval &e) {
  const Shape *in = e.shape(0);
  if (!in)
    return false;
  std::optional<std::vector<int64_t>> ns = attrOrOperand(e, "new_shape", 1);
  if (!ns)
    return e.unsupported("new_shape not readable");
  Shape out = *ns;
  int64_t known = 1;
  int inferred = -1;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] < 0) { // -1 (or the dynamic marker): inferred
      if (inferred >= 0)
        return e.unsupported("two inferred dims in new_shape");
      inferred = int(i);
    } else {
      known *= out[i];
    }
  }
  int64_t total = product(*in);
  if (inferred >= 0) {
    if (known == 0)
      return e.unsupported("-1 next to a 0 in new_shape");
    if (!e.require(total % known == 0, "element count " + s(total) +
                                           " not divisible by " + s(known)))
      return false;
    out[inferred] = total / known;
  }
  return e.require(product(out) == total,
                   "element count " + s(total) + " != " + s(product(out))) &&
         e.setResult(0, out);
}

static bool transpose(Eval &e) {
  const Shape *in = e.shape(0);
  if (!in)
    return false;
  std::optional<std::vector<int64_t>> perms = attrOrOperand(e, "perms", 1);
  if (!perms || !isPermutation(*perms, in->size()))
    return e.unsupported("perms not a readable permutation");
  Shape out;
  for (int64_t p : *perms)
    out.push_back((*in)[p]);
  return e.setResult(0, out);
}

static bool concat(Eval &e) {
  std::optional<int64_t> axis = e.integer("axis");
  const Shape *first = e.shape(0);
  if (!first || !axis || *axis < 0 || size_t(*axis) >= first->size())
    return first && e.unsupported("axis not readable");
  Shape out = *first;
  for (size_t i = 1; i < e.numOperands(); ++i) {
    const Shape *x = e.shape(i);
    if (!x || x->size() != out.size())
      return x && e.unsupported("operand ranks differ");
    for (size_t d = 0; d < out.size(); ++d)
      if (int64_t(d) != *axis &&
          !e.require((*x)[d] == out[d], "dim " + s(d) + " of operand #" + s(i) +
                                            " is " + s((*x)[d]) +
                                            ", operand #0 has " + s(out[d])))
        return false;
    out[*axis] += (*x)[*axis];
  }
  return e.setResult(0, out);
}

static bool slice(Eval &e) {
  const Shape *in = e.shape(0);
  if (!in)
    return false;
  auto start = attrOrOperand(e, "start", 1), size = attrOrOperand(e, "size", 2);
  if (!start || !size || start->size() != in->size() ||
      size->size() != in->size())
    return e.unsupported("start/size not readable");
  Shape out;
  for (size_t d = 0; d < in->size(); ++d) {
    int64_t st = (*start)[d],
            sz = (*size)[d] == -1 ? (*in)[d] - st : (*size)[d];
    if (!e.require(st >= 0 && sz >= 0 && st + sz <= (*in)[d],
                   "dim " + s(d) + ": start " + s(st) + " + size " + s(sz) +
                       " exceeds " + s((*in)[d])))
      return false;
    out.push_back(sz);
  }
  return e.setResult(0, out);
}

static bool pad(Eval &e) {
  const Shape *in = e.shape(0);
  if (!in)
    return false;
  auto p = attrOrOperand(e, "padding", 1, 2 * in->size());
  if (!p || p->size() != 2 * in->size())
    return e.unsupported("padding not readable");
  Shape out;
  for (size_t d = 0; d < in->size(); ++d) {
    int64_t lo = (*p)[2 * d], hi = (*p)[2 * d + 1];
    if (!e.require(lo >= 0 && hi >= 0, "negative padding"))
      return false;
    out.push_back((*in)[d] + lo + hi);
  }
  return e.setResult(0, out);
}

static bool tile(Eval &e) {
  const Shape *in = e.shape(0);
  if (!in)
    return false;
  auto m = attrOrOperand(e, "multiples", 1);
  if (!m || m->size() != in->size())
    return e.unsupported("multiples not readable");
  Shape out;
  for (size_t d = 0; d < in->size(); ++d) {
    if (!e.require((*m)[d] >= 0, "negative multiple"))
      return false;
    out.push_back((*in)[d] * (*m)[d]);
  }
  return e.setResult(0, out);
}

/// reduce_*: the axis keeps rank as size 1; argmax drops it.
static bool reduceAxis(Eval &e, bool keep) {
  const Shape *in = e.shape(0);
  std::optional<int64_t> axis = e.integer("axis");
  if (!in || !axis || *axis < 0 || size_t(*axis) >= in->size())
    return in && e.unsupported("axis not readable");
  Shape out = *in;
  if (keep)
    out[*axis] = 1;
  else
    out.erase(out.begin() + *axis);
  return e.setResult(0, out);
}

/// conv2d / depthwise_conv2d / pools: NHWC windows, TOSA attribute order
/// pad = [top, bottom, left, right], stride = [y, x], dilation = [y, x].
static bool window2d(Eval &e, const Shape &in, int64_t kh, int64_t kw,
                     int64_t channels) {
  auto pad = e.ints("pad", 4), stride = e.ints("stride", 2);
  auto dil = e.attr("dilation") ? e.ints("dilation", 2)
                                : std::optional<std::vector<int64_t>>{{1, 1}};
  if (!pad || !stride || !dil || pad->size() != 4 || stride->size() != 2 ||
      dil->size() != 2 || (*stride)[0] < 1 || (*stride)[1] < 1)
    return e.unsupported("pad/stride/dilation not readable");
  int64_t oh =
      windowOut(in[1], kh, (*stride)[0], (*dil)[0], (*pad)[0], (*pad)[1]);
  int64_t ow =
      windowOut(in[2], kw, (*stride)[1], (*dil)[1], (*pad)[2], (*pad)[3]);
  return e.require(oh >= 0 && ow >= 0, "negative output size " + s(oh) + "x" +
                                           s(ow) + " from input " + str(in)) &&
         e.setResult(0, {in[0], oh, ow, channels});
}

static bool conv2d(Eval &e) {
  const Shape *in = e.shape(0), *w = e.shape(1), *bias = e.shape(2);
  if (!in || !w || !bias)
    return false;
  if (in->size() != 4 || w->size() != 4 || bias->size() != 1)
    return e.unsupported("expected NHWC input, OHWI weight, 1-D bias");
  return e.require((*in)[3] == (*w)[3], "input channels " + s((*in)[3]) +
                                            " != weight " + s((*w)[3])) &&
         e.require((*bias)[0] == (*w)[0] || (*bias)[0] == 1,
                   "bias " + s((*bias)[0]) + " != OC " + s((*w)[0])) &&
         window2d(e, *in, (*w)[1], (*w)[2], (*w)[0]);
}

static bool depthwiseConv2d(Eval &e) {
  const Shape *in = e.shape(0), *w = e.shape(1), *bias = e.shape(2);
  if (!in || !w || !bias)
    return false;
  if (in->size() != 4 || w->size() != 4 || bias->size() != 1)
    return e.unsupported("expected NHWC input, HWCM weight, 1-D bias");
  int64_t oc = (*w)[2] * (*w)[3];
  return e.require((*in)[3] == (*w)[2], "input channels " + s((*in)[3]) +
                                            " != weight C " + s((*w)[2])) &&
         e.require((*bias)[0] == oc || (*bias)[0] == 1,
                   "bias " + s((*bias)[0]) + " != C*M " + s(oc)) &&
         window2d(e, *in, (*w)[0], (*w)[1], oc);
}

static bool pool2d(Eval &e) {
  const Shape *in = e.shape(0);
  auto kernel = e.ints("kernel", 2);
  if (!in || !kernel || in->size() != 4 || kernel->size() != 2)
    return in && e.unsupported("expected NHWC input and a 2-D kernel");
  return window2d(e, *in, (*kernel)[0], (*kernel)[1], (*in)[3]);
}

static void registerTosa() {
  for (const char *name :
       {"tosa.abs",        "tosa.exp",        "tosa.log",         "tosa.tanh",
        "tosa.sigmoid",    "tosa.reciprocal", "tosa.rsqrt",       "tosa.negate",
        "tosa.floor",      "tosa.ceil",       "tosa.clamp",       "tosa.cast",
        "tosa.rescale",    "tosa.identity",   "tosa.erf",         "tosa.sin",
        "tosa.cos",        "tosa.not",        "tosa.bitwise_not", "tosa.clz",
        "tosa.logical_not"})
    add(name, unary);
  add("tosa.const", constant);
  add("tosa.const_shape", constant);
  add("tosa.matmul", matmul);
  add("tosa.fully_connected", fullyConnected);
  add("tosa.reshape", reshape);
  add("tosa.transpose", transpose);
  add("tosa.concat", concat);
  add("tosa.slice", slice);
  add("tosa.pad", pad);
  add("tosa.tile", tile);
  for (const char *name :
       {"tosa.reduce_sum", "tosa.reduce_max", "tosa.reduce_min",
        "tosa.reduce_prod", "tosa.reduce_product", "tosa.reduce_all",
        "tosa.reduce_any"})
    add(name, [](Eval &e) { return reduceAxis(e, true); });
  // REVERSE: the output has the input's shape (its contents reordered).
  add("tosa.reverse", [](Eval &e) {
    const Shape *in = e.shape(0);
    return in && e.setResult(0, *in);
  });
  add("tosa.argmax", [](Eval &e) { return reduceAxis(e, false); });
  add("tosa.conv2d", conv2d);
  add("tosa.depthwise_conv2d", depthwiseConv2d);
  add("tosa.avg_pool2d", pool2d);
  add("tosa.max_pool2d", pool2d);
}

static const RuleFile rules(__FILE__, registerTosa);

} // namespace symshape::models::oracle
