//===- GeneratorMixed.cpp - Mixed random programs -------------------------===//
//
// A mixed program has 1-3 tensor arguments, sometimes an `index` argument
// and an extent-tensor argument, then 2-6 steps; a step adds one or a few
// ops of one family (a tensor.dim, some arithmetic and a tensor.empty; a
// shape_of and a shape.broadcast; ...). A step that breaks the symbol
// budget, makes an obligation undefined or the domain inexact is undone and
// drawn again.
//
// Here: the driver, the arguments, and the implicit-broadcast, cast,
// tensor-glue and linalg.broadcast steps (the XLA and shape dialect
// steps are in GeneratorMixedOps.cpp).
//
//===----------------------------------------------------------------------===//

#include "GeneratorImpl.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <random>
#include <set>

namespace symshape::property::generator_impl {

Program Generator::runMixed() {
  mixed = true;
  program.minDim = chance(12) ? 1 : 0;
  program.strict = chance(8);
  mixedArguments();
  fits();
  int steps = uniform(2, 6);
  for (int i = 0; i < steps; ++i)
    for (int attempt = 0; attempt < 30; ++attempt) {
      size_t values = program.values.size(), ops = program.ops.size();
      int name = nextName;
      mixedStep();
      if (program.ops.size() != ops && fits())
        break;
      program.values.resize(values);
      program.ops.resize(ops);
      nextName = name;
      fits();
    }
  addAssumptions();
  return std::move(program);
}

void Generator::mixedArguments() {
  int tensors = uniform(1, 3);
  int dynamic = 0;
  char name = 'a';
  for (int i = 0; i < tensors; ++i) {
    TensorType type = randomType();
    if (type.dims.size() > 2 && chance(50))
      type.dims.pop_back();
    for (int64_t &dim : type.dims)
      if (dim == kDynamic && ++dynamic > 3)
        dim = randomStatic();
    program.values.push_back({std::string(1, name++), type});
  }
  if (dynamic < 3 && chance(30)) {
    Value n = scalarValue(ValueKind::Index);
    n.name = std::string(1, name++);
    program.values.push_back(n);
    ++dynamic;
  }
  if (dynamic < 3 && chance(25)) {
    Value s = extentTensor(dynamic < 2 && chance(50) ? 2 : 1);
    if (chance(12))
      s.type.dims[0] = kDynamic; // an extent tensor of unknown length
    s.name = std::string(1, name++);
    program.values.push_back(s);
  }
  program.numArgs = static_cast<int>(program.values.size());
}

void Generator::mixedStep() {
  int r = uniform(0, 99);
  if (r < 9)
    stepImplicit();
  else if (r < 14) {
    // An opaque op: fresh symbols, a fact per static dim.
    std::vector<int> operands;
    if (chance(50))
      operands.push_back(
          uniform(0, static_cast<int>(program.values.size()) - 1));
    TensorType type = randomType();
    if (type.dims.size() > 2)
      type.dims.pop_back();
    emit(OpKind::Opaque, chance(50) ? "foo.opaque" : "bar.baz", operands,
         tensorValue(type));
  } else if (r < 25)
    stepCast();
  else if (r < 37)
    stepGlue();
  else if (r < 49)
    stepLinalg();
  else if (r < 61)
    stepXlaBinary();
  else if (r < 69)
    stepBroadcastInDim();
  else if (r < 77)
    stepDynamicBroadcastInDim();
  else
    stepShape();
}

void Generator::stepImplicit() {
  std::vector<int> operands;
  int count = uniform(1, 2) + (chance(15) ? 1 : 0);
  for (int i = 0; i < count; ++i) {
    int v = pick([](const Value &v) {
      return v.kind == ValueKind::Tensor && !v.type.scalar;
    });
    if (v < 0)
      return;
    operands.push_back(v);
  }
  TensorType result = deriveResult(operands);
  emit(OpKind::Broadcast,
       chance(25) && count == 2 ? "tosa.add" : "test.broadcastable", operands,
       tensorValue(result));
}

void Generator::stepCast() {
  int a = pick(rankedTensor);
  if (a < 0)
    return;
  TensorType to = program.values[a].type;
  if (chance(4)) { // ranks differ: a static error
    if (!to.dims.empty() && chance(50))
      to.dims.pop_back();
    else
      to.dims.push_back(smallSize());
  } else {
    for (int64_t &dim : to.dims) {
      int s = uniform(0, 99);
      if (dim != kDynamic)
        dim = s < 75 ? dim : s < 96 ? kDynamic : dim + 1; // + 1: an error
      else
        dim = s < 40 ? kDynamic : smallSize();
    }
  }
  emit(OpKind::Cast, "tensor.cast", {a}, tensorValue(to));
}

/// tensor.dim / arith / tensor.empty: a size flows from a tensor (or an
/// index argument) through index arithmetic into a new tensor.
void Generator::stepGlue() {
  auto index = [](const Value &v) { return v.kind == ValueKind::Index; };
  auto dimOf = [&]() {
    // Mostly a `?` dim: a size only known at runtime.
    int t = pick([](const Value &v) {
      return rankedTensor(v) &&
             std::count(v.type.dims.begin(), v.type.dims.end(), kDynamic);
    });
    if (t < 0 || chance(20))
      t = pick([](const Value &v) {
        return rankedTensor(v) && !v.type.dims.empty();
      });
    if (t < 0)
      return -1;
    const std::vector<int64_t> &dims = program.values[t].type.dims;
    int d = uniform(0, static_cast<int>(dims.size()) - 1);
    for (int tries = 0; tries < 3 && dims[d] != kDynamic; ++tries)
      d = uniform(0, static_cast<int>(dims.size()) - 1);
    if (chance(4))
      d = static_cast<int>(dims.size()); // past the rank: a static error
    return emit(OpKind::Dim, "tensor.dim", {t, indexConstant(d)},
                scalarValue(ValueKind::Index));
  };
  int x = chance(65) ? dimOf() : pick(index);
  if (x < 0)
    x = indexConstant(smallSize());
  bool chained = false;
  for (const Op &op : program.ops)
    chained |= op.result == x && op.kind == OpKind::Arith;
  if (chance(60) && !(chained && skipKnownDiscrepancies())) { // K6
    int r = uniform(0, 99);
    const char *name = r < 50   ? "arith.addi"
                       : r < 70 ? "arith.subi"
                                : "arith.muli";
    int y;
    if (r >= 50 && r < 70)
      y = indexConstant(uniform(1, 2)); // x - k only
    else if (chance(50))
      y = indexConstant(r < 50 ? uniform(1, 3) : uniform(2, 3));
    else if ((y = chance(60) ? dimOf() : pick(index)) < 0)
      y = indexConstant(2);
    if (skipKnownDiscrepancies()) // K6
      for (const Op &op : program.ops)
        if (op.result == y && op.kind == OpKind::Arith)
          y = indexConstant(2);
    x = emit(OpKind::Arith, name, {x, y}, scalarValue(ValueKind::Index));
  }
  if (chance(15))
    return; // an index value for later steps
  TensorType type;
  std::vector<int> sizes;
  int rank = uniform(1, 2);
  int at = uniform(0, rank - 1);
  for (int d = 0; d < rank; ++d) {
    if (d == at) {
      sizes.push_back(x);
      type.dims.push_back(kDynamic);
    } else if (chance(40)) {
      int y = pick(index);
      sizes.push_back(y >= 0 ? y : x);
      type.dims.push_back(kDynamic);
    } else {
      type.dims.push_back(smallSize());
    }
  }
  if (chance(4)) // one size too few or too many: a static error
    type.dims.push_back(chance(50) ? kDynamic : smallSize());
  emit(OpKind::Empty, "tensor.empty", sizes, tensorValue(type));
}

void Generator::stepLinalg() {
  int x = pick(
      [](const Value &v) { return rankedTensor(v) && v.type.rank() <= 2; });
  if (x < 0)
    return;
  const TensorType a = program.values[x].type;
  int added = uniform(0, 3 - a.rank() > 0 ? std::min(2, 3 - a.rank()) : 0);
  int b = a.rank() + added;
  std::vector<int64_t> addedDims = choose(added, b, false);
  std::vector<int64_t> kept;
  for (int t = 0; t < b; ++t)
    if (std::find(addedDims.begin(), addedDims.end(), t) == addedDims.end())
      kept.push_back(t);
  // The init: an existing tensor of rank b, or a fresh opaque one whose
  // mapped dims are written as the input's (mostly).
  int y = -1;
  if (chance(40))
    y = pick(
        [&](const Value &v) { return rankedTensor(v) && v.type.rank() == b; });
  if (y < 0) {
    TensorType init;
    init.dims.assign(b, 0);
    for (int i = 0; i < a.rank(); ++i)
      init.dims[kept[i]] = chance(90)              ? a.dims[i]
                           : a.dims[i] == kDynamic ? smallSize()
                                                   : kDynamic;
    for (int64_t t : addedDims)
      init.dims[t] = chance(70) ? smallSize() : kDynamic;
    y = emit(OpKind::Opaque, "foo.init", {}, tensorValue(init));
  }
  const TensorType &bt = program.values[y].type;
  TensorType result = bt;
  emit(OpKind::Linalg, "linalg.broadcast", {x, y}, tensorValue(result));
  Op &op = lastOp();
  op.rfc = chance(30);
  op.attr = op.rfc ? kept : addedDims;
  if (chance(6)) { // invalid dimensions: a static error
    if (op.attr.size() >= 2)
      std::swap(op.attr[0], op.attr[1]);
    else
      op.attr.push_back(b);
  }
}

} // namespace symshape::property::generator_impl
