//===- Conditions.cpp - Exact violating conditions for humans -------------===//

#include "symshape/solver/Conditions.h"

#include "BroadcastClosedForm.h"
#include "ConditionsInternal.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace symshape::solver {

std::optional<symshape::Condition>
describeViolation(SmtSolver &solver, const DimGraph &graph,
                  const FormulaStore &formulas, FormulaId violation,
                  const KnownModels &known, std::string &whyNot, size_t &checks,
                  std::vector<TermId> *mentioned) {
  if (formulas.isTrue(violation))
    return symshape::Condition::truth(true);
  if (formulas.isFalse(violation))
    return symshape::Condition::truth(false);
  // Closed form first: a broadcast column of four sizes or more.
  if (std::optional<symshape::Condition> closed =
          closedFormOfViolation(graph, formulas, violation, mentioned))
    return closed;
  std::optional<std::vector<Cube>> cover = coverOfViolation(
      solver, graph, formulas, violation, known, whyNot, checks);
  if (!cover)
    return std::nullopt;
  if (mentioned)
    *mentioned = symbolsOfCover(graph, *cover);
  return renderCover(graph, *cover);
}

std::optional<symshape::Condition>
closedFormOfViolation(const DimGraph &graph, const FormulaStore &formulas,
                      FormulaId violation, std::vector<TermId> *mentioned) {
  std::optional<std::vector<TermId>> column =
      broadcastColumn(graph, formulas, violation, kMaxClosedFormSizes);
  if (!column || column->size() < kMinClosedFormSizes)
    return std::nullopt; // the cover: short, and simpler under P
  std::optional<symshape::Condition> atom =
      broadcastableCondition(graph, *column);
  if (!atom)
    return std::nullopt;
  if (mentioned) {
    mentioned->clear();
    for (TermId t : *column)
      for (TermId s : graph.symbolsOf(t))
        mentioned->push_back(s);
    std::sort(mentioned->begin(), mentioned->end());
    mentioned->erase(std::unique(mentioned->begin(), mentioned->end()),
                     mentioned->end());
  }
  return symshape::Condition::negation(std::move(*atom));
}

std::vector<TermId> symbolsOfCover(const DimGraph &graph,
                                   const std::vector<Cube> &cover) {
  std::vector<TermId> symbols;
  for (const Cube &cube : cover)
    for (const auto &[atom, holds] : cube)
      for (const auto &[monomial, coefficient] : atom.poly.terms())
        for (TermId t : monomial) {
          if (graph.isSymbol(t)) {
            symbols.push_back(t);
            continue;
          }
          std::vector<TermId> inner = graph.symbolsOf(t); // a division
          symbols.insert(symbols.end(), inner.begin(), inner.end());
        }
  std::sort(symbols.begin(), symbols.end());
  symbols.erase(std::unique(symbols.begin(), symbols.end()), symbols.end());
  return symbols;
}

std::optional<std::vector<Cube>>
coverOfViolation(SmtSolver &solver, const DimGraph &graph,
                 const FormulaStore &formulas, FormulaId violation,
                 const KnownModels &known, std::string &whyNot, size_t &checks,
                 const std::vector<FormulaId> *asserted) {
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
  KnownModels models = known;
  if (models.violating.empty()) {
    ++checks;
    if (solver.check({solver.track(violation)}) == SatResult::Sat) {
      SymbolValues model;
      for (TermId s : symbols)
        if (std::optional<int64_t> v = solver.value(s))
          model[s] = *v;
      models.violating.push_back(std::move(model));
      if (asserted)
        addModelsByEvaluation(solver, graph, formulas, *asserted, violation,
                              symbols, models);
    }
  }
  // Every known model is one of P.
  std::vector<const SymbolValues *> ofP;
  for (const SymbolValues &m : models.violating)
    ofP.push_back(&m);
  for (const SymbolValues &m : models.holding)
    ofP.push_back(&m);
  if (!models.violating.empty()) {
    for (TermId s : symbols) {
      auto first = ofP[0]->find(s);
      if (first == ofP[0]->end())
        continue;
      int64_t v = first->second;
      bool agree = true;
      for (size_t m = 1; m < ofP.size() && agree; ++m) {
        auto it = ofP[m]->find(s);
        agree = it == ofP[m]->end() || it->second == v;
      }
      if (!agree)
        continue; // two models of P differ on it: not fixed by P
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
  for (const SymbolValues &m : models.violating)
    finder.seed(m, /*violating=*/true);
  for (const SymbolValues &m : models.holding)
    finder.seed(m, /*violating=*/false);
  std::optional<std::vector<Cube>> cover = atoms.size() <= kMaxExactAtoms
                                               ? finder.exact(whyNot)
                                               : finder.greedy(whyNot);
  return cover;
}

} // namespace symshape::solver