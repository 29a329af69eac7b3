//===- Families.cpp - linalg.broadcast and tensor glue programs -----------===//

#include "Families.h"

#include "FamilyText.h"

#include <algorithm>

namespace symshape::differential {

using solver::ObligationKind;

//===----------------------------------------------------------------------===//
// linalg.broadcast
//===----------------------------------------------------------------------===//

namespace {

struct LinalgProgram {
  Shape input, init;
  std::vector<int64_t> dimensions; ///< the init dims the broadcast adds
  std::string element;
  bool emptyInit = false; ///< the init is a tensor.empty, not an argument
};

/// MLIR 16's BroadcastOp::verify (LinalgOps.cpp), transcribed. The
/// generator never repeats a dimension: MLIR 16 then reads past the input
/// shape.
bool linalgMlirRejects(const LinalgProgram &p, std::string &message) {
  int64_t inRank = int64_t(p.input.rank()), initRank = int64_t(p.init.rank());
  if (inRank + int64_t(p.dimensions.size()) != initRank) {
    message = "input rank plus added dimensions does not match init rank";
    return true;
  }
  for (size_t i = 0; i < p.dimensions.size(); ++i)
    if (p.dimensions[i] < 0 || p.dimensions[i] >= initRank) {
      message = "dimension " + std::to_string(i) + " is out of range";
      return true;
    }
  std::vector<int64_t> dimMap;
  for (int64_t dim = 0; dim < initRank; ++dim)
    if (std::find(p.dimensions.begin(), p.dimensions.end(), dim) ==
        p.dimensions.end())
      dimMap.push_back(dim);
  for (size_t i = 0; i < dimMap.size() && i < p.input.rank(); ++i) {
    // Sizes compare as integers: ShapedType::kDynamic equals only itself.
    int64_t a = p.input.dims[i], b = p.init.dims[size_t(dimMap[i])];
    if (a != b) {
      message = "input dim " + std::to_string(i) + " should match init dim " +
                std::to_string(dimMap[i]);
      return true;
    }
  }
  return false;
}

/// SPEC 3 and seed 002: the static `mapped-dim` errors. The op is a
/// static broadcast (seed 002: "no ambiguity at compile-time about shape
/// information"): mapped sizes must be equal in the types, a `?` only
/// with a `?`, which leaves a runtime obligation. In the upstream form the
/// dimensions name the added init dims, so their order implies no
/// transpose: like mlir-opt, symshape takes them as a set (only the RFC's
/// mapping form must be sorted). `unsorted` says they were out of order.
std::vector<Expected> linalgSpecErrors(const LinalgProgram &p, bool &unsorted) {
  std::vector<int64_t> dims = p.dimensions;
  unsorted = !std::is_sorted(dims.begin(), dims.end());
  std::sort(dims.begin(), dims.end());
  size_t initRank = p.init.rank();
  bool distinct = std::adjacent_find(dims.begin(), dims.end()) == dims.end();
  bool inRange = std::all_of(dims.begin(), dims.end(), [&](int64_t d) {
    return d >= 0 && d < int64_t(initRank);
  });
  bool count = p.input.rank() + dims.size() == initRank;
  if (!distinct || !inRange || !count)
    return {{ObligationKind::MappedDim, -1, true}};
  std::vector<Expected> errors;
  size_t i = 0;
  for (size_t t = 0; t < initRank; ++t) {
    if (std::find(dims.begin(), dims.end(), int64_t(t)) != dims.end())
      continue;
    if (p.input.dims[i++] != p.init.dims[t])
      errors.push_back({ObligationKind::MappedDim, int(t), true});
  }
  return errors;
}

LinalgProgram drawLinalgProgram(Dice &dice) {
  LinalgProgram p;
  static const std::vector<size_t> kRanks = {0, 1, 1, 2, 2, 2, 3, 3, 3, 4};
  p.init = drawShape(dice, dice.pick(kRanks), 25);
  p.element = dice.pick(std::vector<std::string>{"f32", "f32", "i32"});
  for (size_t t = 0; t < p.init.rank(); ++t)
    if (dice.chance(40))
      p.dimensions.push_back(int64_t(t));
  // The input: the init's mapped dims, often changed.
  for (size_t t = 0; t < p.init.rank(); ++t) {
    if (std::find(p.dimensions.begin(), p.dimensions.end(), int64_t(t)) !=
        p.dimensions.end())
      continue;
    int64_t size = p.init.dims[t];
    unsigned roll = dice.below(100);
    if (roll < 55)
      p.input.dims.push_back(size);
    else if (roll < 70)
      p.input.dims.push_back(kDynamic);
    else if (roll < 80)
      p.input.dims.push_back(1);
    else
      p.input.dims.push_back(size == kDynamic ? dice.size()
                                              : otherSize(dice, size));
  }
  // Now and then, dimensions out of order, out of range or miscounted.
  unsigned roll = dice.below(100);
  if (roll < 25 && p.dimensions.size() >= 2) {
    std::reverse(p.dimensions.begin(), p.dimensions.end());
  } else if (roll < 30 && !p.dimensions.empty()) {
    p.dimensions.back() =
        dice.chance(50) ? -1 : int64_t(p.init.rank() + dice.below(2));
  } else if (roll < 35) {
    if (!p.dimensions.empty() && dice.chance(50))
      p.dimensions.pop_back(); // the input is now a dim short
    else
      p.input.dims.push_back(dice.size()); // one input dim too many
  }
  p.emptyInit = dice.chance(50);
  return p;
}

Case linalgCase(const LinalgProgram &p, std::string name) {
  Case c;
  c.family = "linalg";
  c.name = std::move(name);
  std::string in = printType(p.input, p.element);
  std::string init = printType(p.init, p.element);
  std::vector<std::string> body;
  std::string header;
  if (p.emptyInit) {
    // The init's `?` dims: the input's own size where it maps a `?` of
    // the input (so the two are provably equal), else the argument %n.
    header = "func.func @" + c.name + "(%x: " + in + ", %n: index) -> " + init;
    bool valid = p.input.rank() + p.dimensions.size() == p.init.rank();
    std::vector<std::string> sizes;
    size_t i = 0;
    for (size_t t = 0; t < p.init.rank(); ++t) {
      bool added = std::find(p.dimensions.begin(), p.dimensions.end(),
                             int64_t(t)) != p.dimensions.end();
      size_t from = added ? SIZE_MAX : i++;
      if (p.init.dims[t] != kDynamic)
        continue;
      if (valid && from < p.input.rank() && p.input.dims[from] == kDynamic) {
        std::string index = std::to_string(from);
        body.push_back("%c" + index + "_" + std::to_string(t) +
                       " = arith.constant " + index + " : index");
        body.push_back("%dim" + std::to_string(t) + " = tensor.dim %x, %c" +
                       index + "_" + std::to_string(t) + " : " + in);
        sizes.push_back("%dim" + std::to_string(t));
      } else {
        sizes.push_back("%n");
      }
    }
    body.push_back("%y = tensor.empty(" + joinComma(sizes) + ") : " + init);
  } else {
    header = "func.func @" + c.name + "(%x: " + in + ", %y: " + init + ") -> " +
             init;
  }
  std::vector<std::string> dims;
  for (int64_t d : p.dimensions)
    dims.push_back(std::to_string(d));
  c.rejectLine = unsigned(body.size() + 1);
  body.push_back("%0 = linalg.broadcast ins(%x : " + in + ") outs(%y : " +
                 init + ") dimensions = [" + joinComma(dims) + "]");
  body.push_back("return %0 : " + init);
  c.text = function(header, body);

  bool unsorted = false;
  c.mlirRejects = linalgMlirRejects(p, c.rejectMessage);
  c.expected = linalgSpecErrors(p, unsorted);
  if (c.mlirRejects)
    c.rejectMessage = "'linalg.broadcast' op " + c.rejectMessage;
  bool errs = !c.expected.empty();
  (void)unsorted; // unsorted added dims agree with mlir-opt now
  if (c.mlirRejects == errs)
    c.cls = errs ? Class::AgreeReject : Class::AgreeAccept;
  else
    c.cls = Class::ModelError;
  return c;
}

} // namespace

std::vector<Case> generateLinalgCases(uint32_t seed, unsigned count,
                                      const std::string &prefix) {
  Dice dice(seed);
  std::vector<Case> cases;
  for (unsigned i = 0; i < count; ++i)
    cases.push_back(
        linalgCase(drawLinalgProgram(dice), prefix + "_" + std::to_string(i)));
  return cases;
}

//===----------------------------------------------------------------------===//
// Tensor glue
//===----------------------------------------------------------------------===//

namespace {

/// mlir::verifyCompatibleShape of two shapes, as tensor.cast's
/// areCastCompatible uses it (the element types are equal here).
bool castCompatible(const Shape &from, const Shape &to) {
  if (!from.ranked || !to.ranked)
    return true;
  if (from.rank() != to.rank())
    return false;
  for (size_t i = 0; i < from.rank(); ++i)
    if (from.dims[i] != kDynamic && to.dims[i] != kDynamic &&
        from.dims[i] != to.dims[i])
      return false;
  return true;
}

Case drawTensorCase(Dice &dice, std::string name) {
  Case c;
  c.family = "tensor";
  c.name = std::move(name);
  std::string element = dice.pick(std::vector<std::string>{"f32", "i32"});
  struct Value {
    std::string name;
    Shape shape;
  };
  std::vector<Value> tensors;
  std::vector<std::string> indices = {"%n"};
  std::vector<std::string> arguments;
  unsigned argumentCount = 1 + dice.below(2);
  for (unsigned i = 0; i < argumentCount; ++i) {
    Shape shape;
    if (dice.chance(20))
      shape.ranked = false;
    else
      shape = drawShape(dice, dice.below(4), 35);
    tensors.push_back({"%t" + std::to_string(i), shape});
    arguments.push_back(tensors.back().name + ": " + printType(shape, element));
  }
  arguments.push_back("%n: index");

  std::vector<std::string> body;
  unsigned next = 0;
  auto fresh = [&](const char *stem) { return stem + std::to_string(next++); };
  auto constant = [&](int64_t value) {
    std::string n = fresh("%c");
    body.push_back(n + " = arith.constant " + std::to_string(value) +
                   " : index");
    return n;
  };
  unsigned steps = 3 + dice.below(5);
  for (unsigned s = 0; s < steps; ++s) {
    unsigned roll = dice.below(100);
    if (roll < 25) { // tensor.dim at an in-range index
      const Value &t = dice.pick(tensors);
      if (t.shape.ranked && t.shape.rank() == 0)
        continue;
      int64_t index = t.shape.ranked
                          ? int64_t(dice.below(unsigned(t.shape.rank())))
                          : int64_t(dice.below(3));
      std::string k = constant(index);
      std::string d = fresh("%dim");
      body.push_back(d + " = tensor.dim " + t.name + ", " + k + " : " +
                     printType(t.shape, element));
      indices.push_back(d);
    } else if (roll < 45) { // tensor.empty
      Shape shape = drawShape(dice, 1 + dice.below(3), 50);
      std::vector<std::string> sizes;
      for (int64_t dim : shape.dims)
        if (dim == kDynamic)
          sizes.push_back(dice.pick(indices));
      std::string e = fresh("%e");
      body.push_back(e + " = tensor.empty(" + joinComma(sizes) +
                     ") : " + printType(shape, element));
      tensors.push_back({e, shape});
    } else if (roll < 80) { // tensor.cast
      Value from = dice.pick(tensors);
      Shape to;
      if (!from.shape.ranked) {
        to = drawShape(dice, 1 + dice.below(3), 40);
      } else if (dice.chance(15)) {
        to.ranked = false;
      } else {
        for (int64_t dim : from.shape.dims) {
          unsigned r = dice.below(100);
          if (r < 40)
            to.dims.push_back(dim);
          else if (r < 65)
            to.dims.push_back(kDynamic);
          else if (dim == kDynamic || r < 85)
            to.dims.push_back(dim == kDynamic ? dice.size() : dim);
          else
            to.dims.push_back(otherSize(dice, dim));
        }
      }
      std::string v = fresh("%cast");
      if (!castCompatible(from.shape, to)) {
        for (size_t d = 0; d < to.rank(); ++d)
          if (from.shape.dims[d] != kDynamic && to.dims[d] != kDynamic &&
              from.shape.dims[d] != to.dims[d])
            c.expected.push_back({ObligationKind::Cast, int(d), true});
        if (!c.mlirRejects) {
          c.mlirRejects = true;
          c.rejectLine = unsigned(body.size() + 1);
          c.rejectMessage = "'tensor.cast' op operand type '" +
                            printType(from.shape, element) +
                            "' and result type '" + printType(to, element) +
                            "' are cast incompatible";
        }
      }
      body.push_back(v + " = tensor.cast " + from.name + " : " +
                     printType(from.shape, element) + " to " +
                     printType(to, element));
      tensors.push_back({v, to});
    } else if (roll < 90) { // an integer constant
      const char *type = dice.chance(50) ? "i32" : "i64";
      body.push_back(fresh("%i") + " = arith.constant " +
                     std::to_string(dice.below(9)) + " : " + type);
    } else { // index arithmetic
      std::string a = dice.pick(indices), b = dice.pick(indices);
      std::string r = fresh("%s");
      body.push_back(r + " = arith." + (dice.chance(50) ? "addi " : "muli ") +
                     a + ", " + b + " : index");
      indices.push_back(r);
    }
  }
  body.push_back("return");
  c.text =
      function("func.func @" + c.name + "(" + joinComma(arguments) + ")", body);
  c.cls = c.mlirRejects ? Class::AgreeReject : Class::AgreeAccept;
  return c;
}

} // namespace

std::vector<Case> generateTensorCases(uint32_t seed, unsigned count,
                                      const std::string &prefix) {
  Dice dice(seed);
  std::vector<Case> cases;
  for (unsigned i = 0; i < count; ++i)
    cases.push_back(drawTensorCase(dice, prefix + "_" + std::to_string(i)));
  return cases;
}

} // namespace symshape::differential
