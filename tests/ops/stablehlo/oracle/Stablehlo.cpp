//===- Stablehlo.cpp - StableHLO / MHLO ops (StableHLO spec)
//---------------===//
//
// From openxla/stablehlo docs/spec.md. No implicit broadcasting: binary
// elementwise ops need equal shapes. Shape computations that JAX exports
// (get_dimension_size, reshape, concatenate, multiply on tensor<i32>) keep
// their integer contents so dynamic_reshape / dynamic_broadcast_in_dim can
// read their shape operands.
//
// Convolution and reduce_window live in StablehloWindow.cpp, gather and
// dynamic_gather in StablehloGather.cpp, slices and pads in
// StablehloSlices.cpp.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <algorithm>
#include <functional>

namespace symshape::models::oracle {

static std::string s(int64_t v) { return std::to_string(v); }

/// Elementwise with equal shapes; integer contents are folded.
static bool binary(Eval &e, std::function<int64_t(int64_t, int64_t)> fold) {
  if (!sameShapeElementwise(e))
    return false;
  auto a = e.contents(0), b = e.contents(1);
  const Shape *shape = e.shape(0);
  if (fold && a && b && a->size() == b->size() && shape) {
    std::vector<int64_t> out;
    for (size_t i = 0; i < a->size(); ++i) {
      if ((*b)[i] == 0 && (e.name().find("divide") != std::string::npos ||
                           e.name().find("remainder") != std::string::npos))
        return true; // no contents
      out.push_back(fold((*a)[i], (*b)[i]));
    }
    e.setResult(0, *shape, out);
  }
  return true;
}

static bool unary(Eval &e) {
  const RtValue *in = e.tensor(0);
  return in && e.setResult(0, in->shape, in->data);
}

/// Elementwise on integer contents: negate, abs, sign, not, and convert
/// (to i1: nonzero is true; to a wider or narrower integer: the same
/// value, as sizes never wrap).
static bool integerUnary(Eval &e, std::function<int64_t(int64_t, bool)> f) {
  const RtValue *in = e.tensor(0);
  if (!in)
    return false;
  std::optional<std::vector<int64_t>> out;
  if (in->data) {
    bool toI1 = e.declaredResult(0).element == "i1";
    out.emplace();
    for (int64_t x : *in->data)
      out->push_back(f(x, toI1));
  }
  return e.setResult(0, in->shape, out);
}

/// comparison_direction and compare_type from the generic form's
/// `#stablehlo<comparison_direction GE>` text; contents are folded for
/// integer comparisons.
static bool compare(Eval &e) {
  if (!sameShapeElementwise(e))
    return false;
  auto a = e.contents(0), b = e.contents(1);
  const Shape *shape = e.shape(0);
  if (!a || !b || a->size() != b->size() || !shape)
    return true;
  auto word = [&](const char *name) -> std::string {
    const frontend::Attribute *attr = e.attr(name);
    if (!attr)
      return "";
    std::string t = attr->text;
    size_t close = t.rfind('>');
    size_t space = t.rfind(' ', close);
    if (close == std::string::npos || space == std::string::npos)
      return "?";
    return t.substr(space + 1, close - space - 1);
  };
  std::string dir = word("comparison_direction"), type = word("compare_type");
  if (type.empty()) { // no compare_type: from the operands' element type
    const std::string &element = e.operandType(0).element;
    if (!isIntegerElement(element))
      return true;
    type = element.rfind("ui", 0) == 0 ? "UNSIGNED" : "SIGNED";
  }
  if (type != "SIGNED" && type != "UNSIGNED")
    return true; // FLOAT, TOTALORDER: no integer contents
  std::vector<int64_t> out;
  for (size_t i = 0; i < a->size(); ++i) {
    int64_t x = (*a)[i], y = (*b)[i];
    bool u = type == "UNSIGNED";
    uint64_t ux = uint64_t(x), uy = uint64_t(y);
    bool r;
    if (dir == "EQ")
      r = x == y;
    else if (dir == "NE")
      r = x != y;
    else if (dir == "LT")
      r = u ? ux < uy : x < y;
    else if (dir == "LE")
      r = u ? ux <= uy : x <= y;
    else if (dir == "GT")
      r = u ? ux > uy : x > y;
    else if (dir == "GE")
      r = u ? ux >= uy : x >= y;
    else
      return e.unsupported("comparison_direction not readable");
    out.push_back(r);
  }
  return e.setResult(0, *shape, out);
}

static bool constant(Eval &e) {
  if (!e.setDeclaredResults())
    return false;
  const frontend::Attribute *v = e.attr("value");
  if (v && v->kind == frontend::AttrKind::DenseInt) {
    const Shape &shape = e.declaredResult(0).dims;
    std::vector<int64_t> data = v->ints;
    if (v->splat)
      data.assign(product(shape), v->ints.front());
    e.setResult(0, shape, data);
  }
  return true;
}

/// Operand i is a scalar (rank 0) or has the shape `like`.
static bool scalarOrSame(Eval &e, size_t i, const Shape &like) {
  const Shape *x = e.shape(i);
  return x && e.require(x->empty() || *x == like,
                        "operand #" + s(i) + " " + str(*x) +
                            " is neither a scalar nor " + str(like));
}

static bool select(Eval &e) { // pred, on_true, on_false
  const Shape *t = e.shape(1), *f = e.shape(2);
  if (!(t && f &&
        e.require(*t == *f, "on_true " + str(*t) + " != on_false " + str(*f)) &&
        scalarOrSame(e, 0, *t)))
    return false;
  auto p = e.contents(0), x = e.contents(1), y = e.contents(2);
  std::optional<std::vector<int64_t>> out;
  if (p && x && y && x->size() == y->size() &&
      (p->size() == 1 || p->size() == x->size())) {
    out.emplace();
    for (size_t i = 0; i < x->size(); ++i)
      out->push_back((*p)[p->size() == 1 ? 0 : i] ? (*x)[i] : (*y)[i]);
  }
  return e.setResult(0, *t, out);
}

static bool clamp(Eval &e) { // min, operand, max
  const Shape *x = e.shape(1);
  if (!x || !scalarOrSame(e, 0, *x) || !scalarOrSame(e, 2, *x))
    return false;
  // Integer contents: min(max(operand, min), max), element by element.
  auto lo = e.contents(0), v = e.contents(1), hi = e.contents(2);
  std::optional<std::vector<int64_t>> out;
  if (lo && v && hi && !lo->empty() && !hi->empty()) {
    out.emplace();
    for (size_t i = 0; i < v->size(); ++i)
      out->push_back(std::min(std::max((*v)[i], (*lo)[lo->size() == 1 ? 0 : i]),
                              (*hi)[hi->size() == 1 ? 0 : i]));
  }
  return e.setResult(0, *x, out);
}

/// A dimension list of dot_dimension_numbers, from `#stablehlo.dot<..>`
/// text or a separate attribute.
static std::vector<int64_t> dotDims(Eval &e, const std::string &key) {
  if (auto v = e.ints(key))
    return *v;
  if (const frontend::Attribute *a = e.attr("dot_dimension_numbers"))
    if (auto v = intListAfter(a->text, key))
      return *v;
  return {};
}

static bool dotGeneral(Eval &e) {
  const Shape *a = e.shape(0), *b = e.shape(1);
  if (!a || !b)
    return false;
  if (!e.attr("dot_dimension_numbers") && !e.attr("lhs_contracting_dimensions"))
    return e.unsupported("dot_dimension_numbers not readable");
  std::vector<int64_t> lb = dotDims(e, "lhs_batching_dimensions"),
                       rb = dotDims(e, "rhs_batching_dimensions"),
                       lc = dotDims(e, "lhs_contracting_dimensions"),
                       rc = dotDims(e, "rhs_contracting_dimensions");
  if (lb.size() != rb.size() || lc.size() != rc.size())
    return e.unsupported("unbalanced dimension numbers");
  for (int64_t d : lb)
    if (d < 0 || size_t(d) >= a->size())
      return e.unsupported("dimension number out of range");
  for (int64_t d : lc)
    if (d < 0 || size_t(d) >= a->size())
      return e.unsupported("dimension number out of range");
  for (int64_t d : rb)
    if (d < 0 || size_t(d) >= b->size())
      return e.unsupported("dimension number out of range");
  for (int64_t d : rc)
    if (d < 0 || size_t(d) >= b->size())
      return e.unsupported("dimension number out of range");
  for (size_t i = 0; i < lb.size(); ++i)
    if (!e.require((*a)[lb[i]] == (*b)[rb[i]],
                   "batching dim lhs[" + s(lb[i]) + "] = " + s((*a)[lb[i]]) +
                       " != rhs[" + s(rb[i]) + "] = " + s((*b)[rb[i]])))
      return false;
  for (size_t i = 0; i < lc.size(); ++i)
    if (!e.require((*a)[lc[i]] == (*b)[rc[i]],
                   "contracting dim lhs[" + s(lc[i]) + "] = " + s((*a)[lc[i]]) +
                       " != rhs[" + s(rc[i]) + "] = " + s((*b)[rc[i]])))
      return false;
  auto in = [](const std::vector<int64_t> &v, size_t d) {
    return std::find(v.begin(), v.end(), int64_t(d)) != v.end();
  };
  Shape out;
  for (int64_t d : lb)
    out.push_back((*a)[d]);
  for (size_t d = 0; d < a->size(); ++d)
    if (!in(lb, d) && !in(lc, d))
      out.push_back((*a)[d]);
  for (size_t d = 0; d < b->size(); ++d)
    if (!in(rb, d) && !in(rc, d))
      out.push_back((*b)[d]);
  return e.setResult(0, out);
}

static bool dot(Eval &e) { // [m,k]x[k,n], [k]x[k,n], [m,k]x[k], [k]x[k]
  const Shape *a = e.shape(0), *b = e.shape(1);
  if (!a || !b)
    return false;
  if (a->empty() || b->empty() || a->size() > 2 || b->size() > 2)
    return e.unsupported("dot operands must have rank 1 or 2");
  int64_t ka = a->back(), kb = b->front();
  if (!e.require(ka == kb, "contracting " + s(ka) + " != " + s(kb)))
    return false;
  Shape out;
  if (a->size() == 2)
    out.push_back((*a)[0]);
  if (b->size() == 2)
    out.push_back((*b)[1]);
  return e.setResult(0, out);
}

/// Reshape to `out`: element counts must agree; contents are kept.
static bool reshapeTo(Eval &e, const Shape &out) {
  const RtValue *in = e.tensor(0);
  if (!in)
    return false;
  for (int64_t d : out)
    if (!e.require(d >= 0, "negative size " + s(d) + " in the output shape"))
      return false;
  return e.require(product(in->shape) == product(out),
                   "element count " + s(product(in->shape)) +
                       " != " + s(product(out)) + " of " + str(out)) &&
         e.setResult(0, out, in->data);
}

static bool reshape(Eval &e) {
  const frontend::Type &t = e.declaredResult(0);
  for (int64_t d : t.dims)
    if (d == frontend::kDynamic)
      return e.unsupported("reshape to a dynamic type");
  return reshapeTo(e, t.dims);
}

static bool dynamicReshape(Eval &e) {
  auto shape = e.contents(1);
  if (!shape)
    return e.unsupported("output shape operand not known");
  return reshapeTo(e, *shape);
}

static bool transpose(Eval &e) {
  const Shape *in = e.shape(0);
  auto perm = e.ints("permutation");
  if (!in || !perm || !isPermutation(*perm, in->size()))
    return in && e.unsupported("permutation not readable");
  Shape out;
  for (int64_t p : *perm)
    out.push_back((*in)[p]);
  return e.setResult(0, out);
}

/// torch_index_select (no StableHLO spec entry; its lowerings define it):
/// out[o] = operand[o[0..dim), index[o[0..batch), o[dim..dim+k)],
/// o[dim+k..)] with k = index rank - batch. The first `batch` loops run
/// over operand and index dims alike, so those dims must agree.
static bool torchIndexSelect(Eval &e) {
  const Shape *in = e.shape(0), *index = e.shape(1);
  std::optional<int64_t> dim = e.integer("dim"),
                         batch = e.integer("batch_dims");
  if (!in || !index)
    return false;
  if (!dim || !batch)
    return e.unsupported("dim or batch_dims not readable");
  int64_t rank = int64_t(in->size()), k = int64_t(index->size());
  int64_t d = *dim < 0 ? *dim + rank : *dim;
  int64_t b = *batch < 0 ? *batch + k : *batch;
  if (d < 0 || d >= rank || b < 0 || b > k || b > d)
    return e.unsupported("dim / batch_dims outside the ranks");
  for (int64_t i = 0; i < b; ++i)
    if (!e.require((*in)[i] == (*index)[i], "batch dim " + s(i) + ": operand " +
                                                s((*in)[i]) + ", index " +
                                                s((*index)[i])))
      return false;
  Shape out(in->begin(), in->begin() + d);
  out.insert(out.end(), index->begin() + b, index->end());
  out.insert(out.end(), in->begin() + d + 1, in->end());
  if (out.size() != e.declaredResult(0).dims.size())
    return e.unsupported("declared result rank differs");
  return e.setResult(0, out);
}

static bool concatenate(Eval &e) {
  std::optional<int64_t> dim = e.integer("dimension");
  const Shape *first = e.shape(0);
  if (!first || !dim || *dim < 0 || size_t(*dim) >= first->size())
    return first && e.unsupported("dimension not readable");
  Shape out = *first;
  std::optional<std::vector<int64_t>> data = e.contents(0);
  for (size_t i = 1; i < e.numOperands(); ++i) {
    const Shape *x = e.shape(i);
    if (!x || x->size() != out.size())
      return x && e.unsupported("operand ranks differ");
    for (size_t d = 0; d < out.size(); ++d)
      if (int64_t(d) != *dim &&
          !e.require((*x)[d] == out[d], "dim " + s(d) + " of operand #" + s(i) +
                                            " is " + s((*x)[d]) +
                                            ", operand #0 has " + s(out[d])))
        return false;
    out[*dim] += (*x)[*dim];
    auto more = e.contents(i);
    if (data && more && out.size() == 1)
      data->insert(data->end(), more->begin(), more->end());
    else
      data.reset();
  }
  return e.setResult(0, out, data);
}

static bool getDimensionSize(Eval &e) {
  const Shape *in = e.shape(0);
  auto dim = e.integer("dimension");
  if (!in || !dim || *dim < 0 || size_t(*dim) >= in->size())
    return in && e.unsupported("dimension not readable");
  return e.setResult(0, {}, std::vector<int64_t>{(*in)[*dim]});
}

static bool reduce(Eval &e) { // inputs..., inits...
  size_t n = e.numOperands() / 2;
  auto dims = e.ints("dimensions");
  const Shape *first = e.shape(0);
  if (!first || !dims)
    return first && e.unsupported("dimensions not readable");
  for (size_t i = 1; i < n; ++i) {
    const Shape *x = e.shape(i);
    if (!x || !e.require(*x == *first, "input #" + s(i) + " " + str(*x) +
                                           " != input #0 " + str(*first)))
      return false;
  }
  Shape out;
  for (size_t d = 0; d < first->size(); ++d)
    if (std::find(dims->begin(), dims->end(), int64_t(d)) == dims->end())
      out.push_back((*first)[d]);
  for (size_t r = 0; r < e.numResults(); ++r)
    e.setResult(r, out);
  return true;
}

/// broadcast_in_dim: operand dim i is 1 or equals result dim dims[i] (003).
static bool broadcastInto(Eval &e, Shape out,
                          const std::vector<int64_t> &dims) {
  const Shape *in = e.shape(0);
  if (!in)
    return false;
  if (dims.size() != in->size())
    return e.unsupported("broadcast_dimensions size differs from the rank");
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] < 0 || size_t(dims[i]) >= out.size())
      return e.unsupported("broadcast dimension out of range");
    if (out[dims[i]] < 0) // a `?` result dim takes the operand's size
      out[dims[i]] = (*in)[i];
    if (!e.require((*in)[i] == 1 || (*in)[i] == out[dims[i]],
                   "operand dim " + s(i) + " = " + s((*in)[i]) +
                       " is neither 1 nor result dim " + s(dims[i]) + " = " +
                       s(out[dims[i]])))
      return false;
  }
  for (int64_t d : out)
    if (d < 0)
      return e.unsupported("a `?` result dim that no operand dim gives");
  // Integer contents of a result of rank 0 or 1: each element is the
  // operand element its index maps to (one element repeats).
  std::optional<std::vector<int64_t>> data;
  auto contents = e.contents(0);
  if (contents && out.size() <= 1 && !contents->empty()) {
    size_t n = out.empty() ? 1 : size_t(out[0]);
    if (contents->size() == 1)
      data.emplace(n, contents->front());
    else if (contents->size() == n)
      data = contents;
  }
  return e.setResult(0, out, data);
}

static bool broadcastInDim(Eval &e) {
  auto dims = e.ints("broadcast_dimensions");
  if (!dims)
    return e.unsupported("broadcast_dimensions not readable");
  return broadcastInto(e, e.declaredResult(0).dims, *dims);
}

static bool dynamicBroadcastInDim(Eval &e) {
  auto dims = e.ints("broadcast_dimensions");
  auto shape = e.contents(1);
  if (!dims || !shape)
    return e.unsupported("broadcast_dimensions or output shape not known");
  for (int64_t d : *shape)
    if (!e.require(d >= 0, "negative output size " + s(d)))
      return false;
  if (!broadcastInto(e, *shape, *dims))
    return false;
  // The expansion hints are promises: an expanding operand dim is 1, a
  // non-expanding one equals its result dim (StableHLO's linalg lowering
  // reads the former at index 0, the latter at the result's index).
  const Shape *in = e.shape(0);
  for (bool expanding : {true, false}) {
    const char *name = expanding ? "known_expanding_dimensions"
                                 : "known_nonexpanding_dimensions";
    if (!e.attr(name))
      continue;
    auto hinted = e.ints(name);
    if (!hinted)
      return e.unsupported(std::string(name) + " not readable");
    for (int64_t i : *hinted) {
      if (i < 0 || size_t(i) >= in->size())
        return e.unsupported(std::string(name) + " out of range");
      int64_t x = (*in)[size_t(i)], r = (*shape)[size_t((*dims)[size_t(i)])];
      if (!e.require(expanding ? x == 1 : x == r,
                     "operand dim " + s(i) + " = " + s(x) + " in " + name +
                         (expanding ? " is not 1"
                                    : " differs from result dim " + s(r))))
        return false;
    }
  }
  return true;
}

/// set_dimension_size (XLA's SetDimensionSize): dim `dimension` becomes
/// the size operand, which must be in [0, the static size or the
/// `#stablehlo.bounds` bound of that dim, else its runtime size].
static bool setDimensionSize(Eval &e) {
  const Shape *in = e.shape(0);
  auto dim = e.integer("dimension");
  auto size = e.contents(1);
  if (!in || !dim || *dim < 0 || size_t(*dim) >= in->size())
    return in && e.unsupported("dimension not readable");
  if (!size || size->size() != 1)
    return e.unsupported("size operand not known");
  int64_t limit = (*in)[*dim];
  const frontend::Type &type = e.operandType(0);
  if (type.dims[*dim] != frontend::kDynamic) {
    limit = type.dims[*dim];
  } else {
    // `#stablehlo.bounds<b0, b1, ...>`, `?` for none.
    const std::string &enc = type.encoding;
    std::string prefix = "#stablehlo.bounds<";
    if (enc.rfind(prefix, 0) == 0) {
      std::vector<std::string> items(1);
      for (char c : enc.substr(prefix.size()))
        if (c == ',')
          items.emplace_back();
        else if (c != ' ' && c != '>')
          items.back() += c;
      if (items.size() == in->size() && items[*dim] != "?")
        limit = std::stoll(items[*dim]);
    }
  }
  int64_t n = (*size)[0];
  if (!e.require(0 <= n && n <= limit, "size " + s(n) + " of dim " + s(*dim) +
                                           " outside [0, " + s(limit) + "]"))
    return false;
  Shape out = *in;
  out[*dim] = n;
  return e.setResult(0, out);
}

/// cholesky: a batch of square matrices (spec: cholesky_c2 2 <= rank(a),
/// cholesky_c3 dim(a, -2) = dim(a, -1)); the result has a's shape
/// (cholesky_c1).
static bool cholesky(Eval &e) {
  const Shape *a = e.shape(0);
  if (!a)
    return false;
  size_t rank = a->size();
  if (!e.require(rank >= 2, "cholesky_c2: rank " + s(int64_t(rank))))
    return false;
  int64_t rows = (*a)[rank - 2], cols = (*a)[rank - 1];
  return e.require(rows == cols, "cholesky_c3: a matrix of " + s(rows) +
                                     " rows and " + s(cols) + " columns") &&
         e.setResult(0, *a);
}

static bool iota(Eval &e) { return e.setDeclaredResults(); }

/// dynamic_iota: a tensor of the shape operand's sizes; a negative one is
/// no shape (UB).
static bool dynamicIota(Eval &e) {
  auto shape = e.contents(0);
  if (!shape)
    return e.unsupported("output shape operand not known");
  for (int64_t d : *shape)
    if (!e.require(d >= 0, "negative output size " + s(d)))
      return false;
  return e.setResult(0, *shape);
}

static void registerStablehlo() {
  for (const char *dialect : {"stablehlo.", "mhlo."}) {
    std::string d = dialect;
    auto fold = [d](const char *op,
                    std::function<int64_t(int64_t, int64_t)> f) {
      add(d + op, [f](Eval &e) { return binary(e, f); });
    };
    fold("add", [](int64_t a, int64_t b) { return a + b; });
    fold("subtract", [](int64_t a, int64_t b) { return a - b; });
    fold("multiply", [](int64_t a, int64_t b) { return a * b; });
    fold("divide", [](int64_t a, int64_t b) { return a / b; });
    fold("maximum", [](int64_t a, int64_t b) { return std::max(a, b); });
    fold("minimum", [](int64_t a, int64_t b) { return std::min(a, b); });
    // On integer contents: remainder takes the dividend's sign (C's %);
    // i1 values are 0 or 1, so bitwise logic is the logic itself.
    fold("remainder", [](int64_t a, int64_t b) { return a % b; });
    fold("and", [](int64_t a, int64_t b) { return a & b; });
    fold("or", [](int64_t a, int64_t b) { return a | b; });
    fold("xor", [](int64_t a, int64_t b) { return a ^ b; });
    for (const char *op :
         {"power", "atan2", "shift_left", "shift_right_logical",
          "shift_right_arithmetic", "complex"})
      fold(op, nullptr);
    add(d + "compare", compare);
    add(d + "negate", [](Eval &e) {
      return integerUnary(e, [](int64_t x, bool) { return -x; });
    });
    add(d + "abs", [](Eval &e) {
      return integerUnary(e, [](int64_t x, bool) { return x < 0 ? -x : x; });
    });
    add(d + "sign", [](Eval &e) {
      return integerUnary(
          e, [](int64_t x, bool) { return int64_t(x > 0) - int64_t(x < 0); });
    });
    add(d + "not", [](Eval &e) {
      return integerUnary(
          e, [](int64_t x, bool toI1) { return toI1 ? int64_t(x == 0) : ~x; });
    });
    add(d + "convert", [](Eval &e) {
      return integerUnary(
          e, [](int64_t x, bool toI1) { return toI1 ? int64_t(x != 0) : x; });
    });
    for (const char *op : {"exponential",
                           "log",
                           "tanh",
                           "sqrt",
                           "rsqrt",
                           "logistic",
                           "floor",
                           "ceil",
                           "sine",
                           "cosine",
                           "exponential_minus_one",
                           "log_plus_one",
                           "round_nearest_even",
                           "round_nearest_afz",
                           "cbrt",
                           "is_finite",
                           "popcnt",
                           "count_leading_zeros",
                           "bitcast_convert",
                           "real",
                           "imag",
                           "tan",
                           "reduce_precision"})
      add(d + op, unary);
    add(d + "constant", constant);
    add(d + "select", select);
    add(d + "clamp", clamp);
    add(d + "dot_general", dotGeneral);
    add(d + "dot", dot);
    add(d + "cholesky", cholesky);
    add(d + "reshape", reshape);
    add(d + "dynamic_reshape", dynamicReshape);
    add(d + "transpose", transpose);
    add(d + "concatenate", concatenate);
    add(d + "torch_index_select", torchIndexSelect);
    add(d + "iota", iota);
    add(d + "dynamic_iota", dynamicIota);
    add(d + "get_dimension_size", getDimensionSize);
    add(d + "set_dimension_size", setDimensionSize);
    add(d + "reduce", reduce);
    add(d + "broadcast_in_dim", broadcastInDim);
    add(d + "dynamic_broadcast_in_dim", dynamicBroadcastInDim);
    // The result has the operand's shape (spec: reverse_c1,
    // uniform_quantize_c1, uniform_dequantize_c1), not its contents.
    for (const char *op : {"reverse", "uniform_quantize", "uniform_dequantize"})
      add(d + op, [](Eval &e) {
        const Shape *s = e.shape(0);
        return s && e.setResult(0, *s);
      });
  }
  // CHLO's elementwise ops (chlo_ops.td: the operand's shape; zeta,
  // polygamma and next_after take two operands of one shape).
  for (const char *op :
       {"acos",   "acosh",      "asin",       "asinh",   "atan",
        "atanh",  "bessel_i1e", "conj",       "cosh",    "sinh",
        "tan",    "digamma",    "erf",        "erf_inv", "erfc",
        "is_inf", "is_neg_inf", "is_pos_inf", "lgamma",  "square"})
    add(std::string("chlo.") + op, [](Eval &e) {
      const Shape *s = e.shape(0);
      return s && e.setResult(0, *s);
    });
  for (const char *op : {"zeta", "polygamma", "next_after"})
    add(std::string("chlo.") + op, [](Eval &e) { return binary(e, nullptr); });
}

static const RuleFile rules(__FILE__, registerStablehlo);

} // namespace symshape::models::oracle
