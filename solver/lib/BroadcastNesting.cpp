//===- BroadcastNesting.cpp - Which terms a broadcast holds ---------------===//

#include "BroadcastNesting.h"

#include <algorithm>

namespace symshape::solver::detail {

BroadcastNesting::BroadcastNesting(const DimGraph &graph) : graph(graph) {
  size_t n = graph.numTerms();
  heavyOf.assign(n, kNoTerm);
  jumpOf.assign(n, kNoTerm);
  depthOf.assign(n, 0);
  deltas.resize(n);
  exact.assign(n, 0);
  holders.resize(n);
  users.resize(n);
  // Recording deltas is linear for chains; a DAG whose light branches are
  // large costs more, and past this the index stops recording.
  size_t budget = 64 * n + 4096;
  // Operands are made before the terms that use them: one pass in id
  // order sees every operand's chain and delta already.
  for (TermId t = 0; t < n; ++t) {
    const TermNode &node = graph.term(t);
    if (node.kind != TermKind::Broadcast)
      continue;
    for (TermId op : node.operands) {
      if (graph.term(op).kind != TermKind::Broadcast)
        users[op].push_back(t);
      else if (heavyOf[t] == kNoTerm || op > heavyOf[t])
        heavyOf[t] = op;
    }
    TermId p = heavyOf[t];
    if (p == kNoTerm) {
      jumpOf[t] = t; // a chain's end
    } else {
      depthOf[t] = depthOf[p] + 1;
      TermId j = jumpOf[p];
      jumpOf[t] = depthOf[p] - depthOf[j] == depthOf[j] - depthOf[jumpOf[j]]
                      ? jumpOf[j]
                      : p;
    }
    bool below = p == kNoTerm || exact[p];
    if (below && budget > 0 && record(t, budget)) {
      exact[t] = 1;
      for (TermId a : deltas[t])
        holders[a].push_back(t);
    } else {
      deltas[t].clear();
    }
  }
}

bool BroadcastNesting::record(TermId t, size_t &budget) {
  TermId heavy = heavyOf[t];
  std::vector<TermId> &out = deltas[t];
  auto add = [&](TermId atom) {
    if (heavy == kNoTerm || !inDeltas(atom, heavy))
      out.push_back(atom);
  };
  for (TermId op : graph.term(t).operands) {
    if (op == heavy)
      continue;
    if (graph.term(op).kind != TermKind::Broadcast) {
      add(op);
      continue;
    }
    if (heavy != kNoTerm && onChain(heavy, op))
      continue; // all of it is under the heavy operand
    if (!exact[op])
      return false;
    // Its atoms: the deltas down its chain, as far as it joins the heavy
    // operand's chain (below that, all of it is under `heavy`).
    for (TermId u = op; u != kNoTerm; u = heavyOf[u]) {
      if (heavy != kNoTerm && u != op && onChain(heavy, u))
        break;
      if (budget < deltas[u].size() + 1)
        return false;
      budget -= deltas[u].size() + 1;
      for (TermId a : deltas[u])
        add(a);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return true;
}

bool BroadcastNesting::onChain(TermId root, TermId target) const {
  // Ids fall along a chain, so the search stops at the first term at or
  // below `target`.
  TermId t = root;
  while (t > target) {
    TermId next = heavyOf[t];
    if (next == kNoTerm)
      return false;
    if (jumpOf[t] >= target)
      next = jumpOf[t];
    t = next;
  }
  return t == target;
}

bool BroadcastNesting::inDeltas(TermId a, TermId root) const {
  for (TermId holder : holders[a]) {
    if (holder > root)
      break;
    if (onChain(root, holder))
      return true;
  }
  return false;
}

const std::vector<TermId> *BroadcastNesting::delta(TermId t) const {
  return t < exact.size() && exact[t] ? &deltas[t] : nullptr;
}

BroadcastNesting::Answer BroadcastNesting::under(TermId target,
                                                 TermId root) const {
  if (target == root)
    return Answer::Yes;
  if (target > root)
    return Answer::No; // a term is made after everything under it
  if (root >= heavyOf.size())
    return Answer::Unknown;
  if (graph.term(root).kind != TermKind::Broadcast)
    return Answer::No;
  if (graph.term(target).kind == TermKind::Broadcast)
    return onChain(root, target) ? Answer::Yes : Answer::Unknown;
  if (exact[root])
    return inDeltas(target, root) ? Answer::Yes : Answer::No;
  // Deltas not recorded: a user on the chain still proves it; an atom
  // under `root` is an operand of a broadcast under it, so its first user
  // is made no later than `root`.
  const std::vector<TermId> &of = users[target];
  if (of.empty() || of.front() > root)
    return Answer::No;
  if (onChain(root, of.front()))
    return Answer::Yes;
  auto last = std::upper_bound(of.begin(), of.end(), root) - 1;
  return onChain(root, *last) ? Answer::Yes : Answer::Unknown;
}

} // namespace symshape::solver::detail
