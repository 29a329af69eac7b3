//===- Generator.cpp - Deterministic random programs ----------------------===//

#include "Generator.h"

#include "Model.h"

#include <algorithm>
#include <random>
#include <set>

namespace symshape::property {

namespace {

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

  /// Within the symbol budget, and no undefined obligation.
  bool fits() const {
    Model model = buildModel(program);
    return model.symbols.size() <= kMaxSymbols && !model.ambiguous;
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
};

void Generator::addOp(int index) {
  Op op;
  op.result = static_cast<int>(program.values.size());
  TensorType result;
  int r = uniform(0, 99);
  if (r < 12) {
    op.kind = OpKind::Opaque;
    op.name = chance(50) ? "foo.opaque" : "bar.baz";
    if (chance(60))
      op.operands.push_back(pickOperand());
    result = randomType();
    if (chance(10))
      result = TensorType{false, true, {}}; // i32, a non-tensor operand later
  } else if (r < 14) {
    op.name = "test.broadcastable"; // no operand: a static error
    result = randomType();
  } else {
    bool tosa = chance(25);
    op.name = tosa ? "tosa.add" : "test.broadcastable";
    int s = uniform(0, 99);
    int numOperands = tosa ? 2 : s < 20 ? 1 : s < 75 ? 2 : 3;
    for (int i = 0; i < numOperands; ++i)
      op.operands.push_back(pickOperand());
    result = deriveResult(op.operands);
  }
  program.values.push_back({std::to_string(index), result});
  program.ops.push_back(op);
}

TensorType Generator::deriveResult(const std::vector<int> &operands) {
  std::vector<int64_t> inferred;
  bool anyRanked = false, unranked = false;
  for (int operand : operands) {
    const TensorType &type = program.values[operand].type;
    if (type.scalar)
      continue;
    if (!type.ranked) {
      unranked = true;
      continue;
    }
    anyRanked = true;
    std::vector<int64_t> dims = type.dims;
    while (inferred.size() < dims.size())
      inferred.insert(inferred.begin(), 1);
    while (dims.size() < inferred.size())
      dims.insert(dims.begin(), 1);
    for (size_t j = 0; j < dims.size(); ++j) {
      bool error = false;
      inferred[j] = inferDim(inferred[j], dims[j], error);
    }
  }
  if (!anyRanked)
    return randomType();
  TensorType type;
  int r = uniform(0, 99);
  if (r < 8) {
    type.ranked = false;
    return type;
  }
  for (int64_t dim : inferred) {
    int s = uniform(0, 99);
    if (dim != kDynamic)
      type.dims.push_back(s < 78 ? dim : s < 95 ? kDynamic : randomStatic());
    else
      type.dims.push_back(s < 60 ? kDynamic : randomStatic());
  }
  if (r < 15) {
    if (!type.dims.empty() && chance(50))
      type.dims.erase(type.dims.begin());
    else
      type.dims.insert(type.dims.begin(), randomDim());
  }
  if (unranked && chance(35))
    for (int i = uniform(1, 2); i > 0; --i)
      type.dims.insert(type.dims.begin(), randomDim());
  return type;
}

/// One comparison, set or range test on `refs`.
Assume Generator::atom(const std::vector<DimRef> &refs) {
  Assume a;
  a.lhs = refs[uniform(0, static_cast<int>(refs.size()) - 1)];
  int r = uniform(0, 99);
  if (r < 40) {
    a.cmp = static_cast<CmpOp>(uniform(0, 5));
    a.rhs = uniform(0, 5);
  } else if (r < 65) {
    a.kind = r < 55 ? Assume::Kind::In : Assume::Kind::NotIn;
    for (int i = uniform(1, 3); i > 0; --i) {
      int64_t v = uniform(0, 5);
      if (std::find(a.set.begin(), a.set.end(), v) == a.set.end())
        a.set.push_back(v);
    }
  } else if (r < 73) {
    a.kind = Assume::Kind::InRange;
    int64_t lo = uniform(0, 4);
    a.set = {lo, std::min<int64_t>(5, lo + uniform(0, 3))};
  } else {
    a.cmp = static_cast<CmpOp>(uniform(0, 3));
    a.rhsIsRef = true;
    a.rhsRef = refs[uniform(0, static_cast<int>(refs.size()) - 1)];
  }
  return a;
}

/// Assumptions name only dims whose runtime size is a declared fact:
/// arguments, opaque results, and the fresh symbols of broadcast results that
/// lost their inferred shape. Not broadcast sizes, nor the symbols a Fact
/// ties to one: what they are when the broadcast conflicts is left open, and
/// an assumption on them could hide (or not) the op's own UB.
void Generator::addAssumptions() {
  Model model = buildModel(program);
  std::set<int> factSymbols;
  for (const Fact &fact : model.facts)
    factSymbols.insert(fact.symbol);
  std::vector<DimRef> refs;
  for (size_t v = 0; v < program.values.size(); ++v) {
    const RuntimeValue &rv = model.values[v];
    if (!rv.ranked)
      continue;
    bool declared = static_cast<int>(v) < program.numArgs ||
                    program.ops[v - program.numArgs].kind == OpKind::Opaque;
    for (size_t d = 0; d < rv.dims.size(); ++d) {
      const Term &term = model.terms[rv.dims[d]];
      bool own =
          term.kind == Term::Kind::Symbol && !factSymbols.count(rv.dims[d]) &&
          model.symbols[term.symbol].rfind("%" + program.values[v].name + "[",
                                           0) == 0;
      if (declared || own)
        refs.push_back({static_cast<int>(v), static_cast<int>(d)});
    }
  }
  if (refs.empty())
    return;
  auto make = [&]() {
    int r = uniform(0, 99);
    Assume a;
    if (r < 70)
      return atom(refs);
    if (r < 80) {
      // A contradiction: the same dim equal to two constants.
      Assume eq1, eq2;
      eq1.lhs = eq2.lhs = refs[uniform(0, static_cast<int>(refs.size()) - 1)];
      eq1.rhs = uniform(0, 2);
      eq2.rhs = eq1.rhs + uniform(1, 3);
      a.kind = Assume::Kind::And;
      a.kids = {eq1, eq2};
      return a;
    }
    a.kind = r < 88   ? Assume::Kind::And
             : r < 95 ? Assume::Kind::Or
                      : Assume::Kind::Not;
    a.kids.push_back(atom(refs));
    if (a.kind != Assume::Kind::Not)
      a.kids.push_back(atom(refs));
    return a;
  };
  if (chance(35))
    for (int i = uniform(1, 2); i > 0; --i)
      program.attrAssumes.push_back(make());
  if (chance(20))
    program.sessionAssumes.push_back(make());
}

} // namespace

Program generateProgram(uint64_t seed) { return Generator(seed).run(); }

} // namespace symshape::property
