//===- Conditions.cpp - Exact violating conditions for humans -------------===//

#include "symshape/solver/Conditions.h"

#include "ConditionsInternal.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace symshape::solver {

std::optional<std::string>
describeViolation(SmtSolver &solver, const DimGraph &graph,
                  const FormulaStore &formulas, FormulaId violation,
                  std::string &whyNot, size_t &checks) {
  if (formulas.isTrue(violation))
    return std::string("true");
  if (formulas.isFalse(violation))
    return std::string("false");
  // Symbols that P fixes to one value read better as that value; the
  // substitution is exact because it holds in every model of P.
  // One query per symbol, so only for conditions small enough to print.
  std::unordered_map<TermId, int64_t> fixed;
  std::vector<TermId> symbols;
  for (TermId t : formulas.termsOf(violation))
    for (TermId s : graph.symbolsOf(t))
      symbols.push_back(s);
  std::sort(symbols.begin(), symbols.end());
  symbols.erase(std::unique(symbols.begin(), symbols.end()), symbols.end());
  if (symbols.size() > kMaxFixedSymbols) {
    whyNot = "the condition has too many cases to print";
    return std::nullopt;
  }
  Lit violated = solver.track(violation);
  ++checks;
  if (solver.check({violated}) == SatResult::Sat) {
    std::vector<std::pair<TermId, int64_t>> seen;
    for (TermId s : symbols)
      if (std::optional<int64_t> v = solver.value(s))
        seen.push_back({s, *v});
    for (const auto &[s, v] : seen) {
      std::optional<Polynomial> diff =
          Polynomial::sub(Polynomial::symbol(s), Polynomial::constant(v));
      if (!diff)
        continue;
      ++checks;
      if (solver.check({-solver.atom({*diff, AtomRel::Eq})}) ==
          SatResult::Unsat)
        fixed[s] = v;
    }
  }
  AtomCollector collector(graph, formulas, fixed);
  if (!collector.collect(violation)) {
    whyNot = "the condition has too many cases to print";
    return std::nullopt;
  }
  std::vector<Atom> atoms(collector.atoms.begin(), collector.atoms.end());
  CoverFinder finder(solver, atoms, violation, checks);
  std::optional<std::vector<Cube>> cover = atoms.size() <= kMaxExactAtoms
                                               ? finder.exact(whyNot)
                                               : finder.greedy(whyNot);
  if (!cover)
    return std::nullopt;
  return renderCover(graph, *cover);
}

} // namespace symshape::solver