//===- Tensor.cpp - tensor, arith, math, shape.shape_of, func.call --------===//
//
// From the tensor dialect docs. Sizes written statically in attributes use
// the dynamic marker (INT64_MIN) where the value comes from an operand;
// those operands follow the source in the order offsets, sizes, strides
// (or low, high). Index scalars (arith on index, tensor.dim) are computed,
// so tensor.empty and extract_slice read real sizes. arith.cmpi and the i1
// logic live with the runtime checks they feed (Checks.cpp).
//
//   tensor.extract_slice %x[o][sz][st] is in bounds iff, per dim,
//   sz == 0 or (o >= 0 and o + (sz - 1) * st < dim).
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <limits>

namespace symshape::models::oracle {

static std::string s(int64_t v) { return std::to_string(v); }
static constexpr int64_t kDyn = std::numeric_limits<int64_t>::min();

/// Static entries of `name`, with its dynamic ones read from the operands
/// starting at `next` (advanced past them).
static std::optional<std::vector<int64_t>>
mixed(Eval &e, const std::string &name, size_t &next) {
  auto v = e.ints(name);
  if (!v)
    return std::nullopt;
  for (int64_t &x : *v)
    if (x == kDyn || x == frontend::kDynamic) {
      auto val = e.scalar(next++);
      if (!val)
        return std::nullopt;
      x = *val;
    }
  return v;
}

static bool empty(Eval &e) {
  Shape out = e.declaredResult(0).dims;
  size_t next = 0;
  for (int64_t &d : out)
    if (d == frontend::kDynamic) {
      auto v = e.scalar(next++);
      if (!v)
        return e.unsupported("dynamic size not known");
      if (!e.require(*v >= 0, "negative size " + s(*v)))
        return false;
      d = *v;
    }
  return e.setResult(0, out);
}

/// tensor.insert %s into %t[%i, ..] (TensorOps.td, InsertOp): a copy of
/// %t with the indexed position updated, one index per dim of %t; an index
/// outside its dim names no position (UB).
static bool insert(Eval &e) {
  const Shape *dest = e.shape(1);
  if (!dest)
    return false;
  if (e.numOperands() != 2 + dest->size())
    return e.unsupported("the indices do not match the rank of the dest");
  for (size_t d = 0; d < dest->size(); ++d) {
    std::optional<int64_t> index = e.scalar(2 + d);
    if (!index)
      return e.unsupported("index not known");
    if (!e.require(0 <= *index && *index < (*dest)[d],
                   "index " + s(*index) + " outside dim " + s(int64_t(d)) +
                       " of size " + s((*dest)[d])))
      return false;
  }
  return e.setResult(0, *dest);
}

static bool dim(Eval &e) {
  const Shape *in = e.shape(0);
  auto index = e.scalar(1);
  if (!in || !index)
    return in && e.unsupported("index not known");
  return e.require(*index >= 0 && size_t(*index) < in->size(),
                   "index " + s(*index) + " out of rank " + s(in->size())) &&
         e.setScalar(0, (*in)[*index]);
}

static bool cast(Eval &e) {
  const RtValue *in = e.tensor(0);
  if (!in)
    return false;
  const frontend::Type &t = e.declaredResult(0);
  if (t.kind == frontend::TypeKind::RankedTensor) {
    if (t.dims.size() != in->shape.size())
      return e.unsupported("cast changes the rank");
    for (size_t d = 0; d < t.dims.size(); ++d)
      if (t.dims[d] != frontend::kDynamic &&
          !e.require(t.dims[d] == in->shape[d],
                     "cast: dim " + s(d) + " is " + s(in->shape[d]) +
                         ", the type says " + s(t.dims[d])))
        return false;
  }
  return e.setResult(0, in->shape, in->data);
}

/// reassociation = [[0, 1], [2]]
static std::optional<std::vector<std::vector<int64_t>>> groups(Eval &e) {
  const frontend::Attribute *a = e.attr("reassociation");
  if (!a || a->kind != frontend::AttrKind::Array)
    return std::nullopt;
  std::vector<std::vector<int64_t>> out;
  for (const frontend::Attribute &g : a->elements) {
    if (g.kind != frontend::AttrKind::Array)
      return std::nullopt;
    out.emplace_back();
    for (const frontend::Attribute &i : g.elements) {
      if (i.kind != frontend::AttrKind::Integer)
        return std::nullopt;
      out.back().push_back(i.intValue);
    }
  }
  return out;
}

static bool expandShape(Eval &e) {
  const Shape *in = e.shape(0);
  auto gs = groups(e);
  if (!in || !gs || gs->size() != in->size())
    return in && e.unsupported("reassociation not readable");
  Shape out = e.declaredResult(0).dims;
  size_t next = 1;
  if (auto given = mixed(e, "static_output_shape", next))
    out = *given; // newer MLIR: output_shape operands give every size
  for (size_t g = 0; g < gs->size(); ++g) {
    int64_t known = 1;
    int dyn = -1;
    for (int64_t d : (*gs)[g]) {
      if (d < 0 || size_t(d) >= out.size())
        return e.unsupported("reassociation out of range");
      if (out[d] == frontend::kDynamic) {
        if (dyn >= 0)
          return e.unsupported("two `?` in one group without output_shape");
        dyn = int(d);
      } else {
        known *= out[d];
      }
    }
    int64_t src = (*in)[g];
    if (dyn >= 0) {
      if (known == 0)
        return e.unsupported("`?` next to a static 0 in one group");
      if (!e.require(src % known == 0, "group " + s(g) + ": " + s(src) +
                                           " not divisible by " + s(known)))
        return false;
      out[dyn] = src / known;
    } else if (!e.require(src == known, "group " + s(g) + ": source size " +
                                            s(src) + " != product " +
                                            s(known))) {
      return false;
    }
  }
  return e.setResult(0, out);
}

static bool collapseShape(Eval &e) {
  const Shape *in = e.shape(0);
  auto gs = groups(e);
  if (!in || !gs)
    return in && e.unsupported("reassociation not readable");
  Shape out;
  for (const auto &g : *gs) {
    int64_t p = 1;
    for (int64_t d : g) {
      if (d < 0 || size_t(d) >= in->size())
        return e.unsupported("reassociation out of range");
      p *= (*in)[d];
    }
    out.push_back(p);
  }
  return e.setResult(0, out);
}

static bool reshape(Eval &e) {
  const RtValue *in = e.tensor(0);
  auto shape = e.contents(1);
  if (!in || !shape)
    return in && e.unsupported("shape operand not known");
  for (int64_t d : *shape)
    if (!e.require(d >= 0, "negative size " + s(d)))
      return false;
  return e.require(product(in->shape) == product(*shape),
                   "element count " + s(product(in->shape)) +
                       " != " + s(product(*shape))) &&
         e.setResult(0, *shape, in->data);
}

/// Offsets, sizes and strides of extract_slice / insert_slice.
static bool sliceBounds(Eval &e, const Shape &dims, size_t firstDynamic,
                        Shape &sizes) {
  size_t next = firstDynamic;
  auto off = mixed(e, "static_offsets", next);
  auto sz = off ? mixed(e, "static_sizes", next) : std::nullopt;
  auto st = sz ? mixed(e, "static_strides", next) : std::nullopt;
  if (!st || off->size() != dims.size() || sz->size() != dims.size() ||
      st->size() != dims.size())
    return e.unsupported("offsets/sizes/strides not readable");
  for (size_t d = 0; d < dims.size(); ++d) {
    int64_t o = (*off)[d], n = (*sz)[d], t = (*st)[d];
    if (!e.require(n >= 0, "dim " + s(d) + ": negative size " + s(n)) ||
        !e.require(n == 0 || (o >= 0 && o + (n - 1) * t < dims[d] &&
                              o + (n - 1) * t >= 0),
                   "dim " + s(d) + ": offset " + s(o) + " + (size " + s(n) +
                       " - 1) * stride " + s(t) + " out of " + s(dims[d])))
      return false;
  }
  sizes = *sz;
  return true;
}

static bool extractSlice(Eval &e) {
  const Shape *in = e.shape(0);
  Shape sizes;
  if (!in || !sliceBounds(e, *in, 1, sizes))
    return false;
  if (e.declaredResult(0).dims.size() != sizes.size())
    return e.unsupported("rank-reducing slice");
  return e.setResult(0, sizes);
}

static bool insertSlice(Eval &e) {
  const Shape *src = e.shape(0), *dst = e.shape(1);
  Shape sizes;
  if (!src || !dst || !sliceBounds(e, *dst, 2, sizes))
    return false;
  if (src->size() != sizes.size())
    return e.unsupported("rank-reducing insert");
  for (size_t d = 0; d < sizes.size(); ++d)
    if (!e.require((*src)[d] == sizes[d], "source dim " + s(d) + " is " +
                                              s((*src)[d]) + ", size " +
                                              s(sizes[d])))
      return false;
  return e.setResult(0, *dst);
}

static bool pad(Eval &e) {
  const Shape *in = e.shape(0);
  size_t next = 1;
  auto lo = in ? mixed(e, "static_low", next) : std::nullopt;
  auto hi = lo ? mixed(e, "static_high", next) : std::nullopt;
  if (!hi || lo->size() != in->size() || hi->size() != in->size())
    return in && e.unsupported("low/high not readable");
  Shape out;
  for (size_t d = 0; d < in->size(); ++d) {
    if (!e.require((*lo)[d] >= 0 && (*hi)[d] >= 0,
                   "dim " + s(d) + ": negative padding"))
      return false;
    out.push_back((*in)[d] + (*lo)[d] + (*hi)[d]);
  }
  return e.setResult(0, out);
}

static bool concat(Eval &e) {
  auto axis = e.integer("dim");
  const Shape *first = e.shape(0);
  if (!first || !axis || *axis < 0 || size_t(*axis) >= first->size())
    return first && e.unsupported("dim not readable");
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

static bool fromElements(Eval &e) {
  std::vector<int64_t> data;
  for (size_t i = 0; i < e.numOperands(); ++i) {
    auto v = e.scalar(i);
    if (!v)
      return e.setResult(0, e.declaredResult(0).dims);
    data.push_back(*v);
  }
  return e.setResult(0, e.declaredResult(0).dims, data);
}

static bool constant(Eval &e) {
  const frontend::Type &t = e.declaredResult(0);
  const frontend::Attribute *v = e.attr("value");
  if (t.kind == frontend::TypeKind::Index ||
      t.kind == frontend::TypeKind::Integer) {
    if (v && v->kind == frontend::AttrKind::Bool) // i1: true / false
      return e.setScalar(0, int64_t(v->boolValue));
    return e.setScalar(0, v && v->kind == frontend::AttrKind::Integer
                              ? std::optional<int64_t>(v->intValue)
                              : std::nullopt);
  }
  if (!e.setDeclaredResults())
    return false;
  if (v && v->kind == frontend::AttrKind::DenseInt) {
    std::vector<int64_t> data = v->ints;
    if (v->splat)
      data.assign(product(t.dims), v->ints.front());
    e.setResult(0, t.dims, data);
  }
  return true;
}

/// arith/math: on tensors every operand has one shape (a scalar i1
/// condition of arith.select aside); on scalars the value is folded.
static bool arith(
    Eval &e,
    std::function<std::optional<int64_t>(const std::vector<int64_t> &)> fold) {
  if (!e.declaredResult(0).isShaped()) {
    std::vector<int64_t> args;
    for (size_t i = 0; i < e.numOperands(); ++i) {
      auto v = e.scalar(i);
      if (!v)
        return e.setScalar(0, std::nullopt);
      args.push_back(*v);
    }
    return e.setScalar(0, fold ? fold(args) : std::nullopt);
  }
  if (e.name() == "arith.select" && !e.isTensor(0)) {
    // An i1 scalar condition selects a whole tensor.
    const Shape *t = e.shape(1), *f = e.shape(2);
    return t && f &&
           e.require(*t == *f, "true " + str(*t) + " != false " + str(*f)) &&
           e.setResult(0, *t);
  }
  return sameShapeElementwise(e);
}

static bool shapeOf(Eval &e) {
  const Shape *in = e.shape(0);
  return in && e.setResult(0, {int64_t(in->size())}, std::vector<int64_t>(*in));
}

/// shape.dim %t, %i: dim %i of the tensor (out of range: the verifier's
/// error when %i is a constant, else no modelled value).
static bool shapeDim(Eval &e) {
  const Shape *in = e.shape(0);
  if (!in)
    return false;
  std::optional<int64_t> i = e.scalar(1);
  if (!i)
    return e.setScalar(0, std::nullopt);
  if (!e.require(*i >= 0 && *i < int64_t(in->size()),
                 "index " + std::to_string(*i) + " out of range"))
    return false;
  return e.setScalar(0, (*in)[size_t(*i)]);
}

/// shape.div: rounds towards minus infinity; by 0 an error size, which
/// the oracle does not model.
static bool shapeDiv(Eval &e) {
  std::optional<int64_t> a = e.scalar(0), b = e.scalar(1);
  if (!a || !b)
    return e.setScalar(0, std::nullopt);
  if (*b == 0)
    return e.unsupported("shape.div by 0 (an error size)");
  int64_t q = *a / *b;
  if ((*a % *b != 0) && ((*a < 0) != (*b < 0)))
    --q;
  return e.setScalar(0, q);
}

/// shape.concat: both extent lists, in order.
static bool shapeConcat(Eval &e) {
  const RtValue *a = e.tensor(0), *b = e.tensor(1);
  if (!a || !b)
    return false;
  if (!a->data || !b->data)
    return e.unsupported("shape.concat of shapes with unknown extents");
  std::vector<int64_t> out = *a->data;
  out.insert(out.end(), b->data->begin(), b->data->end());
  return e.setResult(0, {int64_t(out.size())}, out);
}

/// shape.max / shape.min: of two sizes, or extent by extent of two shapes
/// of one rank (other ranks give an error shape, not modelled).
static bool shapeMaxMin(Eval &e, bool isMax) {
  auto pick = [isMax](int64_t a, int64_t b) {
    return isMax ? std::max(a, b) : std::min(a, b);
  };
  if (!e.isTensor(0) && !e.isTensor(1)) {
    std::optional<int64_t> a = e.scalar(0), b = e.scalar(1);
    return e.setScalar(0, a && b ? std::optional<int64_t>(pick(*a, *b))
                                 : std::nullopt);
  }
  const RtValue *a = e.tensor(0), *b = e.tensor(1);
  if (!a || !b)
    return false;
  if (!a->data || !b->data || a->data->size() != b->data->size())
    return e.unsupported("shape.max/min of shapes of unknown or other ranks");
  std::vector<int64_t> out;
  for (size_t i = 0; i < a->data->size(); ++i)
    out.push_back(pick((*a->data)[i], (*b->data)[i]));
  return e.setResult(0, {int64_t(out.size())}, out);
}

/// shape.from_extent_tensor: the same extents.
static bool fromExtentTensor(Eval &e) {
  const RtValue *a = e.tensor(0);
  return a && e.setResult(0, a->shape, a->data);
}

static bool call(Eval &e) {
  const frontend::Attribute *callee = e.attr("callee");
  if (!callee || callee->kind != frontend::AttrKind::SymbolRef)
    return e.unsupported("callee not readable");
  return e.call(callee->str);
}

using Fold =
    std::function<std::optional<int64_t>(const std::vector<int64_t> &)>;

static Fold
binaryFold(std::function<std::optional<int64_t>(int64_t, int64_t)> f) {
  return [f](const std::vector<int64_t> &a) -> std::optional<int64_t> {
    return a.size() == 2 ? f(a[0], a[1]) : std::nullopt;
  };
}

static bool isI1(const frontend::Type &t) {
  return t.kind == frontend::TypeKind::Integer && t.spelling == "i1";
}

/// arith's integer ops on i1 scalars (MLIR's arith dialect: integers modulo
/// 2, true is 1 unsigned and -1 signed): addi and subi are xor, muli and
/// maxsi are and, minsi is or; a division has no modelled value (by false
/// it is UB, and signed true / true overflows).
static void registerI1Arith(const char *name, Fold f, Fold onI1) {
  add(name, [f, onI1](Eval &e) {
    return arith(e, isI1(e.declaredResult(0)) ? onI1 : f);
  });
}

/// The integer arith ops on index and integer scalars, and on i1.
static void registerIntArith() {
  auto i1 = [](int64_t (*op)(int64_t, int64_t)) {
    return binaryFold([op](int64_t a, int64_t b) {
      return std::optional<int64_t>(op(a, b));
    });
  };
  auto xorI1 = i1([](int64_t a, int64_t b) { return a ^ b; });
  auto andI1 = i1([](int64_t a, int64_t b) { return a & b; });
  auto orI1 = i1([](int64_t a, int64_t b) { return a | b; });
  registerI1Arith("arith.addi",
                  binaryFold([](int64_t a, int64_t b) { return a + b; }),
                  xorI1);
  registerI1Arith("arith.subi",
                  binaryFold([](int64_t a, int64_t b) { return a - b; }),
                  xorI1);
  registerI1Arith("arith.muli",
                  binaryFold([](int64_t a, int64_t b) { return a * b; }),
                  andI1);
  auto div = [](int64_t a, int64_t b) -> std::optional<int64_t> {
    return b == 0 ? std::nullopt : std::optional<int64_t>(a / b);
  };
  registerI1Arith("arith.divsi", binaryFold(div), nullptr);
  registerI1Arith("arith.divui", binaryFold(div), nullptr);
  registerI1Arith("arith.floordivsi", binaryFold([](int64_t a, int64_t b) {
                    return b == 0 ? std::nullopt
                                  : std::optional<int64_t>(floorDiv(a, b));
                  }),
                  nullptr);
  registerI1Arith("arith.ceildivsi", binaryFold([](int64_t a, int64_t b) {
                    return b == 0 ? std::nullopt
                                  : std::optional<int64_t>(-floorDiv(-a, b));
                  }),
                  nullptr);
  registerI1Arith("arith.maxsi", binaryFold([](int64_t a, int64_t b) {
                    return std::optional<int64_t>(std::max(a, b));
                  }),
                  andI1);
  registerI1Arith("arith.minsi", binaryFold([](int64_t a, int64_t b) {
                    return std::optional<int64_t>(std::min(a, b));
                  }),
                  orI1);
}

static void registerTensor() {
  add("tensor.empty", empty);
  add("tensor.dim", dim);
  add("tensor.insert", insert);
  add("tensor.cast", cast);
  add("tensor.expand_shape", expandShape);
  add("tensor.collapse_shape", collapseShape);
  add("tensor.reshape", reshape);
  add("tensor.extract_slice", extractSlice);
  add("tensor.insert_slice", insertSlice);
  add("tensor.pad", pad);
  add("tensor.concat", concat);
  add("tensor.from_elements", fromElements);
  add("arith.constant", constant);
  add("shape.shape_of", shapeOf);
  add("shape.dim", shapeDim);
  add("shape.div", shapeDiv);
  add("shape.concat", shapeConcat);
  add("shape.max", [](Eval &e) { return shapeMaxMin(e, true); });
  add("shape.min", [](Eval &e) { return shapeMaxMin(e, false); });
  add("shape.from_extent_tensor", fromExtentTensor);
  add("shape.shape_eq", [](Eval &e) { return e.setScalar(0, std::nullopt); });
  add("func.call", call);
  auto plain = [](const char *name, Fold f) {
    add(name, [f](Eval &e) { return arith(e, f); });
  };
  registerIntArith();
  Fold id = [](const std::vector<int64_t> &a) -> std::optional<int64_t> {
    return a.size() == 1 ? std::optional<int64_t>(a[0]) : std::nullopt;
  };
  // index_cast and extsi sign-extend (MLIR's arith dialect): an i1 true,
  // read as 1, is -1 once wider; index_castui and extui zero-extend.
  Fold signedI1 = [](const std::vector<int64_t> &a) -> std::optional<int64_t> {
    return a.size() == 1 ? std::optional<int64_t>(a[0] ? -1 : 0) : std::nullopt;
  };
  for (const char *name : {"arith.index_cast", "arith.extsi"})
    add(name, [id, signedI1](Eval &e) {
      bool fromI1 = e.numOperands() == 1 && isI1(e.operandValueType(0));
      return arith(e, fromI1 ? signedI1 : id);
    });
  plain("arith.index_castui", id);
  plain("arith.extui", id);
  plain("arith.trunci", id);
  for (const char *name :
       {"arith.addf",     "arith.subf",     "arith.mulf",   "arith.divf",
        "arith.maximumf", "arith.minimumf", "arith.maxf",   "arith.minf",
        "arith.maxnumf",  "arith.minnumf",  "arith.negf",   "arith.remf",
        "arith.cmpf",     "arith.extf",     "arith.truncf", "arith.sitofp",
        "arith.uitofp",   "arith.fptosi",   "arith.fptoui", "arith.bitcast",
        "arith.remsi",    "arith.remui",    "arith.shli",   "arith.shrsi",
        "arith.shrui",    "math.exp",       "math.exp2",    "math.log",
        "math.log2",      "math.log1p",     "math.tanh",    "math.sqrt",
        "math.rsqrt",     "math.erf",       "math.absf",    "math.absi",
        "math.powf",      "math.sin",       "math.cos",     "math.floor",
        "math.ceil",      "math.round",     "math.expm1",   "math.fma",
        "math.tan",       "math.atan",      "math.atan2",   "math.copysign",
        "math.log10",     "math.roundeven", "math.trunc",   "math.ipowi"})
    plain(name, nullptr);
}

static const RuleFile rules(__FILE__, registerTensor);

} // namespace symshape::models::oracle
