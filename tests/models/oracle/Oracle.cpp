//===- Oracle.cpp - Driver: arguments, op order, result-cast
//---------------===//

#include "OracleImpl.h"

#include <cctype>
#include <mutex>
#include <unordered_map>

namespace symshape::models {

using frontend::Attribute;
using frontend::AttrKind;
using frontend::Function;
using frontend::Operation;
using frontend::Type;
using frontend::TypeKind;
using namespace oracle;

namespace oracle {

static std::unordered_map<std::string, Rule> &registry() {
  static std::unordered_map<std::string, Rule> rules;
  return rules;
}

void add(const std::string &name, Rule rule) {
  registry()[name] = std::move(rule);
}

static void registerAll() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerBroadcast();
    registerTosa();
    registerStablehlo();
    registerLinalg();
    registerLinalgRelayout();
    registerStablehloCustomCalls();
    registerTensor();
    registerIree();
    registerChecks(); // after Tensor and Stablehlo: it refines some entries
  });
}

const Rule *lookup(const std::string &name) {
  registerAll();
  auto it = registry().find(name);
  return it == registry().end() ? nullptr : &it->second;
}

//===-- Eval
//---------------------------------------------------------------===//

const RtValue *Eval::tensor(size_t i) {
  if (i >= op.operands.size()) {
    unsupported("missing operand #" + std::to_string(i));
    return nullptr;
  }
  const RtValue &v = values[op.operands[i]];
  if (v.kind != RtValue::Kind::Tensor) {
    unsupported("operand #" + std::to_string(i) + " is not a ranked tensor");
    return nullptr;
  }
  return &v;
}

std::optional<std::vector<int64_t>> Eval::contents(size_t i) {
  if (i >= op.operands.size())
    return std::nullopt;
  const RtValue &v = values[op.operands[i]];
  if (v.kind == RtValue::Kind::Scalar && v.scalar)
    return std::vector<int64_t>{*v.scalar};
  if (v.kind == RtValue::Kind::Tensor)
    return v.data;
  return std::nullopt;
}

std::optional<int64_t> Eval::scalar(size_t i) {
  std::optional<std::vector<int64_t>> c = contents(i);
  if (c && c->size() == 1)
    return c->front();
  return std::nullopt;
}

const Operation *Eval::definingOp(size_t i) const {
  return i < op.operands.size() ? defs[op.operands[i]] : nullptr;
}

const Attribute *Eval::attr(const std::string &name) const {
  return frontend::findAttr(op.attributes, name);
}

static std::optional<std::vector<int64_t>> attrInts(const Attribute &a,
                                                    size_t count) {
  switch (a.kind) {
  case AttrKind::Integer:
    return std::vector<int64_t>{a.intValue};
  case AttrKind::DenseArray:
    return a.ints;
  case AttrKind::DenseInt:
    if (a.splat && count > 0)
      return std::vector<int64_t>(count, a.ints.front());
    return a.ints;
  case AttrKind::Array: {
    std::vector<int64_t> out;
    for (const Attribute &el : a.elements) {
      std::optional<std::vector<int64_t>> sub = attrInts(el, 0);
      if (!sub)
        return std::nullopt;
      out.insert(out.end(), sub->begin(), sub->end());
    }
    return out;
  }
  default:
    return std::nullopt;
  }
}

std::optional<std::vector<int64_t>> Eval::ints(const std::string &name,
                                               size_t count) const {
  const Attribute *a = attr(name);
  if (!a)
    return std::nullopt;
  return attrInts(*a, count);
}

std::optional<int64_t> Eval::integer(const std::string &name) const {
  const Attribute *a = attr(name);
  if (!a || a->kind != AttrKind::Integer)
    return std::nullopt;
  return a->intValue;
}

bool Eval::require(bool ok, const std::string &rule) {
  if (!ok && status == Status::Ok) {
    status = Status::Ub;
    message = op.name + ": " + rule;
  }
  return ok;
}

bool Eval::check(bool ok, const std::string &why) {
  if (!ok && status == Status::Ok) {
    status = Status::Stop;
    message = op.name + ": " + why;
  }
  return ok;
}

bool Eval::runRegion(size_t r, std::vector<RtValue> &yielded,
                     const std::vector<RtValue> *args) {
  if (r >= op.regions.size())
    return unsupported("region #" + std::to_string(r) + " missing");
  if (!ctx || !ctx->runRegion)
    return unsupported("regions are not run here");
  if (args) {
    const frontend::Region &region = op.regions[r];
    if (region.blocks.empty() ||
        region.blocks.front().arguments.size() != args->size())
      return unsupported("region #" + std::to_string(r) + " takes " +
                         "other arguments than the op passes");
    for (size_t i = 0; i < args->size(); ++i)
      values[region.blocks.front().arguments[i]] = (*args)[i];
  }
  return ctx->runRegion(*this, op.regions[r], yielded);
}

bool Eval::unsupported(const std::string &why) {
  if (status == Status::Ok) {
    status = Status::Unsupported;
    message = op.name + ": " + why;
  }
  return false;
}

bool Eval::setResult(size_t r, Shape shape,
                     std::optional<std::vector<int64_t>> data) {
  if (r >= op.results.size())
    return unsupported("result #" + std::to_string(r) + " missing");
  for (size_t d = 0; d < shape.size(); ++d)
    if (!require(shape[d] >= 0, "result dim " + std::to_string(d) +
                                    " would be negative (" +
                                    std::to_string(shape[d]) + ")"))
      return false;
  RtValue &v = values[op.results[r]];
  v.kind = RtValue::Kind::Tensor;
  v.shape = std::move(shape);
  v.data = std::move(data);
  return true;
}

bool Eval::setScalar(size_t r, std::optional<int64_t> value) {
  if (r >= op.results.size())
    return unsupported("result #" + std::to_string(r) + " missing");
  RtValue &v = values[op.results[r]];
  v.kind = RtValue::Kind::Scalar;
  v.scalar = value;
  return true;
}

bool Eval::setDeclaredResults() {
  for (size_t r = 0; r < op.results.size(); ++r) {
    const Type &t = declaredResult(r);
    if (t.kind == TypeKind::RankedTensor) {
      for (int64_t d : t.dims)
        if (d == frontend::kDynamic)
          return unsupported("dynamic result of a source op");
      setResult(r, t.dims);
    } else if (t.kind == TypeKind::Index || t.kind == TypeKind::Integer) {
      setScalar(r, std::nullopt);
    } else {
      values[op.results[r]] = RtValue{};
    }
  }
  return true;
}

std::string str(const Shape &shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    out += (i ? ", " : "") + std::to_string(shape[i]);
  return out + "]";
}

int64_t product(const Shape &shape) {
  int64_t p = 1;
  for (int64_t d : shape)
    p *= d;
  return p;
}

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

int64_t windowOut(int64_t in, int64_t k, int64_t s, int64_t d, int64_t lo,
                  int64_t hi) {
  return floorDiv(in + lo + hi - d * (k - 1) - 1, s) + 1;
}

bool isPermutation(const std::vector<int64_t> &perm, size_t rank) {
  if (perm.size() != rank)
    return false;
  std::vector<bool> seen(rank, false);
  for (int64_t p : perm) {
    if (p < 0 || size_t(p) >= rank || seen[p])
      return false;
    seen[p] = true;
  }
  return true;
}

std::optional<std::vector<int64_t>> intListAfter(const std::string &text,
                                                 const std::string &key) {
  size_t at = text.find(key);
  while (at != std::string::npos) {
    // Whole word only: "lhs_batching_dimensions" must not match inside
    // another key.
    bool startOk = at == 0 || !(std::isalnum((unsigned char)text[at - 1]) ||
                                text[at - 1] == '_');
    size_t p = at + key.size();
    while (p < text.size() && text[p] == ' ')
      ++p;
    if (startOk && p < text.size() && text[p] == '=') {
      size_t open = text.find('[', p);
      size_t close = text.find(']', open);
      if (open == std::string::npos || close == std::string::npos)
        return std::nullopt;
      std::vector<int64_t> out;
      std::string body = text.substr(open + 1, close - open - 1);
      size_t q = 0;
      while (q < body.size()) {
        if (std::isdigit((unsigned char)body[q]) || body[q] == '-') {
          size_t used = 0;
          out.push_back(std::stoll(body.substr(q), &used));
          q += used;
        } else {
          ++q;
        }
      }
      return out;
    }
    at = text.find(key, at + 1);
  }
  return std::nullopt;
}

bool sameShapeElementwise(Eval &e) {
  const Shape *first = nullptr;
  for (size_t i = 0; i < e.numOperands(); ++i) {
    const Shape *s = e.shape(i);
    if (!s)
      return false;
    if (!first)
      first = s;
    else if (!e.require(*s == *first, "operand #" + std::to_string(i) + " " +
                                          str(*s) + " != operand #0 " +
                                          str(*first)))
      return false;
  }
  if (!first)
    return e.unsupported("no tensor operand");
  for (size_t r = 0; r < e.numResults(); ++r)
    e.setResult(r, *first);
  return true;
}

//===-- the function runner
//------------------------------------------------===//

namespace {
struct Runner {
  const frontend::Module &module;
  const Oracle &oracle;
  const Function &fn;
  std::vector<RtValue> values;
  std::vector<const Operation *> defs;
  std::vector<RtValue> returned;
  OracleResult result;                ///< this function's own outcome
  RunContext ctx;                     ///< shared with the ops it runs
  std::optional<OpInstance> failedAt; ///< the outermost runner's

  /// The outermost runner of a run passes no `outer`; a callee's runner
  /// shares its caller's context, `stack` being its call stack's index.
  Runner(const frontend::Module &module, const Oracle &oracle,
         const Function &fn, const RunContext *outer, size_t stack)
      : module(module), oracle(oracle), fn(fn) {
    values.resize(fn.values.size());
    defs.assign(fn.values.size(), nullptr);
    ctx.root = outer ? outer->root : &result;
    ctx.failedAt = outer ? outer->failedAt : &failedAt;
    ctx.stack = stack;
    ctx.runRegion = [this](Eval &e, const frontend::Region &region,
                           std::vector<RtValue> &yielded) {
      return runRegion(e, region, yielded);
    };
  }

  bool bindArguments(const Assignment &assignment) {
    for (frontend::ValueId i = 0; i < fn.arguments.size(); ++i) {
      const frontend::Value &arg = fn.value(fn.arguments[i]);
      RtValue &v = values[fn.arguments[i]];
      const Type &t = arg.type;
      if (t.kind == TypeKind::RankedTensor) {
        v.kind = RtValue::Kind::Tensor;
        for (size_t d = 0; d < t.dims.size(); ++d) {
          if (t.dims[d] != frontend::kDynamic) {
            v.shape.push_back(t.dims[d]);
            continue;
          }
          std::string sym = "%" + arg.name + "[" + std::to_string(d) + "]";
          auto it = assignment.find(sym);
          if (it == assignment.end()) {
            result.unsupported = "no value for " + sym;
            return false;
          }
          v.shape.push_back(it->second);
        }
        // A rank-0 integer tensor (a JAX dimension variable) holds a value.
        if (t.dims.empty() && isIntegerElement(t.element)) {
          auto it = assignment.find("%" + arg.name);
          if (it != assignment.end())
            v.data = std::vector<int64_t>{it->second};
        }
      } else if (t.kind == TypeKind::Index || t.kind == TypeKind::Integer) {
        v.kind = RtValue::Kind::Scalar;
        auto it = assignment.find("%" + arg.name);
        if (it != assignment.end())
          v.scalar = it->second;
      }
    }
    return true;
  }

  /// Declared static result dims must equal the computed ones.
  bool checkResults(Eval &e) {
    for (size_t r = 0; r < e.numResults(); ++r) {
      const Type &t = e.declaredResult(r);
      if (t.kind != TypeKind::RankedTensor)
        continue;
      const RtValue &v = values[e.operation().results[r]];
      if (v.kind != RtValue::Kind::Tensor)
        return e.unsupported("result #" + std::to_string(r) + " not computed");
      if (v.shape.size() != t.dims.size())
        return e.unsupported("result #" + std::to_string(r) + " has rank " +
                             std::to_string(t.dims.size()) +
                             ", the op computes " + str(v.shape));
      for (size_t d = 0; d < t.dims.size(); ++d)
        if (t.dims[d] != frontend::kDynamic &&
            !e.require(t.dims[d] == v.shape[d],
                       "result-cast: result #" + std::to_string(r) + " dim " +
                           std::to_string(d) + " declared " +
                           std::to_string(t.dims[d]) + ", runtime " +
                           std::to_string(v.shape[d])))
          return false;
    }
    return true;
  }

  /// Runs one op that is neither a terminator nor a branch: its rule,
  /// then the declared result types. Records it in the trace and, when
  /// its own rule failed (not a callee's or a region's), where.
  Status execute(const Operation &op, Eval &e) {
    ctx.root->trace.emplace_back(&op, ctx.stack);
    for (frontend::ValueId r : op.results)
      defs[r] = &op;
    e.ctx = &ctx;
    if (op.skipped) {
      e.unsupported("custom form not read by the frontend");
    } else if (const Rule *rule = lookup(op.name)) {
      if ((*rule)(e) && e.status == Status::Ok)
        checkResults(e);
    } else {
      e.unsupported("op not modelled by the oracle");
    }
    if ((e.status == Status::Ub || e.status == Status::Stop) && !*ctx.failedAt)
      *ctx.failedAt = OpInstance{&op, ctx.root->stacks[ctx.stack]};
    return e.status;
  }

  /// Records the outcome of top-level op `at` in this function's result.
  void record(const Operation &op, Eval &e, size_t at) {
    OpInstance where = *ctx.failedAt
                           ? **ctx.failedAt
                           : OpInstance{&op, ctx.root->stacks[ctx.stack]};
    if (e.status == Status::Ub)
      result.ub = UbSite{at, op.loc, op.name, e.message, where};
    else if (e.status == Status::Stop)
      result.stopped = CheckStop{at, where, e.message};
    else if (e.status == Status::Unsupported) {
      result.unsupported = e.message;
      result.unsupportedOp = at;
    }
  }

  bool runRegion(Eval &outer, const frontend::Region &region,
                 std::vector<RtValue> &yielded) {
    if (region.blocks.size() != 1)
      return outer.unsupported(
          "a region of " + std::to_string(region.blocks.size()) + " blocks");
    for (const Operation &op : region.blocks.front().operations) {
      bool terminator = op.name == "stablehlo.return" ||
                        op.name == "mhlo.return" ||
                        (op.name.size() >= 5 &&
                         op.name.compare(op.name.size() - 5, 5, "yield") == 0);
      if (terminator) { // shape.assuming_yield, scf.yield, linalg.yield
        for (frontend::ValueId v : op.operands)
          yielded.push_back(values[v]);
        return true;
      }
      Eval e(module, fn, op, values, defs, oracle);
      Status status = execute(op, e);
      if (status != Status::Ok) {
        outer.status = status;
        outer.message = e.message;
        return false;
      }
    }
    return outer.unsupported("a region without a terminator");
  }

  /// Runs the body from its entry block; a branch (cf.br, cf.cond_br:
  /// the condition, then the first target's operands, then the second's)
  /// binds its target's arguments and continues there. Ops are numbered
  /// block after block.
  void run() {
    const std::vector<frontend::Block> &blocks = fn.body.blocks;
    if (blocks.empty())
      return;
    std::map<std::string, size_t> index;
    std::vector<size_t> base;
    size_t total = 0;
    for (size_t b = 0; b < blocks.size(); ++b) {
      index.emplace(blocks[b].label, b);
      base.push_back(total);
      total += blocks[b].operations.size();
    }
    constexpr size_t kMaxSteps = 100000;
    size_t steps = 0;
    for (size_t b = 0;;) {
      const auto &ops = blocks[b].operations;
      std::optional<size_t> next;
      for (size_t k = 0; k < ops.size() && !next; ++k) {
        const Operation &op = ops[k];
        size_t at = base[b] + k;
        if (++steps > kMaxSteps) {
          result.unsupported = "more than 100000 ops run (a loop?)";
          result.unsupportedOp = at;
          return;
        }
        result.executed.push_back(at);
        if (op.name == "func.return" || op.name == "return" ||
            op.name == "util.return") {
          ctx.root->trace.emplace_back(&op, ctx.stack);
          for (frontend::ValueId v : op.operands)
            returned.push_back(values[v]);
          return;
        }
        if (op.name == "cf.br" || op.name == "cf.cond_br") {
          ctx.root->trace.emplace_back(&op, ctx.stack);
          for (frontend::ValueId r : op.results)
            defs[r] = &op;
          next = branch(op, index, at);
          if (!next)
            return;
          continue;
        }
        Eval e(module, fn, op, values, defs, oracle);
        if (execute(op, e) != Status::Ok) {
          record(op, e, at);
          return;
        }
      }
      if (!next)
        return; // a block without a terminator: nothing more runs
      b = *next;
    }
  }

  /// The target block of a branch, its arguments bound; nullopt (and
  /// `unsupported`) when the branch cannot be followed.
  std::optional<size_t> branch(const Operation &op,
                               const std::map<std::string, size_t> &index,
                               size_t at) {
    auto fail = [&](std::string why) -> std::optional<size_t> {
      result.unsupported = op.name + ": " + why;
      result.unsupportedOp = at;
      return std::nullopt;
    };
    bool conditional = op.name == "cf.cond_br";
    if (op.successors.size() != (conditional ? 2u : 1u))
      return fail("unexpected targets");
    std::vector<size_t> targets;
    size_t wanted = conditional ? 1 : 0;
    for (const std::string &label : op.successors) {
      auto it = index.find(label);
      if (it == index.end())
        return fail("no block ^" + label);
      targets.push_back(it->second);
      wanted += fn.body.blocks[it->second].arguments.size();
    }
    if (op.operands.size() != wanted)
      return fail("operands do not match the targets' arguments");
    size_t pick = 0, first = conditional ? 1 : 0;
    if (conditional) {
      const RtValue &c = values[op.operands[0]];
      if (!c.scalar)
        return fail("the condition is not known");
      pick = *c.scalar != 0 ? 0 : 1;
      if (pick == 1)
        first += fn.body.blocks[targets[0]].arguments.size();
    }
    const frontend::Block &target = fn.body.blocks[targets[pick]];
    std::vector<RtValue> passed;
    for (size_t a = 0; a < target.arguments.size(); ++a)
      passed.push_back(values[op.operands[first + a]]);
    for (size_t a = 0; a < target.arguments.size(); ++a)
      values[target.arguments[a]] = passed[a];
    return targets[pick];
  }
};
} // namespace

bool Eval::call(const std::string &callee) {
  // Calls nest on this thread; a recursive module is not modelled.
  static thread_local int depth = 0;
  if (depth > 32)
    return unsupported("calls nest deeper than 32 (recursion?)");
  struct Nest {
    Nest() { ++depth; }
    ~Nest() { --depth; }
  } nest;
  const Function *target = nullptr;
  for (const Function &f : module.functions)
    if (f.name == callee && !f.isDeclaration)
      target = &f;
  if (!target)
    return unsupported("callee @" + callee + " has no body in the module");
  if (target->arguments.size() != op.operands.size())
    return unsupported("call arity differs from @" + callee);
  if (!ctx)
    return unsupported("calls are not run here");
  OracleResult &root = *ctx->root;
  std::vector<const Operation *> stack = root.stacks[ctx->stack];
  stack.push_back(&op);
  root.stacks.push_back(std::move(stack));
  Runner inner(module, oracle, *target, ctx, root.stacks.size() - 1);
  for (size_t i = 0; i < op.operands.size(); ++i)
    inner.values[target->arguments[i]] = values[op.operands[i]];
  inner.run();
  if (inner.result.ub)
    return require(false, "in @" + callee + ": " + inner.result.ub->rule);
  if (inner.result.stopped)
    return check(false, "in @" + callee + ": " + inner.result.stopped->message);
  if (!inner.result.unsupported.empty())
    return unsupported("in @" + callee + ": " + inner.result.unsupported);
  if (inner.returned.size() != op.results.size())
    return unsupported("@" + callee + " returns a different number of values");
  for (size_t r = 0; r < op.results.size(); ++r)
    values[op.results[r]] = inner.returned[r];
  return true;
}

bool isIntegerElement(const std::string &element) {
  if (element == "index")
    return true;
  size_t i = element.rfind('i');
  if (i == std::string::npos || i + 1 >= element.size())
    return false;
  std::string prefix = element.substr(0, i);
  if (!prefix.empty() && prefix != "s" && prefix != "u")
    return false;
  for (size_t k = i + 1; k < element.size(); ++k)
    if (!std::isdigit((unsigned char)element[k]))
      return false;
  return true;
}

} // namespace oracle

OracleResult Oracle::run(const Function &fn,
                         const Assignment &assignment) const {
  Runner runner(module, *this, fn, nullptr, 0);
  if (runner.bindArguments(assignment))
    runner.run();
  for (size_t v = 0; v < fn.values.size(); ++v)
    if (runner.values[v].kind == RtValue::Kind::Tensor)
      runner.result.shapes[fn.values[v].name] = runner.values[v].shape;
  return runner.result;
}

std::vector<std::string> Oracle::symbols(const Function &fn) {
  std::vector<std::string> out;
  for (frontend::ValueId id : fn.arguments) {
    const frontend::Value &arg = fn.value(id);
    if (arg.type.kind == TypeKind::RankedTensor) {
      for (size_t d = 0; d < arg.type.dims.size(); ++d)
        if (arg.type.dims[d] == frontend::kDynamic)
          out.push_back("%" + arg.name + "[" + std::to_string(d) + "]");
      if (arg.type.dims.empty() && isIntegerElement(arg.type.element))
        out.push_back("%" + arg.name);
    } else if (arg.type.kind == TypeKind::Index ||
               arg.type.kind == TypeKind::Integer) {
      out.push_back("%" + arg.name);
    }
  }
  return out;
}

bool Oracle::knows(const std::string &name) { return lookup(name) != nullptr; }

} // namespace symshape::models
