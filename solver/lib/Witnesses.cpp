//===- Witnesses.cpp - Models of P and witnesses of findings --------------===//
//
// A witness names every free symbol of the function: the values of the
// finding's component come from a model of P && violation (preferring
// sizes >= 1), those of every other component from some model of its P.
//
//===----------------------------------------------------------------------===//

#include "Judge.h"

#include <unordered_map>

namespace symshape::solver::detail {

std::vector<int64_t> Judge::readModel(size_t c) {
  Component &comp = components[c];
  std::vector<int64_t> values;
  for (TermId symbol : comp.symbols)
    values.push_back(comp.solver->value(symbol).value_or(0));
  return values;
}

const std::optional<std::vector<int64_t>> &Judge::modelOf(size_t c) {
  Component &comp = components[c];
  if (comp.model)
    return comp.model;
  // Without a solver nothing but the facts constrains the component; when
  // they only bound single symbols below, a model needs no solver.
  if (!comp.solver) {
    std::unordered_map<TermId, int64_t> lowest;
    bool simple = true;
    for (FormulaId fact : comp.facts) {
      const FormulaNode &node = problem.formulas.node(fact);
      std::optional<int64_t> bound =
          node.kind == FormulaKind::Le
              ? problem.graph.constantValue(node.args[0])
              : std::nullopt;
      if (!bound || !problem.graph.isSymbol(node.args[1])) {
        simple = false;
        break;
      }
      int64_t &low = lowest.emplace(node.args[1], 1).first->second;
      low = std::max(low, *bound);
    }
    if (simple) {
      std::vector<int64_t> values;
      for (TermId symbol : comp.symbols) {
        auto it = lowest.find(symbol);
        values.push_back(it == lowest.end() ? 1 : it->second);
      }
      comp.model = std::move(values);
      return comp.model;
    }
  }
  if (comp.symbols.empty()) {
    comp.model = std::vector<int64_t>();
    return comp.model;
  }
  SmtSolver &solver = solverOf(c);
  if ((!comp.positive.empty() &&
       check(solver, comp.positive) == SatResult::Sat) ||
      check(solver, {}) == SatResult::Sat)
    comp.model = readModel(c);
  return comp.model;
}

std::vector<int64_t> Judge::witnessModel(size_t c, Lit violated) {
  Component &comp = components[c];
  if (comp.positive.empty())
    return readModel(c);
  std::vector<Lit> preferred = comp.positive;
  preferred.push_back(violated);
  if (check(*comp.solver, preferred) != SatResult::Sat)
    check(*comp.solver, {violated}); // Sat a moment ago
  return readModel(c);
}

SymbolValues Judge::valuesOf(size_t c, FormulaId f) {
  SymbolValues values;
  for (TermId t : problem.formulas.termsOf(f))
    for (TermId s : problem.graph.symbolsOf(t))
      if (!values.count(s))
        if (std::optional<int64_t> v = components[c].solver->value(s))
          values[s] = *v;
  return values;
}

Witness Judge::assemble(size_t c, const std::vector<int64_t> &values) {
  std::vector<std::optional<int64_t>> bySymbol(problem.graph.symbols().size());
  for (size_t i = 0; i < components[c].symbols.size(); ++i)
    bySymbol[problem.graph.term(components[c].symbols[i]).symbol] = values[i];
  for (size_t other = 0; other < components.size(); ++other) {
    if (other == c || components[other].symbols.empty())
      continue;
    const std::optional<std::vector<int64_t>> &model = modelOf(other);
    if (!model)
      continue; // the solver gave up; the witness stays partial
    for (size_t i = 0; i < components[other].symbols.size(); ++i)
      bySymbol[problem.graph.term(components[other].symbols[i]).symbol] =
          (*model)[i];
  }
  Witness witness;
  for (size_t s = 0; s < bySymbol.size(); ++s)
    if (bySymbol[s])
      witness.push_back({problem.graph.symbols()[s].name, *bySymbol[s]});
  return witness;
}

} // namespace symshape::solver::detail
