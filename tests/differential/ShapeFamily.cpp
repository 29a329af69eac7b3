//===- ShapeFamily.cpp - Random shape-dialect programs --------------------===//

#include "Families.h"

#include "FamilyText.h"

#include <algorithm>

namespace symshape::differential {

//===----------------------------------------------------------------------===//
// The shape dialect
//===----------------------------------------------------------------------===//

namespace {

/// Typed values of a shape program.
enum class Kind { Tensor, Extent, Shape, Index, Size, Witness, Bool };

struct ShapeValue {
  std::string name;
  std::string type;
  Kind kind;
  /// An extent tensor's static length, a tensor's rank, else kDynamic.
  int64_t length = kDynamic;
};

constexpr const char *kShapeType = "!shape.shape";
constexpr const char *kSizeType = "!shape.size";

std::string extentType(int64_t length) {
  return "tensor<" +
         (length == kDynamic ? std::string("?") : std::to_string(length)) +
         "xindex>";
}

class ShapeProgram {
public:
  ShapeProgram(Dice &dice) : dice(dice) {}

  std::string build(const std::string &name) {
    std::vector<std::string> arguments;
    unsigned tensors = 1 + dice.below(3);
    for (unsigned i = 0; i < tensors; ++i) {
      Shape shape;
      if (dice.chance(15))
        shape.ranked = false;
      else
        shape = drawShape(dice, dice.below(4), 35);
      std::string n = "%t" + std::to_string(i);
      std::string type = printType(shape, "f32");
      arguments.push_back(n + ": " + type);
      values.push_back({n, type, Kind::Tensor,
                        shape.ranked ? int64_t(shape.rank()) : kDynamic});
    }
    auto argument = [&](unsigned percent, const char *n, std::string type,
                        Kind kind, int64_t length = kDynamic) {
      if (!dice.chance(percent))
        return;
      arguments.push_back(std::string(n) + ": " + type);
      values.push_back({n, type, kind, length});
    };
    argument(15, "%s", kShapeType, Kind::Shape);
    int64_t length = dice.chance(50) ? kDynamic : int64_t(dice.below(4));
    argument(15, "%e", extentType(length), Kind::Extent, length);
    argument(30, "%i", "index", Kind::Index);
    argument(15, "%z", kSizeType, Kind::Size);

    // Every program starts from the shape of its first tensor.
    shapeOf(values.front());
    unsigned ops = 4 + dice.below(7);
    for (unsigned k = 0; k < ops; ++k)
      step();
    body.push_back("return");
    return function("func.func @" + name + "(" + joinComma(arguments) + ")",
                    body);
  }

private:
  Dice &dice;
  std::vector<ShapeValue> values;
  std::vector<std::string> body;
  unsigned next = 0;

  std::string fresh() { return "%v" + std::to_string(next++); }

  std::vector<ShapeValue> of(std::initializer_list<Kind> kinds) const {
    std::vector<ShapeValue> result;
    for (const ShapeValue &v : values)
      for (Kind kind : kinds)
        if (v.kind == kind)
          result.push_back(v);
    return result;
  }
  std::vector<ShapeValue> shapes() const {
    return of({Kind::Extent, Kind::Shape});
  }
  std::vector<ShapeValue> sizes() const {
    return of({Kind::Index, Kind::Size});
  }

  /// Defines a value and adds it to the pool.
  ShapeValue define(const std::string &rhs, std::string type, Kind kind,
                    int64_t length = kDynamic) {
    ShapeValue v{fresh(), std::move(type), kind, length};
    body.push_back(v.name + " = " + rhs);
    values.push_back(v);
    return v;
  }

  ShapeValue constantIndex(int64_t value) {
    return define("arith.constant " + std::to_string(value) + " : index",
                  "index", Kind::Index);
  }
  ShapeValue size() {
    std::vector<ShapeValue> pool = sizes();
    if (pool.empty() || dice.chance(25))
      return dice.chance(50)
                 ? constantIndex(dice.size())
                 : define("shape.const_size " + std::to_string(dice.size()),
                          kSizeType, Kind::Size);
    return dice.pick(pool);
  }
  ShapeValue witness() {
    std::vector<ShapeValue> pool = of({Kind::Witness});
    if (pool.empty() || dice.chance(20))
      return define(std::string("shape.const_witness ") +
                        (dice.chance(80) ? "true" : "false"),
                    "!shape.witness", Kind::Witness);
    return dice.pick(pool);
  }

  /// `shape.shape_of` into an extent tensor of the exact length (or `?`),
  /// or into `!shape.shape`.
  ShapeValue shapeOf(const ShapeValue &tensor) {
    unsigned roll = dice.below(100);
    int64_t length = tensor.length;
    std::string type = roll < 25                         ? kShapeType
                       : roll < 50 || length == kDynamic ? extentType(kDynamic)
                                                         : extentType(length);
    return define("shape.shape_of " + tensor.name + " : " + tensor.type +
                      " -> " + type,
                  type, type == kShapeType ? Kind::Shape : Kind::Extent,
                  type == extentType(length) ? length : kDynamic);
  }

  /// Two or three shapes (any mix of extent tensors and `!shape.shape`).
  std::vector<ShapeValue> someShapes(unsigned most) {
    std::vector<ShapeValue> picked;
    unsigned count = 2 + dice.below(most - 1);
    for (unsigned i = 0; i < count; ++i)
      picked.push_back(dice.pick(shapes()));
    return picked;
  }
  static std::string names(const std::vector<ShapeValue> &vs) {
    std::vector<std::string> n;
    for (const ShapeValue &v : vs)
      n.push_back(v.name);
    return joinComma(n);
  }
  static std::string types(const std::vector<ShapeValue> &vs) {
    std::vector<std::string> t;
    for (const ShapeValue &v : vs)
      t.push_back(v.type);
    return joinComma(t);
  }
  static bool any(const std::vector<ShapeValue> &vs, Kind kind) {
    return std::any_of(vs.begin(), vs.end(),
                       [&](const ShapeValue &v) { return v.kind == kind; });
  }

  /// The result type of a shape op over `operands`: `!shape.shape` when one
  /// can hold an error, else an extent tensor of length `?`, the given
  /// length, or `!shape.shape`.
  std::pair<std::string, int64_t>
  shapeResult(const std::vector<ShapeValue> &operands, int64_t length) {
    unsigned roll = dice.below(100);
    if (any(operands, Kind::Shape) || roll < 20)
      return {kShapeType, kDynamic};
    if (roll < 55 || length == kDynamic)
      return {extentType(kDynamic), kDynamic};
    return {extentType(length), length};
  }
  /// `!shape.size` when an operand can hold an error, else `index` (and
  /// `!shape.size` now and then, which MLIR also accepts).
  std::string sizeResult(const std::vector<ShapeValue> &operands) {
    return any(operands, Kind::Size) || any(operands, Kind::Shape) ||
                   dice.chance(15)
               ? kSizeType
               : "index";
  }
  static Kind kindOf(const std::string &type) {
    if (type == kShapeType)
      return Kind::Shape;
    if (type == kSizeType)
      return Kind::Size;
    if (type == "index")
      return Kind::Index;
    return Kind::Extent;
  }

  std::string errorAttr(bool custom) {
    if (!dice.chance(20))
      return "";
    return custom ? ", error = \"mismatch\"" : " {error = \"mismatch\"}";
  }

  /// One op of the program (possibly a few, when it needs operands).
  void step() {
    unsigned roll = dice.below(21);
    switch (roll) {
    case 0: { // shape.shape_of
      shapeOf(dice.pick(of({Kind::Tensor})));
      return;
    }
    case 1: { // shape.const_shape
      std::vector<std::string> extents;
      size_t length = dice.below(4);
      for (size_t i = 0; i < length; ++i)
        extents.push_back(std::to_string(dice.size()));
      std::string type =
          dice.chance(30) ? kShapeType : extentType(int64_t(length));
      define("shape.const_shape [" + joinComma(extents) + "] : " + type, type,
             kindOf(type), type == kShapeType ? kDynamic : int64_t(length));
      return;
    }
    case 2:
    case 3: { // shape.broadcast
      std::vector<ShapeValue> operands = someShapes(3);
      int64_t length = 0;
      for (const ShapeValue &v : operands)
        length = v.length == kDynamic || length == kDynamic
                     ? kDynamic
                     : std::max(length, v.length);
      if (any(operands, Kind::Shape))
        length = kDynamic;
      auto [type, len] = shapeResult(operands, length);
      define("shape.broadcast " + names(operands) + errorAttr(false) + " : " +
                 types(operands) + " -> " + type,
             type, kindOf(type), len);
      return;
    }
    case 4: { // shape.meet of shapes, never two extent tensors of
              // different static lengths (mlir-opt rejects those)
      ShapeValue a = dice.pick(shapes()), b = dice.pick(shapes());
      if (a.kind == Kind::Extent && b.kind == Kind::Extent &&
          a.length != kDynamic && b.length != kDynamic && a.length != b.length)
        b = a;
      int64_t length = a.length != kDynamic ? a.length : b.length;
      if (a.kind == Kind::Shape || b.kind == Kind::Shape)
        length = kDynamic;
      auto [type, len] = shapeResult({a, b}, length);
      define("shape.meet " + a.name + ", " + b.name + errorAttr(true) + " : " +
                 a.type + ", " + b.type + " -> " + type,
             type, kindOf(type), len);
      return;
    }
    case 5: { // shape.meet of sizes
      ShapeValue a = size(), b = size();
      std::string type = sizeResult({a, b});
      define("shape.meet " + a.name + ", " + b.name + " : " + a.type + ", " +
                 b.type + " -> " + type,
             type, kindOf(type));
      return;
    }
    case 6:
    case 7: { // shape.add, shape.mul
      ShapeValue a = size(), b = size();
      std::string type = sizeResult({a, b});
      define(std::string(roll == 6 ? "shape.add " : "shape.mul ") + a.name +
                 ", " + b.name + " : " + a.type + ", " + b.type + " -> " + type,
             type, kindOf(type));
      return;
    }
    case 8: { // shape.get_extent, sometimes past the rank (runtime UB)
      ShapeValue s = dice.pick(shapes());
      ShapeValue d = dice.chance(70) ? constantIndex(dice.below(4)) : size();
      std::string type = sizeResult({s, d});
      define("shape.get_extent " + s.name + ", " + d.name + " : " + s.type +
                 ", " + d.type + " -> " + type,
             type, kindOf(type));
      return;
    }
    case 9:
    case 10: { // shape.rank, shape.num_elements
      ShapeValue s = dice.pick(shapes());
      std::string type = sizeResult({s});
      define(std::string(roll == 9 ? "shape.rank " : "shape.num_elements ") +
                 s.name + " : " + s.type + " -> " + type,
             type, kindOf(type));
      return;
    }
    case 11: { // shape.from_extents
      std::vector<ShapeValue> extents;
      unsigned count = 1 + dice.below(3);
      for (unsigned i = 0; i < count; ++i)
        extents.push_back(size());
      define("shape.from_extents " + names(extents) + " : " + types(extents),
             kShapeType, Kind::Shape);
      return;
    }
    case 12: { // shape.to_extent_tensor
      ShapeValue s = dice.pick(shapes());
      int64_t length = s.length;
      if (length == kDynamic && dice.chance(20))
        length = dice.below(4); // may not hold at runtime
      std::string type = extentType(dice.chance(60) ? kDynamic : length);
      define(
          "shape.to_extent_tensor " + s.name + " : " + s.type + " -> " + type,
          type, Kind::Extent, type == extentType(kDynamic) ? kDynamic : length);
      return;
    }
    case 13: { // shape.index_to_size, shape.size_to_index
      std::vector<ShapeValue> indices = of({Kind::Index});
      if (!indices.empty() && dice.chance(50)) {
        define("shape.index_to_size " + dice.pick(indices).name, kSizeType,
               Kind::Size);
      } else {
        ShapeValue s = size();
        define("shape.size_to_index " + s.name + " : " + s.type, "index",
               Kind::Index);
      }
      return;
    }
    case 14: { // shape.cstr_broadcastable, shape.cstr_eq
      std::vector<ShapeValue> operands = someShapes(dice.chance(50) ? 3 : 2);
      define(std::string(dice.chance(60) ? "shape.cstr_broadcastable "
                                         : "shape.cstr_eq ") +
                 names(operands) + " : " + types(operands),
             "!shape.witness", Kind::Witness);
      return;
    }
    case 15: { // shape.is_broadcastable
      std::vector<ShapeValue> operands = someShapes(3);
      define("shape.is_broadcastable " + names(operands) + " : " +
                 types(operands),
             "i1", Kind::Bool);
      return;
    }
    case 16: { // shape.assuming_all
      std::vector<ShapeValue> witnesses;
      unsigned count = 1 + dice.below(3);
      for (unsigned i = 0; i < count; ++i)
        witnesses.push_back(witness());
      define("shape.assuming_all " + names(witnesses), "!shape.witness",
             Kind::Witness);
      return;
    }
    case 17: { // shape.reduce: the product (or sum) of the extents
      ShapeValue s = dice.pick(shapes());
      bool extent = s.kind == Kind::Extent;
      std::string element = extent ? "index" : kSizeType;
      ShapeValue init =
          extent ? (dice.chance(50) ? constantIndex(1) : size())
                 : define("shape.const_size 1", kSizeType, Kind::Size);
      if (extent && init.kind != Kind::Index)
        init = constantIndex(1);
      std::string n = std::to_string(next++);
      std::string i = "%i" + n, e = "%e" + n, acc = "%acc" + n, r = "%r" + n;
      std::string op = dice.chance(70) ? "mul" : "add";
      std::string compute =
          extent && dice.chance(50)
              ? r + " = arith." + op + "i " + acc + ", " + e + " : index"
              : r + " = shape." + op + " " + acc + ", " + e + " : " + element +
                    ", " + element + " -> " + element;
      ShapeValue v{fresh(), element, extent ? Kind::Index : Kind::Size};
      body.push_back(v.name + " = shape.reduce(" + s.name + ", " + init.name +
                     ") : " + s.type + " -> " + element + " {");
      body.push_back("^bb0(" + i + ": index, " + e + ": " + element + ", " +
                     acc + ": " + element + "):");
      body.push_back("  " + compute);
      body.push_back("  shape.yield " + r + " : " + element);
      body.push_back("}");
      values.push_back(v);
      return;
    }
    case 18: { // shape.assuming: a broadcast under a constraint
      std::vector<ShapeValue> operands = someShapes(2);
      ShapeValue w = define("shape.cstr_broadcastable " + names(operands) +
                                " : " + types(operands),
                            "!shape.witness", Kind::Witness);
      auto [type, len] = shapeResult(operands, kDynamic);
      std::string inner = "%in" + std::to_string(next++);
      ShapeValue v{fresh(), type, kindOf(type), len};
      body.push_back(v.name + " = shape.assuming " + w.name + " -> (" + type +
                     ") {");
      body.push_back("  " + inner + " = shape.broadcast " + names(operands) +
                     " : " + types(operands) + " -> " + type);
      body.push_back("  shape.assuming_yield " + inner + " : " + type);
      body.push_back("}");
      values.push_back(v);
      return;
    }
    case 19: { // tensor.dim, for sizes read off a tensor
      ShapeValue t = dice.pick(of({Kind::Tensor}));
      if (t.length == 0)
        return;
      int64_t index = t.length == kDynamic ? 0 : dice.below(unsigned(t.length));
      ShapeValue k = constantIndex(index);
      define("tensor.dim " + t.name + ", " + k.name + " : " + t.type, "index",
             Kind::Index);
      return;
    }
    default: // a constant size
      size();
      return;
    }
  }
};

} // namespace

std::vector<Case> generateShapeCases(uint32_t seed, unsigned count,
                                     const std::string &prefix) {
  Dice dice(seed);
  std::vector<Case> cases;
  for (unsigned i = 0; i < count; ++i) {
    Case c;
    c.family = "shape";
    c.name = prefix + "_" + std::to_string(i);
    ShapeProgram program(dice);
    c.text = program.build(c.name);
    cases.push_back(std::move(c));
  }
  return cases;
}

} // namespace symshape::differential
