//===- GeneratorMixedOps.cpp - Mixed programs: XLA, shape -----------------===//
//
// The steps of a mixed program (see GeneratorMixed.cpp) that add XLA ops
// (a binary op, broadcast_in_dim, dynamic_broadcast_in_dim) and shape
// dialect ops (shape_of, shape.broadcast and their operands).
//
//===----------------------------------------------------------------------===//

#include "GeneratorImpl.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <random>
#include <set>

namespace symshape::property::generator_impl {

void Generator::stepXlaBinary() {
  int a = pick([](const Value &v) { return rankedTensor(v); });
  int b = pick([](const Value &v) { return rankedTensor(v); });
  if (a < 0 || b < 0)
    return;
  const TensorType &at = program.values[a].type, &bt = program.values[b].type;
  bool lowIsLhs = at.rank() < bt.rank();
  const TensorType &low = lowIsLhs ? at : bt, &high = lowIsLhs ? bt : at;
  int lr = low.rank(), hr = high.rank();
  std::vector<int64_t> dims;
  if (lr == hr) {
    if (chance(50))
      dims = choose(lr, lr, true);
  } else {
    dims = choose(lr, hr, true);
  }
  if (chance(6)) { // invalid broadcast_dimensions: a static error
    if (dims.size() >= 2)
      std::swap(dims[0], dims[1]);
    else
      dims.push_back(hr);
  }
  // The inferred shape (when the dims are valid), perturbed.
  std::vector<int64_t> inferred(high.dims);
  if (dims.size() == static_cast<size_t>(lr) || lr == hr) {
    for (int i = 0; i < lr; ++i) {
      int t = lr == hr ? i : static_cast<int>(dims[i]);
      if (t >= hr)
        break;
      bool error = false;
      int64_t l = low.dims[i], h = high.dims[t];
      inferred[t] = lowIsLhs ? inferDim(l, h, error) : inferDim(h, l, error);
    }
  }
  TensorType result;
  if (chance(6) && !skipKnownDiscrepancies()) { // K1
    result.ranked = false;
  } else {
    for (int64_t dim : inferred)
      result.dims.push_back(perturb(dim, 80));
    if (chance(5))
      result.dims.insert(result.dims.begin(), smallSize());
  }
  static const char *const names[] = {"chlo.broadcast_add",
                                      "chlo.broadcast_multiply",
                                      "chlo.broadcast_subtract"};
  emit(OpKind::XlaBinary, names[uniform(0, 2)], {a, b}, tensorValue(result),
       dims);
  lastOp().dense = chance(30);
}

void Generator::stepBroadcastInDim() {
  int x = pick(
      [](const Value &v) { return rankedTensor(v) && v.type.rank() <= 2; });
  if (x < 0)
    return;
  const TensorType xt = program.values[x].type;
  int rr = std::min(3, xt.rank() + uniform(0, 2));
  std::vector<int64_t> dims = choose(xt.rank(), rr, chance(70));
  TensorType result;
  result.dims.assign(rr, kDynamic);
  std::vector<bool> mapped(rr, false);
  for (int i = 0; i < xt.rank(); ++i) {
    int t = static_cast<int>(dims[i]);
    mapped[t] = true;
    int64_t d = xt.dims[i];
    int s = uniform(0, 99);
    if (d == kDynamic)
      result.dims[t] = s < 45 ? kDynamic : smallSize();
    else if (d == 1)
      result.dims[t] = s < 25 ? kDynamic : smallSize();
    else if (s >= 92 && skipKnownDiscrepancies()) // K5
      result.dims[t] = d;
    else
      result.dims[t] = s < 75 ? d : s < 92 ? kDynamic : d + 1; // + 1: error
  }
  for (int t = 0; t < rr; ++t)
    if (!mapped[t])
      result.dims[t] = chance(75) ? smallSize() : kDynamic;
  if (chance(5) && !skipKnownDiscrepancies()) { // invalid dims (K5)
    if (dims.size() >= 2)
      dims[1] = dims[0];
    else
      dims.push_back(rr);
  }
  emit(OpKind::BroadcastInDim,
       chance(85) ? "stablehlo.broadcast_in_dim" : "mhlo.broadcast_in_dim", {x},
       tensorValue(result), dims);
  lastOp().dense = chance(25);
}

void Generator::stepDynamicBroadcastInDim() {
  // The shape operand: a static-length extent tensor with known extents,
  // often the shape of another tensor.
  int s = -1;
  if (chance(50))
    s = pick([&](const Value &v) {
      return v.kind == ValueKind::Shape && !v.shapeType &&
             v.type.dims[0] != kDynamic;
    });
  if (s >= 0 && !rankedShape(s))
    s = -1;
  if (s < 0) {
    if (chance(70)) {
      int t = pick(
          [](const Value &v) { return rankedTensor(v) && v.type.rank() >= 1; });
      if (t < 0)
        return;
      s = emit(OpKind::ShapeOf, "shape.shape_of", {t},
               extentTensor(program.values[t].type.rank()));
    } else {
      std::vector<int64_t> extents;
      for (int i = uniform(1, 2); i > 0; --i)
        extents.push_back(smallSize());
      s = emit(OpKind::ConstShape, "shape.const_shape", {},
               extentTensor(static_cast<int64_t>(extents.size())), extents);
    }
  }
  int n = static_cast<int>(program.values[s].type.dims[0]);
  int x = pick(
      [&](const Value &v) { return rankedTensor(v) && v.type.rank() <= n; });
  if (x < 0)
    return;
  const TensorType xt = program.values[x].type;
  std::vector<int64_t> dims = choose(xt.rank(), n, chance(80));
  TensorType result;
  // A length mismatch: a static error (K2).
  int rr = chance(5) && !skipKnownDiscrepancies() ? n + 1 : n;
  for (int t = 0; t < rr; ++t)
    result.dims.push_back(chance(65) ? kDynamic : smallSize());
  emit(OpKind::DynamicBroadcastInDim, "stablehlo.dynamic_broadcast_in_dim",
       {x, s}, tensorValue(result), dims);
  lastOp().dense = chance(25);
}

/// A shape operand: an existing usable shape, or a new shape_of /
/// const_shape (an extent tensor or !shape.shape).
int Generator::shapeOperand() {
  if (chance(45)) {
    int s = pick([](const Value &v) { return v.kind == ValueKind::Shape; });
    if (s >= 0)
      return s;
  }
  if (chance(75)) {
    int t = pick([](const Value &v) {
      return v.kind == ValueKind::Tensor && !v.type.scalar;
    });
    if (t < 0)
      return -1;
    const TensorType &type = program.values[t].type;
    Value result = shapeShape();
    int r = uniform(0, 99);
    if (type.ranked && r < 3)
      result = extentTensor(type.rank() + 1); // UB whenever reached
    else if (type.ranked && r < 60)
      result = extentTensor(type.rank());
    else if (type.ranked && r < 72)
      result = extentTensor(kDynamic);
    return emit(OpKind::ShapeOf, "shape.shape_of", {t}, result);
  }
  std::vector<int64_t> extents;
  for (int i = uniform(0, 2); i > 0; --i)
    extents.push_back(smallSize());
  Value result = chance(70) ? extentTensor(static_cast<int64_t>(extents.size()))
                            : shapeShape();
  return emit(OpKind::ConstShape, "shape.const_shape", {}, result, extents);
}

void Generator::stepShape() {
  int r = uniform(0, 99);
  auto shapeOrTensor = [&](std::initializer_list<int> operands, bool ranked) {
    for (int operand : operands)
      if (program.values[operand].shapeType)
        return shapeShape();
    return ranked && chance(50) ? extentTensor(kDynamic) : shapeShape();
  };
  if (r < 40) {
    // shape.broadcast / shape.cstr_broadcastable / shape.meet /
    // shape.cstr_eq of two shapes.
    int a = shapeOperand();
    if (a < 0)
      return;
    fits(); // the model of the operands made so far
    int b = shapeOperand();
    if (b < 0)
      return;
    fits();
    if (!usable(a) || !usable(b))
      return; // a shape_of of the wrong length

    bool ranked = rankedShape(a) && rankedShape(b);
    int which = uniform(0, 3);
    if (which == 0) {
      emit(OpKind::ShapeBroadcast, "shape.broadcast", {a, b},
           shapeOrTensor({a, b}, ranked));
      if (chance(30))
        lastOp().error = "incompatible";
    } else if (which == 1) {
      emit(OpKind::CstrBroadcastable, "shape.cstr_broadcastable", {a, b},
           scalarValue(ValueKind::Witness));
    } else if (which == 2) {
      bool anyRanked = rankedShape(a) || rankedShape(b);
      emit(OpKind::Meet, "shape.meet", {a, b},
           shapeOrTensor({a, b}, anyRanked));
      if (chance(25))
        lastOp().error = "mismatch";
    } else {
      emit(OpKind::CstrEq, "shape.cstr_eq", {a, b},
           scalarValue(ValueKind::Witness));
    }
    return;
  }
  if (r < 62) {
    // A size from a shape: get_extent, rank, num_elements; then maybe
    // back into a shape (from_extents) or a tensor (tensor.empty).
    int s = shapeOperand();
    if (s < 0)
      return;
    fits();
    if (!rankedShape(s) || !usable(s))
      return;
    bool extentTensorOperand = !program.values[s].shapeType;
    ValueKind kind = extentTensorOperand ? ValueKind::Index : ValueKind::Size;
    int rank = static_cast<int>(last.values[s].dims.size());
    int size = -1;
    int which = uniform(0, 99);
    if (which < 60 && rank > 0) {
      int64_t k = uniform(0, rank - 1);
      int c = extentTensorOperand ? indexConstant(k)
                                  : emit(OpKind::ConstSize, "shape.const_size",
                                         {}, scalarValue(ValueKind::Size), {k});
      size = emit(OpKind::GetExtent, "shape.get_extent", {s, c},
                  scalarValue(kind));
    } else if (which < 75) {
      size = emit(OpKind::ShapeRank, "shape.rank", {s}, scalarValue(kind));
    } else {
      size = emit(OpKind::NumElements, "shape.num_elements", {s},
                  scalarValue(kind));
    }
    if (kind == ValueKind::Size && chance(70))
      size = emit(OpKind::SizeToIndex, "shape.size_to_index", {size},
                  scalarValue(ValueKind::Index));
    if (kind == ValueKind::Index && chance(15))
      size = emit(OpKind::SizeToIndex, "shape.size_to_index",
                  {emit(OpKind::IndexToSize, "shape.index_to_size", {size},
                        scalarValue(ValueKind::Size))},
                  scalarValue(ValueKind::Index));
    if (program.values[size].kind != ValueKind::Index)
      return;
    if (chance(50)) {
      std::vector<int> extents = {size};
      if (chance(40)) {
        int other =
            pick([](const Value &v) { return v.kind == ValueKind::Index; });
        extents.push_back(other >= 0 ? other : size);
      }
      emit(OpKind::FromExtents, "shape.from_extents", extents, shapeShape());
    } else {
      emit(OpKind::Empty, "tensor.empty", {size},
           tensorValue(TensorType{true, false, {kDynamic}}));
    }
    return;
  }
  if (r < 78) {
    // shape.to_extent_tensor of a !shape.shape, now and then of the wrong
    // length (UB whenever reached).
    int s = pick([&](const Value &v) {
      return v.kind == ValueKind::Shape && v.shapeType;
    });
    if (s < 0 || !rankedShape(s)) {
      s = shapeOperand();
      fits();
      if (s < 0 || !rankedShape(s) || !usable(s) ||
          !program.values[s].shapeType)
        return;
    }
    int64_t rank = static_cast<int64_t>(last.values[s].dims.size());
    int64_t n = chance(10) ? rank + 1 : chance(20) ? kDynamic : rank;
    emit(OpKind::ToExtentTensor, "shape.to_extent_tensor", {s},
         extentTensor(n));
    return;
  }
  // A shape used by a tensor op: dynamic_broadcast_in_dim needs one; here
  // the shape of one tensor is compared with another's (shape_of of both,
  // then cstr_eq or shape.broadcast).
  int a = pick([](const Value &v) { return rankedTensor(v); });
  int b = pick([](const Value &v) { return rankedTensor(v); });
  if (a < 0 || b < 0)
    return;
  int sa = emit(OpKind::ShapeOf, "shape.shape_of", {a},
                extentTensor(program.values[a].type.rank()));
  int sb = emit(OpKind::ShapeOf, "shape.shape_of", {b},
                chance(50) ? shapeShape()
                           : extentTensor(program.values[b].type.rank()));
  if (chance(50))
    emit(OpKind::CstrEq, "shape.cstr_eq", {sa, sb},
         scalarValue(ValueKind::Witness));
  else
    emit(OpKind::ShapeBroadcast, "shape.broadcast", {sa, sb},
         program.values[sb].shapeType ? shapeShape() : extentTensor(kDynamic));
}

} // namespace symshape::property::generator_impl
