//===- Evaluate.cpp - Terms and formulas at one assignment
//-----------------===//

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
  if (depth > 256)
    return std::nullopt;
  const FormulaNode &node = formulas.node(f);
  switch (node.kind) {
  case FormulaKind::True:
    return true;
  case FormulaKind::False:
    return false;
  case FormulaKind::Not: {
    std::optional<bool> inner = holds(node.args[0], depth + 1);
    if (!inner)
      return std::nullopt;
    return !*inner;
  }
  case FormulaKind::And:
  case FormulaKind::Or: {
    bool isAnd = node.kind == FormulaKind::And;
    for (uint32_t arg : node.args) {
      std::optional<bool> v = holds(arg, depth + 1);
      if (!v)
        return std::nullopt;
      if (*v != isAnd)
        return !isAnd;
    }
    return isAnd;
  }
  case FormulaKind::Eq:
  case FormulaKind::Le:
  case FormulaKind::Lt: {
    std::optional<int64_t> a = term(node.args[0]), b = term(node.args[1]);
    if (!a || !b)
      return std::nullopt;
    return node.kind == FormulaKind::Eq   ? *a == *b
           : node.kind == FormulaKind::Le ? *a <= *b
                                          : *a < *b;
  }
  case FormulaKind::Conflict: {
    // Some leaf is not 1 and differs from the column's value (its first
    // leaf that is not 1).
    int64_t column = 1;
    bool conflict = false;
    for (uint32_t leaf : node.args) {
      std::optional<int64_t> v = term(leaf);
      if (!v)
        return std::nullopt;
      if (*v == 1)
        continue;
      if (column == 1)
        column = *v;
      else if (*v != column)
        conflict = true;
    }
    return conflict;
  }
  }
  return std::nullopt;
}

} // namespace symshape::solver::detail
