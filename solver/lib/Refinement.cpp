//===- Refinement.cpp - Most specific shapes ------------------------------===//

#include "symshape/solver/Refinement.h"

#include "BroadcastNesting.h"
#include "Evaluate.h"

#include <algorithm>
#include <climits>
#include <map>
#include <set>
#include <unordered_set>
#include <utility>

namespace symshape::solver {

std::optional<int64_t> ShapeRefinement::constant(TermId term) const {
  auto it = constants.find(term);
  if (it == constants.end())
    return std::nullopt;
  return it->second;
}

const std::string &ShapeRefinement::name(TermId term) const {
  static const std::string none;
  auto it = names.find(term);
  return it == names.end() ? none : it->second;
}

std::string ShapeRefinement::dimText(TermId term) const {
  if (std::optional<int64_t> c = constant(term))
    return std::to_string(*c);
  const std::string &n = name(term);
  return n.empty() ? "?" : n;
}

namespace {

/// Models of W found without the solver: the component's symbols set to a
/// few simple assignments (all 1, all 2, all distinct, ... raised to their
/// lower bounds), each kept when it satisfies every fact and no violation
/// holds, evaluated exactly as the SMT encoding defines the terms (Smt.cpp).
/// Each kept one is a genuine execution of W, so it may split constants and
/// classes as the solver's models do; what stays unsplit is still proved by
/// the solver. Returns the candidates' values in each kept model.
class TrialModels {
public:
  TrialModels(const DimGraph &graph, const FormulaStore &formulas)
      : graph(graph), formulas(formulas) {}

  std::vector<std::vector<int64_t>>
  find(const std::vector<FormulaId> &facts,
       const std::vector<FormulaId> &violations,
       const std::vector<TermId> &candidates) {
    std::vector<int64_t> constants;
    std::vector<uint32_t> symbols =
        symbolsOf(facts, violations, candidates, constants);
    // Besides the fixed trials, every symbol at a size the component
    // mentions (a broadcast against 4 allows 1 and 4), and at 0.
    std::vector<int64_t> uniform{0};
    for (int64_t c : constants)
      if (c > 3 && uniform.size() < kConstantTrials)
        uniform.push_back(c);
    std::unordered_map<uint32_t, int64_t> low;
    for (FormulaId fact : facts) {
      const FormulaNode &node = formulas.node(fact);
      if (node.kind != FormulaKind::Le || !graph.isSymbol(node.args[1]))
        continue;
      if (std::optional<int64_t> bound = graph.constantValue(node.args[0])) {
        auto [it, fresh] = low.emplace(graph.term(node.args[1]).symbol, *bound);
        if (!fresh)
          it->second = std::max(it->second, *bound);
      }
    }
    std::vector<std::vector<int64_t>> found;
    for (size_t trial = 0; trial < kTrials + uniform.size(); ++trial) {
      std::unordered_map<uint32_t, int64_t> values;
      for (size_t j = 0; j < symbols.size(); ++j) {
        int64_t v = trial == 0   ? 1
                    : trial == 1 ? 2
                    : trial == 2 ? int64_t(j) + 2
                    : trial == 3 ? 3
                    : trial == 4 ? 2 * int64_t(j) + 5
                                 : uniform[trial - kTrials];
        auto it = low.find(symbols[j]);
        values[symbols[j]] = it == low.end() ? v : std::max(v, it->second);
      }
      std::optional<detail::Evaluator> eval;
      bool model = false;
      // A trial that breaks a broadcast over a size of its own (a new
      // argument against a long concatenation) often holds with that size
      // at 1: a few repairs, each re-evaluated exactly.
      for (size_t repair = 0; repair <= kRepairs && !model; ++repair) {
        eval.emplace(graph, formulas,
                     [&](TermId t) { return values.at(graph.term(t).symbol); });
        model = true;
        for (FormulaId f : facts)
          model = model && eval->holds(f) == std::optional<bool>(true);
        std::vector<TermId> toOne;
        for (FormulaId v : violations) {
          if (eval->holds(v) == std::optional<bool>(false))
            continue;
          model = false;
          const FormulaNode &node = formulas.node(v);
          if (node.kind != FormulaKind::Conflict)
            continue;
          for (auto it = node.args.rbegin(); it != node.args.rend(); ++it)
            if (graph.isSymbol(*it) && values[graph.term(*it).symbol] != 1 &&
                (!low.count(graph.term(*it).symbol) ||
                 low[graph.term(*it).symbol] <= 1)) {
              toOne.push_back(*it); // its newest size
              break;
            }
        }
        if (model || toOne.empty())
          break;
        for (TermId t : toOne)
          values[graph.term(t).symbol] = 1;
      }
      if (!model)
        continue;
      // A candidate beyond int64 would read as "did not fit": such a
      // trial is left to the solver.
      std::vector<int64_t> row;
      for (TermId t : candidates) {
        std::optional<int64_t> v = eval->term(t);
        if (!v || *v == INT64_MIN)
          break;
        row.push_back(*v);
      }
      if (row.size() == candidates.size())
        found.push_back(std::move(row));
    }
    return found;
  }

private:
  static constexpr size_t kTrials = 5, kConstantTrials = 4, kRepairs = 3;

  /// The symbols of the component, sorted; `constants` gets the distinct
  /// constants among its terms, smallest first.
  std::vector<uint32_t> symbolsOf(const std::vector<FormulaId> &facts,
                                  const std::vector<FormulaId> &violations,
                                  const std::vector<TermId> &candidates,
                                  std::vector<int64_t> &constants) {
    std::unordered_set<TermId> seen;
    std::vector<TermId> stack(candidates);
    for (const std::vector<FormulaId> *list : {&facts, &violations})
      for (FormulaId f : *list)
        for (TermId t : formulas.termsOf(f))
          stack.push_back(t);
    std::vector<uint32_t> out;
    while (!stack.empty()) {
      TermId t = stack.back();
      stack.pop_back();
      if (!seen.insert(t).second)
        continue;
      const TermNode &node = graph.term(t);
      if (node.kind == TermKind::Symbol)
        out.push_back(node.symbol);
      if (node.kind == TermKind::Const)
        constants.push_back(node.value);
      stack.insert(stack.end(), node.operands.begin(), node.operands.end());
    }
    std::sort(out.begin(), out.end());
    std::sort(constants.begin(), constants.end());
    constants.erase(std::unique(constants.begin(), constants.end()),
                    constants.end());
    return out;
  }

  const DimGraph &graph;
  const FormulaStore &formulas;
};

/// Equalities W states outright: facts `a == b` and obligations whose
/// violation is `a != b` (a cast, an `equal` requirement). Every model of
/// W satisfies them, so what they join (by union-find) is proved equal,
/// and a term joined to a constant is that constant, with no solver.
class StatedEqualities {
public:
  StatedEqualities(const DimGraph &graph, const FormulaStore &formulas,
                   const std::vector<FormulaId> &facts,
                   const std::vector<FormulaId> &violations)
      : graph(graph) {
    for (FormulaId f : facts)
      if (formulas.node(f).kind == FormulaKind::Eq)
        join(formulas.node(f).args[0], formulas.node(f).args[1]);
    for (FormulaId v : violations) {
      const FormulaNode &node = formulas.node(v);
      if (node.kind != FormulaKind::Not)
        continue;
      const FormulaNode &eq = formulas.node(node.args[0]);
      if (eq.kind == FormulaKind::Eq)
        join(eq.args[0], eq.args[1]);
    }
  }

  bool equal(TermId a, TermId b) { return find(a) == find(b); }

  /// The constant `t` is joined to, if any.
  std::optional<int64_t> constant(TermId t) {
    auto it = constantOf.find(find(t));
    if (it == constantOf.end())
      return std::nullopt;
    return it->second;
  }

private:
  TermId find(TermId t) {
    TermId root = t;
    for (auto it = parent.find(root); it != parent.end();
         it = parent.find(root))
      root = it->second;
    while (t != root) { // path compression, without recursion
      TermId &up = parent[t];
      t = std::exchange(up, root);
    }
    return root;
  }
  void join(TermId a, TermId b) {
    TermId ra = find(a), rb = find(b);
    if (ra == rb)
      return;
    std::optional<int64_t> ca = constantOf.count(ra)
                                    ? std::optional<int64_t>(constantOf[ra])
                                    : graph.constantValue(ra);
    std::optional<int64_t> cb = constantOf.count(rb)
                                    ? std::optional<int64_t>(constantOf[rb])
                                    : graph.constantValue(rb);
    if (ca && cb && *ca != *cb)
      contradictory = true; // W is empty: left to the solver to say so
    parent[rb] = ra;
    if (!ca && cb)
      ca = cb;
    if (ca)
      constantOf[ra] = *ca;
    constantOf.erase(rb);
  }

public:
  /// Two different constants were joined: W has no model, and nothing
  /// here may be used.
  bool contradictory = false;

private:
  const DimGraph &graph;
  std::unordered_map<TermId, TermId> parent;
  std::unordered_map<TermId, int64_t> constantOf;
};

/// Per-component state of the refinement.
class ComponentRefiner {
public:
  ComponentRefiner(const Problem &problem, SmtContext &context,
                   const SmtLimits &limits, std::vector<TermId> candidates,
                   RefinementStats &stats)
      : problem(problem), context(context), limits(limits),
        candidates(std::move(candidates)), stats(stats) {}

  /// W's part in this component, asserted when the solver is first needed.
  void assume(const std::vector<FormulaId> &facts,
              const std::vector<FormulaId> &violations) {
    wFacts = facts;
    wViolations = violations;
  }

  /// Returns Unsat when W is empty; fills constants and classes otherwise.
  /// `known`: the candidates' values in models of W found without the
  /// solver (TrialModels); with one, W is known not to be empty.
  /// `stated`: equalities W states outright (null: none used).
  SatResult run(std::unordered_map<TermId, int64_t> &constants,
                std::vector<std::vector<TermId>> &classes,
                std::vector<std::vector<int64_t>> known,
                StatedEqualities *stated);

private:
  SmtSolver &solverNow() {
    if (!solver) {
      solver.emplace(context, limits);
      for (FormulaId f : wFacts)
        solver->add(f);
      for (FormulaId v : wViolations)
        solver->add(v, /*negated=*/true);
    }
    return *solver;
  }
  SatResult check(const std::vector<Lit> &lits) {
    ++stats.checks;
    return solverNow().check(lits);
  }
  std::vector<int64_t> readModel() {
    std::vector<int64_t> values;
    for (TermId t : candidates)
      values.push_back(solver->value(t).value_or(INT64_MIN));
    return values;
  }
  /// A literal for "some of these atoms is false".
  Lit someDiffers(const std::vector<Atom> &atoms) {
    std::vector<Lit> negated;
    for (const Atom &atom : atoms)
      negated.push_back(-solverNow().atom(atom));
    return solverNow().clause(negated);
  }

  const Problem &problem;
  SmtContext &context;
  SmtLimits limits;
  std::optional<SmtSolver> solver;
  std::vector<FormulaId> wFacts, wViolations;
  std::vector<TermId> candidates;
  RefinementStats &stats;
  std::vector<std::vector<int64_t>> models;
};

SatResult ComponentRefiner::run(std::unordered_map<TermId, int64_t> &constants,
                                std::vector<std::vector<TermId>> &classes,
                                std::vector<std::vector<int64_t>> known,
                                StatedEqualities *stated) {
  if (known.empty()) {
    SatResult first = check({});
    if (first != SatResult::Sat)
      return first;
    models.push_back(readModel());
  } else {
    models = std::move(known);
  }
  const std::vector<int64_t> base = models.front(); // models grows

  // Constants: every candidate is one until a model shows otherwise.
  std::vector<size_t> open;
  for (size_t i = 0; i < candidates.size(); ++i) {
    if (base[i] == INT64_MIN) // INT64_MIN: the value did not fit
      continue;
    bool same = true;
    for (const std::vector<int64_t> &m : models)
      same = same && m[i] == base[i];
    if (!same)
      continue;
    if (stated && stated->constant(candidates[i]) == base[i])
      constants[candidates[i]] = base[i]; // W says so outright
    else
      open.push_back(i);
  }
  while (!open.empty()) {
    std::vector<Atom> atoms;
    for (size_t i : open)
      atoms.push_back({*Polynomial::sub(Polynomial::symbol(candidates[i]),
                                        Polynomial::constant(base[i])),
                       AtomRel::Eq});
    SatResult r = check({someDiffers(atoms)});
    if (r == SatResult::Unsat) {
      for (size_t i : open)
        constants[candidates[i]] = base[i];
      break;
    }
    if (r == SatResult::Unknown)
      break;
    models.push_back(readModel());
    std::vector<size_t> still;
    for (size_t i : open)
      if (models.back()[i] == base[i])
        still.push_back(i);
    open = std::move(still);
  }

  // Classes: dims equal in every model so far, proved one group at a time.
  std::map<std::vector<int64_t>, std::vector<size_t>> bySignature;
  for (size_t i = 0; i < candidates.size(); ++i) {
    if (constants.count(candidates[i]) || base[i] == INT64_MIN)
      continue; // constant, or a value beyond int64: no class is guessed
    std::vector<int64_t> signature;
    for (const std::vector<int64_t> &m : models)
      signature.push_back(m[i]);
    bySignature[signature].push_back(i);
  }
  std::vector<std::vector<size_t>> work;
  for (auto &[signature, group] : bySignature)
    if (group.size() > 1)
      work.push_back(group);
  while (!work.empty()) {
    std::vector<size_t> group = std::move(work.back());
    work.pop_back();
    TermId rep = candidates[group.front()];
    bool statedEqual = stated != nullptr;
    for (size_t k = 1; statedEqual && k < group.size(); ++k)
      statedEqual = stated->equal(candidates[group[k]], rep);
    if (statedEqual) { // W says so outright
      std::vector<TermId> members;
      for (size_t i : group)
        members.push_back(candidates[i]);
      classes.push_back(std::move(members));
      continue;
    }
    std::vector<Atom> atoms;
    for (size_t k = 1; k < group.size(); ++k)
      atoms.push_back(
          {*Polynomial::sub(Polynomial::symbol(candidates[group[k]]),
                            Polynomial::symbol(rep)),
           AtomRel::Eq});
    SatResult r = check({someDiffers(atoms)});
    if (r == SatResult::Unsat) {
      std::vector<TermId> members;
      for (size_t i : group)
        members.push_back(candidates[i]);
      classes.push_back(std::move(members));
      continue;
    }
    if (r == SatResult::Unknown)
      continue;
    std::vector<int64_t> m = readModel();
    std::map<int64_t, std::vector<size_t>> split;
    for (size_t i : group)
      split[m[i]].push_back(i);
    // The counterexample must split the group; when it does not (values
    // beyond int64 read back alike), give the group up instead of asking
    // the same question again.
    if (split.size() < 2)
      continue;
    for (auto &[value, part] : split)
      if (part.size() > 1)
        work.push_back(part);
  }
  return SatResult::Sat;
}

/// Whether W leaves every candidate of a component free: no obligation
/// constrains it, its facts only bound single symbols from below, and its
/// candidates are those symbols. Then each takes every value above its
/// bound independently of the others: none is a constant, no two are
/// equal, and W is not empty.
bool onlyFreeSymbols(const DimGraph &graph, const FormulaStore &formulas,
                     const std::vector<FormulaId> &facts,
                     const std::vector<FormulaId> &violations,
                     const std::vector<TermId> &candidates) {
  if (!violations.empty())
    return false;
  for (TermId t : candidates)
    if (!graph.isSymbol(t))
      return false;
  for (FormulaId fact : facts) {
    const FormulaNode &node = formulas.node(fact);
    if (node.kind != FormulaKind::Le || !graph.constantValue(node.args[0]) ||
        !graph.isSymbol(node.args[1]))
      return false;
  }
  return true;
}

/// What broadcastClasses keeps across the components of one function:
/// made once, since a rank-N broadcast has N components.
struct ClassScratch {
  explicit ClassScratch(const DimGraph &graph)
      : nesting(graph), stamp(graph.numTerms(), 0),
        marked(graph.symbols().size(), 0) {}

  /// A broadcast's support (the sizes it is built from): its size, a hash,
  /// and a term known to have the same one.
  struct Support {
    uint64_t count = 0, hash = 0;
    TermId rep = kNoTerm;
  };
  detail::BroadcastNesting nesting;
  std::vector<uint32_t> stamp; ///< per term, for walks
  uint32_t round = 0;
  std::vector<uint32_t> marked; ///< per symbol, for set comparisons
  uint32_t marking = 0;
  std::unordered_map<TermId, Support> supports;
  std::map<std::pair<TermId, std::vector<TermId>>, TermId> sameAdditions;
};

/// SEMANTICS.md §5 without the solver for a component made of broadcasts of
/// free sizes: every obligation of W is a broadcast over sizes that are symbols
/// or broadcasts of them, every fact a lower bound of at most 1, every
/// candidate such a size, and every broadcast among the candidates (and
/// inside them) is the result of a column W requires compatible. Then:
///   - all sizes 1, and all sizes 2, are executions of W (no two sizes
///     differ from 1 and from each other): no candidate is a constant;
///   - a broadcast is the common size != 1 of the symbols it is built from
///     (its support), or 1; two candidates with the same support are equal
///     in W, and with different ones they are not (one symbol of one
///     support 2, the rest 1, is in W).
/// Returns false, touching nothing, when the component is not of this form.
bool broadcastClasses(const DimGraph &graph, const FormulaStore &formulas,
                      const std::vector<FormulaId> &facts,
                      const std::vector<FormulaId> &violations,
                      const std::vector<TermId> &candidates,
                      std::vector<std::vector<TermId>> &classes,
                      std::optional<ClassScratch> &scratch) {
  for (FormulaId fact : facts) {
    const FormulaNode &node = formulas.node(fact);
    std::optional<int64_t> bound = node.kind == FormulaKind::Le
                                       ? graph.constantValue(node.args[0])
                                       : std::nullopt;
    if (!bound || *bound > 1 || !graph.isSymbol(node.args[1]))
      return false;
  }
  // Operand lists of the columns W requires compatible.
  std::set<std::vector<uint32_t>> obliged;
  for (FormulaId v : violations) {
    const FormulaNode &node = formulas.node(v);
    if (node.kind != FormulaKind::Conflict)
      return false;
    obliged.insert(node.args);
  }
  // Every broadcast inside a candidate must be obliged, and built of
  // symbols and broadcasts only; the leaves of each obligation too.
  std::unordered_map<TermId, bool> pure;
  auto isPure = [&](TermId root, bool needObliged) {
    std::vector<TermId> stack{root};
    while (!stack.empty()) {
      TermId t = stack.back();
      stack.pop_back();
      const TermNode &node = graph.term(t);
      if (node.kind == TermKind::Symbol)
        continue;
      auto [it, fresh] = pure.emplace(t, false);
      if (!fresh) {
        if (!it->second)
          return false;
        continue;
      }
      if (node.kind != TermKind::Broadcast ||
          (needObliged && !obliged.count(node.operands)))
        return false;
      it->second = true;
      stack.insert(stack.end(), node.operands.begin(), node.operands.end());
    }
    return true;
  };
  for (TermId t : candidates)
    if (!isPure(t, true))
      return false;
  for (FormulaId v : violations)
    for (TermId leaf : formulas.node(v).args) {
      const TermNode &node = graph.term(leaf);
      if (node.kind != TermKind::Symbol && !isPure(leaf, false))
        return false;
    }
  // Supports: a size and a hash first, the exact set only on a tie.
  if (!scratch)
    scratch.emplace(graph);
  std::vector<uint32_t> &stamp = scratch->stamp;
  uint32_t &round = scratch->round;
  auto symbolHash = [](uint32_t symbol) {
    uint64_t z = (uint64_t(symbol) + 1) * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ull;
    return z ^ (z >> 29);
  };
  auto walk = [&](TermId root) {
    ++round;
    uint64_t hash = 0, count = 0;
    std::vector<TermId> stack{root};
    while (!stack.empty()) {
      TermId t = stack.back();
      stack.pop_back();
      if (stamp[t] == round)
        continue;
      stamp[t] = round;
      const TermNode &node = graph.term(t);
      if (node.kind == TermKind::Symbol) {
        hash ^= symbolHash(node.symbol);
        ++count;
      }
      stack.insert(stack.end(), node.operands.begin(), node.operands.end());
    }
    return std::make_pair(count, hash);
  };
  // A broadcast's support is its heavy operand's plus the symbols among
  // its other operands that the heavy one does not hold: a chain of N
  // broadcasts costs N steps, not N^2. `rep` is a term known to have the
  // same support: the heavy operand's when nothing is added, else the
  // first term that adds the same symbols to the same support.
  using Support = ClassScratch::Support;
  const detail::BroadcastNesting &nesting = scratch->nesting;
  std::unordered_map<TermId, Support> &supports = scratch->supports;
  std::map<std::pair<TermId, std::vector<TermId>>, TermId> &sameAdditions =
      scratch->sameAdditions;
  auto extend = [&](TermId t) {
    const TermNode &node = graph.term(t);
    if (node.kind == TermKind::Symbol)
      return Support{1, symbolHash(node.symbol), t};
    const std::vector<TermId> *delta = nesting.delta(t);
    if (!delta) {
      auto [count, hash] = walk(t); // not recorded: walk it
      return Support{count, hash, t};
    }
    TermId heavy = nesting.heavy(t);
    Support out = heavy == kNoTerm ? Support{0, 0, t} : supports.at(heavy);
    for (TermId atom : *delta) { // symbols (checked above)
      out.count += 1;
      out.hash ^= symbolHash(graph.term(atom).symbol);
    }
    if (heavy == kNoTerm || !delta->empty()) {
      // Siblings that add the same symbols to the same support are one.
      auto key = std::make_pair(heavy == kNoTerm ? kNoTerm : out.rep, *delta);
      out.rep = sameAdditions.emplace(std::move(key), t).first->second;
    }
    return out;
  };
  auto support = [&](TermId root) -> const Support & {
    // Heavy chains first, from their ends up (no recursion: chains are
    // long).
    std::vector<TermId> chain;
    for (TermId t = root; t != kNoTerm && !supports.count(t);
         t = nesting.heavy(t))
      chain.push_back(t);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it)
      supports.emplace(*it, extend(*it));
    return supports.at(root);
  };
  std::map<std::pair<uint64_t, uint64_t>, std::map<TermId, std::vector<TermId>>>
      buckets; // by size and hash, then by representative
  for (TermId t : candidates) {
    const Support &s = support(t);
    buckets[{s.count, s.hash}][s.rep].push_back(t);
  }
  // Equal size and hash but several representatives: compare the sets
  // themselves, marking one and walking the other (no sorted copies).
  std::vector<uint32_t> &marked = scratch->marked;
  uint32_t &marking = scratch->marking;
  auto sameSupport = [&](TermId a, TermId b) {
    ++marking;
    ++round;
    std::vector<TermId> stack{a};
    while (!stack.empty()) {
      TermId t = stack.back();
      stack.pop_back();
      if (stamp[t] == round)
        continue;
      stamp[t] = round;
      const TermNode &node = graph.term(t);
      if (node.kind == TermKind::Symbol)
        marked[node.symbol] = marking;
      stack.insert(stack.end(), node.operands.begin(), node.operands.end());
    }
    ++round;
    stack.assign(1, b);
    while (!stack.empty()) {
      TermId t = stack.back();
      stack.pop_back();
      if (stamp[t] == round)
        continue;
      stamp[t] = round;
      const TermNode &node = graph.term(t);
      if (node.kind == TermKind::Symbol && marked[node.symbol] != marking)
        return false; // equal sizes: one set holds the other only if equal
      stack.insert(stack.end(), node.operands.begin(), node.operands.end());
    }
    return true;
  };
  for (auto &[key, byRep] : buckets) {
    std::vector<std::vector<TermId>> same; // classes, first member a rep
    std::vector<TermId> reps;
    for (auto &[rep, members] : byRep) {
      size_t g = 0;
      while (g < reps.size() && !sameSupport(reps[g], rep))
        ++g;
      if (g == reps.size()) {
        reps.push_back(rep);
        same.emplace_back();
      }
      same[g].insert(same[g].end(), members.begin(), members.end());
    }
    for (std::vector<TermId> &members : same)
      if (members.size() > 1)
        classes.push_back(std::move(members));
  }
  return true;
}

} // namespace

ShapeRefinement refineShapes(const Problem &problem,
                             const FunctionVerdicts &verdicts,
                             const SmtLimits &limits,
                             SmtEnvironment *environment) {
  ShapeRefinement out;
  const DimGraph &graph = problem.graph;
  const FormulaStore &formulas = problem.formulas;
  Components parts = graph.components();
  auto componentOf = [&](FormulaId f) -> std::optional<uint32_t> {
    for (TermId t : formulas.termsOf(f)) // constants link nothing
      if (!graph.constantValue(t))
        return parts.of[t];
    return std::nullopt;
  };

  // W: facts and the "no violation" of every obligation later ones assume.
  std::vector<std::vector<FormulaId>> facts(parts.count),
      violations(parts.count);
  for (FormulaId fact : problem.facts) {
    if (formulas.isFalse(fact))
      out.defined = false;
    if (std::optional<uint32_t> c = componentOf(fact);
        c && formulas.degreeOf(fact) <= 8)
      facts[*c].push_back(fact);
  }
  for (size_t k = 0; k < problem.obligations.size(); ++k) {
    const Obligation &ob = problem.obligations[k];
    if (ob.staticError || ob.conditional ||
        verdicts.findings[k].verdict == Verdict::Error)
      continue; // not assumed: static errors, contradictory assumptions
    if (formulas.isTrue(ob.violation))
      out.defined = false;
    // The judge already knows W empty: every size reaching this obligation
    // violates it, or none reaches it (a component without a value's dim
    // is never asked below).
    Verdict verdict = verdicts.findings[k].verdict;
    if (verdict == Verdict::UbGuaranteed || verdict == Verdict::Unreachable)
      out.defined = false;
    // Too nonlinear for Z3: left out, W is then larger, and what holds in
    // all of it still holds in the real W.
    if (ob.anchor != kNoTerm && formulas.degreeOf(ob.violation) <= 8)
      violations[parts.of[ob.anchor]].push_back(ob.violation);
  }
  // Candidates: every dim and size of a value, grouped by component.
  std::vector<std::vector<TermId>> candidates(parts.count);
  std::unordered_set<TermId> seen, dimTerms;
  for (const ValueInfo &value : problem.values)
    if (value.kind != ValueInfo::Kind::Shape) // extents are listed as is
      dimTerms.insert(value.dims.begin(), value.dims.end());
  auto consider = [&](TermId t) {
    if (t == kNoTerm || !seen.insert(t).second)
      return;
    if (std::optional<int64_t> c = graph.constantValue(t)) {
      // A negative constant dim (index arithmetic such as 0 - 2) is UB
      // wherever it is reached, never a size to refine to; an index may
      // be negative.
      if (*c >= 0 || !dimTerms.count(t))
        out.constants[t] = *c;
      return;
    }
    // Evaluating a product of many sizes (x^65536 by squaring) in a model
    // is as hopeless as solving with it: such dims are left unrefined.
    if (graph.term(t).degree > 8)
      return;
    candidates[parts.of[t]].push_back(t);
  };
  for (const ValueInfo &value : problem.values) {
    for (TermId dim : value.dims)
      consider(dim);
    consider(value.scalar);
  }
  // Without a well-defined execution nothing is refined: only what the
  // types say (static sizes, collected above) is reported.
  if (!out.defined)
    return out;

  SmtContext context(graph, formulas, environment);
  TrialModels trials(graph, formulas);
  std::vector<std::vector<TermId>> classes;
  std::optional<ClassScratch> scratch; // made on first use
  for (uint32_t c = 0; c < parts.count; ++c) {
    if (candidates[c].empty())
      continue;
    out.statistics.candidates += candidates[c].size();
    if (onlyFreeSymbols(graph, formulas, facts[c], violations[c],
                        candidates[c]))
      continue; // no constant, no class: nothing to ask the solver
    if (broadcastClasses(graph, formulas, facts[c], violations[c],
                         candidates[c], classes, scratch))
      continue;
    ComponentRefiner refiner(problem, context, limits, candidates[c],
                             out.statistics);
    refiner.assume(facts[c], violations[c]);
    std::vector<std::vector<int64_t>> known =
        trials.find(facts[c], violations[c], candidates[c]);
    // Only beside a model of W: a contradiction among the stated
    // equalities means W is empty, which the solver then reports.
    StatedEqualities stated(graph, formulas, facts[c], violations[c]);
    SatResult r = refiner.run(out.constants, classes, std::move(known),
                              stated.contradictory ? nullptr : &stated);
    if (r == SatResult::Unsat) { // W is empty: nothing is well defined
      ShapeRefinement none;
      none.defined = false;
      none.statistics = out.statistics;
      for (const auto &[term, value] : out.constants)
        if (graph.constantValue(term))
          none.constants[term] = value; // facts of the types
      return none;
    }
    if (r == SatResult::Unknown)
      ++out.statistics.unknown;
  }

  // Names: a class takes its first symbol (arguments come first), else
  // the first value dim denoting one of its dims. A symbol alone is named
  // by itself; a derived dim alone only when several values share it.
  for (const std::vector<TermId> &members : classes) {
    ++out.statistics.classes;
    std::string name;
    uint32_t best = UINT32_MAX;
    for (TermId t : members)
      if (graph.isSymbol(t) && graph.term(t).symbol < best) {
        best = graph.term(t).symbol;
        name = graph.symbolOf(t).name;
      }
    if (name.empty()) {
      TermId first = *std::min_element(members.begin(), members.end());
      if (!graph.labels(first).empty())
        name = graph.labels(first).front();
    }
    for (TermId t : members)
      out.names[t] = name;
  }
  for (const std::vector<TermId> &group : candidates)
    for (TermId t : group) {
      if (out.names.count(t))
        continue;
      if (graph.isSymbol(t))
        out.names[t] = graph.symbolOf(t).name;
      else if (graph.labels(t).size() > 1)
        out.names[t] = graph.labels(t).front();
    }
  out.statistics.constants = 0;
  for (const std::vector<TermId> &group : candidates)
    for (TermId t : group)
      out.statistics.constants += out.constants.count(t);
  return out;
}

} // namespace symshape::solver
