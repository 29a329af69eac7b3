//===- Evaluate.cpp - Terms and formulas at one assignment -----------===//

#include "Evaluate.h"

#include <vector>

namespace symshape::solver::detail {

std::optional<int64_t> Evaluator::term(TermId root) {
  // Most leaves of a formula are sizes and constants: no walk for those.
  const TermNode &node = graph.term(root);
  if (node.kind == TermKind::Const)
    return node.value;
  if (node.kind == TermKind::Symbol)
    return symbolValue(root);
  if (auto known = memo.find(root); known != memo.end())
    return known->second;
  graph.postOrder(
      root, [&](TermId t) { return memo.count(t) > 0; },
      [&](TermId t) { memo.emplace(t, compute(t)); });
  return memo.at(root);
}

std::optional<int64_t> Evaluator::compute(TermId t) {
  const TermNode &node = graph.term(t);
  if (node.kind == TermKind::Const)
    return node.value;
  if (node.kind == TermKind::Symbol)
    return symbolValue(t);
  operandValues.clear();
  for (TermId op : node.operands) {
    std::optional<int64_t> v = memo.at(op);
    if (!v)
      return std::nullopt;
    operandValues.push_back(*v);
  }
  return applyTerm(node.kind, operandValues);
}

std::optional<bool> Evaluator::holds(FormulaId f, int depth) {
  return holdsAt(
      formulas, f, [this](TermId t) { return term(t); }, depth);
}

TermProgram::TermProgram(const DimGraph &graph, const FormulaStore &formulas,
                         const std::vector<FormulaId> &formulaRoots,
                         const std::vector<TermId> &termRoots)
    : graph(graph), formulas(formulas) {
  auto add = [&](TermId root) {
    graph.postOrder(
        root, [&](TermId t) { return slotOf.count(t) > 0; },
        [&](TermId t) {
          slotOf.emplace(t, uint32_t(order.size()));
          order.push_back(t);
        });
  };
  for (FormulaId f : formulaRoots)
    for (TermId t : formulas.termsOf(f))
      add(t);
  for (TermId t : termRoots)
    add(t);
  firstOperand.reserve(order.size() + 1);
  for (TermId t : order) {
    firstOperand.push_back(uint32_t(operands.size()));
    for (TermId op : graph.term(t).operands)
      operands.push_back(slotOf.at(op));
  }
  firstOperand.push_back(uint32_t(operands.size()));
  value.assign(order.size(), 0);
  known.assign(order.size(), 0);
}

bool TermProgram::run(const std::unordered_map<uint32_t, int64_t> &values) {
  for (size_t k = 0; k < order.size(); ++k) {
    const TermNode &node = graph.term(order[k]);
    if (node.kind == TermKind::Const) {
      value[k] = node.value;
      known[k] = 1;
      continue;
    }
    if (node.kind == TermKind::Symbol) {
      auto it = values.find(node.symbol);
      if (it == values.end())
        return false;
      value[k] = it->second;
      known[k] = 1;
      continue;
    }
    scratch.clear();
    bool all = true;
    for (uint32_t i = firstOperand[k]; all && i < firstOperand[k + 1]; ++i) {
      all = known[operands[i]] != 0;
      scratch.push_back(value[operands[i]]);
    }
    std::optional<int64_t> v =
        all ? applyTerm(node.kind, scratch) : std::nullopt;
    known[k] = v.has_value();
    value[k] = v.value_or(0);
  }
  return true;
}

} // namespace symshape::solver::detail
