//===- GenerateTensorOps.cpp - Broadcasts, tensor, linalg, XLA ops --------===//
//
// Implicit broadcasts get operands of any shape and a result type that is
// usually the inferred one; casts, linalg.broadcast and broadcast_in_dim
// keep ranks consistent and sizes arbitrary, so every verdict can occur.
//
//===----------------------------------------------------------------------===//

#include "GeneratorImpl.h"

#include <algorithm>

namespace symshape::fuzz {
namespace gen {

int64_t Generator::resultDim(int64_t inferred) {
  switch (in.below(4)) {
  case 0:
    return kDyn;
  case 1:
    return staticSize();
  default:
    return inferred;
  }
}

void Generator::elementwise() {
  static const char *const names[] = {
      "test.broadcastable", "tosa.add",     "tosa.mul",
      "tosa.sub",           "tosa.maximum", "chlo.broadcast_add"};
  std::string name = in.pick(names);
  std::vector<const Val *> tensors = ofKind(Val::Tensor);
  size_t numOperands = name == "test.broadcastable" ? 1 + in.below(3) : 2;
  std::vector<const Val *> operands;
  for (size_t k = 0; k < numOperands; ++k)
    operands.push_back(choose(tensors));
  // Inferred result: right-aligned columns; a static size other than 1
  // wins, a `?` makes the column `?`.
  bool ranked = true;
  size_t rank = 0;
  for (const Val *v : operands) {
    ranked = ranked && v->ranked;
    rank = std::max(rank, v->dims.size());
  }
  Val r;
  r.name = fresh("v");
  r.element = operands[0]->element;
  if (!ranked || in.chance(1, 12)) {
    r.ranked = !in.chance(1, 2);
    if (r.ranked)
      for (size_t d = in.below(4); d > 0; --d)
        r.dims.push_back(dimSize());
  } else {
    if (in.chance(1, 12)) // a wrong result rank
      rank = in.chance(1, 2) || rank == 0 ? rank + 1 : rank - 1;
    for (size_t d = 0; d < rank; ++d) {
      int64_t inferred = 1;
      for (const Val *v : operands) {
        size_t n = v->dims.size();
        if (d + n < rank)
          continue;
        int64_t s = v->dims[d + n - rank];
        if (s == kDyn)
          inferred = kDyn;
        else if (s != 1 && inferred != kDyn)
          inferred = s;
      }
      r.dims.push_back(resultDim(inferred));
    }
  }
  std::string line = r.name + " = \"" + name + "\"(";
  std::string types = "(";
  for (size_t k = 0; k < operands.size(); ++k) {
    line += (k ? ", " : "") + operands[k]->name;
    types += (k ? ", " : "") + operands[k]->type();
  }
  line += ")";
  if (name == "tosa.mul")
    line += " {shift = 0 : i32}";
  line += " : " + types + ") -> " + r.type();
  define(r, line);
}

void Generator::cast() {
  const Val *x = choose(ofKind(Val::Tensor));
  Val r = *x;
  r.name = fresh("v");
  if (!x->ranked || in.chance(1, 8)) {
    r = tensorType();
    r.name = fresh("v");
    r.element = x->element;
  } else {
    for (int64_t &d : r.dims)
      if (in.chance(1, 2))
        d = d == kDyn ? staticSize() : kDyn;
  }
  define(r, r.name + " = tensor.cast " + x->name + " : " + x->type() + " to " +
                r.type());
}

void Generator::tensorDim() {
  std::vector<const Val *> ranked;
  for (const Val *v : ofKind(Val::Tensor, true))
    if (!v->dims.empty())
      ranked.push_back(v);
  const Val *x = choose(ranked);
  if (!x)
    return;
  std::string tensor = x->name, type = x->type();
  size_t rank = x->dims.size();
  const Val *c = indexConstant(int64_t(in.below(rank)));
  Val d;
  d.kind = Val::Index;
  d.name = fresh("d");
  define(d, d.name + " = tensor.dim " + tensor + ", " + c->name + " : " + type);
}

void Generator::tensorEmpty() {
  Val r = tensorType();
  r.name = fresh("v");
  if (!r.ranked)
    r.ranked = true;
  std::vector<std::string> sizes;
  for (int64_t d : r.dims)
    if (d == kDyn)
      sizes.push_back(indexValue()->name);
  std::string line = r.name + " = tensor.empty(";
  for (size_t k = 0; k < sizes.size(); ++k)
    line += (k ? ", " : "") + sizes[k];
  define(r, line + ") : " + r.type());
}

void Generator::indexArith() {
  static const char *const ops[] = {"arith.addi", "arith.subi", "arith.muli"};
  std::string op = in.pick(ops);
  std::string lhs = indexValue()->name;
  std::string rhs = indexValue()->name;
  Val r;
  r.kind = Val::Index;
  r.name = fresh("i");
  define(r, r.name + " = " + op + " " + lhs + ", " + rhs + " : index");
}

const Val *Generator::tensorOfRank(size_t rank, const std::string &element) {
  for (const Val *v : ofKind(Val::Tensor, true))
    if (v->dims.size() == rank && v->element == element && in.chance(1, 2))
      return v;
  Val r;
  r.name = fresh("v");
  r.element = element;
  for (size_t d = 0; d < rank; ++d)
    r.dims.push_back(dimSize());
  define(r, r.name + " = \"foo.init\"() : () -> " + r.type());
  return &pool.back();
}

void Generator::linalgBroadcast() {
  std::vector<const Val *> ranked = ofKind(Val::Tensor, true);
  const Val *x = choose(ranked);
  if (!x)
    return;
  Val input = *x;
  size_t added = 1 + in.below(2);
  size_t rank = input.dims.size() + added;
  const Val *init = tensorOfRank(rank, input.element);
  Val out = *init;
  // Upstream form: the init dims the broadcast adds, sorted.
  std::vector<size_t> dims;
  for (size_t d = 0; d < rank && dims.size() < added; ++d)
    if (in.chance(1, 2) || rank - d == added - dims.size())
      dims.push_back(d);
  std::string list;
  for (size_t k = 0; k < dims.size(); ++k)
    list += (k ? ", " : "") + std::to_string(dims[k]);
  out.name = fresh("v");
  define(out, out.name + " = linalg.broadcast ins(" + input.name + " : " +
                  input.type() + ") outs(" + init->name + " : " + init->type() +
                  ") dimensions = [" + list + "]");
}

void Generator::broadcastInDim() {
  const Val *x = choose(ofKind(Val::Tensor, true));
  if (!x)
    return;
  Val input = *x;
  size_t rank = input.dims.size() + in.below(3);
  // Operand dim i goes to result dim map[i], strictly increasing.
  std::vector<size_t> map;
  for (size_t d = 0; d < rank && map.size() < input.dims.size(); ++d)
    if (in.chance(1, 2) || rank - d == input.dims.size() - map.size())
      map.push_back(d);
  Val r;
  r.name = fresh("v");
  r.element = input.element;
  r.dims.assign(rank, kDyn);
  for (size_t d = 0; d < rank; ++d)
    r.dims[d] = in.chance(1, 3) ? kDyn : staticSize();
  for (size_t i = 0; i < map.size(); ++i)
    if (in.chance(1, 2))
      r.dims[map[i]] = input.dims[i];
  std::string list;
  for (size_t k = 0; k < map.size(); ++k)
    list += (k ? ", " : "") + std::to_string(map[k]);
  define(r, r.name + " = \"stablehlo.broadcast_in_dim\"(" + input.name +
                ") {broadcast_dimensions = array<i64" +
                (list.empty() ? "" : ": " + list) + ">} : (" + input.type() +
                ") -> " + r.type());
}

void Generator::opaque() {
  const Val *x = choose(ofKind(Val::Tensor));
  Val input = *x;
  Val r = tensorType();
  r.name = fresh("v");
  define(r, r.name + " = \"foo.op\"(" + input.name + ") : (" + input.type() +
                ") -> " + r.type());
}

} // namespace gen

} // namespace symshape::fuzz
