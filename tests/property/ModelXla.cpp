//===- ModelXla.cpp - Reference lowering: XLA, shape ----------------------===//
//
// The reference lowering of the XLA ops (seed 003: the binary ops,
// broadcast_in_dim, dynamic_broadcast_in_dim) and of the shape dialect
// (seed 004: shape.broadcast, meet, to_extent_tensor, wrong lengths).
//
//===----------------------------------------------------------------------===//

#include "ModelBuilder.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>

namespace symshape::property::model_impl {

//===--- XLA (seed 003) ---------------------------------------------------===//

RuntimeValue Builder::xlaBinary(const Op &op) {
  int lhs = op.operands[0], rhs = op.operands[1];
  const TensorType &lt = typeOf(lhs), &rt = typeOf(rhs);
  if (!lt.ranked || !rt.ranked) {
    ambiguous("an XLA binary op with an unranked operand");
    return declared(op.result);
  }
  // L: the lower-rank operand (rhs on a tie), H the other.
  bool lowIsLhs = lt.rank() < rt.rank();
  int low = lowIsLhs ? lhs : rhs, high = lowIsLhs ? rhs : lhs;
  int lr = typeOf(low).rank(), hr = typeOf(high).rank();
  const std::vector<int64_t> &dims = op.attr;
  bool valid = true;
  if (lr == hr) {
    valid = dims.empty();
    if (!valid && static_cast<int>(dims.size()) == lr) {
      valid = true;
      for (int i = 0; i < lr; ++i)
        valid = valid && dims[i] == i;
    }
  } else {
    valid = static_cast<int>(dims.size()) == lr;
    for (size_t i = 0; valid && i < dims.size(); ++i)
      valid = dims[i] >= 0 && dims[i] < hr && (i == 0 || dims[i] > dims[i - 1]);
  }
  if (!valid) {
    add(ModelKind::MappedDim, -1, Form::Always, true,
        "invalid broadcast_dimensions");
    return declared(op.result);
  }
  // Column of each operand dim; operands in order lhs, rhs.
  std::vector<int> lowColumn(lr);
  for (int i = 0; i < lr; ++i)
    lowColumn[i] = lr == hr ? i : static_cast<int>(dims[i]);
  Columns columns(hr);
  for (bool isLhs : {true, false}) {
    int operand = isLhs ? lhs : rhs;
    bool isLow = isLhs == lowIsLhs; // by position: %a may be both operands
    const TensorType &type = typeOf(operand);
    for (int d = 0; d < type.rank(); ++d)
      columns.add(isLow ? lowColumn[d] : d, valueOf(operand).dims[d],
                  type.dims[d]);
  }
  return finishBroadcast(op, columns, false, false);
}

RuntimeValue Builder::broadcastInDim(const Op &op) {
  const TensorType &xt = typeOf(op.operands[0]);
  const TensorType &rt = typeOf(op.result);
  const RuntimeValue &x = valueOf(op.operands[0]);
  if (!xt.ranked || !rt.ranked) {
    ambiguous("broadcast_in_dim with an unranked type");
    return declared(op.result);
  }
  const std::vector<int64_t> &dims = op.attr;
  std::set<int64_t> distinct(dims.begin(), dims.end());
  bool valid = static_cast<int>(dims.size()) == xt.rank() &&
               distinct.size() == dims.size();
  for (int64_t t : dims)
    valid = valid && t >= 0 && t < rt.rank();
  if (!valid) {
    add(ModelKind::MappedDim, -1, Form::Always, true,
        "invalid broadcast_dimensions");
    return declared(op.result);
  }
  bool erroneous = false;
  std::vector<int> source(rt.rank(), -1);
  for (int i = 0; i < xt.rank(); ++i) {
    int t = static_cast<int>(dims[i]);
    source[t] = i;
    int64_t c = rt.dims[t];
    if (c == kDynamic)
      continue;
    bool error = xt.dims[i] != kDynamic && xt.dims[i] != 1 && xt.dims[i] != c;
    notOneNorEqual(ModelKind::MappedDim, t, x.dims[i], constant(c), error,
                   error ? "static " + std::to_string(xt.dims[i]) + " to " +
                               std::to_string(c)
                         : "");
    erroneous |= error;
  }
  if (erroneous)
    return declared(op.result);
  RuntimeValue rv;
  rv.ranked = true;
  for (int t = 0; t < rt.rank(); ++t) {
    int64_t c = rt.dims[t];
    if (c != kDynamic) {
      rv.dims.push_back(constant(c));
      continue;
    }
    int sym = symbol(op.result, t);
    if (source[t] >= 0)
      addFact(sym, x.dims[source[t]]);
    rv.dims.push_back(sym);
  }
  return rv;
}

RuntimeValue Builder::dynamicBroadcastInDim(const Op &op) {
  const TensorType &xt = typeOf(op.operands[0]);
  const TensorType &rt = typeOf(op.result);
  const RuntimeValue &x = valueOf(op.operands[0]);
  const RuntimeValue &s = valueOf(op.operands[1]);
  const Value &sv = program.values[op.operands[1]];
  if (!xt.ranked || !rt.ranked || !s.ranked || sv.shapeType ||
      sv.type.dims.empty() || sv.type.dims[0] == kDynamic) {
    ambiguous("dynamic_broadcast_in_dim without a static extent tensor");
    return declared(op.result);
  }
  if (sv.type.dims[0] != rt.rank()) {
    add(ModelKind::Rank, -1, Form::Always, true,
        "shape operand length vs result rank");
    return declared(op.result);
  }
  const std::vector<int64_t> &dims = op.attr;
  std::set<int64_t> distinct(dims.begin(), dims.end());
  bool valid = static_cast<int>(dims.size()) == xt.rank() &&
               distinct.size() == dims.size();
  for (int64_t t : dims)
    valid = valid && t >= 0 && t < rt.rank();
  if (!valid || static_cast<int>(s.dims.size()) != rt.rank()) {
    ambiguous("dynamic_broadcast_in_dim with invalid dims");
    return declared(op.result);
  }
  // SPEC 2: a dim is never negative, an entry of the shape operand can
  // be: each entry that is not a size by construction must not be
  // negative (in-bounds, as tensor.empty's sizes).
  for (int t = 0; t < rt.rank(); ++t)
    if (!neverNegative(s.dims[t])) {
      ModelObligation &ob = add(ModelKind::InBounds, t, Form::Negative);
      ob.lhs = s.dims[t];
    }
  // The output dims are the shape operand's entries: each operand dim
  // must be 1 or equal to its entry (phase 1), then a declared static
  // result dim is a cast of the entry (phase 2, SPEC 4).
  // The contract gives this op no static error; SPEC 4's `error` is
  // "violated by static types alone", which a static operand dim != 1
  // mapped onto a different static result dim is (symshape, and
  // stablehlo's verifier, agree).
  bool erroneous = false;
  for (int i = 0; i < xt.rank(); ++i) {
    int t = static_cast<int>(dims[i]);
    int64_t xd = xt.dims[i], c = rt.dims[t];
    bool error = xd != kDynamic && c != kDynamic && xd != 1 && xd != c;
    notOneNorEqual(ModelKind::MappedDim, t, x.dims[i], s.dims[t], error,
                   error ? "static " + std::to_string(xd) + " to " +
                               std::to_string(c)
                         : "");
    erroneous |= error;
  }
  if (erroneous)
    return declared(op.result); // a static error: no runtime casts
  std::vector<int> out(rt.rank());
  for (int t = 0; t < rt.rank(); ++t) {
    int64_t c = rt.dims[t];
    out[t] = c == kDynamic ? s.dims[t] : constant(c);
    if (c != kDynamic)
      notEqual(ModelKind::ResultCast, t, s.dims[t], out[t], false);
  }
  RuntimeValue rv;
  rv.ranked = true;
  rv.dims = out;
  return rv;
}

//===--- Shape dialect (seed 004) -----------------------------------------===//

RuntimeValue Builder::shapeBroadcast(const Op &op) {
  bool cstr = op.kind == OpKind::CstrBroadcastable;
  const RuntimeValue &a = valueOf(op.operands[0]);
  const RuntimeValue &b = valueOf(op.operands[1]);
  if (!a.ranked || !b.ranked)
    return cstr ? RuntimeValue{} : shapeResult(op.result, false, {});
  int rank = static_cast<int>(std::max(a.dims.size(), b.dims.size()));
  std::vector<std::vector<int>> parts(rank);
  for (const RuntimeValue *s : {&a, &b}) {
    int shift = rank - static_cast<int>(s->dims.size());
    for (size_t d = 0; d < s->dims.size(); ++d)
      parts[shift + d].push_back(s->dims[d]);
  }
  std::vector<int> extents;
  for (int j = 0; j < rank; ++j) {
    if (parts[j].size() >= 2)
      conflict(cstr ? ModelKind::Cstr : ModelKind::Broadcast, j, parts[j],
               false);
    extents.push_back(broadcastTerm(parts[j]));
  }
  return cstr ? RuntimeValue{} : shapeResult(op.result, true, extents);
}

RuntimeValue Builder::meet(const Op &op) {
  bool cstr = op.kind == OpKind::CstrEq;
  ModelKind kind = cstr ? ModelKind::Cstr : ModelKind::Join;
  const RuntimeValue &a = valueOf(op.operands[0]);
  const RuntimeValue &b = valueOf(op.operands[1]);
  RuntimeValue rv;
  if (!a.ranked || !b.ranked) {
    // Unranked operands are skipped.
    const RuntimeValue &other = a.ranked ? a : b;
    return cstr ? rv : shapeResult(op.result, other.ranked, other.dims);
  }
  if (a.dims.size() != b.dims.size()) {
    add(kind, -1, Form::Always, false);
    if (cstr)
      return rv;
    rv = shapeResult(op.result, true, a.dims);
    rv.uncertain = true;
    return rv;
  }
  for (size_t i = 0; i < a.dims.size(); ++i)
    notEqual(kind, static_cast<int>(i), a.dims[i], b.dims[i], false);
  return cstr ? rv : shapeResult(op.result, true, a.dims);
}

RuntimeValue Builder::toExtentTensor(const Op &op) {
  const RuntimeValue &s = valueOf(op.operands[0]);
  const Value &result = program.values[op.result];
  int64_t n = result.type.dims.empty() ? -2 : result.type.dims[0];
  if (!s.ranked) {
    ambiguous("shape.to_extent_tensor of an unranked shape");
    return shapeResult(op.result, false, {});
  }
  if (n == kDynamic || n == static_cast<int64_t>(s.dims.size()))
    return shapeResult(op.result, true, s.dims);
  return wrongLength(op);
}

/// shape_of / to_extent_tensor into an extent tensor of the wrong length:
/// UB whenever reached, a runtime `rank` obligation (the shape dialect has
/// no static errors). What it holds is left open by the contract; symshape
/// names its extents as fresh symbols %r[i] (as for a declared type), and
/// so does the model; the generator never uses the value.
RuntimeValue Builder::wrongLength(const Op &op) {
  add(ModelKind::Rank, -1, Form::Always, false);
  int64_t n = program.values[op.result].type.dims[0];
  std::vector<int> extents;
  for (int64_t i = 0; i < n; ++i)
    extents.push_back(symbol(op.result, static_cast<int>(i)));
  RuntimeValue rv = shapeResult(op.result, true, extents);
  rv.uncertain = true;
  return rv;
}

} // namespace symshape::property::model_impl
