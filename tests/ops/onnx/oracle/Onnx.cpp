//===- Onnx.cpp - ONNX operators in both spellings: dispatch, elementwise -===//
//
// The oracle's ONNX entries (OnnxImpl.h): the dispatch of torch-mlir's
// `torch.operator "onnx.X"` by its `name`, the spelling-free attribute
// view, and the operators that do not move dims:
//
// - Add, Sub, Mul, Div, Pow, Mod, Max, Min, Mean, Sum, Where, Equal, Less,
//   LessOrEqual, Greater, GreaterOrEqual, And, Or, Xor (onnx.Add-14,
//   onnx.Max-13, onnx.Where-16, ...): multidirectional broadcasting
//   ("Broadcasting in ONNX": sizes aligned from the last dim, each pair
//   equal or one of them 1); integer contents computed elementwise (Div of
//   integers truncates, as the reference runtime; a zero divisor is UB);
// - the unary operators (Relu, Sigmoid, Exp, Neg, Cast, Identity, ...):
//   the input's shape; Cast and Identity keep integer contents;
// - Constant (onnx.Constant-21: value, value_int, value_ints, value_float,
//   value_floats), ConstantOfShape (onnx.ConstantOfShape-21: the shape
//   input's contents, each >= 0), Shape (onnx.Shape-21: start/end clamped
//   to [0, rank] after adding rank to a negative one), Size (onnx.Size-21).
//
//===----------------------------------------------------------------------===//

#include "OnnxImpl.h"

#include <algorithm>
#include <unordered_map>

namespace symshape::models::oracle::onnx {

using frontend::Attribute;
using frontend::AttrKind;

static std::unordered_map<std::string, Rule> &table() {
  static std::unordered_map<std::string, Rule> rules;
  return rules;
}

void addOp(const std::string &name, Rule rule) {
  add("onnx." + name, rule);
  table()[name] = std::move(rule);
}

bool isTorch(const Eval &e) { return e.name() == "torch.operator"; }

const Attribute *onnxAttr(const Eval &e, const std::string &name) {
  return e.attr(isTorch(e) ? "torch.onnx." + name : name);
}

std::optional<int64_t> onnxInt(Eval &e, const std::string &name,
                               int64_t fallback) {
  const Attribute *a = onnxAttr(e, name);
  if (!a)
    return fallback;
  if (a->kind != AttrKind::Integer) {
    e.unsupported("attribute " + name + " is not an integer");
    return std::nullopt;
  }
  return a->intValue;
}

std::optional<std::vector<int64_t>> onnxInts(const Eval &e,
                                             const std::string &name) {
  return e.ints(isTorch(e) ? "torch.onnx." + name : name);
}

bool onnxAbsent(Eval &e, size_t i) {
  if (i >= e.numOperands())
    return true;
  const std::string &t = e.operandType(i).spelling;
  return t == "!torch.none" || t == "none";
}

std::optional<std::vector<int64_t>> needContents(Eval &e, size_t i,
                                                 const std::string &what) {
  std::optional<std::vector<int64_t>> c = e.contents(i);
  if (!c)
    e.unsupported(what + " not known");
  return c;
}

std::optional<size_t> onnxAxis(Eval &e, int64_t axis, size_t rank,
                               const std::string &what) {
  int64_t r = int64_t(rank);
  if (!e.require(axis >= -r && axis < r, what + " " + std::to_string(axis) +
                                             " out of range for rank " +
                                             std::to_string(rank)))
    return std::nullopt;
  return size_t(axis < 0 ? axis + r : axis);
}

std::optional<Shape> broadcastShapes(Eval &e, const Shape &a, const Shape &b,
                                     const std::string &what) {
  Shape out(std::max(a.size(), b.size()), 1);
  for (size_t k = 0; k < out.size(); ++k) {
    int64_t x = k < a.size() ? a[a.size() - 1 - k] : 1;
    int64_t y = k < b.size() ? b[b.size() - 1 - k] : 1;
    if (!e.require(x == y || x == 1 || y == 1,
                   what + ": sizes " + std::to_string(x) + " and " +
                       std::to_string(y) + " do not broadcast"))
      return std::nullopt;
    out[out.size() - 1 - k] = x == 1 ? y : x;
  }
  return out;
}

std::vector<int64_t> broadcastData(const std::vector<int64_t> &data,
                                   const Shape &in, const Shape &out) {
  int64_t n = product(out);
  std::vector<int64_t> result(size_t(std::max<int64_t>(n, 0)));
  for (int64_t flat = 0; flat < n; ++flat) {
    // Index of `flat` in `out`, mapped onto `in` (size-1 dims read 0).
    int64_t rest = flat, src = 0, stride = 1;
    for (size_t k = 0; k < out.size(); ++k) {
      size_t d = out.size() - 1 - k;
      int64_t idx = rest % out[d];
      rest /= out[d];
      if (k < in.size()) {
        int64_t size = in[in.size() - 1 - k];
        src += (size == 1 ? 0 : idx) * stride;
        stride *= size;
      }
    }
    result[size_t(flat)] = data[size_t(src)];
  }
  return result;
}

namespace {

using Fold = std::optional<int64_t> (*)(const std::vector<int64_t> &);

/// onnx.Add-6 (the binary operators before opset 7, with a `broadcast`
/// attribute): the output has A's shape. broadcast = 0: B has A's shape;
/// broadcast = 1: B "can either be of element size 1 (including a scalar
/// tensor and any tensor with rank equal to or smaller than the first
/// tensor), or having its shape as a contiguous subset of the first
/// tensor's shape", starting at `axis` (default: suffix matching).
bool legacyBroadcast(Eval &e) {
  std::optional<int64_t> flag = onnxInt(e, "broadcast", 0);
  if (!flag)
    return false;
  if (e.numOperands() != 2 || (*flag != 0 && *flag != 1))
    return e.unsupported("a legacy broadcast it does not read");
  const Shape *a = e.shape(0), *b = a ? e.shape(1) : nullptr;
  if (!b)
    return false;
  if (*flag == 0)
    return e.require(*a == *b, "A and B differ (no broadcast)") &&
           e.setResult(0, *a);
  if (!e.require(b->size() <= a->size(), "B's rank exceeds A's"))
    return false;
  std::optional<int64_t> axis =
      onnxInt(e, "axis", int64_t(a->size() - b->size()));
  if (!axis)
    return false;
  if (*axis < 0 || *axis + int64_t(b->size()) > int64_t(a->size()))
    return e.unsupported("a legacy broadcast axis outside A");
  bool match = std::equal(b->begin(), b->end(), a->begin() + *axis);
  if (!e.require(product(*b) == 1 || match,
                 "legacy broadcast: B is neither one element nor A's dims "
                 "from axis"))
    return false;
  return e.setResult(0, *a);
}

/// A broadcasting elementwise operator over every input (onnx.Add-14,
/// onnx.Max-13, onnx.Where-16, comparisons); `fold` computes one integer
/// element from the inputs' elements (nullopt: UB, as a zero divisor).
/// With a `broadcast` attribute: legacyBroadcast.
Rule broadcasting(Fold fold) {
  return [fold](Eval &e) {
    if (onnxAttr(e, "broadcast"))
      return legacyBroadcast(e);
    Shape out;
    std::vector<const RtValue *> inputs;
    for (size_t i = 0; i < e.numOperands(); ++i) {
      const RtValue *v = e.tensor(i);
      if (!v)
        return false;
      std::optional<Shape> next =
          broadcastShapes(e, out, v->shape, "multidirectional broadcast");
      if (!next)
        return false;
      out = *next;
      inputs.push_back(v);
    }
    bool known = fold && !inputs.empty() && product(out) <= kMaxContents;
    for (const RtValue *v : inputs)
      known = known && v->data;
    if (!known)
      return e.setResult(0, out);
    std::vector<std::vector<int64_t>> spread;
    for (const RtValue *v : inputs)
      spread.push_back(broadcastData(*v->data, v->shape, out));
    std::vector<int64_t> data(size_t(product(out)));
    for (size_t k = 0; k < data.size(); ++k) {
      std::vector<int64_t> args;
      for (const std::vector<int64_t> &s : spread)
        args.push_back(s[k]);
      std::optional<int64_t> r = fold(args);
      if (!e.require(r.has_value(), "integer division by zero"))
        return false;
      data[k] = *r;
    }
    return e.setResult(0, out, data);
  };
}

/// The input's shape; `keep`: its integer contents too (Cast, Identity).
Rule sameShape(bool keep) {
  return [keep](Eval &e) {
    const RtValue *v = e.tensor(0);
    if (!v)
      return false;
    return e.setResult(0, v->shape, keep ? v->data : std::nullopt);
  };
}

/// onnx.Constant-21: exactly one of value, value_int(s), value_float(s).
bool constant(Eval &e) {
  if (const Attribute *a = onnxAttr(e, "value_int"))
    return a->kind == AttrKind::Integer
               ? e.setResult(0, {}, std::vector<int64_t>{a->intValue})
               : e.unsupported("value_int is not an integer");
  if (std::optional<std::vector<int64_t>> v = onnxInts(e, "value_ints"))
    return e.setResult(0, {int64_t(v->size())}, *v);
  if (onnxAttr(e, "value_float"))
    return e.setResult(0, {});
  if (const Attribute *a = onnxAttr(e, "value_floats"))
    return a->kind == AttrKind::Array
               ? e.setResult(0, {int64_t(a->elements.size())})
               : e.unsupported("value_floats is not a list");
  const Attribute *value = onnxAttr(e, "value");
  if (!value)
    return e.unsupported("a Constant without a value it models");
  // The value's own type gives the shape (onnx-mlir may declare the
  // result `tensor<*xf32>`); else the declared result.
  Shape shape;
  if (value->hasType && value->type.kind == frontend::TypeKind::RankedTensor)
    shape = value->type.dims;
  else if (e.declaredResult(0).kind == frontend::TypeKind::RankedTensor)
    shape = e.declaredResult(0).dims;
  else
    return e.unsupported("the value's shape is not known");
  for (int64_t d : shape)
    if (d < 0)
      return e.unsupported("a value of dynamic shape");
  if (value->kind != AttrKind::DenseInt)
    return e.setResult(0, shape);
  std::vector<int64_t> data = value->ints;
  if (value->splat)
    data.assign(size_t(product(shape)), value->ints.front());
  if (int64_t(data.size()) != product(shape))
    return e.unsupported("a dense value of another size than its type");
  return e.setResult(0, shape, data);
}

/// onnx.ConstantOfShape-21: the output's shape is the input's contents.
bool constantOfShape(Eval &e) {
  const RtValue *in = e.tensor(0);
  if (!in)
    return false;
  if (!in->data)
    return e.unsupported("shape input not known");
  for (int64_t d : *in->data)
    if (!e.require(d >= 0, "negative size " + std::to_string(d)))
      return false;
  Shape out = *in->data;
  const Attribute *value = onnxAttr(e, "value");
  if (!value ||
      (value->kind == AttrKind::DenseInt && product(out) <= kMaxContents))
    return e.setResult(0, out,
                       std::vector<int64_t>(size_t(product(out)),
                                            value ? value->ints.front() : 0));
  return e.setResult(0, out);
}

/// onnx.Shape-21: dims [start, end), each clamped to [0, rank] after
/// adding rank to a negative one; empty when start >= end.
bool shapeOp(Eval &e) {
  const Shape *s = e.shape(0);
  if (!s)
    return false;
  int64_t rank = int64_t(s->size());
  std::optional<int64_t> start = onnxInt(e, "start", 0);
  std::optional<int64_t> end = start ? onnxInt(e, "end", rank) : std::nullopt;
  if (!end)
    return false;
  auto clamp = [rank](int64_t a) {
    return std::clamp<int64_t>(a < 0 ? a + rank : a, 0, rank);
  };
  int64_t lo = clamp(*start), hi = clamp(*end);
  std::vector<int64_t> data;
  for (int64_t d = lo; d < hi; ++d)
    data.push_back((*s)[size_t(d)]);
  return e.setResult(0, {int64_t(data.size())}, data);
}

std::optional<int64_t> addF(const std::vector<int64_t> &v) {
  int64_t s = 0;
  for (int64_t x : v)
    s += x;
  return s;
}
std::optional<int64_t> subF(const std::vector<int64_t> &v) {
  return v[0] - v[1];
}
std::optional<int64_t> mulF(const std::vector<int64_t> &v) {
  return v[0] * v[1];
}
std::optional<int64_t> divF(const std::vector<int64_t> &v) {
  return v[1] == 0 ? std::nullopt : std::optional(v[0] / v[1]);
}
std::optional<int64_t> maxF(const std::vector<int64_t> &v) {
  return *std::max_element(v.begin(), v.end());
}
std::optional<int64_t> minF(const std::vector<int64_t> &v) {
  return *std::min_element(v.begin(), v.end());
}
std::optional<int64_t> whereF(const std::vector<int64_t> &v) {
  return v[0] ? v[1] : v[2];
}
std::optional<int64_t> eqF(const std::vector<int64_t> &v) {
  return v[0] == v[1];
}
std::optional<int64_t> ltF(const std::vector<int64_t> &v) {
  return v[0] < v[1];
}
std::optional<int64_t> leF(const std::vector<int64_t> &v) {
  return v[0] <= v[1];
}
std::optional<int64_t> gtF(const std::vector<int64_t> &v) {
  return v[0] > v[1];
}
std::optional<int64_t> geF(const std::vector<int64_t> &v) {
  return v[0] >= v[1];
}

/// torch.operator "onnx.X": the entry of X; "torch.aten.X" (an ATen op
/// the FX importer has no op for): the torch entry of that name.
bool torchOperator(Eval &e) {
  const Attribute *name = e.attr("name");
  if (name && name->kind == AttrKind::String &&
      name->str.compare(0, 11, "torch.aten.") == 0) {
    const Rule *rule = lookup(name->str);
    return rule ? (*rule)(e)
                : e.unsupported("torch.operator '" + name->str + "'");
  }
  if (!name || name->kind != AttrKind::String ||
      name->str.compare(0, 5, "onnx.") != 0)
    return e.unsupported("torch.operator without an onnx.X name");
  auto it = table().find(name->str.substr(5));
  if (it == table().end())
    return e.unsupported("ONNX operator " + name->str + " not modelled");
  return it->second(e);
}

} // namespace

static void registerOnnx() {
  add("torch.operator", torchOperator);
  add("onnx.Return", [](Eval &) { return true; });
  add("onnx.NoValue", [](Eval &) { return true; });
  addOp("Add", broadcasting(addF));
  addOp("Sum", broadcasting(addF));
  addOp("Sub", broadcasting(subF));
  addOp("Mul", broadcasting(mulF));
  addOp("Div", broadcasting(divF));
  addOp("Max", broadcasting(maxF));
  addOp("Min", broadcasting(minF));
  addOp("Where", broadcasting(whereF));
  addOp("Equal", broadcasting(eqF));
  addOp("Less", broadcasting(ltF));
  addOp("LessOrEqual", broadcasting(leF));
  addOp("Greater", broadcasting(gtF));
  addOp("GreaterOrEqual", broadcasting(geF));
  // (BitShift, BitwiseAnd/Or/Xor: "supports multidirectional (i.e.,
  // Numpy-style) broadcasting", as their operator docs say.)
  for (const char *name : {"Pow", "Mod", "Mean", "And", "Or", "Xor", "BitShift",
                           "BitwiseAnd", "BitwiseOr", "BitwiseXor"})
    addOp(name, broadcasting(nullptr));
  for (const char *name :
       {"Relu", "Sigmoid", "Tanh",        "Exp", "Log",      "Neg",
        "Abs",  "Sqrt",    "Reciprocal",  "Erf", "Floor",    "Ceil",
        "Not",  "Sign",    "Sin",         "Cos", "Softplus", "LeakyRelu",
        "Elu",  "Gelu",    "HardSigmoid", "Selu"})
    addOp(name, sameShape(false));
  // Elementwise too: each operator's output has the shape of its input
  // (the ONNX operator docs: "Y ... Output tensor of the same shape").
  for (const char *name : {"Tan",       "Asin",
                           "Acos",      "Atan",
                           "Sinh",      "Cosh",
                           "Asinh",     "Acosh",
                           "Atanh",     "IsNaN",
                           "IsInf",     "BitwiseNot",
                           "Celu",      "ThresholdedRelu",
                           "HardSwish", "Softsign",
                           "Mish",      "Shrink",
                           "Round",     "Clip",
                           "Bernoulli", "RandomUniformLike",
                           "LRN"})
    addOp(name, sameShape(false));
  addOp("Cast", sameShape(true));
  addOp("CastLike", sameShape(true)); // Cast to the second input's type
  // onnx.Identity-21 passes sequences and optionals through too.
  addOp("Identity", [](Eval &e) {
    static const Rule tensor = sameShape(true);
    return e.operandValue(0).isList ? e.setValue(0, e.operandValue(0))
                                    : tensor(e);
  });
  addOp("Constant", constant);
  addOp("ConstantOfShape", constantOfShape);
  addOp("Shape", shapeOp);
  addOp("Size", [](Eval &e) {
    const Shape *s = e.shape(0);
    return s && e.setResult(0, {}, std::vector<int64_t>{product(*s)});
  });
}

static const RuleFile rules(__FILE__, registerOnnx);

} // namespace symshape::models::oracle::onnx
