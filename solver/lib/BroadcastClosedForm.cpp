//===- BroadcastClosedForm.cpp - broadcastable(...) conditions ------------===//

#include "BroadcastClosedForm.h"

#include "symshape/solver/Polynomial.h"

#include <algorithm>
#include <numeric>

namespace symshape::solver {

std::optional<std::vector<TermId>> broadcastColumn(const DimGraph &graph,
                                                   const FormulaStore &formulas,
                                                   FormulaId violation,
                                                   size_t limit) {
  const FormulaNode &node = formulas.node(violation);
  if (node.kind != FormulaKind::Conflict)
    return std::nullopt;
  std::vector<TermId> column, stack(node.args.begin(), node.args.end());
  // Room for a column of a usual size: asked for every broadcast's
  // contract and condition, it would otherwise grow by doubling each time.
  constexpr size_t kUsualColumn = 16;
  column.reserve(std::min(limit + 1, kUsualColumn));
  stack.reserve(std::max(stack.size(), kUsualColumn));
  // A nested broadcast is a tree of broadcasts; a shared one is walked
  // once per use, so the walk is bounded by `limit` visits too.
  size_t visits = 0;
  while (!stack.empty()) {
    TermId t = stack.back();
    stack.pop_back();
    if (++visits > 4 * limit + 16)
      return std::nullopt;
    const TermNode &term = graph.term(t);
    if (term.kind == TermKind::Broadcast) {
      stack.insert(stack.end(), term.operands.begin(), term.operands.end());
      continue;
    }
    if (graph.constantValue(t) == std::optional<int64_t>(1))
      continue; // 1 broadcasts with anything
    column.push_back(t);
    if (column.size() > limit)
      return std::nullopt;
  }
  std::sort(column.begin(), column.end());
  column.erase(std::unique(column.begin(), column.end()), column.end());
  return column;
}

std::optional<symshape::Condition>
broadcastableCondition(const DimGraph &graph,
                       const std::vector<TermId> &column) {
  if (column.size() < 2)
    return std::nullopt;
  std::vector<symshape::Term> terms;
  terms.reserve(column.size());
  for (TermId t : column) {
    std::optional<symshape::Term> term = termOf(graph, t);
    if (!term)
      return std::nullopt;
    terms.push_back(std::move(*term));
  }
  return symshape::Condition::broadcastable(std::move(terms));
}

bool hasBroadcastableCondition(const DimGraph &graph,
                               const std::vector<TermId> &column) {
  if (column.size() < 2)
    return false;
  for (TermId t : column)
    if (!hasTermOf(graph, t))
      return false;
  return true;
}

std::optional<std::string>
broadcastableText(const DimGraph &graph, const std::vector<TermId> &column) {
  std::optional<symshape::Condition> formula =
      broadcastableCondition(graph, column);
  return formula ? std::optional<std::string>(formula->str()) : std::nullopt;
}

std::vector<size_t>
maximalColumns(const std::vector<std::vector<TermId>> &columns) {
  // Largest first: a column can only lie within a larger or equal one,
  // and a chain keeps one column, so each is compared with few.
  std::vector<size_t> order(columns.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return columns[a].size() > columns[b].size();
  });
  std::vector<size_t> kept;
  for (size_t i : order) {
    bool within = false;
    for (size_t j : kept)
      if (std::includes(columns[j].begin(), columns[j].end(),
                        columns[i].begin(), columns[i].end())) {
        within = true;
        break;
      }
    if (!within)
      kept.push_back(i);
  }
  std::sort(kept.begin(), kept.end());
  return kept;
}

} // namespace symshape::solver
