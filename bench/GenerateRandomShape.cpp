//===- GenerateRandomShape.cpp - Random family: shape dialect -------------===//
//
// The shape dialect ops of family (c) random: shape_of, const_shape,
// broadcasts and constraints of shapes, extents, !shape.size values,
// shape.reduce and shape.debug_print.
//
//===----------------------------------------------------------------------===//

#include "GenerateRandom.h"

namespace symshape_bench::generate {

bool RandomFunction::shapeOf() {
  const Tensor &x = anyTensor();
  ShapeValue s{body.fresh(), x.dims, rng.permille(750)};
  body.op(s.name + " = shape.shape_of " + x.name + " : " + x.type() + " -> " +
          s.type());
  shapes.push_back(std::move(s));
  return true;
}

bool RandomFunction::constShape() {
  const Tensor &x = anyTensor();
  std::vector<int64_t> sizes;
  std::vector<Dim> dims;
  for (const Dim &d : x.dims) {
    int64_t v = d.isSymbol() ? 1 : d.size;
    sizes.push_back(v);
    dims.push_back(Dim::fixed(v));
  }
  ShapeValue s{body.fresh(), dims, rng.permille(600)};
  body.op(s.name + " = shape.const_shape [" + intList(sizes) +
          "] : " + s.type());
  shapes.push_back(std::move(s));
  return true;
}

std::optional<std::vector<const ShapeValue *>>
RandomFunction::compatibleShapes() {
  if (shapes.empty())
    return std::nullopt;
  const ShapeValue &a = shapes[rng.recent(shapes.size())];
  for (int tries = 0; tries < 12; ++tries) {
    const ShapeValue &b = shapes[rng.recent(shapes.size())];
    Tensor ta{"", a.dims, std::vector<bool>(a.dims.size(), true)};
    Tensor tb{"", b.dims, std::vector<bool>(b.dims.size(), true)};
    if (broadcastModel({&ta, &tb}))
      return std::vector<const ShapeValue *>{&a, &b};
  }
  return std::nullopt;
}

std::vector<Dim> RandomFunction::broadcastShapes(
    const std::vector<const ShapeValue *> &operands) {
  std::vector<Tensor> ts;
  for (const ShapeValue *s : operands)
    ts.push_back(Tensor{"", s->dims, std::vector<bool>(s->dims.size(), true)});
  std::vector<const Tensor *> ptrs;
  for (const Tensor &t : ts)
    ptrs.push_back(&t);
  return *broadcastModel(ptrs);
}

std::string
RandomFunction::shapeNames(const std::vector<const ShapeValue *> &ops) {
  std::string text;
  for (size_t i = 0; i < ops.size(); ++i)
    text += (i ? ", " : "") + ops[i]->name;
  return text;
}

std::string
RandomFunction::shapeTypes(const std::vector<const ShapeValue *> &ops) {
  std::string text;
  for (size_t i = 0; i < ops.size(); ++i)
    text += (i ? ", " : "") + ops[i]->type();
  return text;
}

bool RandomFunction::shapeBroadcast() {
  auto operands = compatibleShapes();
  if (!operands)
    return false;
  std::vector<Dim> dims = broadcastShapes(*operands);
  bool allExtent = true;
  for (const ShapeValue *s : *operands)
    allExtent = allExtent && s->extentTensor;
  ShapeValue result{body.fresh(), dims, allExtent && rng.permille(800)};
  body.op(result.name + " = shape.broadcast " + shapeNames(*operands) + " : " +
          shapeTypes(*operands) + " -> " + result.type());
  shapes.push_back(std::move(result));
  return true;
}

bool RandomFunction::cstrBroadcastable() {
  auto operands = compatibleShapes();
  if (!operands)
    return false;
  std::string w = body.fresh();
  body.op(w + " = shape.cstr_broadcastable " + shapeNames(*operands) + " : " +
          shapeTypes(*operands));
  witnesses.push_back(w);
  return true;
}

bool RandomFunction::isBroadcastable() {
  auto operands = compatibleShapes();
  if (!operands)
    return false;
  body.op(body.fresh() + " = shape.is_broadcastable " + shapeNames(*operands) +
          " : " + shapeTypes(*operands));
  return true;
}

bool RandomFunction::cstrEqOrMeet() {
  if (shapes.empty())
    return false;
  const ShapeValue &a = shapes[rng.recent(shapes.size())];
  const ShapeValue *b = nullptr;
  for (int tries = 0; tries < 12 && !b; ++tries) {
    const ShapeValue &c = shapes[rng.recent(shapes.size())];
    if (c.dims.size() == a.dims.size() &&
        std::equal(c.dims.begin(), c.dims.end(), a.dims.begin()))
      b = &c;
  }
  if (!b)
    b = &a;
  std::string name = body.fresh();
  switch (rng.below(3)) {
  case 0:
    body.op(name + " = shape.cstr_eq " + a.name + ", " + b->name + " : " +
            a.type() + ", " + b->type());
    witnesses.push_back(name);
    return true;
  case 1: {
    ShapeValue result{name, a.dims,
                      a.extentTensor && b->extentTensor && rng.permille(800)};
    body.op(name + " = shape.meet " + a.name + ", " + b->name + " : " +
            a.type() + ", " + b->type() + " -> " + result.type());
    shapes.push_back(std::move(result));
    return true;
  }
  default: {
    // shape.join has no custom form in mlir-opt 16: generic.
    ShapeValue result{name, a.dims, a.extentTensor && b->extentTensor};
    body.op(name + " = \"shape.join\"(" + a.name + ", " + b->name + ") : (" +
            a.type() + ", " + b->type() + ") -> " + result.type());
    shapes.push_back(std::move(result));
    return true;
  }
  }
}

bool RandomFunction::assumingAll() {
  if (witnesses.size() < 2)
    return false;
  std::string a = witnesses[rng.recent(witnesses.size())];
  std::string b = witnesses[rng.recent(witnesses.size())];
  std::string w = body.fresh();
  body.op(w + " = shape.assuming_all " + a + ", " + b);
  witnesses.push_back(w);
  return true;
}

bool RandomFunction::extentQuery() {
  std::vector<const ShapeValue *> extents;
  for (const ShapeValue &s : shapes)
    if (s.extentTensor && !s.dims.empty())
      extents.push_back(&s);
  if (extents.empty() || body.left() < 2)
    return false;
  ShapeValue s = *extents[rng.recent(extents.size())];
  std::string name;
  switch (rng.below(3)) {
  case 0: {
    size_t i = rng.below(s.dims.size());
    std::string c = indexConstant(int64_t(i));
    name = body.fresh();
    body.op(name + " = shape.get_extent " + s.name + ", " + c + " : " +
            s.type() + ", index -> index");
    indices.push_back({name, s.dims[i]});
    return true;
  }
  case 1:
    name = body.fresh();
    body.op(name + " = shape.rank " + s.name + " : " + s.type() + " -> index");
    indices.push_back({name, Dim::fixed(int64_t(s.dims.size()))});
    return true;
  default: {
    Dim d = product(s.dims);
    name = body.fresh();
    body.op(name + " = shape.num_elements " + s.name + " : " + s.type() +
            " -> index");
    indices.push_back({name, d});
    return true;
  }
  }
}

bool RandomFunction::sizeOps() {
  std::string name = body.fresh();
  switch (rng.below(4)) {
  case 0: {
    int64_t v = rng.range(1, 8);
    body.op(name + " = shape.const_size " + std::to_string(v));
    sizes.push_back({name, Dim::fixed(v)});
    return true;
  }
  case 1: {
    const IndexValue &v = indices[rng.recent(indices.size())];
    body.op(name + " = shape.index_to_size " + v.name);
    sizes.push_back({name, v.model});
    return true;
  }
  case 2:
    if (!sizes.empty()) {
      const IndexValue v = sizes[rng.recent(sizes.size())];
      body.op(name + " = shape.size_to_index " + v.name + " : !shape.size");
      indices.push_back({name, v.model});
      return true;
    }
    [[fallthrough]];
  default:
    if (sizes.empty())
      return false;
    const IndexValue a = sizes[rng.recent(sizes.size())];
    const IndexValue b = sizes[rng.recent(sizes.size())];
    body.op(name + " = shape.mul " + a.name + ", " + b.name +
            " : !shape.size, !shape.size -> !shape.size");
    sizes.push_back({name, product({a.model, b.model})});
    return true;
  }
}

bool RandomFunction::fromExtents() {
  size_t rank = size_t(rng.range(1, 3));
  std::vector<Dim> dims;
  std::string names, types;
  for (size_t i = 0; i < rank; ++i) {
    const IndexValue &v = indices[rng.recent(indices.size())];
    dims.push_back(v.model);
    names += (i ? ", " : "") + v.name;
    types += (i ? ", " : "") + std::string("index");
  }
  ShapeValue s{body.fresh(), dims, false};
  body.op(s.name + " = shape.from_extents " + names + " : " + types);
  shapes.push_back(std::move(s));
  return true;
}

bool RandomFunction::toExtentTensor() {
  std::vector<const ShapeValue *> ranked;
  for (const ShapeValue &s : shapes)
    if (!s.extentTensor)
      ranked.push_back(&s);
  if (ranked.empty())
    return false;
  ShapeValue s = *ranked[rng.recent(ranked.size())];
  ShapeValue result{body.fresh(), s.dims, true};
  body.op(result.name + " = shape.to_extent_tensor " + s.name + " : " +
          s.type() + " -> " + result.type());
  shapes.push_back(std::move(result));
  return true;
}

bool RandomFunction::reduce() {
  if (shapes.empty() || body.left() < 4)
    return false;
  ShapeValue s = shapes[rng.recent(shapes.size())];
  std::string one = body.fresh();
  std::string name = body.fresh(), i = body.fresh(), d = body.fresh(),
              acc = body.fresh(), next = body.fresh();
  if (s.extentTensor) {
    body.op(one + " = arith.constant 1 : index");
    body.op(name + " = shape.reduce(" + s.name + ", " + one +
            ") : " + s.type() + " -> index {");
    body.line("^bb0(" + i + ": index, " + d + ": index, " + acc + ": index):");
    body.op(next + " = arith.muli " + acc + ", " + d + " : index", 4);
    body.op("shape.yield " + next + " : index", 4);
    body.line("}");
    indices.push_back({name, product(s.dims)});
    return true;
  }
  body.op(one + " = shape.const_size 1");
  body.op(name + " = shape.reduce(" + s.name + ", " + one + ") : " + s.type() +
          " -> !shape.size {");
  body.line("^bb0(" + i + ": index, " + d + ": !shape.size, " + acc +
            ": !shape.size):");
  body.op(next + " = shape.mul " + acc + ", " + d +
              " : !shape.size, !shape.size -> !shape.size",
          4);
  body.op("shape.yield " + next + " : !shape.size", 4);
  body.line("}");
  sizes.push_back({name, product(s.dims)});
  return true;
}

bool RandomFunction::debugPrint() {
  std::vector<const ShapeValue *> candidates;
  for (const ShapeValue &s : shapes)
    if (!s.extentTensor)
      candidates.push_back(&s);
  if (candidates.empty())
    return false;
  ShapeValue s = *candidates[rng.recent(candidates.size())];
  ShapeValue result{body.fresh(), s.dims, false};
  // No custom form in mlir-opt 16: generic.
  body.op(result.name + " = \"shape.debug_print\"(" + s.name + ") : (" +
          s.type() + ") -> " + result.type());
  shapes.push_back(std::move(result));
  return true;
}

} // namespace symshape_bench::generate
