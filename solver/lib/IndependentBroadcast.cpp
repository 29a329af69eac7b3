//===- IndependentBroadcast.cpp - Broadcasts of unlinked sides, no Z3 -----===//
//
// A balanced tree of adds over independent sizes broadcasts, at each inner
// node, two results built from disjoint sets of sizes:
//
//   %v15 = "tosa.add"(%v1, %v2)  // %v1 = add(%a0, %a1), %v2 = add(%a2, %a3)
//
// No size of either side is fresh, so FreshBroadcast.cpp does not apply,
// yet nothing P says links the two sides. Terms are grouped into classes
// (a union-find): a term with its operands, and the terms of every
// formula P holds. When P is made of broadcasts only (its facts bound
// single sizes by at most 1, it assumes only conflicts of symbols and
// broadcasts: Component::onlyBroadcasts), P is a conjunction over the
// classes, and a class whose sizes are all 1, or all 1 but one, satisfies
// its part (every broadcast is 1 or that one value: no conflict). So when
// the conflict's leaves, themselves made of symbols and broadcasts only,
// lie in two classes or more:
//   - P && violation holds at: every size 1 but one size x under a leaf
//     of one class (2) and one size y under a leaf of another (3);
//   - P && !violation holds at a model of P where the leaves are
//     compatible: the component's model, or it with every size of the
//     leaves' classes set to 1.
// The verdict is ub-possible, its witness {x = 2, y = 3}, its condition
// what describeViolation says without a query: the column's closed form,
// or none for more than 64 sizes (too many cases). A short column's cover
// depends on P: the solver decides those, as it does whenever any of this
// does not hold exactly.
//
//===----------------------------------------------------------------------===//

#include "ConditionsInternal.h"
#include "Judge.h"

#include <algorithm>

namespace symshape::solver::detail {

void Judge::growLinks() {
  size_t terms = problem.graph.numTerms();
  if (linkParent.size() >= terms)
    return;
  size_t from = linkParent.size();
  linkParent.resize(terms);
  linkTouched.resize(terms, false);
  for (size_t t = from; t < terms; ++t)
    linkParent[t] = uint32_t(t);
}

uint32_t Judge::linkRoot(TermId t) {
  uint32_t root = t;
  while (linkParent[root] != root)
    root = linkParent[root];
  while (linkParent[t] != root) { // path compression
    uint32_t next = linkParent[t];
    linkParent[t] = root;
    t = next;
  }
  return root;
}

void Judge::linkTerms(TermId a, TermId b) {
  uint32_t ra = linkRoot(a), rb = linkRoot(b);
  if (ra != rb)
    linkParent[std::max(ra, rb)] = std::min(ra, rb);
}

void Judge::touchLinks(TermId root) {
  growLinks();
  if (linkTouched[root])
    return;
  // Each term is linked with its operands once: linear over the function.
  std::vector<TermId> stack{root};
  linkTouched[root] = true;
  while (!stack.empty()) {
    TermId t = stack.back();
    stack.pop_back();
    for (TermId op : problem.graph.term(t).operands) {
      linkTerms(t, op);
      if (!linkTouched[op]) {
        linkTouched[op] = true;
        stack.push_back(op);
      }
    }
  }
}

void Judge::noteLinked(FormulaId f) {
  std::vector<TermId> terms = problem.formulas.termsOf(f);
  for (TermId t : terms) {
    touchLinks(t);
    if (!problem.graph.constantValue(t)) // constants link nothing
      linkTerms(terms.front(), t);
  }
}

bool Judge::onlyBroadcastsBelow(TermId root) {
  const DimGraph &graph = problem.graph;
  if (plainBroadcast.size() < graph.numTerms()) {
    plainBroadcast.resize(graph.numTerms(), 0);
    leftmostOf.resize(graph.numTerms(), kNoTerm);
  }
  // Per term once (the graph does not change): linear over the function.
  graph.postOrder(
      root, [&](TermId t) { return plainBroadcast[t] != 0; },
      [&](TermId t) {
        const TermNode &node = graph.term(t);
        bool plain = node.kind == TermKind::Symbol;
        if (node.kind == TermKind::Broadcast && !node.operands.empty()) {
          plain = true;
          for (TermId op : node.operands)
            plain &= plainBroadcast[op] > 0;
        }
        plainBroadcast[t] = plain ? 1 : -1;
        leftmostOf[t] = node.kind == TermKind::Symbol ? t
                        : plain ? leftmostOf[node.operands.front()]
                                : kNoTerm;
      });
  return plainBroadcast[root] > 0;
}

bool Judge::judgeIndependentBroadcast(size_t k, size_t c, Finding &finding) {
  const Obligation &ob = problem.obligations[k];
  const DimGraph &graph = problem.graph;
  const FormulaNode &node = problem.formulas.node(ob.violation);
  Component &comp = components[c];
  if (node.kind != FormulaKind::Conflict || node.args.size() < 2 ||
      !comp.onlyBroadcasts || comp.onesFail)
    return false;
  // The leaves: symbols and broadcasts only, a size under each.
  for (TermId leaf : node.args)
    if (!onlyBroadcastsBelow(leaf))
      return false;
  // Two leaves in different classes: the first leaf's and another's.
  std::vector<uint32_t> roots;
  for (TermId leaf : node.args) {
    touchLinks(leaf);
    roots.push_back(linkRoot(leaf));
  }
  size_t other = 1;
  while (other < roots.size() && roots[other] == roots[0])
    ++other;
  if (other == roots.size())
    return false;
  // The condition as describeViolation gives it without asking: the
  // column's closed form, or (more than 64 sizes) none when too many
  // sizes for a cover; a short column's cover is the solver's, under P.
  std::optional<symshape::Condition> condition = closedFormOfViolation(
      graph, problem.formulas, ob.violation, /*mentioned=*/nullptr);
  if (!condition && !hasMoreSymbols(ob.violation, kMaxFixedSymbols))
    return false;
  TermId x = leftmostOf[node.args[0]], y = leftmostOf[node.args[other]];
  size_t xSlot = slotOf(comp, x), ySlot = slotOf(comp, y);
  if (xSlot >= comp.symbols.size() || ySlot >= comp.symbols.size())
    return false;
  // A model of P && !violation: the component's, when the leaves are
  // compatible in it (Evaluator::holds' reading of a conflict), or it with
  // the leaves' classes at 1.
  bool compatible = false;
  if (comp.model && comp.model->size() == comp.symbols.size()) {
    compatible = true;
    int64_t column = 1;
    for (TermId leaf : node.args) {
      std::optional<int64_t> v = evaluate(c, leaf);
      if (!v) {
        compatible = false;
        break;
      }
      if (*v == 1)
        continue;
      if (column == 1)
        column = *v;
      else if (*v != column)
        compatible = false;
    }
  }
  SlotValues holding;
  std::optional<std::vector<int64_t>> fresh; // when there is no model
  if (!compatible && comp.model && comp.model->size() == comp.symbols.size()) {
    std::vector<uint32_t> reset(roots);
    std::sort(reset.begin(), reset.end());
    for (uint32_t slot : notOneSlots(c))
      if (std::binary_search(reset.begin(), reset.end(),
                             linkRoot(comp.symbols[slot])))
        holding.push_back({slot, 1});
  } else if (!compatible) {
    fresh.emplace(comp.symbols.size(), 1); // every size 1: a model of P
  }
  // The witness: every size 1 but x and y. Checked by evaluation while P
  // is small enough to evaluate per obligation.
  if (comp.facts.size() + comp.avoided.size() <= 2048) {
    std::vector<int64_t> trial(comp.symbols.size(), 1);
    trial[xSlot] = 2;
    trial[ySlot] = 3;
    if (!satisfies(c, trial, ob.violation))
      return false;
  }
  finding.verdict = Verdict::UbPossible;
  if (condition)
    finding.condition = ConditionText(std::move(*condition));
  else
    finding.reason = "the condition has too many cases to print";
  finding.witness =
      witnessOf(c, {{graph.term(x).symbol, 2}, {graph.term(y).symbol, 3}});
  finding.hasWitness = true;
  ++stats.decidedStatically;
  if (!ob.conditional) {
    Effect effect{c, ob.violation, false, std::move(fresh)};
    if (!effect.model) {
      effect.modelEdits = std::move(holding);
      effect.editsModel = true;
      effect.keepsEvaluated = effect.modelEdits.empty();
    }
    effects.push_back(std::move(effect));
  }
  return true;
}

} // namespace symshape::solver::detail
