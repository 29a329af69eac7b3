//===- Witnesses.cpp - Models of P and witnesses of findings --------------===//
//
// A witness names the free symbols the violation depends on, and those of
// every earlier obligation P assumes that could have failed: fixed to these
// values, every choice of the other symbols reaches the op (the earlier
// obligations that were proved safe follow from the ones fixed) and
// violates it. The values of the finding's component come from a model of
// P && violation (preferring sizes >= 1), those of the other components
// from some model of their P.
//
//===----------------------------------------------------------------------===//

#include "Evaluate.h"
#include "Judge.h"

#include <algorithm>
#include <unordered_map>

namespace symshape::solver::detail {

std::vector<int64_t> Judge::readModel(size_t c) {
  Component &comp = components[c];
  std::vector<int64_t> values;
  for (TermId symbol : comp.symbols)
    values.push_back(comp.solver->value(symbol).value_or(0));
  return values;
}

const std::optional<std::vector<int64_t>> &Judge::modelOf(size_t c) {
  Component &comp = components[c];
  if (comp.model)
    return comp.model;
  comp.evaluated.clear();
  // Without a solver nothing but the facts constrains the component; when
  // they only bound single symbols below, a model needs no solver.
  if (!comp.solver && comp.avoided.empty()) {
    std::unordered_map<TermId, int64_t> lowest;
    bool simple = true;
    for (FormulaId fact : comp.facts) {
      const FormulaNode &node = problem.formulas.node(fact);
      std::optional<int64_t> bound =
          node.kind == FormulaKind::Le
              ? problem.graph.constantValue(node.args[0])
              : std::nullopt;
      if (!bound || !problem.graph.isSymbol(node.args[1])) {
        simple = false;
        break;
      }
      int64_t &low = lowest.emplace(node.args[1], 1).first->second;
      low = std::max(low, *bound);
    }
    if (simple) {
      std::vector<int64_t> values;
      for (TermId symbol : comp.symbols) {
        auto it = lowest.find(symbol);
        values.push_back(it == lowest.end() ? 1 : it->second);
      }
      comp.model = std::move(values);
      return comp.model;
    }
  }
  if (comp.symbols.empty()) {
    comp.model = std::vector<int64_t>();
    return comp.model;
  }
  SmtSolver &solver = solverOf(c);
  std::vector<Lit> preferred = comp.positive;
  if (preferred.empty() && comp.reachSymbols.size() <= kMaxPreferredSymbols)
    preferred = positiveLits(comp, comp.reachSymbols);
  if ((!preferred.empty() && check(solver, preferred) == SatResult::Sat) ||
      check(solver, {}) == SatResult::Sat)
    comp.model = readModel(c);
  return comp.model;
}

std::vector<TermId> Judge::symbolsOfFormula(FormulaId f) const {
  // One walk over the terms, marking them with a fresh stamp.
  const DimGraph &graph = problem.graph;
  if (termStamp.size() < graph.numTerms())
    termStamp.resize(graph.numTerms(), 0);
  uint32_t stamp = ++stampCounter;
  std::vector<uint32_t> indices;
  std::vector<TermId> stack = problem.formulas.termsOf(f);
  while (!stack.empty()) {
    TermId t = stack.back();
    stack.pop_back();
    if (termStamp[t] == stamp)
      continue;
    termStamp[t] = stamp;
    const TermNode &node = graph.term(t);
    if (node.kind == TermKind::Symbol)
      indices.push_back(node.symbol);
    stack.insert(stack.end(), node.operands.begin(), node.operands.end());
  }
  std::vector<TermId> symbols;
  symbols.reserve(indices.size());
  const std::vector<SymbolInfo> &all = graph.symbols();
  if (indices.size() * 16 >= all.size()) {
    // Most symbols: one sweep over them in order beats sorting.
    for (size_t index = 0; index < all.size(); ++index)
      if (termStamp[all[index].term] == stamp)
        symbols.push_back(all[index].term);
    return symbols;
  }
  std::sort(indices.begin(), indices.end());
  for (uint32_t index : indices)
    symbols.push_back(all[index].term);
  return symbols;
}

std::vector<Lit> Judge::preferredPositive(size_t c, FormulaId violation) {
  Component &comp = components[c];
  std::vector<TermId> named = symbolsOfFormula(violation);
  named.insert(named.end(), comp.reachSymbols.begin(), comp.reachSymbols.end());
  named.erase(std::unique(named.begin(), named.end()), named.end());
  if (named.size() > kMaxPreferredSymbols)
    return {}; // one assumption per symbol: only for small witnesses
  return positiveLits(comp, named);
}

std::vector<Lit> Judge::positiveLits(Component &comp,
                                     const std::vector<TermId> &symbols) {
  std::vector<Lit> lits;
  for (TermId symbol : symbols) {
    auto [it, fresh] = comp.positiveOf.emplace(symbol, 0);
    if (fresh) {
      Polynomial oneMinus =
          *Polynomial::sub(Polynomial::constant(1), Polynomial::symbol(symbol));
      it->second = comp.solver->atom({oneMinus, AtomRel::Le});
    }
    lits.push_back(it->second);
  }
  return lits;
}

std::vector<int64_t> Judge::witnessModel(size_t c, Lit violated,
                                         FormulaId violation) {
  Component &comp = components[c];
  std::vector<Lit> preferred = preferredPositive(c, violation);
  if (preferred.empty())
    return readModel(c);
  preferred.push_back(violated);
  if (check(*comp.solver, preferred) != SatResult::Sat)
    check(*comp.solver, {violated}); // Sat a moment ago
  return readModel(c);
}

SymbolValues Judge::valuesOf(size_t c, FormulaId f) {
  SymbolValues values;
  for (TermId t : problem.formulas.termsOf(f))
    for (TermId s : problem.graph.symbolsOf(t))
      if (!values.count(s))
        if (std::optional<int64_t> v = components[c].solver->value(s))
          values[s] = *v;
  return values;
}

Witness Judge::assemble(size_t c, const std::vector<int64_t> &values,
                        const std::vector<TermId> &depends) {
  // Symbol index -> value, for the symbols the witness names.
  std::vector<std::pair<uint32_t, int64_t>> named;
  const DimGraph &graph = problem.graph;
  // Each list is sorted by symbol (term ids grow with symbol indices):
  // merged in, not sorted again.
  auto take = [&](size_t comp, const std::vector<int64_t> &model,
                  const std::vector<TermId> &symbols) {
    size_t middle = named.size();
    for (TermId symbol : symbols) {
      size_t slot = slotOf(components[comp], symbol);
      if (slot < model.size())
        named.push_back({graph.term(symbol).symbol, model[slot]});
    }
    std::inplace_merge(named.begin(), named.begin() + middle, named.end());
  };
  // The sizes the violation depends on, and those that keep every earlier
  // obligation that could fail from failing, so that it is reached.
  std::unordered_map<size_t, const std::vector<int64_t> *> modelOfComponent;
  modelOfComponent[c] = &values;
  take(c, values, depends);
  take(c, values, components[c].reachSymbols);
  for (size_t other : failingComponents) {
    if (other == c)
      continue;
    const std::optional<std::vector<int64_t>> &model = modelOf(other);
    if (model) { // else the solver gave up; the witness stays partial
      take(other, *model, components[other].reachSymbols);
      modelOfComponent[other] = &*model;
    }
  }
  named.erase(std::unique(named.begin(), named.end(),
                          [](const auto &a, const auto &b) {
                            return a.first == b.first;
                          }),
              named.end());
  // SPEC 7: a witness names only the sizes its finding depends on. A size
  // named only so that earlier obligations hold can go when they hold
  // whatever its value (an assumption `a || b` is kept by `a` alone). One
  // solver query per such size: for small witnesses only.
  constexpr size_t kMaxPruned = 6;
  std::vector<size_t> candidates;
  std::vector<size_t> componentOf(named.size(), c);
  {
    std::vector<uint32_t> needed;
    for (TermId t : depends)
      needed.push_back(graph.term(t).symbol);
    std::sort(needed.begin(), needed.end());
    for (size_t i = 0; i < named.size(); ++i) {
      TermId term = graph.symbols()[named[i].first].term;
      componentOf[i] = componentOfTerm[term];
      if (!std::binary_search(needed.begin(), needed.end(), named[i].first))
        candidates.push_back(i);
    }
  }
  if (!candidates.empty() && candidates.size() <= kMaxPruned &&
      weakenedBy.empty()) {
    std::vector<bool> dropped(named.size(), false);
    for (size_t i : candidates) {
      auto model = modelOfComponent.find(componentOf[i]);
      dropped[i] =
          !(model != modelOfComponent.end() &&
            movedValueBreaks(componentOf[i], *model->second,
                             graph.symbols()[named[i].first].term)) &&
          holdsWithout(componentOf[i], [&] {
            // The sizes the witness still fixes in that component.
            std::vector<std::pair<TermId, int64_t>> kept;
            for (size_t j = 0; j < named.size(); ++j)
              if (j != i && !dropped[j] && componentOf[j] == componentOf[i])
                kept.push_back({graph.symbols()[named[j].first].term,
                                named[j].second});
            return kept;
          }());
    }
    size_t out = 0;
    for (size_t i = 0; i < named.size(); ++i)
      if (!dropped[i])
        named[out++] = named[i];
    named.resize(out);
  }
  Witness witness;
  for (const auto &[symbol, value] : named)
    witness.push_back({graph.symbols()[symbol].name, value});
  return witness;
}

bool Judge::movedValueBreaks(size_t k, const std::vector<int64_t> &model,
                             TermId symbol) {
  Component &comp = components[k];
  if (comp.avoided.empty() || model.size() != comp.symbols.size())
    return false;
  size_t slot = slotOf(comp, symbol);
  if (slot >= model.size())
    return false;
  int64_t was = model[slot];
  for (int64_t moved : {was + 1, was - 1, int64_t(1), int64_t(0), was + 2}) {
    if (moved == was)
      continue;
    Evaluator eval(problem.graph, problem.formulas, [&](TermId t) {
      return t == symbol ? moved : model[slotOf(comp, t)];
    });
    bool facts = true;
    for (FormulaId fact : comp.facts)
      if (eval.holds(fact) != std::optional<bool>(true)) {
        facts = false;
        break;
      }
    if (!facts)
      continue;
    for (FormulaId violation : comp.avoided)
      if (eval.holds(violation) == std::optional<bool>(true))
        return true;
  }
  return false;
}

bool Judge::conflictsImpossible(
    size_t k, const std::vector<std::pair<TermId, int64_t>> &kept) {
  const DimGraph &graph = problem.graph;
  std::unordered_map<TermId, int64_t> fixed(kept.begin(), kept.end());
  Evaluator eval(graph, problem.formulas,
                 [&](TermId t) { return fixed.at(t); });
  auto isFixed = [&](TermId t) {
    for (TermId s : graph.symbolsOf(t))
      if (!fixed.count(s))
        return false;
    return true;
  };
  for (FormulaId violation : components[k].avoided) {
    const FormulaNode &node = problem.formulas.node(violation);
    if (node.kind != FormulaKind::Conflict)
      return false; // the solver decides
    // Two sizes other than 1 that differ: impossible when the fixed ones
    // hold at most one value other than 1 and nothing else is free, or
    // all are 1 and at most one is free.
    std::vector<int64_t> notOne;
    size_t free = 0;
    for (uint32_t arg : node.args) {
      if (!isFixed(arg)) {
        ++free;
        continue;
      }
      std::optional<int64_t> v = eval.term(arg);
      if (!v)
        return false;
      if (*v != 1 && std::find(notOne.begin(), notOne.end(), *v) == notOne.end())
        notOne.push_back(*v);
    }
    if (notOne.size() >= 2 || (notOne.size() == 1 && free >= 1) || free >= 2)
      return false;
  }
  return true;
}

bool Judge::holdsWithout(
    size_t k, const std::vector<std::pair<TermId, int64_t>> &kept) {
  Component &comp = components[k];
  if (comp.symbols.size() > kMaxPreferredSymbols || comp.pruneBroken)
    return false;
  if (comp.avoided.empty())
    return true; // nothing in P can fail here
  if (conflictsImpossible(k, kept))
    return true;
  if (!comp.pruneSolver) {
    if (!witnessContext)
      witnessContext = std::make_unique<SmtContext>(
          problem.graph, problem.formulas, options.witnessEnvironment);
    comp.pruneSolver =
        std::make_unique<SmtSolver>(*witnessContext, options.limits);
    for (FormulaId fact : comp.facts) {
      if (problem.formulas.degreeOf(fact) > kMaxDegree) {
        comp.pruneBroken = true;
        return false;
      }
      comp.pruneSolver->add(fact);
    }
  }
  SmtSolver &solver = *comp.pruneSolver;
  // Some earlier obligation of the component fails...
  while (comp.pruneFails.size() < comp.avoided.size()) {
    FormulaId violation = comp.avoided[comp.pruneFails.size()];
    if (problem.formulas.degreeOf(violation) > kMaxDegree) {
      comp.pruneBroken = true;
      return false;
    }
    comp.pruneFails.push_back(solver.track(violation));
  }
  if (comp.pruneClauseFor != comp.pruneFails.size()) {
    comp.pruneClause = solver.clause(comp.pruneFails);
    comp.pruneClauseFor = comp.pruneFails.size();
  }
  std::vector<Lit> assumptions = {comp.pruneClause};
  // ...with the sizes the witness keeps fixed.
  for (const auto &[symbol, value] : kept) {
    std::optional<Polynomial> fixed = Polynomial::sub(
        Polynomial::symbol(symbol), Polynomial::constant(value));
    if (!fixed)
      return false;
    assumptions.push_back(solver.atom({*fixed, AtomRel::Eq}));
  }
  return check(solver, assumptions) == SatResult::Unsat;
}

} // namespace symshape::solver::detail
