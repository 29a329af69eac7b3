//===- Witnesses.cpp - Models of P and witnesses of findings --------------===//
//
// SEMANTICS.md §4: a witness is a full assignment of the function's free
// symbols, written as its entries that are not 1; every size it does not name
// is 1. The finding's component takes a model of P && violation, every other
// component a model of its P (P is a conjunction over independent
// components, so together they reach the op and violate it). Models get as
// many 1s as plain evaluation finds (preferOnes): a broadcast chain of a
// thousand sizes that must be 1 or equal gives a witness of two entries.
// Only components whose P the all-1 assignment breaks (a fact such as
// --min-dim 2, an obligation 1 violates) are looked at besides the
// finding's own, so a witness costs its own size, not the function's.
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
  comp.notOneSlots.reset();
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
  const std::vector<Lit> &preferred = comp.positive;
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

std::optional<std::vector<int64_t>> Judge::violatingNear(size_t c,
                                                         FormulaId violation) {
  const std::optional<std::vector<int64_t>> &model = modelOf(c);
  if (!model || model->size() != components[c].symbols.size())
    return std::nullopt;
  std::vector<TermId> symbols = symbolsOfFormula(violation);
  if (symbols.size() > kMaxPreferredSymbols)
    return std::nullopt;
  for (TermId symbol : symbols) {
    size_t slot = slotOf(components[c], symbol);
    if (slot >= model->size() || (*model)[slot] < 1)
      return std::nullopt;
  }
  if (!satisfies(c, *model, violation))
    return std::nullopt;
  return *model;
}

void Judge::preferSmall(size_t c, std::vector<int64_t> &values,
                        FormulaId violation,
                        const std::vector<TermId> &symbols) {
  const Component &comp = components[c];
  if (values.size() != comp.symbols.size() ||
      symbols.size() > kMaxPreferredSymbols)
    return;
  for (TermId symbol : symbols) {
    size_t slot = slotOf(comp, symbol);
    if (slot >= values.size() || values[slot] <= 2)
      continue;
    int64_t was = values[slot];
    values[slot] = 1;
    if (satisfies(c, values, violation))
      continue;
    values[slot] = 2;
    if (!satisfies(c, values, violation))
      values[slot] = was;
  }
}

SymbolValues Judge::valuesIn(size_t c, const std::vector<int64_t> &values,
                             const std::vector<TermId> &symbols) {
  const Component &comp = components[c];
  SymbolValues out;
  for (TermId s : symbols) {
    size_t slot = slotOf(comp, s);
    if (slot < values.size())
      out[s] = values[slot];
  }
  return out;
}

//===--- The all-1 assignment ---------------------------------------------===//

std::optional<bool> Judge::valueAtOnes(FormulaId f) {
  if (!atOnes)
    atOnes = std::make_unique<Evaluator>(problem.graph, problem.formulas,
                                         [](TermId) { return int64_t(1); });
  return atOnes->holds(f);
}

void Judge::markOnesFail(size_t c) {
  Component &comp = components[c];
  if (comp.onesFail || comp.symbols.empty())
    return;
  comp.onesFail = true;
  onesFailing.push_back(c);
}

//===--- Models with many 1s ----------------------------------------------===//

bool Judge::satisfies(size_t c, const std::vector<int64_t> &values,
                      FormulaId violation, bool violated) {
  const Component &comp = components[c];
  Evaluator eval(problem.graph, problem.formulas, [&](TermId t) {
    size_t slot = slotOf(comp, t);
    return slot < values.size() ? values[slot] : int64_t(1);
  });
  for (FormulaId fact : comp.facts)
    if (eval.holds(fact) != std::optional<bool>(true))
      return false;
  for (FormulaId avoided : comp.avoided)
    if (eval.holds(avoided) != std::optional<bool>(false))
      return false;
  return violation == kNoFormula ||
         eval.holds(violation) == std::optional<bool>(violated);
}

size_t Judge::evaluationTries(size_t c, size_t maxTries) const {
  const Component &comp = components[c];
  constexpr size_t kMaxFormulas = 4096;
  size_t formulas = comp.facts.size() + comp.avoided.size() + 1;
  return std::clamp<size_t>(kMaxFormulas * 4 / formulas, 1, maxTries);
}

std::optional<std::vector<int64_t>>
Judge::holdingNear(size_t c, const std::vector<int64_t> &violating,
                   FormulaId violation, const std::vector<TermId> &symbols) {
  const Component &comp = components[c];
  if (violating.size() != comp.symbols.size())
    return std::nullopt;
  size_t tries = evaluationTries(c, 48);
  std::vector<const std::vector<int64_t> *> starts;
  if (comp.model && comp.model->size() == comp.symbols.size()) {
    --tries;
    if (satisfies(c, *comp.model, violation, /*violated=*/false))
      return *comp.model;
    starts.push_back(&*comp.model);
  }
  starts.push_back(&violating);
  if (symbols.size() > kMaxPreferredSymbols)
    return std::nullopt;
  // The values a size or a runtime scalar most often takes where an op's
  // requirement holds: 1 (broadcast), -1 (an inferred reshape dim), 0.
  for (const std::vector<int64_t> *start : starts)
    for (TermId symbol : symbols)
      for (int64_t value : {int64_t(1), int64_t(-1), int64_t(0)}) {
        size_t slot = slotOf(comp, symbol);
        if (slot >= start->size() || (*start)[slot] == value)
          continue;
        if (tries == 0)
          return std::nullopt;
        --tries;
        std::vector<int64_t> trial = *start;
        trial[slot] = value;
        if (satisfies(c, trial, violation, /*violated=*/false))
          return trial;
      }
  return std::nullopt;
}

void Judge::preferOnes(size_t c, std::vector<int64_t> &values,
                       FormulaId violation, const std::vector<TermId> &keep) {
  const Component &comp = components[c];
  if (values.size() != comp.symbols.size() || !weakenedBy.empty())
    return;
  std::vector<size_t> notOne;
  for (size_t slot = 0; slot < values.size(); ++slot)
    if (values[slot] != 1)
      notOne.push_back(slot);
  if (notOne.empty())
    return;
  // Bounded, so that a long chain's witnesses stay linear (its models
  // have their 1s already). A large component gets the one try of all
  // sizes at once.
  size_t tries = evaluationTries(c, 16);
  // All sizes the violation does not mention at once: usually P still
  // holds (1 is compatible with every broadcast and equal to every other
  // 1), and it takes one evaluation.
  // (`keep` can hold every size of a long chain: one pass over it, no
  // set built from it.)
  std::vector<bool> kept(notOne.size(), false);
  for (TermId t : keep) {
    auto it = std::lower_bound(notOne.begin(), notOne.end(), slotOf(comp, t));
    if (it != notOne.end() && comp.symbols[*it] == t)
      kept[size_t(it - notOne.begin())] = true;
  }
  std::vector<int64_t> trial = values;
  bool changed = false;
  for (size_t i = 0; i < notOne.size(); ++i)
    if (!kept[i]) {
      trial[notOne[i]] = 1;
      changed = true;
    }
  if (changed) {
    --tries;
    if (satisfies(c, trial, violation))
      values = trial;
  }
  // Then one size at a time, those the violation does not mention first,
  // again after any success (a size may be free once another is 1).
  std::vector<size_t> order;
  for (bool second : {false, true})
    for (size_t i = 0; i < notOne.size(); ++i)
      if (kept[i] == second)
        order.push_back(notOne[i]);
  for (bool progress = true; progress && tries > 0;) {
    progress = false;
    for (size_t slot : order) {
      if (tries == 0)
        break;
      if (values[slot] == 1)
        continue;
      int64_t was = values[slot];
      values[slot] = 1;
      --tries;
      if (satisfies(c, values, violation))
        progress = true;
      else
        values[slot] = was;
    }
  }
}

const std::vector<std::pair<uint32_t, int64_t>> *Judge::notOnesOf(size_t k) {
  Component &comp = components[k];
  if (!comp.modelNotOnes) {
    const std::optional<std::vector<int64_t>> &model = modelOf(k);
    if (!model || model->size() != comp.symbols.size())
      return nullptr; // the solver gave up: the witness stays partial
    std::vector<int64_t> values = *model;
    preferOnes(k, values, kNoFormula, {});
    std::vector<std::pair<uint32_t, int64_t>> entries;
    for (size_t slot = 0; slot < values.size(); ++slot)
      if (values[slot] != 1)
        entries.push_back(
            {problem.graph.term(comp.symbols[slot]).symbol, values[slot]});
    comp.modelNotOnes = std::move(entries);
  }
  return &*comp.modelNotOnes;
}

Witness Judge::assemble(size_t c, std::vector<int64_t> values,
                        const std::vector<TermId> &depends,
                        FormulaId violation) {
  const DimGraph &graph = problem.graph;
  const Component &comp = components[c];
  preferOnes(c, values, violation, depends);
  // Symbol index -> value, for the sizes that are not 1.
  SlotValues named;
  for (size_t slot = 0; slot < values.size() && slot < comp.symbols.size();
       ++slot)
    if (values[slot] != 1)
      named.push_back({graph.term(comp.symbols[slot]).symbol, values[slot]});
  return witnessOf(c, std::move(named));
}

const std::vector<uint32_t> &Judge::notOneSlots(size_t c) {
  Component &comp = components[c];
  if (!comp.notOneSlots) {
    std::vector<uint32_t> slots;
    for (size_t slot = 0; slot < comp.model->size(); ++slot)
      if ((*comp.model)[slot] != 1)
        slots.push_back(uint32_t(slot));
    comp.notOneSlots = std::move(slots);
  }
  return *comp.notOneSlots;
}

Judge::SlotValues Judge::notOnesWith(size_t c, SlotValues edits) {
  const std::vector<int64_t> &model = *components[c].model;
  std::sort(edits.begin(), edits.end());
  SlotValues out;
  auto edit = edits.begin();
  auto take = [&](uint32_t slot, int64_t value) {
    if (value != 1)
      out.push_back({slot, value});
  };
  for (uint32_t slot : notOneSlots(c)) {
    for (; edit != edits.end() && edit->first < slot; ++edit)
      take(edit->first, edit->second);
    if (edit != edits.end() && edit->first == slot)
      take(slot, (edit++)->second);
    else
      take(slot, model[slot]);
  }
  for (; edit != edits.end(); ++edit)
    take(edit->first, edit->second);
  return out;
}

Witness Judge::assembleQuick(size_t c, SlotValues notOnes,
                             const std::vector<TermId> &depends,
                             FormulaId violation) {
  // preferOnes' first try on the entries that are not 1: those of sizes
  // `depends` does not name go to 1 at once, when that keeps a model.
  const Component &comp = components[c];
  if (comp.model && comp.model->size() == comp.symbols.size() &&
      weakenedBy.empty() && !notOnes.empty()) {
    std::vector<bool> kept(notOnes.size(), false);
    for (TermId t : depends) {
      size_t slot = slotOf(comp, t);
      auto it = std::lower_bound(notOnes.begin(), notOnes.end(), slot,
                                 [](const std::pair<uint32_t, int64_t> &e,
                                    size_t s) { return e.first < s; });
      if (it != notOnes.end() && it->first == slot)
        kept[size_t(it - notOnes.begin())] = true;
    }
    if (std::find(kept.begin(), kept.end(), false) != kept.end()) {
      std::vector<int64_t> trial(comp.symbols.size(), 1);
      SlotValues keptOnly;
      for (size_t i = 0; i < notOnes.size(); ++i)
        if (kept[i]) {
          trial[notOnes[i].first] = notOnes[i].second;
          keptOnly.push_back(notOnes[i]);
        }
      if (satisfies(c, trial, violation))
        notOnes = std::move(keptOnly);
    }
  }
  for (auto &[slot, value] : notOnes)
    slot = problem.graph.term(comp.symbols[slot]).symbol;
  return witnessOf(c, std::move(notOnes));
}

Witness Judge::witnessOf(size_t c, SlotValues named) {
  const DimGraph &graph = problem.graph;
  // Every other component at a model of its P: only those whose P the
  // all-1 assignment breaks have sizes to name.
  for (size_t k : onesFailing) {
    if (k == c)
      continue;
    if (const std::vector<std::pair<uint32_t, int64_t>> *entries = notOnesOf(k))
      named.insert(named.end(), entries->begin(), entries->end());
  }
  std::sort(named.begin(), named.end());
  Witness witness;
  witness.reserve(named.size());
  for (const auto &[symbol, value] : named)
    witness.push_back({graph.symbols()[symbol].name, value});
  return witness;
}

} // namespace symshape::solver::detail
