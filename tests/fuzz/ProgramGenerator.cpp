//===- ProgramGenerator.cpp - Valid programs from fuzzer bytes ------------===//

#include "GeneratorImpl.h"
#include "Targets.h"

namespace symshape::fuzz {
namespace gen {

GeneratedProgram Generator::run() {
  GeneratedProgram program;
  frontend::SessionOptions &options = program.options;
  options.judge.limits.timeoutMs = kFuzzBackstopMs; // see kFuzzRlimit
  options.judge.limits.rlimit = kFuzzRlimit;
  options.lowering.strict = in.chance(1, 8);
  options.lowering.minDim = in.chance(1, 6) ? in.range(1, 2) : 0;
  options.judge.fastPaths = !in.chance(1, 8);
  if (in.chance(1, 8))
    options.lowering.broadcastable.push_back("foo.op");
  size_t numFunctions = 1 + in.below(3); // at most 3: see function()
  for (size_t f = 0; f < numFunctions; ++f)
    function(f, program);
  return program;
}

int64_t Generator::staticSize() {
  static const int64_t sizes[] = {1, 2, 3, 4, 8, 1, 4, 0};
  return in.pick(sizes);
}

int64_t Generator::dimSize() { return in.chance(1, 2) ? kDyn : staticSize(); }

Val Generator::tensorType(size_t maxRank) {
  Val v;
  v.element = in.chance(1, 6) ? "i32" : "f32";
  if (in.chance(1, 10)) {
    v.ranked = false;
    return v;
  }
  size_t rank = in.below(maxRank + 1);
  for (size_t d = 0; d < rank; ++d)
    v.dims.push_back(dimSize());
  return v;
}

std::string Generator::fresh(const char *prefix) {
  return "%" + std::string(prefix) + std::to_string(counter++);
}

std::vector<const Val *> Generator::ofKind(Val::Kind kind, bool rankedOnly) {
  std::vector<const Val *> out;
  for (const Val &v : pool)
    if (v.kind == kind && (!rankedOnly || v.ranked))
      out.push_back(&v);
  return out;
}

const Val *Generator::choose(const std::vector<const Val *> &vals) {
  return vals.empty() ? nullptr : vals[in.below(vals.size())];
}

void Generator::define(Val v, std::string line) {
  body += "    " + line + "\n";
  pool.push_back(std::move(v));
}

const Val *Generator::indexValue() {
  std::vector<const Val *> indices = ofKind(Val::Index);
  if (!indices.empty() && !in.chance(1, 4))
    return choose(indices);
  return indexConstant(staticSize());
}

const Val *Generator::indexConstant(int64_t value) {
  Val c;
  c.kind = Val::Index;
  c.name = fresh("c");
  define(c, c.name + " = arith.constant " + std::to_string(value) + " : index");
  return &pool.back();
}

void Generator::function(size_t index, GeneratedProgram &program) {
  pool.clear();
  body.clear();
  counter = 0;
  std::string name = "@f" + std::to_string(index);
  std::string header = "func.func " + name + "(";
  // Argument names differ between functions: an --assume applies to every
  // function having the values it names.
  static const char *const tensorPrefix[] = {"%a", "%p", "%q"};
  static const char *const indexPrefix[] = {"%n", "%m", "%k"};
  size_t numArgs = 1 + in.below(4);
  for (size_t a = 0; a < numArgs; ++a) {
    Val v;
    if (a > 0 && in.chance(1, 8)) {
      v.kind = Val::Index;
      v.name = indexPrefix[index % 3] + std::to_string(a);
    } else {
      v = tensorType();
      v.name = tensorPrefix[index % 3] + std::to_string(a);
    }
    header += (a ? ", " : "") + v.name + ": " + v.type();
    pool.push_back(v);
  }
  header += ")";
  args.assign(pool.begin(), pool.end());

  size_t numOps = in.below(16);
  for (size_t k = 0; k < numOps && !in.empty(); ++k)
    operation();

  // Optionally return a tensor, so that refinement inserts casts.
  std::string returned;
  if (in.chance(1, 3)) {
    const Val *r = choose(ofKind(Val::Tensor));
    header += " -> " + r->type();
    returned = " " + r->name + " : " + r->type();
  }
  std::vector<std::string> facts;
  size_t numFacts = in.chance(1, 4) ? 1 + in.below(3) : 0;
  for (size_t k = 0; k < numFacts; ++k)
    facts.push_back(boolExpr(2));
  if (!facts.empty()) {
    header += " attributes {symshape.assume = [";
    for (size_t k = 0; k < facts.size(); ++k)
      header += (k ? ", \"" : "\"") + facts[k] + "\"";
    header += "]}";
  }
  if (index == 0 && in.chance(1, 8))
    program.assumptions.push_back(boolExpr(1));
  program.text += header + " {\n" + body + "    return" + returned + "\n}\n";
}

std::optional<std::string> Generator::sizeRef() {
  std::vector<std::string> refs;
  for (const Val &v : args) {
    if (v.kind == Val::Index)
      refs.push_back(v.name);
    else if (v.kind == Val::Tensor && v.ranked)
      for (size_t d = 0; d < v.dims.size(); ++d)
        refs.push_back(v.name + "[" + std::to_string(d) + "]");
  }
  if (refs.empty())
    return std::nullopt;
  return refs[in.below(refs.size())];
}

std::string Generator::term(int depth) {
  std::optional<std::string> ref = sizeRef();
  if (depth <= 0 || in.chance(1, 2) || !ref)
    return ref && in.chance(2, 3) ? *ref : std::to_string(in.range(-1, 9));
  static const char *const ops[] = {" + ", " - ", " * "};
  return term(depth - 1) + in.pick(ops) + term(depth - 1);
}

std::string Generator::boolExpr(int depth) {
  switch (depth > 0 ? in.below(5) : 0) {
  case 1:
    return "(" + boolExpr(depth - 1) + ") && (" + boolExpr(depth - 1) + ")";
  case 2:
    return "(" + boolExpr(depth - 1) + ") || (" + boolExpr(depth - 1) + ")";
  case 3:
    return "!(" + boolExpr(depth - 1) + ")";
  case 4: {
    if (in.chance(1, 4)) {
      int64_t lo = in.range(-1, 4);
      return term(1) + " in [" + std::to_string(lo) + ", " +
             std::to_string(lo + in.range(0, 4)) + "]";
    }
    std::string set = "{" + std::to_string(staticSize());
    for (size_t k = in.below(3); k > 0; --k)
      set += ", " + std::to_string(staticSize());
    return term(1) + (in.chance(1, 3) ? " not in " : " in ") + set + "}";
  }
  default: {
    static const char *const cmps[] = {" == ", " != ", " < ",
                                       " <= ", " > ",  " >= "};
    return term(1) + in.pick(cmps) + term(1);
  }
  }
}

void Generator::operation() {
  switch (in.below(16)) {
  case 0:
  case 1:
  case 2:
    return elementwise();
  case 3:
    return cast();
  case 4:
    return tensorDim();
  case 5:
    return tensorEmpty();
  case 6:
    return indexArith();
  case 7:
    return shapeBroadcast();
  case 8:
    return shapeConstraint();
  case 9:
    return shapeSizes();
  case 10:
    return shapeReduce();
  case 11:
    return linalgBroadcast();
  case 12:
    return broadcastInDim();
  case 13:
    return opaque();
  case 14:
    return shapeToTensor();
  default:
    return elementwise();
  }
}

} // namespace gen

GeneratedProgram generateProgram(ByteStream &in) {
  return gen::Generator(in).run();
}

} // namespace symshape::fuzz
