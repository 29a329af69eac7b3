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
  std::vector<std::vector<int64_t>> found;
  for (size_t trial = 0; trial < kTrials + uniform.size(); ++trial) {
    std::unordered_map<uint32_t, int64_t> values;
    for (size_t j = 0; j < symbols.size(); ++j) {
      int64_t v = trial == 0   ? 1
                  : trial == 1 ? 2
                  : trial == 2 ? int64_t(j) + 2
                  : trial == 3 ? 3
                  : trial == 4 ? 2 * int64_t(j) + 5
                               : uniform[trial - kTrials];
      auto it = low.find(symbols[j]);
      values[symbols[j]] = it == low.end() ? v : std::max(v, it->second);
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
