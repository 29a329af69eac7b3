//===- RefinementTrials.cpp - Models of W without the solver --------------===//
//
// TrialModels (RefinementInternal.h): a component's symbols set to a few
// simple sizes, each trial evaluated exactly as the SMT encoding defines
// the terms and kept when it is an execution of W.
//
//===----------------------------------------------------------------------===//

#include "RefinementInternal.h"

#include <algorithm>
#include <climits>
#include <unordered_set>

namespace symshape::solver::detail {

std::vector<std::vector<int64_t>>
TrialModels::find(const std::vector<FormulaId> &facts,
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
  std::unordered_map<uint32_t, int64_t> low = lowerBounds(facts);
  // Equal products (a chain of reshapes): only the uniform trials keep
  // them, and those give every size the same value. Balanced trials set
  // one size to 2 and the others to 1, then balance each equality, so the
  // sizes a reshape moves apart take different values.
  std::vector<std::pair<TermId, TermId>> equalities =
      productEqualities(facts, violations);
  size_t seeds = equalities.empty() || equalities.size() > kMaxBalanced
                     ? 0
                     : std::min(kSeeds, symbols.size());
  size_t fixed = kTrials + uniform.size();
  std::vector<std::vector<int64_t>> found;
  for (size_t trial = 0; trial < fixed + seeds; ++trial) {
    std::unordered_map<uint32_t, int64_t> values;
    for (size_t j = 0; j < symbols.size(); ++j) {
      int64_t v = trial == 0      ? 1
                  : trial == 1    ? 2
                  : trial == 2    ? int64_t(j) + 2
                  : trial == 3    ? 3
                  : trial == 4    ? 2 * int64_t(j) + 5
                  : trial < fixed ? uniform[trial - kTrials]
                                  : 1;
      auto it = low.find(symbols[j]);
      values[symbols[j]] = it == low.end() ? v : std::max(v, it->second);
    }
    if (trial >= fixed) {
      // Seeds spread over the symbols (arguments' sizes come first).
      size_t seed = trial - fixed;
      uint32_t first = symbols[seed * symbols.size() / seeds];
      values[first] *= 2;
      std::vector<uint32_t> pinned{first};
      if (!balance(equalities, seed, values, pinned))
        continue;
    }
    std::optional<Evaluator> eval;
    if (!repairToModel(facts, violations, low, values, eval))
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

std::vector<std::pair<TermId, TermId>>
TrialModels::productEqualities(const std::vector<FormulaId> &facts,
                               const std::vector<FormulaId> &violations) {
  std::vector<std::pair<TermId, TermId>> out;
  auto isProduct = [&](TermId t) {
    TermKind kind = graph.term(t).kind;
    return kind == TermKind::Mul || kind == TermKind::Symbol;
  };
  auto add = [&](const FormulaNode &eq) {
    if (eq.kind == FormulaKind::Eq && isProduct(eq.args[0]) &&
        isProduct(eq.args[1]) &&
        (graph.term(eq.args[0]).kind == TermKind::Mul ||
         graph.term(eq.args[1]).kind == TermKind::Mul))
      out.emplace_back(eq.args[0], eq.args[1]);
  };
  for (FormulaId f : facts)
    add(formulas.node(f));
  for (FormulaId v : violations)
    if (const FormulaNode &node = formulas.node(v);
        node.kind == FormulaKind::Not)
      add(formulas.node(node.args[0]));
  return out;
}

bool TrialModels::balance(
    const std::vector<std::pair<TermId, TermId>> &equalities, size_t seed,
    std::unordered_map<uint32_t, int64_t> &values,
    std::vector<uint32_t> &pinned) {
  constexpr int64_t kLargest = int64_t(1) << 20;
  auto value = [&](TermId t) { return values.at(graph.term(t).symbol); };
  // Each pass sees the last pass's changes; a chain of N reshapes settles
  // in one pass when its equalities come in order, N at worst.
  for (size_t pass = 0; pass <= equalities.size(); ++pass) {
    bool changed = false;
    for (size_t k = 0; k < equalities.size(); ++k) {
      auto [lhs, rhs] = equalities[k];
      Evaluator eval(graph, formulas, value);
      std::optional<int64_t> l = eval.term(lhs), r = eval.term(rhs);
      if (!l || !r || *l == *r || *l <= 0 || *r <= 0)
        continue;
      int64_t big = std::max(*l, *r), small = std::min(*l, *r);
      if (big % small != 0)
        continue;
      // The symbols of the smaller side's product, in order.
      std::vector<uint32_t> factors;
      std::vector<TermId> stack{*l < *r ? lhs : rhs};
      while (!stack.empty()) {
        const TermNode &node = graph.term(stack.back());
        stack.pop_back();
        if (node.kind == TermKind::Symbol)
          factors.push_back(node.symbol);
        else if (node.kind == TermKind::Mul)
          stack.insert(stack.end(), node.operands.rbegin(),
                       node.operands.rend());
      }
      for (size_t i = 0; i < factors.size(); ++i) {
        uint32_t s = factors[(seed + k + i) % factors.size()];
        if (std::find(pinned.begin(), pinned.end(), s) != pinned.end())
          continue;
        values[s] *= big / small;
        if (values[s] > kLargest)
          return false;
        pinned.push_back(s);
        changed = true;
        break;
      }
    }
    if (!changed)
      return true;
  }
  return true;
}

std::unordered_map<uint32_t, int64_t>
TrialModels::lowerBounds(const std::vector<FormulaId> &facts) {
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
  return low;
}

bool TrialModels::repairToModel(const std::vector<FormulaId> &facts,
                                const std::vector<FormulaId> &violations,
                                std::unordered_map<uint32_t, int64_t> &low,
                                std::unordered_map<uint32_t, int64_t> &values,
                                std::optional<Evaluator> &eval) {
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
  return model;
}

std::vector<uint32_t>
TrialModels::symbolsOf(const std::vector<FormulaId> &facts,
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

} // namespace symshape::solver::detail
