//===- GenerateRandomTensor.cpp - Random family: tensor ops ---------------===//
//
// The tensor ops of family (c) random: broadcasts (implicit, XLA,
// broadcast_in_dim, linalg, in shape.assuming), tensor.dim, empty and
// cast, constants, index arithmetic, opaque ops and the UB injections.
//
//===----------------------------------------------------------------------===//

#include "GenerateRandom.h"

namespace symshape_bench::generate {

bool RandomFunction::implicitBroadcast() {
  static const char *const names[] = {
      "tosa.add",           "tosa.sub",           "tosa.mul",
      "tosa.maximum",       "tosa.minimum",       "test.broadcastable",
      "test.broadcastable", "chlo.broadcast_add", "chlo.broadcast_multiply"};
  const char *name = names[rng.below(std::size(names))];
  const Tensor &a = anyTensor();
  const Tensor *b = compatibleWith(a);
  if (!b)
    return false;
  std::vector<const Tensor *> operands = {&a, b};
  if (std::strcmp(name, "test.broadcastable") == 0 && rng.permille(200)) {
    const Tensor &c = anyTensor();
    if (broadcastModel({&a, b, &c}) && declaredBroadcastable({&a, b, &c}))
      operands.push_back(&c);
  }
  if (rng.permille(500))
    std::swap(operands[0], operands[1]);
  std::vector<Dim> dims = *broadcastModel(operands);
  Tensor result{body.fresh(), dims, broadcastDeclared(operands, dims.size())};
  // Sometimes declare a `?` whose size the model knows statically: a
  // result-cast obligation symshape must prove.
  for (size_t i = 0; i < dims.size(); ++i)
    if (result.dynamic[i] && !dims[i].isSymbol() && rng.permille(300))
      result.dynamic[i] = false;
  const char *attrs =
      std::strcmp(name, "tosa.mul") == 0 ? " {shift = 0 : i32}" : "";
  body.op(result.name + " = \"" + name + "\"(" + joinNames(operands) + ")" +
          attrs + " : (" + joinTypes(operands) + ") -> " + result.type());
  tensors.push_back(std::move(result));
  return true;
}

bool RandomFunction::xlaBroadcast() {
  const Tensor &a = anyTensor();
  if (a.rank() < 2)
    return false;
  for (int tries = 0; tries < 12; ++tries) {
    const Tensor &b = anyTensor();
    if (b.rank() == 0 || b.rank() >= a.rank())
      continue;
    size_t need = b.rank();
    std::vector<int64_t> map = increasingMap(need, a.rank());
    std::vector<Dim> dims = a.dims;
    std::vector<bool> dynamic = a.dynamic;
    bool ok = true;
    for (size_t i = 0; i < need && ok; ++i) {
      const Dim &d = b.dims[i];
      Dim &r = dims[size_t(map[i])];
      int64_t da = a.declared(size_t(map[i])), db = b.declared(i);
      if (da > 1 && db > 1 && da != db)
        ok = false;
      if (d.isOne())
        continue;
      if (r.isOne()) {
        r = d;
        dynamic[size_t(map[i])] = db < 0;
      } else if (r != d) {
        ok = false;
      } else if (db > 1) {
        dynamic[size_t(map[i])] = false;
      }
    }
    if (!ok)
      continue;
    static const char *const names[] = {"chlo.broadcast_add",
                                        "chlo.broadcast_multiply",
                                        "chlo.broadcast_subtract"};
    Tensor result{body.fresh(), dims, dynamic};
    bool swap = rng.permille(500);
    const Tensor &first = swap ? b : a, &second = swap ? a : b;
    body.op(result.name + " = \"" + names[rng.below(3)] + "\"(" + first.name +
            ", " + second.name + ") {broadcast_dimensions = " + denseI64(map) +
            "} : (" + first.type() + ", " + second.type() + ") -> " +
            result.type());
    tensors.push_back(std::move(result));
    return true;
  }
  return false;
}

std::vector<int64_t> RandomFunction::increasingMap(size_t from, size_t to) {
  std::vector<int64_t> map;
  for (size_t i = 0; i < to && map.size() < from; ++i)
    if (to - i == from - map.size() || rng.below(to - i) < from - map.size())
      map.push_back(int64_t(i));
  return map;
}

bool RandomFunction::broadcastInDim() {
  static const std::vector<int64_t> sizes = {2, 3, 4, 8};
  const Tensor &x = anyTensor();
  if (x.rank() > 3)
    return false;
  for (const Dim &d : x.dims)
    if (d.isSymbol())
      return false;
  size_t rank = x.rank() + size_t(rng.range(0, 1));
  std::vector<int64_t> map = increasingMap(x.rank(), rank);
  std::vector<Dim> dims(rank);
  for (Dim &d : dims)
    d = Dim::fixed(rng.pick(sizes));
  for (size_t i = 0; i < map.size(); ++i)
    if (!x.dims[i].isOne() || rng.permille(500))
      dims[size_t(map[i])] = x.dims[i];
  Tensor result = exactTensor(body.fresh(), dims);
  std::string attr =
      "array<i64" + std::string(map.empty() ? "" : ": ") + intList(map) + ">";
  body.op(result.name + " = \"stablehlo.broadcast_in_dim\"(" + x.name +
          ") {broadcast_dimensions = " + attr + "} : (" + x.type() + ") -> " +
          result.type());
  tensors.push_back(std::move(result));
  return true;
}

bool RandomFunction::dynamicBroadcastInDim() {
  std::vector<const ShapeValue *> targets;
  for (const ShapeValue &s : shapes)
    if (s.extentTensor && !s.dims.empty())
      targets.push_back(&s);
  if (targets.empty())
    return false;
  const ShapeValue &target = *targets[rng.recent(targets.size())];
  for (int tries = 0; tries < 12; ++tries) {
    const Tensor &x = anyTensor();
    if (x.rank() > target.dims.size())
      continue;
    std::vector<int64_t> map = increasingMap(x.rank(), target.dims.size());
    bool ok = true;
    for (size_t i = 0; i < map.size() && ok; ++i)
      ok = x.dims[i].isOne() || x.dims[i] == target.dims[size_t(map[i])];
    if (!ok)
      continue;
    Tensor result = exactTensor(body.fresh(), target.dims);
    body.op(result.name + " = \"stablehlo.dynamic_broadcast_in_dim\"(" +
            x.name + ", " + target.name +
            ") {broadcast_dimensions = " + denseI64(map) + "} : (" + x.type() +
            ", " + target.type() + ") -> " + result.type());
    tensors.push_back(std::move(result));
    return true;
  }
  return false;
}

const IndexValue *RandomFunction::indexFor(const Dim &d, const Tensor &source,
                                           size_t i) {
  for (const IndexValue &v : indices)
    if (v.model == d)
      return &v;
  int64_t need = hasIndexConstant(int64_t(i)) ? 1 : 2;
  if (body.left() < need)
    return nullptr;
  std::string c = indexConstant(int64_t(i));
  std::string name = body.fresh();
  body.op(name + " = tensor.dim " + source.name + ", " + c + " : " +
          source.type());
  indices.push_back({name, d});
  return &indices.back();
}

bool RandomFunction::linalgBroadcast() {
  static const std::vector<int64_t> sizes = {2, 3, 4, 8};
  const Tensor &x = anyTensor();
  if (x.rank() == 0 || x.rank() > 3 || body.left() < 6)
    return false;
  size_t rank = x.rank() + size_t(rng.range(1, 2));
  if (rank > 4)
    rank = 4;
  std::vector<int64_t> kept = increasingMap(x.rank(), rank);
  std::vector<Dim> dims(rank);
  std::vector<int64_t> added;
  for (size_t i = 0, k = 0; i < rank; ++i) {
    if (k < kept.size() && kept[k] == int64_t(i)) {
      dims[i] = x.dims[k++];
    } else {
      dims[i] = Dim::fixed(rng.pick(sizes));
      added.push_back(int64_t(i));
    }
  }
  // The init's kept dims are declared like the input's (mlir-opt 16
  // rejects `?` against a static size there); its `?` sizes come from
  // tensor.dim of the input.
  Tensor init = exactTensor("", dims);
  for (size_t i = 0, k = 0; i < rank; ++i)
    if (k < kept.size() && kept[k] == int64_t(i))
      init.dynamic[i] = x.dynamic[k++];
  std::string sizesText;
  for (size_t i = 0, k = 0; i < rank; ++i) {
    bool isKept = k < kept.size() && kept[k] == int64_t(i);
    if (isKept)
      ++k;
    if (!init.dynamic[i])
      continue;
    const IndexValue *v = indexFor(dims[i], x, k - 1);
    if (!v)
      return true; // budget gone; what was emitted is valid
    sizesText += (sizesText.empty() ? "" : ", ") + v->name;
  }
  if (body.left() < 2)
    return true;
  init.name = body.fresh();
  body.op(init.name + " = tensor.empty(" + sizesText + ") : " + init.type());
  Tensor result{body.fresh(), dims, init.dynamic};
  body.op(result.name + " = linalg.broadcast ins(" + x.name + " : " + x.type() +
          ") outs(" + init.name + " : " + init.type() + ") dimensions = [" +
          intList(added) + "]");
  tensors.push_back(init);
  tensors.push_back(std::move(result));
  return true;
}

bool RandomFunction::assumingBroadcast() {
  if (body.left() < 6)
    return false;
  const Tensor &a = anyTensor();
  const Tensor *b = compatibleWith(a);
  if (!b)
    return false;
  Tensor ta = a, tb = *b; // copies: the pools grow below
  ShapeValue sa{body.fresh(), ta.dims, true};
  body.op(sa.name + " = shape.shape_of " + ta.name + " : " + ta.type() +
          " -> " + sa.type());
  ShapeValue sb{body.fresh(), tb.dims, true};
  body.op(sb.name + " = shape.shape_of " + tb.name + " : " + tb.type() +
          " -> " + sb.type());
  std::string w = body.fresh();
  body.op(w + " = shape.cstr_broadcastable " + sa.name + ", " + sb.name +
          " : " + sa.type() + ", " + sb.type());
  std::vector<Dim> dims = *broadcastModel({&ta, &tb});
  Tensor result{body.fresh(), dims, broadcastDeclared({&ta, &tb}, dims.size())};
  std::string inner = body.fresh();
  body.op(result.name + " = shape.assuming " + w + " -> (" + result.type() +
          ") {");
  body.op(inner + " = \"tosa.add\"(" + ta.name + ", " + tb.name + ") : (" +
              ta.type() + ", " + tb.type() + ") -> " + result.type(),
          4);
  body.op("shape.assuming_yield " + inner + " : " + result.type(), 4);
  body.line("}");
  shapes.push_back(sa);
  shapes.push_back(sb);
  witnesses.push_back(w);
  tensors.push_back(std::move(result));
  return true;
}

bool RandomFunction::tensorDim() {
  const Tensor &x = anyTensor();
  if (x.rank() == 0 || body.left() < 2)
    return false;
  size_t i = rng.below(x.rank());
  Tensor copy = x;
  std::string c = indexConstant(int64_t(i));
  std::string name = body.fresh();
  body.op(name + " = tensor.dim " + copy.name + ", " + c + " : " + copy.type());
  indices.push_back({name, copy.dims[i]});
  return true;
}

bool RandomFunction::tensorEmpty() {
  static const std::vector<int64_t> sizes = {1, 2, 4, 8};
  size_t rank = size_t(rng.range(1, 3));
  std::vector<Dim> dims;
  std::vector<bool> dynamic;
  std::string operands;
  for (size_t i = 0; i < rank; ++i) {
    if (rng.permille(600)) {
      const IndexValue &v = indices[rng.recent(indices.size())];
      dims.push_back(v.model);
      dynamic.push_back(true);
      operands += (operands.empty() ? "" : ", ") + v.name;
    } else {
      dims.push_back(Dim::fixed(rng.pick(sizes)));
      dynamic.push_back(false);
    }
  }
  // A negative constant size would be UB of its own: keep to sizes >= 0.
  for (const Dim &d : dims)
    if (!d.isSymbol() && d.size < 0)
      return false;
  Tensor result{body.fresh(), dims, dynamic};
  body.op(result.name + " = tensor.empty(" + operands + ") : " + result.type());
  tensors.push_back(std::move(result));
  return true;
}

bool RandomFunction::tensorCast() {
  const Tensor &x = anyTensor();
  if (x.rank() == 0)
    return false;
  Tensor result = x;
  result.name = body.fresh();
  bool changed = false;
  for (size_t i = 0; i < x.rank(); ++i) {
    if (x.dims[i].isSymbol() || !rng.permille(500))
      continue;
    result.dynamic[i] = !result.dynamic[i];
    changed = true;
  }
  if (!changed)
    return false;
  body.op(result.name + " = tensor.cast " + x.name + " : " + x.type() + " to " +
          result.type());
  tensors.push_back(std::move(result));
  return true;
}

bool RandomFunction::constant() {
  switch (rng.below(3)) {
  case 0:
    if (indexConstants.size() < 8) {
      int64_t v = rng.range(0, 7);
      if (!hasIndexConstant(v)) {
        indexConstant(v);
        return true;
      }
    }
    [[fallthrough]];
  case 1: {
    // A dense constant shaped like a suffix of the root (a bias).
    size_t r = size_t(rng.range(1, int64_t(root.size())));
    std::vector<Dim> dims(root.end() - long(r), root.end());
    for (Dim &d : dims)
      if (d.isSymbol() || rng.permille(300))
        d = Dim::fixed(1);
    Tensor result = exactTensor(body.fresh(), dims);
    body.op(result.name +
            " = arith.constant dense<1.000000e+00> : " + result.type());
    tensors.push_back(std::move(result));
    return true;
  }
  default:
    body.op(body.fresh() + " = arith.constant " +
            std::to_string(rng.range(0, 99)) + " : i32");
    return true;
  }
}

bool RandomFunction::indexArith() {
  const IndexValue a = indices[rng.recent(indices.size())];
  const IndexValue b = indices[rng.recent(indices.size())];
  bool add = rng.permille(500);
  Dim d = freshSymbol();
  if (!a.model.isSymbol() && !b.model.isSymbol())
    d = Dim::fixed(add ? a.model.size + b.model.size
                       : a.model.size * b.model.size);
  if (!d.isSymbol() && d.size > 4096)
    return false;
  std::string name = body.fresh();
  if (rng.permille(500))
    body.op(name + " = arith." + (add ? "addi " : "muli ") + a.name + ", " +
            b.name + " : index");
  else
    body.op(name + " = shape." + (add ? "add " : "mul ") + a.name + ", " +
            b.name + " : index, index -> index");
  indices.push_back({name, d});
  return true;
}

bool RandomFunction::opaque() {
  static const std::vector<int64_t> sizes = {1, 2, 4, 8};
  const Tensor &x = anyTensor();
  if (rng.permille(300)) {
    // A registered, shape-preserving op symshape does not model.
    Tensor result = x;
    result.name = body.fresh();
    for (size_t i = 0; i < x.rank(); ++i)
      if (x.dynamic[i])
        result.dims[i] = freshSymbol();
    body.op(result.name + " = \"tosa." + (rng.permille(500) ? "exp" : "tanh") +
            "\"(" + x.name + ") : (" + x.type() + ") -> " + result.type());
    tensors.push_back(std::move(result));
    return true;
  }
  size_t rank = size_t(rng.range(1, 3));
  std::vector<Dim> dims;
  for (size_t i = 0; i < rank; ++i)
    dims.push_back(rng.permille(300) ? freshSymbol()
                                     : Dim::fixed(rng.pick(sizes)));
  Tensor result = exactTensor(body.fresh(), dims);
  static const char *const names[] = {"foo.matmul", "foo.softmax",
                                      "mydialect.custom_call"};
  body.op(result.name + " = \"" + names[rng.below(3)] + "\"(" + x.name +
          ") {note = \"opaque\"} : (" + x.type() + ") -> " + result.type());
  tensors.push_back(std::move(result));
  return true;
}

bool RandomFunction::injectUb() {
  const Tensor &a = anyTensor();
  std::vector<size_t> columns;
  for (size_t i = 0; i < a.rank(); ++i)
    if (!a.dims[i].isOne())
      columns.push_back(i);
  if (columns.empty())
    return false;
  size_t column = rng.pick(columns);
  Tensor src = a; // a copy: the pool grows below
  std::vector<Dim> dims(src.rank(), Dim::fixed(1));
  dims[column] = freshSymbol();
  Tensor other = exactTensor(body.fresh(), dims);
  body.op(other.name + " = \"foo.source\"() : () -> " + other.type());
  std::vector<Dim> result = src.dims;
  result[column] = freshSymbol();
  Tensor r{body.fresh(), result, src.dynamic};
  r.dynamic[column] = true;
  body.op(r.name + " = \"tosa.add\"(" + src.name + ", " + other.name + ") : (" +
          src.type() + ", " + other.type() + ") -> " + r.type());
  tensors.push_back(std::move(other));
  tensors.push_back(std::move(r));
  return true;
}

} // namespace symshape_bench::generate
