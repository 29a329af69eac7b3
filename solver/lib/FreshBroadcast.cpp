//===- FreshBroadcast.cpp - Broadcasts against a fresh size, without Z3 ---===//
//
// The commonest finding in real graphs: an op broadcasts sizes X with a
// size s that nothing before it mentions (a new argument's `?`):
//
//   %r = "tosa.add"(%running, %next) : (tensor<?x4xf32>, tensor<?x4xf32>) ...
//
// P says nothing about s but its lower bound (at most 1). Given a model of
// P where the sizes X are compatible with one value v != 1 (the
// component's current model, or one where a fresh size of X is set to 2):
//   - P && !violation is satisfiable: that model with s = 1;
//   - P && violation is satisfiable: that model with s not in {1, v}.
// So the verdict is ub-possible, the witness and the model of the new P
// come without a solver query. Otherwise the solver decides as usual.
//
//===----------------------------------------------------------------------===//

#include "BroadcastNesting.h"
#include "ConditionsInternal.h"
#include "Judge.h"

#include <algorithm>

namespace symshape::solver::detail {

namespace {

/// Marks `root` and every term it is built from as seen, recording
/// `obligation` as the first use of each symbol reached.
void visit(const DimGraph &graph, TermId root, uint32_t obligation,
           std::vector<bool> &seen, std::vector<SymbolUse> &uses) {
  std::vector<TermId> stack{root};
  while (!stack.empty()) {
    TermId t = stack.back();
    stack.pop_back();
    if (seen[t])
      continue;
    seen[t] = true;
    const TermNode &node = graph.term(t);
    if (node.kind == TermKind::Symbol)
      uses[node.symbol].firstObligation =
          std::min(uses[node.symbol].firstObligation, obligation);
    stack.insert(stack.end(), node.operands.begin(), node.operands.end());
  }
}

} // namespace

void Judge::recordSymbolUses() {
  const DimGraph &graph = problem.graph;
  const FormulaStore &formulas = problem.formulas;
  uses.assign(graph.symbols().size(), SymbolUse());
  boundFacts.assign(graph.symbols().size(), {});
  wellDefined.assign(graph.numTerms(), 0);
  std::vector<bool> seen(graph.numTerms(), false);
  std::vector<SymbolUse> inFacts(uses.size());
  for (FormulaId fact : problem.facts) {
    const FormulaNode &node = formulas.node(fact);
    std::optional<int64_t> bound = node.kind == FormulaKind::Le
                                       ? graph.constantValue(node.args[0])
                                       : std::nullopt;
    if (bound && graph.isSymbol(node.args[1])) {
      uint32_t symbol = graph.term(node.args[1]).symbol;
      std::optional<int64_t> &low = uses[symbol].low;
      low = std::max(low.value_or(*bound), *bound);
      boundFacts[symbol].push_back(fact);
      if (*bound > 1)
        components[componentOf(fact)].onlyBroadcasts = false;
      continue;
    }
    components[componentOf(fact)].onlyBroadcasts = false;
    for (TermId t : formulas.termsOf(fact))
      visit(graph, t, 0, seen, inFacts);
  }
  for (size_t s = 0; s < uses.size(); ++s)
    uses[s].inFact = inFacts[s].firstObligation == 0;
  std::fill(seen.begin(), seen.end(), false);

  freshLeaves.assign(problem.obligations.size(), 0);
  for (size_t k = 0; k < problem.obligations.size(); ++k) {
    FormulaId violation = problem.obligations[k].violation;
    const FormulaNode &node = formulas.node(violation);
    uint32_t index = uint32_t(k);
    if (node.kind == FormulaKind::Conflict && node.args.size() <= 8) {
      // Leaves are distinct: a symbol leaf is inside another leaf only if
      // visiting the others reaches it.
      uint8_t candidates = 0;
      for (size_t i = 0; i < node.args.size(); ++i) {
        TermId leaf = node.args[i];
        if (graph.isSymbol(leaf) && !seen[leaf] &&
            !uses[graph.term(leaf).symbol].inFact)
          candidates |= uint8_t(1u << i);
      }
      for (size_t i = 0; i < node.args.size(); ++i)
        if (!(candidates >> i & 1))
          visit(graph, node.args[i], index, seen, uses);
      for (size_t i = 0; i < node.args.size(); ++i)
        if ((candidates >> i & 1) && !seen[node.args[i]])
          freshLeaves[k] |= uint8_t(1u << i);
      for (TermId leaf : node.args)
        visit(graph, leaf, index, seen, uses);
      continue;
    }
    for (TermId t : formulas.termsOf(violation))
      visit(graph, t, index, seen, uses);
  }
}

void Judge::noteAvoided(Component &comp, FormulaId violation) {
  const DimGraph &graph = problem.graph;
  const FormulaNode &node = problem.formulas.node(violation);
  if (!comp.onlyBroadcasts)
    return;
  if (node.kind != FormulaKind::Conflict) {
    comp.onlyBroadcasts = false;
    return;
  }
  // Each leaf a symbol or a broadcast whose column P assumed, and so on
  // inside it (earlier columns: known already, so this stays linear).
  auto defined = [&](TermId root) {
    std::vector<TermId> stack{root};
    std::vector<TermId> pending;
    while (!stack.empty()) {
      TermId t = stack.back();
      stack.pop_back();
      if (wellDefined[t] != 0) {
        if (wellDefined[t] < 0)
          return false;
        continue;
      }
      const TermNode &term = graph.term(t);
      if (term.kind == TermKind::Symbol) {
        wellDefined[t] = 1;
        continue;
      }
      if (term.kind != TermKind::Broadcast ||
          !assumedColumns.count(term.operands)) {
        wellDefined[t] = -1;
        return false;
      }
      pending.push_back(t);
      stack.insert(stack.end(), term.operands.begin(), term.operands.end());
    }
    for (TermId t : pending)
      wellDefined[t] = 1;
    return true;
  };
  for (TermId leaf : node.args)
    if (!defined(leaf)) {
      comp.onlyBroadcasts = false;
      return;
    }
  assumedColumns.emplace(node.args, violation);
}

std::optional<std::optional<FormulaId>> Judge::projection(size_t k, TermId s) {
  // P holds only broadcasts, so setting every size outside S (the
  // broadcast's symbols) to 1 keeps a model of P one: P says of S exactly
  // that the sizes of the columns it assumes, among S, are compatible. s is
  // fresh, so those are columns over the other leaves X; when X is one
  // symbol, or the leaves of one assumed column, that is all P says of S.
  const Obligation &ob = problem.obligations[k];
  const DimGraph &graph = problem.graph;
  const Component &comp = components[componentOf(ob)];
  if (!comp.onlyBroadcasts)
    return std::nullopt;
  std::vector<uint32_t> others;
  for (TermId leaf : problem.formulas.node(ob.violation).args) {
    if (!graph.isSymbol(leaf))
      return std::nullopt;
    if (leaf != s)
      others.push_back(leaf);
  }
  std::optional<FormulaId> column;
  if (others.size() > 1) {
    auto it = assumedColumns.find(others);
    if (it == assumedColumns.end())
      return std::nullopt;
    column = it->second;
  }
  return column;
}

std::unique_ptr<SmtSolver>
Judge::projectedSolver(size_t k, std::optional<FormulaId> column) {
  const Obligation &ob = problem.obligations[k];
  const DimGraph &graph = problem.graph;
  auto solver = std::make_unique<SmtSolver>(context, options.limits);
  for (TermId leaf : problem.formulas.node(ob.violation).args)
    for (FormulaId fact : boundFacts[graph.term(leaf).symbol])
      solver->add(fact);
  if (column)
    solver->add(*column, /*negated=*/true);
  return solver;
}

size_t Judge::slotOf(const Component &comp, TermId symbol) const {
  uint32_t slot = slotOfSymbol[problem.graph.term(symbol).symbol];
  if (slot < comp.symbols.size() && comp.symbols[slot] == symbol)
    return slot;
  return comp.symbols.size(); // not a symbol of this component
}

std::optional<int64_t> Judge::evaluate(size_t c, TermId root) {
  Component &comp = components[c];
  if (!comp.model)
    return std::nullopt;
  const DimGraph &graph = problem.graph;
  auto known = [&](TermId t) -> std::optional<int64_t> {
    const TermNode &node = graph.term(t);
    if (node.kind == TermKind::Const)
      return node.value;
    if (node.kind == TermKind::Symbol) {
      size_t slot = slotOf(comp, t);
      if (slot >= comp.model->size() || comp.symbols[slot] != t)
        return std::nullopt;
      return (*comp.model)[slot];
    }
    auto it = comp.evaluated.find(t);
    if (it == comp.evaluated.end())
      return std::nullopt;
    return it->second;
  };
  // Operands first (an explicit stack: chains of broadcasts are deep).
  std::vector<std::pair<TermId, bool>> stack{{root, false}};
  while (!stack.empty()) {
    auto [t, expanded] = stack.back();
    stack.pop_back();
    if (known(t))
      continue;
    const TermNode &node = graph.term(t);
    if (node.kind == TermKind::Symbol)
      return std::nullopt; // not in this component's model
    if (!expanded) {
      stack.push_back({t, true});
      for (TermId op : node.operands)
        stack.push_back({op, false});
      continue;
    }
    std::vector<int64_t> values;
    for (TermId op : node.operands) {
      std::optional<int64_t> v = known(op);
      if (!v)
        return std::nullopt;
      values.push_back(*v);
    }
    // Division is left to the solver here.
    std::optional<int64_t> value = node.kind == TermKind::Div
                                       ? std::nullopt
                                       : applyTerm(node.kind, values);
    if (!value)
      return std::nullopt;
    comp.evaluated[t] = *value;
  }
  return known(root);
}

/// `cached`'s cover with its leaves renamed to `leaves` (same order).
static std::optional<std::vector<Cube>>
renamed(const ProjectedCover &cached, const std::vector<uint32_t> &leaves) {
  if (!cached.cover)
    return std::nullopt;
  auto rename = [&](TermId t) {
    auto it = std::lower_bound(cached.leaves.begin(), cached.leaves.end(), t);
    return leaves[size_t(it - cached.leaves.begin())];
  };
  std::vector<Cube> out;
  for (const Cube &cube : *cached.cover) {
    Cube renamedCube;
    for (const auto &[atom, holds] : cube) {
      std::optional<Polynomial> poly = atom.poly.renamed(rename);
      if (!poly)
        return std::nullopt;
      renamedCube.push_back({{std::move(*poly), atom.rel}, holds});
    }
    out.push_back(std::move(renamedCube));
  }
  return out;
}

/// Marks a size's place in a cover's text: no name of the input holds it.
constexpr char kSlotMark = '\x01', kSlotEnd = '\x02';

/// `cached`'s cover rendered once for all broadcasts of its projection: its
/// sizes renamed to symbols of a scratch graph, in the same order and of
/// the same kinds, named by their slots. The printer sees the same
/// monomials in the same order (renaming keeps term and symbol order),
/// the same sizes that are never negative, and only the names differ.
static std::optional<CoverText> coverText(const DimGraph &graph,
                                          const ProjectedCover &cached) {
  const std::vector<uint32_t> &leaves = cached.leaves;
  if (!cached.cover ||
      std::adjacent_find(leaves.begin(), leaves.end(),
                         std::greater_equal<uint32_t>()) != leaves.end())
    return std::nullopt;
  DimGraph scratch;
  std::vector<uint32_t> placeholders;
  CoverText text;
  for (size_t i = 0; i < leaves.size(); ++i) {
    if (!graph.isSymbol(leaves[i]))
      return std::nullopt;
    text.nonNegative.push_back(graph.provablyNonNegative(leaves[i]));
    placeholders.push_back(
        scratch.symbol(kSlotMark + std::to_string(i) + kSlotEnd,
                       graph.symbolOf(leaves[i]).origin));
  }
  std::optional<std::vector<Cube>> cover = renamed(cached, placeholders);
  if (!cover)
    return std::nullopt;
  text.formula = renderCover(scratch, *cover);
  return text;
}

/// The condition of the cover `text` was rendered from, renamed to
/// `leaves`; nullopt when they are not symbols in order of the same kinds.
static std::optional<symshape::Condition>
fillCoverText(const DimGraph &graph, const CoverText &text,
              const std::vector<uint32_t> &leaves) {
  if (leaves.size() != text.nonNegative.size())
    return std::nullopt;
  for (size_t i = 0; i < leaves.size(); ++i)
    if ((i > 0 && leaves[i - 1] >= leaves[i]) || !graph.isSymbol(leaves[i]) ||
        graph.provablyNonNegative(leaves[i]) != text.nonNegative[i])
      return std::nullopt;
  return renameSizes(text.formula, [&](const std::string &name) {
    if (name.size() < 3 || name.front() != kSlotMark || name.back() != kSlotEnd)
      return name;
    return graph.symbolOf(leaves[std::stoul(name.substr(1, name.size() - 2))])
        .name;
  });
}

bool Judge::hasMoreSymbols(FormulaId f, size_t limit) const {
  const DimGraph &graph = problem.graph;
  if (termStamp.size() < graph.numTerms())
    termStamp.resize(graph.numTerms(), 0);
  uint32_t stamp = ++stampCounter;
  size_t found = 0;
  std::vector<TermId> stack = problem.formulas.termsOf(f);
  while (!stack.empty()) {
    TermId t = stack.back();
    stack.pop_back();
    if (termStamp[t] == stamp)
      continue;
    termStamp[t] = stamp;
    if (graph.isSymbol(t) && ++found > limit)
      return true;
    // Symbol operands first: a chain holds one at every level, and
    // descending it first would walk all of it.
    for (TermId op : graph.term(t).operands) {
      if (!graph.isSymbol(op))
        stack.push_back(op);
      else if (termStamp[op] != stamp) {
        termStamp[op] = stamp;
        if (++found > limit)
          return true;
      }
    }
  }
  return false;
}

std::vector<TermId> Judge::mentionedNotOnes(size_t c, const SlotValues &notOnes,
                                            FormulaId f) {
  const DimGraph &graph = problem.graph;
  const Component &comp = components[c];
  const FormulaNode &node = problem.formulas.node(f);
  if (node.kind != FormulaKind::Conflict)
    return symbolsOfFormula(f);
  if (!nesting)
    nesting = std::make_unique<BroadcastNesting>(graph);
  std::vector<TermId> out;
  for (const auto &[slot, value] : notOnes) {
    if (value == 1 || slot >= comp.symbols.size())
      continue;
    TermId symbol = comp.symbols[slot];
    bool unknown = false, under = false;
    for (TermId leaf : node.args) {
      BroadcastNesting::Answer at = nesting->under(symbol, leaf);
      under |= at == BroadcastNesting::Answer::Yes;
      unknown |= at == BroadcastNesting::Answer::Unknown;
    }
    if (under)
      out.push_back(symbol);
    else if (unknown)
      return symbolsOfFormula(f); // the index cannot tell: walk
  }
  return out;
}

void Judge::describeFreshBroadcast(size_t k, size_t c, TermId s,
                                   const std::vector<TermId> &symbols,
                                   const SlotValues &violating,
                                   const SlotValues &holding,
                                   Finding &finding) {
  const Obligation &ob = problem.obligations[k];
  const DimGraph &graph = problem.graph;
  Component &comp = components[c];
  KnownModels models;
  for (const SlotValues *edits : {&violating, &holding}) {
    SymbolValues values;
    for (TermId symbol : symbols) {
      size_t slot = slotOf(comp, symbol);
      int64_t &value = values[symbol] = (*comp.model)[slot];
      for (const auto &[edited, to] : *edits)
        if (edited == slot)
          value = to;
    }
    (edits == &violating ? models.violating : models.holding)
        .push_back(std::move(values));
  }
  std::string whyNot;
  if (std::optional<symshape::Condition> closed = closedFormOfViolation(
          graph, problem.formulas, ob.violation, nullptr)) {
    finding.condition = ConditionText(std::move(*closed)); // no query
    return;
  }
  // The solver of the projection is built only when its cover is not
  // known yet: building it per broadcast cost a rank-N add N solvers.
  if (std::optional<std::optional<FormulaId>> column = projection(k, s)) {
    const ProjectedCover &cover = projectedCover(k, s, *column, models);
    const std::vector<uint32_t> &leaves =
        problem.formulas.node(ob.violation).args;
    std::optional<symshape::Condition> text;
    if (cover.text && (text = fillCoverText(graph, *cover.text, leaves))) {
      finding.condition = ConditionText(std::move(*text));
    } else if (std::optional<std::vector<Cube>> renamedCover =
                   renamed(cover, leaves)) {
      finding.condition = ConditionText(renderCover(graph, *renamedCover));
    } else {
      finding.reason =
          cover.cover ? "the condition's coefficients overflow" : cover.whyNot;
    }
  } else if (std::optional<symshape::Condition> condition = describeViolation(
                 solverOf(c), graph, problem.formulas, ob.violation, models,
                 whyNot, stats.solverChecks)) {
    finding.condition = ConditionText(std::move(*condition));
  } else {
    finding.reason = whyNot;
  }
}

const ProjectedCover &Judge::projectedCover(size_t k, TermId s,
                                            std::optional<FormulaId> column,
                                            const KnownModels &models) {
  const Obligation &ob = problem.obligations[k];
  const DimGraph &graph = problem.graph;
  // The projection is fixed by the number of sizes, the place of s
  // among them and their bounds: the cover of one such broadcast,
  // renamed, is the cover of every other (renaming keeps term order).
  const std::vector<uint32_t> &leaves =
      problem.formulas.node(ob.violation).args;
  std::vector<int64_t> key{int64_t(leaves.size())};
  for (TermId leaf : leaves) {
    key.push_back(leaf == s);
    key.push_back(uses[graph.term(leaf).symbol].low.value_or(INT64_MIN));
  }
  auto it = projectedCovers.find(key);
  if (it == projectedCovers.end()) {
    ProjectedCover computed;
    computed.leaves = leaves;
    computed.cover = projectedCoverByCases(k, column);
    if (!computed.cover) {
      std::unique_ptr<SmtSolver> projected = projectedSolver(k, column);
      computed.cover =
          coverOfViolation(*projected, graph, problem.formulas, ob.violation,
                           models, computed.whyNot, stats.solverChecks);
    }
    computed.text = coverText(graph, computed);
    it = projectedCovers.emplace(key, std::move(computed)).first;
  }
  return it->second;
}

bool Judge::judgeFreshBroadcast(size_t k, Finding &finding) {
  const Obligation &ob = problem.obligations[k];
  const DimGraph &graph = problem.graph;
  const std::vector<uint32_t> &leaves =
      problem.formulas.node(ob.violation).args;
  uint8_t fresh = freshLeaves[k];
  // s: the last fresh leaf (the newest size, in practice).
  size_t last = 0;
  for (size_t i = 0; i < leaves.size(); ++i)
    if (fresh >> i & 1)
      last = i;
  TermId s = leaves[last];
  const SymbolUse &sUse = uses[graph.term(s).symbol];
  if (sUse.low && *sUse.low > 1)
    return false; // s = 1 is not a size here
  size_t c = componentOf(ob);
  Component &comp = components[c];
  const std::optional<std::vector<int64_t>> &model = modelOf(c);
  if (!model || slotOf(comp, s) >= model->size())
    return false;
  SlotValues holding; // edits of the model
  // The other leaves under the model: compatible, with one value != 1.
  std::optional<int64_t> common;
  for (size_t i = 0; i < leaves.size(); ++i) {
    if (i == last)
      continue;
    std::optional<int64_t> v = evaluate(c, leaves[i]);
    if (!v)
      return false;
    if (*v == 1)
      continue;
    if (common && *common != *v)
      return false; // they conflict in this model: ask the solver
    common = *v;
  }
  if (!common) {
    // All 1 here; another fresh leaf may be any size of its own.
    size_t other = leaves.size();
    for (size_t i = 0; i < leaves.size(); ++i)
      if ((fresh >> i & 1) && i != last)
        other = i;
    if (other == leaves.size())
      return false; // maybe 1 under every P: ask the solver
    TermId f = leaves[other];
    if (slotOf(comp, f) >= model->size())
      return false;
    common = std::max<int64_t>(2, uses[graph.term(f).symbol].low.value_or(2));
    holding.push_back({uint32_t(slotOf(comp, f)), *common});
  }
  // The model with s = 1 is one of P && !violation; with s another size
  // than `common`, one of P && violation. Only these entries change.
  holding.push_back({uint32_t(slotOf(comp, s)), 1});
  SlotValues violating = holding;
  violating.back().second = *common == 2 ? 3 : 2;
  concludeFreshBroadcast(k, c, s, std::move(holding), violating, finding);
  return true;
}

void Judge::concludeFreshBroadcast(size_t k, size_t c, TermId s,
                                   SlotValues holding,
                                   const SlotValues &violating,
                                   Finding &finding) {
  const Obligation &ob = problem.obligations[k];
  finding.verdict = Verdict::UbPossible;
  ++stats.decidedStatically;
  // The violation's sizes: all of them when few; else (a long chain) only
  // those the witness can keep from `violating`, its entries that are not
  // 1, found through the heavy chains instead of a walk of the chain.
  bool many = hasMoreSymbols(ob.violation, kMaxFixedSymbols);
  SlotValues violatingNotOnes = notOnesWith(c, violating);
  std::vector<TermId> symbols =
      many ? mentionedNotOnes(c, violatingNotOnes, ob.violation)
           : symbolsOfFormula(ob.violation);
  if (many) {
    // What describeViolation says without asking: the closed form, when
    // the column is not too long to print.
    if (std::optional<symshape::Condition> closed = closedFormOfViolation(
            problem.graph, problem.formulas, ob.violation, nullptr))
      finding.condition = ConditionText(std::move(*closed));
    else
      finding.reason = "the condition has too many cases to print";
  } else {
    describeFreshBroadcast(k, c, s, symbols, violating, holding, finding);
  }
  // Sizes the violation mentions keep their values (1 for most: the
  // models of this path set each new size to 1); the others go to 1 in
  // one try. One at a time would cost a chain N^2.
  finding.witness =
      assembleQuick(c, std::move(violatingNotOnes), symbols, ob.violation);
  finding.hasWitness = true;
  if (!ob.conditional) {
    Effect effect{c, ob.violation, false, std::nullopt};
    effect.modelEdits = std::move(holding);
    effect.editsModel = true;
    effect.keepsEvaluated = true;
    effects.push_back(std::move(effect));
  }
}

} // namespace symshape::solver::detail
