//===- GeneratorImpl.h - The program generator's class ----------*- C++ -*-===//
//
// Private to Generator*.cpp: the generator of random programs. The
// original programs (ops drawn one by one, then assumptions) are in
// Generator.cpp; mixed programs in GeneratorMixed.cpp (the driver, and the
// implicit, cast, glue and linalg steps) and GeneratorMixedOps.cpp (the
// XLA and shape dialect steps).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_PROPERTY_GENERATORIMPL_H
#define SYMSHAPE_PROPERTY_GENERATORIMPL_H

#include "Generator.h"

#include "Model.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <random>
#include <set>

namespace symshape::property::generator_impl {

class Generator {
public:
  explicit Generator(uint64_t seed) : rng(seed) { program.seed = seed; }

  Program run() {
    program.minDim = chance(15) ? 1 : 0;
    program.strict = chance(12);
    program.numArgs = uniform(1, 3);
    int dynamicArgDims = 0;
    for (int i = 0; i < program.numArgs; ++i) {
      TensorType type = randomType();
      for (int64_t &dim : type.dims)
        if (dim == kDynamic && ++dynamicArgDims > 3)
          dim = randomStatic();
      program.values.push_back({std::string(1, char('a' + i)), type});
    }
    int numOps = uniform(1, 5);
    for (int i = 0; i < numOps; ++i)
      for (int attempt = 0; attempt < 20; ++attempt) {
        addOp(i);
        if (fits())
          break;
        program.ops.pop_back();
        program.values.pop_back();
      }
    addAssumptions();
    return std::move(program);
  }

private:
  std::mt19937_64 rng;
  Program program;

  /// Uniform in [lo, hi], from raw engine output (portable).
  int uniform(int lo, int hi) {
    return lo + static_cast<int>(rng() % static_cast<uint64_t>(hi - lo + 1));
  }
  bool chance(int percent) { return uniform(0, 99) < percent; }

  int64_t randomStatic() {
    static const int64_t table[] = {0, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4};
    return table[uniform(0, 10)];
  }
  int64_t randomDim() { return chance(40) ? kDynamic : randomStatic(); }

  TensorType randomType() {
    TensorType type;
    int r = uniform(0, 99);
    if (r < 8) {
      type.ranked = false;
      return type;
    }
    int rank = r < 15 ? 0 : uniform(1, 3);
    for (int d = 0; d < rank; ++d)
      type.dims.push_back(randomDim());
    return type;
  }

  /// Within the symbol budget, no undefined obligation, an exact domain
  /// (and, for mixed programs, a domain of at most kMaxAssignments).
  bool fits() {
    last = buildModel(program);
    if (last.symbols.size() > kMaxSymbols || last.ambiguous ||
        !last.domain.exact)
      return false;
    if (!mixed)
      return true;
    size_t count = 1;
    for (const Symbol &symbol : last.symbols)
      count *= static_cast<size_t>(
          last.domain.high -
          (symbol.unbounded ? last.domain.indexLow : last.domain.low) + 1);
    return count <= kMaxAssignments;
  }

  /// Recent values are likelier, so later ops reuse earlier results.
  int pickOperand() {
    int n = static_cast<int>(program.values.size());
    if (n > 1 && chance(50))
      return uniform(std::max(0, n - 2), n - 1);
    return uniform(0, n - 1);
  }

  void addOp(int index);
  TensorType deriveResult(const std::vector<int> &operands);
  void addAssumptions();
  Assume atom(const std::vector<DimRef> &refs);

  //===--- Mixed programs (every op family) ------------------------------===//
public:
  Program runMixed();

private:
  bool mixed = false;
  Model last; ///< the model of the program so far (after fits())
  int nextName = 0;

  int addValue(Value value) {
    program.values.push_back(std::move(value));
    return static_cast<int>(program.values.size()) - 1;
  }
  /// Appends an op producing a fresh value of `result`'s type.
  int emit(OpKind kind, std::string name, std::vector<int> operands,
           Value result, std::vector<int64_t> attr = {}) {
    result.name = std::to_string(nextName++);
    Op op;
    op.kind = kind;
    op.name = std::move(name);
    op.operands = std::move(operands);
    op.attr = std::move(attr);
    op.result = addValue(std::move(result));
    program.ops.push_back(op);
    return op.result;
  }
  Op &lastOp() { return program.ops.back(); }
  static Value tensorValue(TensorType type) {
    return {"", std::move(type), ValueKind::Tensor, false};
  }
  static Value scalarValue(ValueKind kind) {
    Value v;
    v.kind = kind;
    v.type.ranked = false;
    v.type.scalar = true;
    return v;
  }
  static Value extentTensor(int64_t length) {
    Value v;
    v.kind = ValueKind::Shape;
    v.type = {true, false, {length}, "index"};
    return v;
  }
  static Value shapeShape() {
    Value v;
    v.kind = ValueKind::Shape;
    v.shapeType = true;
    v.type.ranked = false;
    return v;
  }

  /// Values the predicate accepts (and the generator may use); recent ones
  /// likelier. -1 when there is none.
  template <typename Pred> int pick(Pred pred) {
    std::vector<int> candidates;
    for (size_t v = 0; v < program.values.size(); ++v)
      if (usable(static_cast<int>(v)) && pred(program.values[v]))
        candidates.push_back(static_cast<int>(v));
    if (candidates.empty())
      return -1;
    int n = static_cast<int>(candidates.size());
    if (n > 1 && chance(50))
      return candidates[uniform(std::max(0, n - 3), n - 1)];
    return candidates[uniform(0, n - 1)];
  }
  bool usable(int v) const {
    return v >= static_cast<int>(last.values.size()) ||
           !last.values[v].uncertain;
  }
  static bool rankedTensor(const Value &v) {
    return v.kind == ValueKind::Tensor && v.type.ranked && !v.type.scalar;
  }
  /// A shape whose extents the model knows.
  bool rankedShape(int v) const {
    return v >= 0 && program.values[v].kind == ValueKind::Shape &&
           v < static_cast<int>(last.values.size()) && last.values[v].ranked;
  }
  /// A constant index value K (reusing one when it exists).
  int indexConstant(int64_t k) {
    for (size_t i = 0; i < program.ops.size(); ++i)
      if (program.ops[i].kind == OpKind::Constant &&
          program.ops[i].attr[0] == k)
        return program.ops[i].result;
    return emit(OpKind::Constant, "arith.constant", {},
                scalarValue(ValueKind::Index), {k});
  }
  int64_t smallSize() {
    static const int64_t table[] = {1, 1, 2, 2, 3, 3, 4};
    return table[uniform(0, 6)];
  }
  /// `dims` distinct values from [0, n), sorted when `sorted`.
  std::vector<int64_t> choose(int dims, int n, bool sorted) {
    std::vector<int64_t> all(n);
    std::iota(all.begin(), all.end(), 0);
    for (int i = n - 1; i > 0; --i)
      std::swap(all[i], all[uniform(0, i)]);
    all.resize(std::min(dims, n));
    if (sorted)
      std::sort(all.begin(), all.end());
    return all;
  }
  /// A declared result dim for an inferred static `dim` (kDynamic: `?`).
  int64_t perturb(int64_t dim, int keep) {
    int s = uniform(0, 99);
    if (dim != kDynamic)
      return s < keep                          ? dim
             : s < keep + (100 - keep) * 3 / 4 ? kDynamic
                                               : smallSize();
    return s < 55 ? kDynamic : smallSize();
  }

  void mixedArguments();
  void mixedStep();
  void stepImplicit();
  void stepCast();
  void stepGlue();
  void stepLinalg();
  void stepXlaBinary();
  void stepBroadcastInDim();
  void stepDynamicBroadcastInDim();
  void stepShape();
  int shapeOperand();
};

} // namespace symshape::property::generator_impl

#endif // SYMSHAPE_PROPERTY_GENERATORIMPL_H
