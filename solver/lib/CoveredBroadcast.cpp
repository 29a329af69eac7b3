//===- CoveredBroadcast.cpp - Broadcasts P already makes safe, without Z3 -===//
//
// A broadcast whose sizes were all broadcast together before cannot fail:
//
//   %t5 = "tosa.add"(%t4, %a5) ...   // P: the sizes under %t5 agree
//   %t9 = "tosa.add"(%t8, %t3) ...   // %t3's sizes are among %t5's ...
//
// Call a term consistent when it is not a broadcast, or a broadcast whose
// column P holds (assumes compatible, or proved so) and whose operands are
// consistent; its atoms are the non-broadcast terms under it. Under P,
// the atoms of a consistent term t that are not 1 share one value v, and
// t is v (or 1 when every atom is 1): true of an atom, and of a broadcast
// since its operands, each v or 1 by induction, are compatible. Likewise
// the atoms of a held column of consistent leaves share one value. So a
// conflict of consistent leaves whose atoms all lie under one consistent
// leaf, or under the leaves of one held column, cannot happen, whatever
// else P says. (DAGs of values reused by later ops, where asking Z3 costs
// more with every earlier broadcast.)
//
//===----------------------------------------------------------------------===//

#include "BroadcastNesting.h"
#include "Judge.h"

#include <algorithm>

namespace symshape::solver::detail {

namespace {

/// Held columns tried as covers of one conflict, newest first.
constexpr size_t kMaxCoverCandidates = 8;

} // namespace

void Judge::noteHeldColumn(FormulaId violation) {
  const FormulaNode &node = problem.formulas.node(violation);
  if (node.kind != FormulaKind::Conflict)
    return;
  auto [it, added] = heldColumns.emplace(node.args, uint32_t(heldList.size()));
  if (!added)
    return;
  heldList.push_back(&it->first);
  for (TermId leaf : node.args)
    heldByLeaf[leaf].push_back(it->second);
}

void Judge::resizeTermMarks() {
  size_t n = problem.graph.numTerms();
  if (consistentMemo.size() < n) {
    consistentMemo.resize(n, 0);
    inconsistentAt.resize(n, 0);
  }
  if (termStamp.size() < n)
    termStamp.resize(n, 0);
}

bool Judge::consistent(TermId root) {
  const DimGraph &graph = problem.graph;
  resizeTermMarks();
  // A "no" holds until P holds another column.
  uint32_t generation = uint32_t(heldColumns.size()) + 1;
  std::vector<TermId> stack{root};
  std::vector<TermId> pending;
  ++stampCounter;
  while (!stack.empty()) {
    TermId t = stack.back();
    stack.pop_back();
    if (consistentMemo[t] || termStamp[t] == stampCounter)
      continue;
    termStamp[t] = stampCounter;
    const TermNode &node = graph.term(t);
    if (node.kind != TermKind::Broadcast)
      continue; // an atom
    if (inconsistentAt[t] == generation || !heldColumns.count(node.operands)) {
      inconsistentAt[t] = generation;
      return false;
    }
    pending.push_back(t);
    stack.insert(stack.end(), node.operands.begin(), node.operands.end());
  }
  for (TermId t : pending)
    consistentMemo[t] = 1;
  return true;
}

bool Judge::atomsUnder(const std::vector<TermId> &roots,
                       const std::vector<TermId> &leaves, size_t &budget) {
  const DimGraph &graph = problem.graph;
  if (!nesting)
    nesting = std::make_unique<BroadcastNesting>(graph);
  // Terms are made after their operands (ids grow), so a term below a
  // root that reaches `target` has an id of at least target's: a search
  // the index cannot answer stays between the two.
  auto walk = [&](TermId target) {
    ++stampCounter;
    std::vector<TermId> stack(roots.begin(), roots.end());
    while (!stack.empty() && budget > 0) {
      --budget;
      TermId t = stack.back();
      stack.pop_back();
      if (t == target)
        return true;
      if (t < target || termStamp[t] == stampCounter)
        continue;
      termStamp[t] = stampCounter;
      const TermNode &n = graph.term(t);
      if (n.kind == TermKind::Broadcast)
        stack.insert(stack.end(), n.operands.begin(), n.operands.end());
    }
    return false;
  };
  // Yes when the index says so; a broadcast it cannot place is split into
  // its operands instead; an atom it cannot place is searched for.
  auto below = [&](TermId target) {
    bool unknown = false;
    for (TermId root : roots)
      switch (nesting->under(target, root)) {
      case BroadcastNesting::Answer::Yes:
        return true;
      case BroadcastNesting::Answer::Unknown:
        unknown = true;
        break;
      case BroadcastNesting::Answer::No:
        break;
      }
    return unknown && graph.term(target).kind != TermKind::Broadcast &&
           walk(target);
  };
  for (TermId leaf : leaves) {
    // A broadcast found whole below the roots brings all of its atoms.
    std::vector<TermId> stack{leaf};
    while (!stack.empty()) {
      TermId t = stack.back();
      stack.pop_back();
      if (below(t))
        continue;
      const TermNode &n = graph.term(t);
      if (budget == 0 || n.kind != TermKind::Broadcast)
        return false; // out of work, or an atom the roots do not hold
      stack.insert(stack.end(), n.operands.begin(), n.operands.end());
    }
  }
  return true;
}

bool Judge::coveredConflict(FormulaId violation) {
  const FormulaNode &node = problem.formulas.node(violation);
  if (node.kind != FormulaKind::Conflict || heldColumns.empty())
    return false;
  const DimGraph &graph = problem.graph;
  const std::vector<TermId> &leaves = node.args;
  for (TermId leaf : leaves)
    if (!consistent(leaf))
      return false;
  // Bounded work (searches the index cannot answer): past it, the solver
  // decides.
  size_t budget = 4096;
  // One leaf as the cover, the newest broadcast first.
  std::vector<TermId> broadcasts;
  for (TermId leaf : leaves)
    if (graph.term(leaf).kind == TermKind::Broadcast)
      broadcasts.push_back(leaf);
  std::sort(broadcasts.rbegin(), broadcasts.rend());
  for (TermId cover : broadcasts)
    if (atomsUnder({cover}, leaves, budget))
      return true;
  // The leaves of a held column that shares a leaf (flattening may have
  // merged the cover into the conflict's leaves), the newest first.
  std::vector<uint32_t> candidates;
  for (TermId leaf : leaves)
    if (auto it = heldByLeaf.find(leaf); it != heldByLeaf.end()) {
      const std::vector<uint32_t> &held = it->second; // oldest first
      size_t from = held.size() > kMaxCoverCandidates
                        ? held.size() - kMaxCoverCandidates
                        : 0;
      candidates.insert(candidates.end(), held.begin() + from, held.end());
    }
  std::sort(candidates.rbegin(), candidates.rend());
  candidates.erase(std::unique(candidates.begin(), candidates.end()),
                   candidates.end());
  if (candidates.size() > kMaxCoverCandidates)
    candidates.resize(kMaxCoverCandidates);
  for (uint32_t c : candidates) {
    const std::vector<TermId> &roots = *heldList[c];
    if (std::all_of(roots.begin(), roots.end(),
                    [&](TermId t) { return consistent(t); }) &&
        atomsUnder(roots, leaves, budget))
      return true;
  }
  return false;
}

} // namespace symshape::solver::detail
