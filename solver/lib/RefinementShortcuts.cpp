//===- RefinementShortcuts.cpp - Components refined without the solver ----===//
//
// Two forms of component whose constants and classes follow from their
// shape alone (RefinementInternal.h): free sizes bounded from below, and
// broadcasts of free sizes that W requires compatible, whose classes are
// the candidates with the same support.
//
//===----------------------------------------------------------------------===//

#include "RefinementInternal.h"

#include <set>

namespace symshape::solver::detail {

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

namespace {

/// Whether a component is of the form broadcastClasses handles: facts
/// that bound symbols by at most 1 from below, obligations that are
/// broadcasts, and candidates built of symbols and obliged broadcasts.
bool ofObligedBroadcasts(const DimGraph &graph, const FormulaStore &formulas,
                         const std::vector<FormulaId> &facts,
                         const std::vector<FormulaId> &violations,
                         const std::vector<TermId> &candidates) {
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
  return true;
}

uint64_t symbolHash(uint32_t symbol) {
  uint64_t z = (uint64_t(symbol) + 1) * 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ull;
  return z ^ (z >> 29);
}

/// The supports of broadcasts (the symbols they are built from), compared
/// by a size and a hash first, the exact set only on a tie; kept in the
/// function's ClassScratch.
class Supports {
public:
  using Support = ClassScratch::Support;

  Supports(const DimGraph &graph, ClassScratch &scratch)
      : graph(graph), scratch(scratch) {}

  /// The support of `root`, made on first use.
  const Support &of(TermId root) {
    std::unordered_map<TermId, Support> &supports = scratch.supports;
    const BroadcastNesting &nesting = scratch.nesting;
    // Heavy chains first, from their ends up (no recursion: chains are
    // long).
    std::vector<TermId> chain;
    for (TermId t = root; t != kNoTerm && !supports.count(t);
         t = nesting.heavy(t))
      chain.push_back(t);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it)
      supports.emplace(*it, extend(*it));
    return supports.at(root);
  }

  /// Whether `a` and `b` are built of the same symbols, given supports of
  /// equal sizes: marking one's and walking the other (no sorted copies).
  bool same(TermId a, TermId b) {
    std::vector<uint32_t> &stamp = scratch.stamp;
    uint32_t &round = scratch.round;
    std::vector<uint32_t> &marked = scratch.marked;
    uint32_t &marking = scratch.marking;
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
  }

private:
  /// The size and hash of the symbols under `root`, by walking it.
  std::pair<uint64_t, uint64_t> walk(TermId root) {
    std::vector<uint32_t> &stamp = scratch.stamp;
    uint32_t &round = scratch.round;
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
  }

  /// A broadcast's support is its heavy operand's plus the symbols among
  /// its other operands that the heavy one does not hold: a chain of N
  /// broadcasts costs N steps, not N^2. `rep` is a term known to have the
  /// same support: the heavy operand's when nothing is added, else the
  /// first term that adds the same symbols to the same support.
  Support extend(TermId t) {
    const BroadcastNesting &nesting = scratch.nesting;
    const TermNode &node = graph.term(t);
    if (node.kind == TermKind::Symbol)
      return Support{1, symbolHash(node.symbol), t};
    const std::vector<TermId> *delta = nesting.delta(t);
    if (!delta) {
      auto [count, hash] = walk(t); // not recorded: walk it
      return Support{count, hash, t};
    }
    TermId heavy = nesting.heavy(t);
    Support out =
        heavy == kNoTerm ? Support{0, 0, t} : scratch.supports.at(heavy);
    for (TermId atom : *delta) { // symbols (checked above)
      out.count += 1;
      out.hash ^= symbolHash(graph.term(atom).symbol);
    }
    if (heavy == kNoTerm || !delta->empty()) {
      // Siblings that add the same symbols to the same support are one.
      auto key = std::make_pair(heavy == kNoTerm ? kNoTerm : out.rep, *delta);
      out.rep = scratch.sameAdditions.emplace(std::move(key), t).first->second;
    }
    return out;
  }

  const DimGraph &graph;
  ClassScratch &scratch;
};

} // namespace

bool broadcastClasses(const DimGraph &graph, const FormulaStore &formulas,
                      const std::vector<FormulaId> &facts,
                      const std::vector<FormulaId> &violations,
                      const std::vector<TermId> &candidates,
                      std::vector<std::vector<TermId>> &classes,
                      std::optional<ClassScratch> &scratch) {
  if (!ofObligedBroadcasts(graph, formulas, facts, violations, candidates))
    return false;
  // Supports: a size and a hash first, the exact set only on a tie.
  if (!scratch)
    scratch.emplace(graph);
  Supports supports(graph, *scratch);
  std::map<std::pair<uint64_t, uint64_t>, std::map<TermId, std::vector<TermId>>>
      buckets; // by size and hash, then by representative
  for (TermId t : candidates) {
    const Supports::Support &s = supports.of(t);
    buckets[{s.count, s.hash}][s.rep].push_back(t);
  }
  // Equal size and hash but several representatives: compare the sets
  // themselves.
  for (auto &[key, byRep] : buckets) {
    std::vector<std::vector<TermId>> same; // classes, first member a rep
    std::vector<TermId> reps;
    for (auto &[rep, members] : byRep) {
      size_t g = 0;
      while (g < reps.size() && !supports.same(reps[g], rep))
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

} // namespace symshape::solver::detail
