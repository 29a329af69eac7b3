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
#include <iterator>
#include <set>
#include <unordered_set>

namespace symshape::solver::detail {

void TrialModels::start(const std::vector<FormulaId> &componentFacts,
                        const std::vector<FormulaId> &componentViolations,
                        const std::vector<TermId> &componentCandidates) {
  facts = &componentFacts;
  violations = &componentViolations;
  candidates = &componentCandidates;
  std::vector<FormulaId> roots(componentFacts);
  roots.insert(roots.end(), componentViolations.begin(),
               componentViolations.end());
  program.emplace(graph, formulas, roots, componentCandidates);
  symbols.clear();
  terms.clear();
  constants.clear();
  std::unordered_set<TermId> seen;
  std::vector<TermId> stack(componentCandidates);
  for (FormulaId f : roots)
    for (TermId t : formulas.termsOf(f))
      stack.push_back(t);
  while (!stack.empty()) {
    TermId t = stack.back();
    stack.pop_back();
    if (!seen.insert(t).second)
      continue;
    const TermNode &node = graph.term(t);
    if (node.kind == TermKind::Symbol)
      terms.push_back(t);
    if (node.kind == TermKind::Const)
      constants.push_back(node.value);
    stack.insert(stack.end(), node.operands.begin(), node.operands.end());
  }
  std::sort(terms.begin(), terms.end(), [&](TermId a, TermId b) {
    return graph.term(a).symbol < graph.term(b).symbol;
  });
  for (TermId t : terms)
    symbols.push_back(graph.term(t).symbol);
  std::sort(constants.begin(), constants.end());
  constants.erase(std::unique(constants.begin(), constants.end()),
                  constants.end());
  spent = 0;
  low.clear();
  for (FormulaId fact : componentFacts) {
    const FormulaNode &node = formulas.node(fact);
    if (node.kind != FormulaKind::Le || !graph.isSymbol(node.args[1]))
      continue;
    if (std::optional<int64_t> bound = graph.constantValue(node.args[0])) {
      auto [it, fresh] = low.emplace(graph.term(node.args[1]).symbol, *bound);
      if (!fresh)
        it->second = std::max(it->second, *bound);
    }
  }
}

std::vector<std::vector<int64_t>> TrialModels::find() {
  // Besides the fixed trials, every symbol at a size the component
  // mentions (a broadcast against 4 allows 1 and 4), and at 0.
  std::vector<int64_t> uniform{0};
  for (int64_t c : constants)
    if (c > 3 && uniform.size() < kConstantTrials)
      uniform.push_back(c);
  // Equal products (a chain of reshapes): only the uniform trials keep
  // them, and those give every size the same value. Balanced trials set
  // one size to 2 and the others to 1, then balance each equality, so the
  // sizes a reshape moves apart take different values.
  std::vector<std::pair<TermId, TermId>> equalities = productEqualities();
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
    if (std::optional<std::vector<int64_t>> row = rowOf(values))
      found.push_back(std::move(*row));
  }
  return found;
}

std::vector<std::vector<int64_t>> TrialModels::nearLeast() {
  // Every size at its least but one: told apart by where it is used.
  std::unordered_map<uint32_t, int64_t> lowest;
  for (uint32_t s : symbols)
    lowest[s] = least(s);
  std::vector<std::vector<int64_t>> found = around(lowest);
  // A broadcast against a sum of sizes (a concatenation) lets its other
  // operands differ only where the sum is 1: the sum's first size at 1
  // and the others at 0, where their bounds allow it.
  bool anySum = false;
  for (FormulaId v : *violations) {
    const FormulaNode &node = formulas.node(v);
    if (node.kind != FormulaKind::Conflict)
      continue;
    for (TermId leaf : node.args) {
      std::vector<uint32_t> parts;
      if (graph.term(leaf).kind != TermKind::Add || !summands(leaf, parts))
        continue;
      bool free = true;
      for (uint32_t s : parts) {
        auto it = low.find(s);
        free = free && (it == low.end() || it->second <= 0);
      }
      if (!free)
        continue;
      for (uint32_t s : parts)
        lowest[s] = s == parts.front() ? 1 : 0;
      anySum = true;
    }
  }
  if (anySum) {
    std::vector<std::vector<int64_t>> near = around(lowest);
    found.insert(found.end(), std::make_move_iterator(near.begin()),
                 std::make_move_iterator(near.end()));
  }
  return found;
}

bool TrialModels::summands(TermId sum, std::vector<uint32_t> &parts) {
  std::vector<TermId> stack{sum};
  while (!stack.empty()) {
    const TermNode &node = graph.term(stack.back());
    stack.pop_back();
    if (node.kind == TermKind::Add)
      stack.insert(stack.end(), node.operands.rbegin(), node.operands.rend());
    else if (node.kind == TermKind::Symbol)
      parts.push_back(node.symbol);
    else if (node.kind != TermKind::Const || node.value != 0)
      return false;
  }
  return !parts.empty();
}

std::optional<std::vector<int64_t>>
TrialModels::rowOf(std::unordered_map<uint32_t, int64_t> &values) {
  bool model = false;
  // A trial that breaks a broadcast over a size of its own (a new
  // argument against a long concatenation) often holds with that size
  // at 1: a few repairs, each re-evaluated exactly.
  for (size_t repair = 0; repair <= kRepairs && !model; ++repair) {
    spent += program->size();
    if (!program->run(values))
      return std::nullopt;
    model = true;
    for (FormulaId f : *facts)
      model = model && program->holds(f) == std::optional<bool>(true);
    std::vector<TermId> toOne;
    for (FormulaId v : *violations) {
      if (program->holds(v) == std::optional<bool>(false))
        continue;
      model = false;
      const FormulaNode &node = formulas.node(v);
      if (node.kind != FormulaKind::Conflict)
        continue;
      for (auto it = node.args.rbegin(); it != node.args.rend(); ++it)
        if (graph.isSymbol(*it) && values[graph.term(*it).symbol] != 1 &&
            least(graph.term(*it).symbol) == 1) {
          toOne.push_back(*it); // its newest size
          break;
        }
    }
    if (model || toOne.empty())
      break;
    for (TermId t : toOne)
      values[graph.term(t).symbol] = 1;
  }
  if (!model)
    return std::nullopt;
  // A candidate beyond int64 would read as "did not fit": such a trial is
  // left to the solver.
  std::vector<int64_t> row;
  row.reserve(candidates->size());
  for (TermId t : *candidates) {
    std::optional<int64_t> v = program->term(t);
    if (!v || *v == INT64_MIN)
      return std::nullopt;
    row.push_back(*v);
  }
  return row;
}

std::vector<std::vector<int64_t>>
TrialModels::around(const std::unordered_map<uint32_t, int64_t> &base) {
  if (symbols.size() * program->size() > kAroundWork || spent > kAroundSpent)
    return {};
  for (uint32_t s : symbols)
    if (!base.count(s))
      return {};
  std::set<std::vector<int64_t>> seen;
  std::vector<std::vector<int64_t>> found;
  auto keep = [&](std::unordered_map<uint32_t, int64_t> values) {
    std::optional<std::vector<int64_t>> row = rowOf(values);
    if (row && seen.insert(*row).second)
      found.push_back(std::move(*row));
  };
  for (uint32_t s : symbols) {
    std::unordered_map<uint32_t, int64_t> alone = base;
    for (auto &[t, v] : alone)
      if (t != s && v > least(t))
        v = least(t);
    int64_t own = base.at(s);
    alone[s] = own > least(s) ? own : least(s) + 1;
    keep(std::move(alone));
    if (own > least(s)) {
      std::unordered_map<uint32_t, int64_t> dropped = base;
      dropped[s] = least(s);
      keep(std::move(dropped));
    }
  }
  return found;
}

std::vector<std::pair<TermId, TermId>> TrialModels::productEqualities() {

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
  for (FormulaId f : *facts)
    add(formulas.node(f));
  for (FormulaId v : *violations)
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

} // namespace symshape::solver::detail
