//===- GenerateRandom.cpp - The random family -----------------------------===//
//
// Family (c): random
//
// One random function at a time: its arguments, its ops drawn by weight
// until the budget is used, and the helpers its ops share.
//
//===----------------------------------------------------------------------===//

#include "GenerateRandom.h"

namespace symshape_bench::generate {

void RandomFunction::setup() {
  static const std::vector<int64_t> sizes = {2, 3, 4, 8, 16, 32};
  size_t rank = size_t(rng.range(2, 4));
  for (size_t i = 0; i < rank; ++i)
    root.push_back(Dim::fixed(rng.pick(sizes)));
  // Two symbolic dims shared by everything derived from the root.
  root[0] = Dim::symbol(nextSymbol++);
  root[rank > 2 ? rank - 2 : 1] = Dim::symbol(nextSymbol++);
  args.push_back(exactTensor("%x", root));
  // Arguments broadcast-compatible with the root: a suffix of its dims,
  // each kept or 1; symbols become 1 (a `?` would be a fresh symbol).
  int count = int(rng.range(3, 5));
  for (int a = 0; a < count; ++a) {
    size_t r = size_t(rng.range(1, int64_t(rank)));
    std::vector<Dim> dims(root.end() - long(r), root.end());
    for (Dim &d : dims)
      if (d.isSymbol() || rng.permille(300))
        d = Dim::fixed(1);
    args.push_back(exactTensor("%a" + std::to_string(a), dims));
  }
  // A second dynamic input whose dims are unrelated to the root's.
  std::vector<Dim> free;
  for (size_t i = 0; i < rank; ++i)
    free.push_back(rng.permille(500) ? Dim::symbol(nextSymbol++)
                                     : Dim::fixed(1));
  args.push_back(exactTensor("%y", free));
  for (const Tensor &t : args)
    tensors.push_back(t);
  indices.push_back({"%n", Dim::symbol(nextSymbol++)});
  extraArgs = "%n: index";
  // The model takes %n for a size; to symshape an index argument is any
  // integer, and a negative one would be UB as a tensor size (SPEC 2).
  attributes = "symshape.assume = [\"%n >= 0\"]";
}

void RandomFunction::run() {
  struct Choice {
    bool (RandomFunction::*emit)();
    unsigned weight;
  };
  static const Choice choices[] = {
      {&RandomFunction::implicitBroadcast, 250},
      {&RandomFunction::xlaBroadcast, 50},
      {&RandomFunction::broadcastInDim, 35},
      {&RandomFunction::dynamicBroadcastInDim, 35},
      {&RandomFunction::linalgBroadcast, 40},
      {&RandomFunction::assumingBroadcast, 15},
      {&RandomFunction::tensorDim, 50},
      {&RandomFunction::tensorEmpty, 40},
      {&RandomFunction::tensorCast, 40},
      {&RandomFunction::constant, 35},
      {&RandomFunction::indexArith, 15},
      {&RandomFunction::shapeOf, 80},
      {&RandomFunction::constShape, 15},
      {&RandomFunction::shapeBroadcast, 50},
      {&RandomFunction::cstrBroadcastable, 40},
      {&RandomFunction::isBroadcastable, 8},
      {&RandomFunction::cstrEqOrMeet, 20},
      {&RandomFunction::assumingAll, 12},
      {&RandomFunction::extentQuery, 40},
      {&RandomFunction::sizeOps, 20},
      {&RandomFunction::fromExtents, 10},
      {&RandomFunction::toExtentTensor, 10},
      {&RandomFunction::reduce, 5},
      {&RandomFunction::debugPrint, 5},
      {&RandomFunction::opaque, 45},
  };
  unsigned totalWeight = 0;
  for (const Choice &c : choices)
    totalWeight += c.weight;
  while (body.left() > 0) {
    if (body.left() >= 2 && rng.permille(ubPermille) && injectUb()) {
      ++ubOps;
      continue;
    }
    // A generator that finds nothing suitable emits nothing: draw again,
    // then fall back to shape.shape_of, which always fits in one op.
    bool emitted = false;
    for (int tries = 0; tries < 4 && !emitted; ++tries) {
      unsigned w = unsigned(rng.below(totalWeight));
      const Choice *c = choices;
      while (w >= c->weight)
        w -= (c++)->weight;
      emitted = (this->*(c->emit))();
    }
    if (!emitted)
      shapeOf();
  }
}

Dim RandomFunction::product(const std::vector<Dim> &dims) {
  int64_t value = 1;
  for (const Dim &d : dims) {
    if (d.isSymbol() || (d.size > 0 && value > (int64_t(1) << 40) / d.size))
      return freshSymbol();
    value *= d.size;
  }
  return Dim::fixed(value);
}

std::vector<bool> RandomFunction::declare(const std::vector<Dim> &dims) {
  std::vector<bool> dynamic;
  for (const Dim &d : dims)
    dynamic.push_back(d.isSymbol() || (d.size > 1 && rng.permille(50)));
  return dynamic;
}

std::string RandomFunction::indexConstant(int64_t value) {
  for (const auto &[v, name] : indexConstants)
    if (v == value)
      return name;
  std::string name = "%c" + std::to_string(value);
  body.op(name + " = arith.constant " + std::to_string(value) + " : index");
  indexConstants.push_back({value, name});
  indices.push_back({name, Dim::fixed(value)});
  return name;
}

bool RandomFunction::hasIndexConstant(int64_t value) const {
  for (const auto &entry : indexConstants)
    if (entry.first == value)
      return true;
  return false;
}

const Tensor *RandomFunction::compatibleWith(const Tensor &a) {
  for (int tries = 0; tries < 12; ++tries) {
    const Tensor &b = anyTensor();
    if (broadcastModel({&a, &b}) && declaredBroadcastable({&a, &b}))
      return &b;
  }
  return nullptr;
}

void generateRandom(Rng &rng, Output &out, int64_t totalOps, int64_t funcOps,
                    unsigned ubPermille, int64_t &ubOps) {
  int64_t remaining = totalOps;
  for (int64_t f = 0; remaining > 0; ++f) {
    int64_t size =
        funcOps > 0 ? rng.range(funcOps / 2, funcOps * 3 / 2) : remaining;
    int64_t budget = std::min(size, remaining);
    remaining -= budget;
    Body body(budget);
    RandomFunction fn(rng, body, ubPermille);
    fn.setup();
    fn.run();
    Tensor result = fn.result();
    out.function("random" + std::to_string(f), fn.args, fn.extraArgs, &result,
                 body, fn.attributes);
    ubOps += fn.ubOps;
  }
}

} // namespace symshape_bench::generate
