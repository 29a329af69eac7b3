//===- GenerateShapeOps.cpp - The shape dialect ---------------------------===//
//
// Shapes come from shape_of (as !shape.shape or an extent tensor), sizes from
// constants, index values or num_elements; the ops combine them as seed 004
// does.
//
//===----------------------------------------------------------------------===//

#include "GeneratorImpl.h"

namespace symshape::fuzz {
namespace gen {

const Val *Generator::shapeValue() {
  std::vector<const Val *> shapes = ofKind(Val::Shape);
  for (const Val *v : ofKind(Val::ExtentTensor))
    shapes.push_back(v);
  if (!shapes.empty() && in.chance(1, 2))
    return choose(shapes);
  const Val *t = choose(ofKind(Val::Tensor));
  Val s;
  s.name = fresh("s");
  if (t->ranked && in.chance(1, 2)) {
    s.kind = Val::ExtentTensor;
    s.dims = {int64_t(t->dims.size())};
  } else {
    s.kind = Val::Shape;
  }
  std::string line = s.name + " = shape.shape_of " + t->name + " : " +
                     t->type() + " -> " + s.type();
  define(s, line);
  return &pool.back();
}

const Val *Generator::sizeValue() {
  std::vector<const Val *> sizes = ofKind(Val::Size);
  if (!sizes.empty() && in.chance(1, 2))
    return choose(sizes);
  Val s;
  s.kind = Val::Size;
  s.name = fresh("z");
  switch (in.below(3)) {
  case 0:
    define(s, s.name + " = shape.const_size " + std::to_string(staticSize()));
    break;
  case 1: {
    std::string i = indexValue()->name;
    define(s, s.name + " = shape.index_to_size " + i);
    break;
  }
  default: {
    const Val *shape = shapeValue();
    std::string text = shape->name + " : " + shape->type();
    define(s, s.name + " = shape.num_elements " + text + " -> !shape.size");
  }
  }
  return &pool.back();
}

void Generator::shapeBroadcast() {
  const Val *a = shapeValue();
  std::string an = a->name, at = a->type();
  const Val *b = shapeValue();
  std::string bn = b->name, bt = b->type();
  Val r;
  r.kind = Val::Shape;
  r.name = fresh("s");
  std::string error = in.chance(1, 4) ? ", error = \"bad\"" : "";
  define(r, r.name + " = shape.broadcast " + an + ", " + bn + error + " : " +
                at + ", " + bt + " -> !shape.shape");
}

void Generator::shapeConstraint() {
  const Val *a = shapeValue();
  std::string an = a->name, at = a->type();
  const Val *b = shapeValue();
  std::string bn = b->name, bt = b->type();
  Val w;
  w.kind = Val::Witness;
  w.name = fresh("w");
  std::string op =
      in.chance(1, 2) ? "shape.cstr_broadcastable" : "shape.cstr_eq";
  define(w,
         w.name + " = " + op + " " + an + ", " + bn + " : " + at + ", " + bt);
}

void Generator::shapeSizes() {
  switch (in.below(4)) {
  case 0: {
    const Val *shape = shapeValue();
    std::string sn = shape->name, st = shape->type();
    const Val *k = sizeValue();
    std::string kn = k->name;
    Val r;
    r.kind = Val::Size;
    r.name = fresh("z");
    define(r, r.name + " = shape.get_extent " + sn + ", " + kn + " : " + st +
                  ", !shape.size -> !shape.size");
    return;
  }
  case 1: {
    std::vector<std::string> names;
    for (size_t k = 1 + in.below(3); k > 0; --k)
      names.push_back(sizeValue()->name);
    Val r;
    r.kind = Val::Shape;
    r.name = fresh("s");
    std::string line = r.name + " = shape.from_extents ";
    std::string types;
    for (size_t k = 0; k < names.size(); ++k) {
      line += (k ? ", " : "") + names[k];
      types += (k ? ", " : "") + std::string("!shape.size");
    }
    define(r, line + " : " + types);
    return;
  }
  case 2: {
    const Val *a = sizeValue();
    std::string an = a->name;
    const Val *b = sizeValue();
    std::string bn = b->name;
    Val r;
    r.kind = Val::Size;
    r.name = fresh("z");
    std::string op = in.chance(1, 2) ? "shape.add" : "shape.mul";
    define(r, r.name + " = " + op + " " + an + ", " + bn +
                  " : !shape.size, !shape.size -> !shape.size");
    return;
  }
  default: {
    const Val *s = sizeValue();
    std::string sn = s->name;
    Val r;
    r.kind = Val::Index;
    r.name = fresh("i");
    define(r, r.name + " = shape.size_to_index " + sn + " : !shape.size");
  }
  }
}

void Generator::shapeToTensor() {
  const Val *shape = shapeValue();
  std::string sn = shape->name, st = shape->type();
  Val r;
  r.kind = Val::ExtentTensor;
  r.name = fresh("e");
  r.dims = {int64_t(in.below(4))};
  define(r, r.name + " = shape.to_extent_tensor " + sn + " : " + st + " -> " +
                r.type());
}

void Generator::shapeReduce() {
  const Val *shape = shapeValue();
  std::string sn = shape->name, st = shape->type();
  const Val *init = sizeValue();
  std::string in0 = init->name;
  Val r;
  r.kind = Val::Size;
  r.name = fresh("z");
  std::string i = fresh("i"), dim = fresh("z"), acc = fresh("z"),
              next = fresh("z");
  std::string op = in.chance(1, 2) ? "shape.mul" : "shape.add";
  define(r, r.name + " = shape.reduce(" + sn + ", " + in0 + ") : " + st +
                " -> !shape.size {\n" + "      ^bb0(" + i + ": index, " + dim +
                ": !shape.size, " + acc + ": !shape.size):\n" + "        " +
                next + " = " + op + " " + acc + ", " + dim +
                " : !shape.size, !shape.size -> !shape.size\n" +
                "        shape.yield " + next + " : !shape.size\n    }");
}

} // namespace gen

} // namespace symshape::fuzz
