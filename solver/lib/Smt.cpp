//===- Smt.cpp - The solver boundary (the only user of z3++.h) ------------===//

#include "symshape/solver/Smt.h"

#include "Watchdog.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <z3++.h>

namespace symshape::solver {

namespace {
/// setBeforeNewContext's hook, the contexts alive, and the most alive at
/// once since the hook was set.
std::atomic<void (*)()> beforeNewContext{nullptr};
std::atomic<unsigned> liveContexts{0}, mostLiveContexts{0};
} // namespace

void setBeforeNewContext(void (*prepare)()) {
  mostLiveContexts = liveContexts.load();
  beforeNewContext = prepare;
}

/// A new Z3 context, or a Z3 error when Z3 has no memory left for one
/// (z3::context would hand the null context on to Z3_set_error_handler).
/// Counted alive until Z3_del_context (OwnedZ3Context).
static Z3_context newZ3Context() {
  const unsigned live = ++liveContexts;
  unsigned most = mostLiveContexts.load();
  while (live > most && !mostLiveContexts.compare_exchange_weak(most, live)) {
  }
  if (live > most)
    if (void (*prepare)() = beforeNewContext.load())
      prepare();
  // Z3 "compacts" every model it hands out (model.compact, a global
  // parameter): it sorts all the model's declarations, every tracked
  // literal included, to merge the entries of function graphs, and the
  // judge reads a model after nearly every sat answer. Only function
  // graphs are merged: the constants, all that is read here, keep their
  // values (every output of the 608 test and corpus files is the same).
  // Without it, files whose contracts ask hundreds of questions take
  // 5-15% less time.
  static std::once_flag modelsAsBuilt;
  std::call_once(modelsAsBuilt,
                 [] { Z3_global_param_set("model.compact", "false"); });
  Z3_config config = Z3_mk_config();
  Z3_context made = config ? Z3_mk_context_rc(config) : nullptr;
  if (config)
    Z3_del_config(config);
  if (!made) {
    --liveContexts;
    throw z3::exception("out of memory");
  }
  return made;
}

/// Owns a context made by newZ3Context, seen as a z3::context.
struct OwnedZ3Context {
  explicit OwnedZ3Context(Z3_context raw) : raw(raw), scoped(raw) {}
  /// Deletes the context; `scoped` then only forgets it.
  ~OwnedZ3Context() {
    Z3_del_context(raw);
    --liveContexts;
  }
  OwnedZ3Context(const OwnedZ3Context &) = delete;
  OwnedZ3Context &operator=(const OwnedZ3Context &) = delete;
  Z3_context raw;
  z3::scoped_context scoped;
};

struct SmtEnvironment::Impl {
  Impl() : owned(newZ3Context()), ctx(owned.scoped()) {}
  OwnedZ3Context owned;
  z3::context &ctx;
  // Declared after ctx: stopped before it goes. Z3_interrupt makes the
  // running check return unknown ("canceled").
  Watchdog watchdog{[this] { Z3_interrupt(ctx); }};
};

SmtEnvironment::SmtEnvironment() = default;
SmtEnvironment::~SmtEnvironment() = default;

SmtEnvironment::Impl &SmtEnvironment::created() {
  std::lock_guard<std::mutex> lock(creating);
  if (!impl)
    impl = std::make_unique<Impl>();
  return *impl;
}

bool SmtEnvironment::hasContext() {
  std::lock_guard<std::mutex> lock(creating);
  return impl != nullptr;
}

void SmtEnvironment::prepare() {
  try {
    created();
  } catch (const z3::exception &) {
    // The first solver tries again and reports it.
  }
}

struct SmtContext::Impl {
  Impl(const DimGraph &graph, const FormulaStore &formulas,
       SmtEnvironment::Impl &environment)
      : graph(graph), formulas(formulas), ctx(environment.ctx),
        watchdog(environment.watchdog) {}

  const DimGraph &graph;
  const FormulaStore &formulas;
  z3::context &ctx;
  Watchdog &watchdog;
  std::unordered_map<TermId, z3::expr> termCache;
  std::unordered_map<FormulaId, z3::expr> formulaCache;
  /// Some term built so far multiplies or divides by a non-constant: its
  /// queries may need the retries of `SmtSolver::check`.
  bool nonlinear = false;
  /// Whether some term of the graph is nonlinear, once asked
  /// (SmtSolver::nonlinear).
  std::optional<bool> graphNonlinear;
  /// Optional checks of this context's solvers that ended unknown
  /// (SmtSolver::setOptional).
  unsigned optionalGiveUps = 0;

  z3::expr term(TermId id);
  /// Whether `t` is an addition or a subtraction.
  bool isSum(TermId t) const;
  /// The summands of the chain of additions and subtractions at `root`,
  /// left to right, each with whether it is subtracted.
  void sumOf(TermId root, std::vector<std::pair<TermId, bool>> &out) const;
  /// The expression of `id` from its operands' (already in termCache; for
  /// a sum, its summands').
  z3::expr build(TermId id);
  z3::expr formula(FormulaId id);
  /// Whether `t` is at least 1 by its form (a constant, or the larger of
  /// something and a constant >= 1): a division by it needs no sign cases.
  bool positiveDivisor(TermId t) const {
    const TermNode &node = graph.term(t);
    if (node.kind == TermKind::Const)
      return node.value >= 1;
    if (node.kind != TermKind::Max)
      return false;
    for (TermId op : node.operands)
      if (std::optional<int64_t> v = graph.constantValue(op); v && *v >= 1)
        return true;
    return false;
  }
  z3::expr broadcastValue(const std::vector<TermId> &operands);
  z3::expr polynomial(const Polynomial &p);
};

z3::expr SmtContext::Impl::broadcastValue(const std::vector<TermId> &ops) {
  // The first operand that is not 1, else the last one.
  z3::expr value = term(ops.back());
  for (size_t i = ops.size() - 1; i-- > 0;) {
    z3::expr op = term(ops[i]);
    value = z3::ite(op != 1, op, value);
  }
  return value;
}

z3::expr SmtContext::Impl::term(TermId root) {
  auto it = termCache.find(root);
  if (it != termCache.end())
    return it->second;
  // Operands first (an explicit stack: index chains are deep). A chain of
  // additions is one n-ary sum of its summands: built level by level, Z3
  // would flatten every prefix again when it is asserted (quadratic in a
  // concatenation of thousands of sizes). The chain's inner sums are built
  // only when something else uses them.
  std::vector<std::pair<TermId, bool>> stack{{root, false}};
  std::vector<std::pair<TermId, bool>> summands;
  while (!stack.empty()) {
    auto [t, expanded] = stack.back();
    stack.pop_back();
    if (termCache.count(t))
      continue;
    if (expanded) {
      termCache.emplace(t, build(t));
      continue;
    }
    stack.push_back({t, true});
    if (isSum(t)) {
      sumOf(t, summands);
      for (const auto &[summand, negated] : summands)
        stack.push_back({summand, false});
    } else {
      for (TermId op : graph.term(t).operands)
        stack.push_back({op, false});
    }
  }
  return termCache.at(root);
}

bool SmtContext::Impl::isSum(TermId t) const {
  TermKind kind = graph.term(t).kind;
  return kind == TermKind::Add || kind == TermKind::Sub;
}

void SmtContext::Impl::sumOf(TermId root,
                             std::vector<std::pair<TermId, bool>> &out) const {
  out.clear();
  std::vector<std::pair<TermId, bool>> stack{{root, false}};
  while (!stack.empty()) {
    auto [t, negated] = stack.back();
    stack.pop_back();
    const TermNode &node = graph.term(t);
    if (!isSum(t)) {
      out.push_back({t, negated});
      continue;
    }
    // Right first, so that summands come out left to right.
    stack.push_back(
        {node.operands[1], negated != (node.kind == TermKind::Sub)});
    stack.push_back({node.operands[0], negated});
  }
}

z3::expr SmtContext::Impl::build(TermId id) {
  const TermNode &node = graph.term(id);
  auto operand = [&](size_t i) { return termCache.at(node.operands[i]); };
  switch (node.kind) {
  case TermKind::Const:
    return ctx.int_val(node.value);
  case TermKind::Symbol:
    return ctx.int_const(("s" + std::to_string(node.symbol)).c_str());
  case TermKind::Broadcast:
    return broadcastValue(node.operands);
  case TermKind::Add:
  case TermKind::Sub: {
    std::vector<std::pair<TermId, bool>> summands;
    sumOf(id, summands);
    z3::expr_vector args(ctx);
    for (const auto &[summand, negated] : summands) {
      const z3::expr &e = termCache.at(summand);
      args.push_back(negated ? -e : e);
    }
    return z3::sum(args);
  }
  case TermKind::Mul:
    if (!operand(0).is_numeral() && !operand(1).is_numeral())
      nonlinear = true;
    return operand(0) * operand(1);
  case TermKind::Div: {
    // Z3's integer division is Euclidean, which is floor division for a
    // positive divisor; a / b == (-a) / (-b) covers a negative one.
    z3::expr a = operand(0), b = operand(1);
    if (!b.is_numeral())
      nonlinear = true;
    if (positiveDivisor(node.operands[1]))
      return a / b;
    return z3::ite(b == 0, ctx.int_val(0), z3::ite(b > 0, a / b, (-a) / (-b)));
  }
  case TermKind::Max:
    return z3::ite(operand(0) >= operand(1), operand(0), operand(1));
  case TermKind::Min:
    return z3::ite(operand(0) <= operand(1), operand(0), operand(1));
  case TermKind::SelectEq:
    return z3::ite(operand(0) == operand(1), operand(2), operand(3));
  case TermKind::SelectLe:
    return z3::ite(operand(0) <= operand(1), operand(2), operand(3));
  }
  return ctx.int_val(0);
}

z3::expr SmtContext::Impl::formula(FormulaId id) {
  auto it = formulaCache.find(id);
  if (it != formulaCache.end())
    return it->second;
  const FormulaNode &node = formulas.node(id);
  z3::expr e(ctx);
  switch (node.kind) {
  case FormulaKind::True:
    e = ctx.bool_val(true);
    break;
  case FormulaKind::False:
    e = ctx.bool_val(false);
    break;
  case FormulaKind::Not:
    e = !formula(node.args[0]);
    break;
  case FormulaKind::And:
  case FormulaKind::Or: {
    z3::expr_vector args(ctx);
    for (uint32_t arg : node.args)
      args.push_back(formula(arg));
    e = node.kind == FormulaKind::And ? z3::mk_and(args) : z3::mk_or(args);
    break;
  }
  case FormulaKind::Eq:
    e = term(node.args[0]) == term(node.args[1]);
    break;
  case FormulaKind::Le:
    e = term(node.args[0]) <= term(node.args[1]);
    break;
  case FormulaKind::Lt:
    e = term(node.args[0]) < term(node.args[1]);
    break;
  case FormulaKind::Conflict: {
    // Some leaf is not 1 and differs from the column's value (the first
    // leaf that is not 1): linear in the number of leaves.
    std::vector<TermId> leaves(node.args.begin(), node.args.end());
    if (leaves.size() == 2) { // the common case, without the ite
      z3::expr a = term(leaves[0]), b = term(leaves[1]);
      e = a != 1 && b != 1 && a != b;
      break;
    }
    z3::expr value = broadcastValue(leaves);
    z3::expr_vector cases(ctx);
    for (TermId leaf : leaves) {
      z3::expr l = term(leaf);
      cases.push_back(l != 1 && l != value);
    }
    e = z3::mk_or(cases);
    break;
  }
  }
  formulaCache.emplace(id, e);
  return e;
}

z3::expr SmtContext::Impl::polynomial(const Polynomial &p) {
  z3::expr sum = ctx.int_val(0);
  for (const auto &[monomial, coeff] : p.terms()) {
    if (monomial.size() > 1)
      nonlinear = true;
    z3::expr product = ctx.int_val(coeff);
    for (TermId symbol : monomial)
      product = product * term(symbol);
    sum = sum + product;
  }
  return sum;
}

void setSolverMemoryLimit(unsigned megabytes) {
  try {
    z3::set_param("memory_max_size", std::to_string(megabytes).c_str());
  } catch (const z3::exception &) {
    // An unknown parameter in another Z3 version: no cap.
  }
}

SmtContext::SmtContext(const DimGraph &graph, const FormulaStore &formulas,
                       SmtEnvironment *environment)
    : graph(graph), formulas(formulas), environment(environment) {}
SmtContext::~SmtContext() = default;

/// Z3 resource units a nonlinear query gets in the incremental solver
/// before it is asked again from scratch (SmtSolver::check). The query
/// of onnx-mlir's shape-inference test that took 0.2 to 0.5 s there (and
/// so met the old quarter of the time-out on a busy machine) counts about
/// 100,000.
constexpr unsigned kNonlinearFirstTry = 1000000;
/// The same for an optional question (SmtSolver::setOptional), which is
/// not retried: a condition is not worth more.
constexpr unsigned kNonlinearOptional = 200000;

struct SmtSolver::Impl {
  Impl(SmtContext::Impl &context, SmtLimits limits)
      : context(context), timeoutMs(limits.timeoutMs), rlimit(limits.rlimit),
        ctrlC(limits.ctrlC), solver(context.ctx, z3::solver::simple()) {
    // Setting parameters is costly: only when needed.
    if (limits.rlimit || !limits.ctrlC) {
      z3::params params(context.ctx);
      if (limits.rlimit)
        params.set("rlimit", limits.rlimit);
      if (!limits.ctrlC)
        params.set("ctrl_c", false);
      solver.set(params);
    }
  }

  /// Sets the solver's resource limit per check (0: none).
  void limitResources(unsigned units) {
    z3::params params(context.ctx);
    params.set("rlimit", units);
    solver.set(params);
  }

  /// After Z3 gave up on nonlinear arithmetic ("incomplete"), asks again
  /// on fresh solvers holding the same assertions.
  z3::check_result retryIncomplete(const z3::expr_vector &assumptions);
  /// The last of those: a solver in a Z3 context of its own. Its model or
  /// unsat core is left, translated, in retriedModel / retriedCore.
  z3::check_result retryInFreshContext(const z3::expr_vector &assumptions);
  std::optional<z3::model> retriedModel;
  std::optional<z3::expr_vector> retriedCore;
  std::optional<std::string> retriedReason; ///< why it gave up too

  SmtContext::Impl &context;
  unsigned timeoutMs = 0;
  unsigned rlimit = 0;
  bool ctrlC = true; ///< SmtLimits::ctrlC
  z3::solver solver;
  std::vector<z3::expr> literals; // literal k+1 is literals[k]
  std::unordered_map<uint64_t, Lit> tracked;
  bool shareAtoms = false;
  std::map<Atom, Lit> atoms; ///< with shareAtoms
  std::optional<z3::model> model;
  /// Per open scope (push), the keys of `tracked` and `atoms` made in it:
  /// their definitions go at pop, and so do they.
  struct Scope {
    std::vector<uint64_t> tracked;
    std::vector<Atom> atoms;
  };
  std::vector<Scope> scopes;
  bool broken = false; // a Z3 error left the solver unusable
  std::string brokenReason;

  Lit fresh() {
    literals.push_back(context.ctx.bool_const(
        ("l" + std::to_string(literals.size())).c_str()));
    return Lit(literals.size());
  }
  z3::expr lit(Lit l) const {
    return l > 0 ? literals[l - 1] : !literals[-l - 1];
  }
};

SmtSolver::SmtSolver(SmtContext &context, SmtLimits limits) {
  try {
    // Z3's context is costly to create: only when a query is first needed,
    // and once per environment.
    if (!context.impl) {
      SmtEnvironment *environment = context.environment;
      if (!environment) {
        context.ownEnvironment = std::make_unique<SmtEnvironment>();
        environment = context.ownEnvironment.get();
      }
      context.impl = std::make_unique<SmtContext::Impl>(
          context.graph, context.formulas, environment->created());
    }
    impl = std::make_unique<Impl>(*context.impl, limits);
  } catch (const z3::exception &e) {
    lastReason = std::string("z3: ") + e.msg();
  }
}

SmtSolver::~SmtSolver() = default;

/// Runs `body`; a Z3 exception marks the solver broken with its message.
template <typename Body> static void guarded(SmtSolver::Impl *impl, Body body) {
  if (!impl || impl->broken)
    return;
  try {
    body();
  } catch (const z3::exception &e) {
    impl->broken = true;
    impl->brokenReason = std::string("z3: ") + e.msg();
  }
}

void SmtSolver::add(FormulaId f, bool negated) {
  guarded(impl.get(), [&] {
    z3::expr e = impl->context.formula(f);
    impl->solver.add(negated ? !e : e);
  });
}

Lit SmtSolver::track(FormulaId f, bool negated) {
  if (!impl)
    return 1;
  uint64_t key = uint64_t(f) * 2 + negated;
  auto it = impl->tracked.find(key);
  if (it != impl->tracked.end())
    return it->second;
  Lit l = impl->fresh();
  guarded(impl.get(), [&] {
    z3::expr e = impl->context.formula(f);
    impl->solver.add(z3::implies(impl->lit(l), negated ? !e : e));
  });
  impl->tracked.emplace(key, l);
  if (!impl->scopes.empty())
    impl->scopes.back().tracked.push_back(key);
  return l;
}

bool SmtSolver::nonlinear() const {
  if (!impl)
    return false;
  SmtContext::Impl &context = impl->context;
  if (!context.graphNonlinear) {
    // The degree counts `c floordiv %a` as linear; Z3 does not.
    const DimGraph &graph = context.graph;
    bool found = graph.maxDegree() >= 2;
    for (TermId t = 0; !found && t < TermId(graph.numTerms()); ++t) {
      const TermNode &node = graph.term(t);
      found = (node.kind == TermKind::Mul || node.kind == TermKind::Div) &&
              node.operands.size() == 2 &&
              !graph.constantValue(node.operands[1]) &&
              (node.kind == TermKind::Div ||
               !graph.constantValue(node.operands[0]));
    }
    context.graphNonlinear = found;
  }
  return context.nonlinear || *context.graphNonlinear;
}

void SmtSolver::push() {
  guarded(impl.get(), [&] {
    impl->solver.push();
    impl->scopes.emplace_back();
  });
}

void SmtSolver::pop() {
  guarded(impl.get(), [&] {
    if (impl->scopes.empty())
      return;
    for (uint64_t key : impl->scopes.back().tracked)
      impl->tracked.erase(key);
    for (const Atom &a : impl->scopes.back().atoms)
      impl->atoms.erase(a);
    impl->scopes.pop_back();
    impl->model.reset();
    impl->solver.pop();
  });
}

void SmtSolver::shareAtoms() {
  if (impl)
    impl->shareAtoms = true;
}

Lit SmtSolver::atom(const Atom &a) {
  if (!impl)
    return 1;
  if (impl->shareAtoms) {
    auto known = impl->atoms.find(a);
    if (known != impl->atoms.end())
      return known->second;
  }
  Lit l = impl->fresh();
  if (impl->shareAtoms) {
    impl->atoms.emplace(a, l);
    if (!impl->scopes.empty())
      impl->scopes.back().atoms.push_back(a);
  }
  guarded(impl.get(), [&] {
    z3::expr p = impl->context.polynomial(a.poly);
    z3::expr rel = a.rel == AtomRel::Eq ? p == 0 : p <= 0;
    impl->solver.add(impl->lit(l) == rel);
  });
  return l;
}

Lit SmtSolver::clause(const std::vector<Lit> &lits) {
  if (!impl)
    return 1;
  Lit l = impl->fresh();
  guarded(impl.get(), [&] {
    z3::expr_vector disjuncts(impl->context.ctx);
    for (Lit x : lits)
      disjuncts.push_back(impl->lit(x));
    impl->solver.add(z3::implies(impl->lit(l), z3::mk_or(disjuncts)));
  });
  return l;
}

void SmtSolver::addClause(const std::vector<Lit> &lits) {
  guarded(impl.get(), [&] {
    z3::expr_vector disjuncts(impl->context.ctx);
    for (Lit x : lits)
      disjuncts.push_back(impl->lit(x));
    impl->solver.add(z3::mk_or(disjuncts));
  });
}

Lit SmtSolver::guard() {
  if (!impl)
    return 1;
  return impl->fresh();
}

void SmtSolver::require(Lit guard, const std::vector<Lit> &lits) {
  if (!impl)
    return;
  guarded(impl.get(), [&] {
    z3::expr_vector disjuncts(impl->context.ctx);
    for (Lit x : lits)
      disjuncts.push_back(impl->lit(x));
    impl->solver.add(z3::implies(impl->lit(guard), z3::mk_or(disjuncts)));
  });
}

SatResult SmtSolver::check(const std::vector<Lit> &assumptions) {
  return checkWith(assumptions, /*apart=*/false);
}

SatResult SmtSolver::checkApart(const std::vector<Lit> &assumptions) {
  return checkWith(assumptions, /*apart=*/true);
}

SatResult SmtSolver::checkWith(const std::vector<Lit> &assumptions,
                               bool apart) {
  if (!impl) {
    return SatResult::Unknown;
  }
  impl->model.reset();
  impl->retriedModel.reset();
  impl->retriedCore.reset();
  impl->retriedReason.reset();
  lastCore.clear();
  if (optional && impl->context.optionalGiveUps >= kMaxOptionalGiveUps) {
    lastReason = "the solver gave up on " +
                 std::to_string(kMaxOptionalGiveUps) +
                 " earlier questions of this function's conditions";
    return SatResult::Unknown;
  }
  SatResult result = SatResult::Unknown;
  guarded(impl.get(), [&] {
    z3::expr_vector lits(impl->context.ctx);
    for (Lit l : assumptions)
      lits.push_back(impl->lit(l));
    // Disarmed on every exit, a Z3 exception included.
    struct Armed {
      Watchdog *dog;
      ~Armed() {
        if (dog)
          dog->disarm();
      }
    } armed{impl->timeoutMs ? &impl->context.watchdog : nullptr};
    // Nonlinear arithmetic: the incremental solver may spin on a query a
    // fresh one decides at once (see retryIncomplete), so it gets a budget
    // of Z3 resource units (kNonlinearFirstTry), and being stopped is a
    // reason to retry. The budget is counted, not timed: whether a query
    // is retried, and so which model answers it (a witness), must not
    // depend on the machine's load. (A quarter of the time-out decided it
    // before; a query of 0.3 s then met it on a busy machine only.) Z3
    // does not count every nonlinear step, so the time-out still backs it
    // up. Which of "incomplete", "canceled" or a resource limit Z3
    // reports at the stop depends on where it lands: all retry.
    bool nonlinear = impl->context.nonlinear;
    const unsigned firstTry =
        optional ? kNonlinearOptional : kNonlinearFirstTry;
    z3::check_result answer = z3::unknown;
    if (apart) {
      armed.dog = nullptr; // the other context has a time-out of its own
      answer = impl->retryInFreshContext(lits);
    } else {
      if (armed.dog && !armed.dog->arm(impl->timeoutMs)) {
        // No thread to stop it: not run at all rather than without a
        // limit.
        armed.dog = nullptr;
        lastReason = "out of memory (no thread for the solver's time-out)";
        return;
      }
      if (nonlinear)
        impl->limitResources(impl->rlimit ? std::min(impl->rlimit, firstTry)
                                          : firstTry);
      answer = impl->solver.check(lits);
      if (armed.dog)
        armed.dog->disarm();
      if (nonlinear)
        impl->limitResources(impl->rlimit);
      // An optional question is not worth the retries' time-outs.
      if (answer == z3::unknown && !(optional && nonlinear)) {
        std::string reason = impl->solver.reason_unknown();
        if (reason.find("incomplete") != std::string::npos ||
            (nonlinear && (reason == "canceled" || reason == "timeout" ||
                           reason.find("resource") != std::string::npos)))
          answer = impl->retryIncomplete(lits);
      }
    }
    switch (answer) {
    case z3::sat:
      impl->model = impl->retriedModel ? std::move(*impl->retriedModel)
                                       : impl->solver.get_model();
      result = SatResult::Sat;
      break;
    case z3::unsat: {
      result = SatResult::Unsat;
      // The core's literals, mapped back by their Z3 ids.
      z3::expr_vector core = impl->retriedCore ? std::move(*impl->retriedCore)
                                               : impl->solver.unsat_core();
      for (unsigned i = 0; i < core.size(); ++i)
        for (size_t k = 0; k < assumptions.size(); ++k)
          if (core[int(i)].id() == lits[int(k)].id()) {
            lastCore.push_back(assumptions[k]);
            break;
          }
      break;
    }
    case z3::unknown:
      lastReason = impl->retriedReason ? *impl->retriedReason
                                       : impl->solver.reason_unknown();
      // Z3 says "canceled" for its time-out and its resource limit alike.
      if (lastReason == "canceled" || lastReason == "timeout" ||
          lastReason.find("resource") != std::string::npos)
        lastReason = "the solver reached its time or resource limit";
      result = SatResult::Unknown;
      break;
    }
  });
  if (impl->broken) {
    lastReason = impl->brokenReason;
    return SatResult::Unknown;
  }
  if (optional && result == SatResult::Unknown)
    ++impl->context.optionalGiveUps;
  return result;
}

z3::check_result
SmtSolver::Impl::retryIncomplete(const z3::expr_vector &assumptions) {
  // Z3's nonlinear integer search depends on the state an incremental
  // solver has built up: a query it gives up on after earlier checks is
  // often decided at once from scratch by its older arithmetic solver
  // (arith.solver=2), or else by the default one. Same assertions, same
  // assumptions: the answer means the same. A solver that answers
  // replaces this one. The first try has the time-out, the second a
  // quarter of it (a query the default solver decides from scratch, it
  // decides in milliseconds; one it cannot, it spins on to the end).
  for (unsigned arithSolver : {2u, 0u}) {
    z3::solver fresh(context.ctx, z3::solver::simple());
    if (rlimit || arithSolver || !ctrlC) {
      z3::params params(context.ctx);
      if (rlimit)
        params.set("rlimit", rlimit);
      if (!ctrlC)
        params.set("ctrl_c", false);
      if (arithSolver)
        params.set("arith.solver", arithSolver);
      fresh.set(params);
    }
    z3::expr_vector assertions = solver.assertions();
    for (unsigned i = 0; i < assertions.size(); ++i)
      fresh.add(assertions[i]);
    if (timeoutMs && !context.watchdog.arm(
                         arithSolver ? timeoutMs : std::max(1u, timeoutMs / 4)))
      return z3::unknown;
    z3::check_result answer = fresh.check(assumptions);
    if (timeoutMs)
      context.watchdog.disarm();
    if (answer != z3::unknown) {
      solver = fresh;
      return answer;
    }
  }
  return retryInFreshContext(assumptions);
}

z3::check_result
SmtSolver::Impl::retryInFreshContext(const z3::expr_vector &assumptions) {
  // This context's earlier questions shape Z3's nonlinear search too: a
  // query every solver of a context that judged other functions gave up
  // on was decided at once in a new one. Its answer comes back translated
  // (a model, or an unsat core).
  OwnedZ3Context owned(newZ3Context());
  z3::context &fresh = owned.scoped();
  z3::solver other(fresh, z3::solver::simple());
  z3::params params(fresh);
  if (rlimit)
    params.set("rlimit", rlimit);
  if (!ctrlC)
    params.set("ctrl_c", false);
  if (timeoutMs) // the watchdog stops this context's checks only
    params.set("timeout", timeoutMs);
  other.set(params);
  z3::expr_vector assertions(fresh, solver.assertions());
  for (unsigned i = 0; i < assertions.size(); ++i)
    other.add(assertions[i]);
  z3::expr_vector asked(fresh, assumptions);
  z3::check_result answer = other.check(asked);
  if (answer == z3::sat) {
    z3::model model = other.get_model();
    retriedModel.emplace(model, context.ctx, z3::model::translate());
  } else if (answer == z3::unsat) {
    retriedCore.emplace(context.ctx, other.unsat_core());
  } else {
    retriedReason = other.reason_unknown();
  }
  return answer;
}

std::optional<int64_t> SmtSolver::value(TermId term) const {
  if (!impl || !impl->model)
    return std::nullopt;
  try {
    z3::expr v = impl->model->eval(impl->context.term(term), true);
    int64_t out;
    if (v.is_numeral_i64(out))
      return out;
  } catch (const z3::exception &) {
  }
  return std::nullopt;
}

bool SmtSolver::holds(Lit lit) const {
  if (!impl || !impl->model)
    return false;
  try {
    return impl->model->eval(impl->lit(lit), true).is_true();
  } catch (const z3::exception &) {
    return false;
  }
}

} // namespace symshape::solver
