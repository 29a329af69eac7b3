//===- Refinement.cpp - Most specific shapes ------------------------------===//

#include "symshape/solver/Refinement.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_set>

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

/// Per-component state of the refinement.
class ComponentRefiner {
public:
  ComponentRefiner(const Problem &problem, SmtContext &context,
                   const SmtLimits &limits, std::vector<TermId> candidates,
                   RefinementStats &stats)
      : problem(problem), solver(context, limits),
        candidates(std::move(candidates)), stats(stats) {}

  /// Asserts W's part in this component.
  void assume(const std::vector<FormulaId> &facts,
              const std::vector<FormulaId> &violations) {
    for (FormulaId f : facts)
      solver.add(f);
    for (FormulaId v : violations)
      solver.add(v, /*negated=*/true);
  }

  /// Returns Unsat when W is empty; fills constants and classes otherwise.
  SatResult run(std::unordered_map<TermId, int64_t> &constants,
                std::vector<std::vector<TermId>> &classes);

private:
  SatResult check(const std::vector<Lit> &lits) {
    ++stats.checks;
    return solver.check(lits);
  }
  std::vector<int64_t> readModel() {
    std::vector<int64_t> values;
    for (TermId t : candidates)
      values.push_back(solver.value(t).value_or(INT64_MIN));
    return values;
  }
  /// A literal for "some of these atoms is false".
  Lit someDiffers(const std::vector<Atom> &atoms) {
    std::vector<Lit> negated;
    for (const Atom &atom : atoms)
      negated.push_back(-solver.atom(atom));
    return solver.clause(negated);
  }

  const Problem &problem;
  SmtSolver solver;
  std::vector<TermId> candidates;
  RefinementStats &stats;
  std::vector<std::vector<int64_t>> models;
};

SatResult ComponentRefiner::run(std::unordered_map<TermId, int64_t> &constants,
                                std::vector<std::vector<TermId>> &classes) {
  SatResult first = check({});
  if (first != SatResult::Sat)
    return first;
  models.push_back(readModel());
  const std::vector<int64_t> base = models.front(); // models grows

  // Constants: every candidate is one until a model shows otherwise.
  std::vector<size_t> open;
  for (size_t i = 0; i < candidates.size(); ++i)
    if (base[i] != INT64_MIN) // INT64_MIN: the value did not fit
      open.push_back(i);
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

/// SPEC 5 without the solver for a component made of broadcasts of free
/// sizes: every obligation of W is a broadcast over sizes that are symbols
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
                      std::vector<std::vector<TermId>> &classes) {
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
  std::vector<uint32_t> stamp(graph.numTerms(), 0);
  uint32_t round = 0;
  auto support = [&](TermId root, std::vector<uint32_t> *out) {
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
        uint64_t z = (uint64_t(node.symbol) + 1) * 0x9e3779b97f4a7c15ull;
        z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ull;
        hash ^= z ^ (z >> 29);
        ++count;
        if (out)
          out->push_back(node.symbol);
      }
      stack.insert(stack.end(), node.operands.begin(), node.operands.end());
    }
    if (out)
      std::sort(out->begin(), out->end());
    return std::make_pair(count, hash);
  };
  std::map<std::pair<uint64_t, uint64_t>, std::vector<TermId>> buckets;
  for (TermId t : candidates)
    buckets[support(t, nullptr)].push_back(t);
  for (auto &[key, members] : buckets) {
    if (members.size() < 2)
      continue;
    std::map<std::vector<uint32_t>, std::vector<TermId>> exact;
    for (TermId t : members) {
      std::vector<uint32_t> symbols;
      support(t, &symbols);
      exact[symbols].push_back(t);
    }
    for (auto &[symbols, same] : exact)
      if (same.size() > 1)
        classes.push_back(same);
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
    // Too nonlinear for Z3: left out, W is then larger, and what holds in
    // all of it still holds in the real W.
    if (ob.anchor != kNoTerm && formulas.degreeOf(ob.violation) <= 8)
      violations[parts.of[ob.anchor]].push_back(ob.violation);
  }
  // Candidates: every dim and size of a value, grouped by component.
  std::vector<std::vector<TermId>> candidates(parts.count);
  std::unordered_set<TermId> seen;
  auto consider = [&](TermId t) {
    if (t == kNoTerm || !seen.insert(t).second)
      return;
    if (std::optional<int64_t> c = graph.constantValue(t)) {
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
  std::vector<std::vector<TermId>> classes;
  for (uint32_t c = 0; c < parts.count; ++c) {
    if (candidates[c].empty())
      continue;
    out.statistics.candidates += candidates[c].size();
    if (onlyFreeSymbols(graph, formulas, facts[c], violations[c],
                        candidates[c]))
      continue; // no constant, no class: nothing to ask the solver
    if (broadcastClasses(graph, formulas, facts[c], violations[c],
                         candidates[c], classes))
      continue;
    ComponentRefiner refiner(problem, context, limits, candidates[c],
                             out.statistics);
    refiner.assume(facts[c], violations[c]);
    SatResult r = refiner.run(out.constants, classes);
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
