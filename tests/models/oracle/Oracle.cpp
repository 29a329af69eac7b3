//===- Oracle.cpp - Driver: arguments, op order, result-cast
//---------------===//

#include "OracleImpl.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <map>
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

namespace {
/// The length of a 1-D integer tensor argument of at most two elements
/// (an ONNX axes input), whose elements the brute force sets like sizes
/// ("%a[0]", named as symshape names them); nullopt for any other type.
std::optional<int64_t> shortList(const Type &t) {
  if (t.kind != TypeKind::RankedTensor || t.dims.size() != 1 ||
      t.dims[0] == frontend::kDynamic || t.dims[0] < 1 || t.dims[0] > 2 ||
      !isIntegerElement(t.element))
    return std::nullopt;
  return t.dims[0];
}

/// The rule files, by path, as their RuleFile objects announced them.
std::map<std::string, void (*)()> &ruleFiles() {
  static std::map<std::string, void (*)()> files;
  return files;
}

/// While a rule file registers: its path, and which file added each name.
const std::string *registering = nullptr;
std::unordered_map<std::string, std::string> &owners() {
  static std::unordered_map<std::string, std::string> byName;
  return byName;
}
} // namespace

RuleFile::RuleFile(const char *file, void (*registerRules)()) {
  ruleFiles()[file] = registerRules;
}

void add(const std::string &name, Rule rule) {
  if (registering) {
    auto [it, fresh] = owners().emplace(name, *registering);
    if (!fresh && it->second != *registering) {
      std::fprintf(stderr, "oracle: %s has a rule in both %s and %s\n",
                   name.c_str(), it->second.c_str(), registering->c_str());
      std::abort();
    }
  }
  registry()[name] = std::move(rule);
}

static void registerAll() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerBroadcast();
    for (const auto &[file, registerRules] : ruleFiles()) {
      registering = &file;
      registerRules();
    }
    registering = nullptr;
    registerChecks(); // last: it refines some entries of the rule files
  });
}

const Rule *lookup(const std::string &name) {
  registerAll();
  auto it = registry().find(name);
  return it == registry().end() ? nullptr : &it->second;
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
        // A short 1-D one (an ONNX axes input) holds its elements.
        if (std::optional<int64_t> n = shortList(t)) {
          std::vector<int64_t> data;
          for (int64_t k = 0; k < *n; ++k) {
            auto it =
                assignment.find("%" + arg.name + "[" + std::to_string(k) + "]");
            if (it == assignment.end())
              break;
            data.push_back(it->second);
          }
          if (int64_t(data.size()) == *n)
            v.data = std::move(data);
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
                        op.name == "mhlo.return" || op.name == "sdy.return" ||
                        op.name == "onnx.Yield" ||
                        op.name == "torch.operator_terminator" ||
                        (op.name.size() >= 5 &&
                         op.name.view().substr(op.name.size() - 5) == "yield");
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
    if (arg.type->kind == TypeKind::RankedTensor) {
      for (size_t d = 0; d < arg.type->dims.size(); ++d)
        if (arg.type->dims[d] == frontend::kDynamic)
          out.push_back("%" + arg.name + "[" + std::to_string(d) + "]");
      if (arg.type->dims.empty() && isIntegerElement(arg.type->element))
        out.push_back("%" + arg.name);
      if (std::optional<int64_t> n = shortList(arg.type))
        for (int64_t k = 0; k < *n; ++k)
          out.push_back("%" + arg.name + "[" + std::to_string(k) + "]");
    } else if (arg.type->kind == TypeKind::Index ||
               arg.type->kind == TypeKind::Integer) {
      out.push_back("%" + arg.name);
    }
  }
  return out;
}

bool Oracle::knows(const std::string &name) { return lookup(name) != nullptr; }

} // namespace symshape::models
