//===- Formula.cpp - Boolean formulas over dim terms ----------------------===//

#include "symshape/solver/Formula.h"

#include <algorithm>
#include <unordered_set>

namespace symshape::solver {

uint32_t FormulaStore::hashOf(const FormulaNode &node) {
  size_t h = size_t(node.kind) * 0x9e3779b97f4a7c15ull;
  for (uint32_t arg : node.args)
    h = (h ^ arg) * 1000003u;
  return IdIndex::mix(h);
}

FormulaStore::FormulaStore(const DimGraph &graph) : graph(&graph) {
  trueId = intern({FormulaKind::True, {}});
  falseId = intern({FormulaKind::False, {}});
}

FormulaId FormulaStore::intern(FormulaNode node) {
  uint32_t hash = hashOf(node);
  auto same = [&](FormulaId other) {
    const FormulaNode &known = this->node(other);
    return known.kind == node.kind && known.args == node.args;
  };
  if (base)
    if (std::optional<uint32_t> known = base->interned.find(hash, same))
      return *known;
  auto [id, added] = interned.insert(hash, FormulaId(size()), same);
  if (added)
    nodes.push_back(std::move(node));
  return id;
}

FormulaId FormulaStore::mkNot(FormulaId f) {
  if (f == trueId)
    return falseId;
  if (f == falseId)
    return trueId;
  if (node(f).kind == FormulaKind::Not)
    return node(f).args[0];
  return intern({FormulaKind::Not, {f}});
}

/// Shared body of mkAnd / mkOr: `absorbing` is False for And, True for Or.
static std::vector<FormulaId>
flatten(const FormulaStore &store, FormulaKind kind, std::vector<FormulaId> fs,
        FormulaId absorbing, FormulaId neutral, bool &absorbed) {
  std::vector<FormulaId> flat;
  std::vector<FormulaId> stack(fs.rbegin(), fs.rend());
  while (!stack.empty()) {
    FormulaId f = stack.back();
    stack.pop_back();
    if (f == absorbing) {
      absorbed = true;
      return {};
    }
    if (f == neutral)
      continue;
    if (const FormulaNode &node = store.node(f); node.kind == kind) {
      stack.insert(stack.end(), node.args.rbegin(), node.args.rend());
      continue;
    }
    flat.push_back(f);
  }
  std::sort(flat.begin(), flat.end());
  flat.erase(std::unique(flat.begin(), flat.end()), flat.end());
  // f and !f together absorb (`flat` is sorted).
  for (FormulaId f : flat)
    if (store.node(f).kind == FormulaKind::Not &&
        std::binary_search(flat.begin(), flat.end(), store.node(f).args[0])) {
      absorbed = true;
      return {};
    }
  return flat;
}

FormulaId FormulaStore::mkAnd(std::vector<FormulaId> fs) {
  bool absorbed = false;
  std::vector<FormulaId> flat = flatten(*this, FormulaKind::And, std::move(fs),
                                        falseId, trueId, absorbed);
  if (absorbed)
    return falseId;
  if (flat.empty())
    return trueId;
  if (flat.size() == 1)
    return flat.front();
  return intern({FormulaKind::And, std::move(flat)});
}

FormulaId FormulaStore::mkOr(std::vector<FormulaId> fs) {
  bool absorbed = false;
  std::vector<FormulaId> flat =
      flatten(*this, FormulaKind::Or, std::move(fs), trueId, falseId, absorbed);
  if (absorbed)
    return trueId;
  if (flat.empty())
    return falseId;
  if (flat.size() == 1)
    return flat.front();
  return intern({FormulaKind::Or, std::move(flat)});
}

FormulaId FormulaStore::mkEq(TermId a, TermId b) {
  if (a == b)
    return trueId;
  std::optional<int64_t> ca = graph->constantValue(a);
  std::optional<int64_t> cb = graph->constantValue(b);
  if (ca && cb)
    return mkBool(*ca == *cb); // constants are interned: a != b here
  return intern({FormulaKind::Eq, {std::min(a, b), std::max(a, b)}});
}

FormulaId FormulaStore::mkLe(TermId a, TermId b) {
  if (a == b)
    return trueId;
  std::optional<int64_t> ca = graph->constantValue(a);
  std::optional<int64_t> cb = graph->constantValue(b);
  if (ca && cb)
    return mkBool(*ca <= *cb);
  return intern({FormulaKind::Le, {a, b}});
}

FormulaId FormulaStore::mkLt(TermId a, TermId b) {
  if (a == b)
    return falseId;
  std::optional<int64_t> ca = graph->constantValue(a);
  std::optional<int64_t> cb = graph->constantValue(b);
  if (ca && cb)
    return mkBool(*ca < *cb);
  return intern({FormulaKind::Lt, {a, b}});
}

FormulaId FormulaStore::mkConflict(const std::vector<TermId> &operands) {
  std::vector<TermId> leaves = graph->broadcastOperands(operands);
  if (leaves.size() < 2)
    return falseId;
  // Constants are interned, so two distinct constant leaves differ: both
  // are not 1, so the column always conflicts.
  int constants = 0;
  for (TermId leaf : leaves)
    constants += graph->constantValue(leaf).has_value();
  if (constants >= 2)
    return trueId;
  return intern({FormulaKind::Conflict, std::move(leaves)});
}

/// Whether a node's arguments are formulas (else they are terms, or none).
static bool isCompound(FormulaKind kind) {
  return kind == FormulaKind::Not || kind == FormulaKind::And ||
         kind == FormulaKind::Or;
}

uint32_t FormulaStore::degreeOf(FormulaId id) const {
  // Asked of every fact and obligation by each solver user: an atom (the
  // commonest formula) is read in place; a compound one is walked without
  // collecting its terms (a term met twice changes no maximum).
  uint32_t degree = 0;
  auto leaf = [&](const FormulaNode &n) {
    for (TermId t : n.args)
      degree = std::max(degree, graph->term(t).degree);
  };
  if (!isCompound(node(id).kind)) {
    leaf(node(id));
    return degree;
  }
  std::vector<FormulaId> stack{id};
  while (!stack.empty()) {
    const FormulaNode &n = node(stack.back());
    stack.pop_back();
    if (isCompound(n.kind))
      stack.insert(stack.end(), n.args.begin(), n.args.end());
    else
      leaf(n);
  }
  return degree;
}

std::vector<TermId> FormulaStore::termsOf(FormulaId id) const {
  std::vector<TermId> terms;
  const FormulaNode &root = node(id);
  if (root.kind == FormulaKind::Eq || root.kind == FormulaKind::Le ||
      root.kind == FormulaKind::Lt || root.kind == FormulaKind::Conflict) {
    // An atom (most obligations' violation): no walk.
    terms.assign(root.args.begin(), root.args.end());
    std::sort(terms.begin(), terms.end());
    terms.erase(std::unique(terms.begin(), terms.end()), terms.end());
    return terms;
  }
  // Formulas are shallow; visiting a shared node twice only adds duplicate
  // terms, removed below.
  std::vector<FormulaId> stack{id};
  while (!stack.empty()) {
    const FormulaNode &n = node(stack.back());
    stack.pop_back();
    switch (n.kind) {
    case FormulaKind::True:
    case FormulaKind::False:
      break;
    case FormulaKind::Not:
    case FormulaKind::And:
    case FormulaKind::Or:
      stack.insert(stack.end(), n.args.begin(), n.args.end());
      break;
    case FormulaKind::Eq:
    case FormulaKind::Le:
    case FormulaKind::Lt:
    case FormulaKind::Conflict:
      terms.insert(terms.end(), n.args.begin(), n.args.end());
      break;
    }
  }
  std::sort(terms.begin(), terms.end());
  terms.erase(std::unique(terms.begin(), terms.end()), terms.end());
  return terms;
}

} // namespace symshape::solver
