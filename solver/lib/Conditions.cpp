//===- Conditions.cpp - Exact violating conditions for humans -------------===//

#include "symshape/solver/Conditions.h"

#include "BroadcastClosedForm.h"
#include "ConditionsInternal.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace symshape::solver {

/// The free symbols of `terms`, sorted by term, each once.
static std::vector<TermId> symbolsOfTerms(const DimGraph &graph,
                                          const std::vector<TermId> &terms) {
  std::vector<TermId> symbols;
  for (TermId t : terms)
    for (TermId s : graph.symbolsOf(t))
      symbols.push_back(s);
  std::sort(symbols.begin(), symbols.end());
  symbols.erase(std::unique(symbols.begin(), symbols.end()), symbols.end());
  return symbols;
}

std::optional<symshape::Condition>
describeViolation(SmtSolver &solver, const DimGraph &graph,
                  const FormulaStore &formulas, FormulaId violation,
                  const KnownModels &known, std::string &whyNot, size_t &checks,
                  std::vector<TermId> *mentioned,
                  const std::vector<FormulaId> *asserted,
                  const std::vector<FormulaId> *failing) {
  if (formulas.isTrue(violation))
    return symshape::Condition::truth(true);
  if (formulas.isFalse(violation))
    return symshape::Condition::truth(false);
  // Closed form first: a broadcast column of four sizes or more.
  if (std::optional<symshape::Condition> closed =
          closedFormOfViolation(graph, formulas, violation, mentioned))
    return closed;
  if (std::optional<symshape::Condition> direct =
          nonlinearComparison(graph, formulas, violation, mentioned))
    return direct;
  std::optional<std::vector<Cube>> cover =
      coverOfViolation(solver, graph, formulas, violation, known, whyNot,
                       checks, asserted, failing);
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
  if (mentioned)
    *mentioned = symbolsOfTerms(graph, *column);
  return symshape::Condition::negation(std::move(*atom));
}

namespace {

/// Polynomials of more terms than this print as the product they were
/// built as: (%a - %b + 1) * (%c - %d + 1) * (%e - %f + 1) has 8.
constexpr size_t kMaxExpandedTerms = 4;

/// The factors of the product `t`, nested products flattened.
void factorsOf(const DimGraph &graph, TermId t, std::vector<TermId> &out,
               unsigned depth = 0) {
  const TermNode &node = graph.term(t);
  if (node.kind != TermKind::Mul || depth > 64) {
    out.push_back(t);
    return;
  }
  for (TermId op : node.operands)
    factorsOf(graph, op, out, depth + 1);
}

/// `t` for a human: sums as polynomials, a product whose expansion is
/// long as the product of its factors, in the order they print.
std::optional<symshape::Term> readable(const DimGraph &graph, TermId t,
                                       unsigned depth = 0) {
  std::optional<Polynomial> p = polynomialOfTerm(graph, t, /*unknowns=*/true);
  if (!p)
    return std::nullopt;
  if (graph.term(t).kind != TermKind::Mul ||
      p->terms().size() <= kMaxExpandedTerms || depth > 64)
    return polynomialTerm(graph, *p);
  std::vector<TermId> factors;
  factorsOf(graph, t, factors);
  std::vector<std::pair<std::string, symshape::Term>> printed;
  for (TermId f : factors) {
    std::optional<symshape::Term> term = readable(graph, f, depth + 1);
    if (!term)
      return std::nullopt;
    std::string text = term->str();
    printed.emplace_back(std::move(text), std::move(*term));
  }
  std::stable_sort(
      printed.begin(), printed.end(),
      [](const auto &a, const auto &b) { return a.first < b.first; });
  symshape::Term product = std::move(printed.front().second);
  for (size_t i = 1; i < printed.size(); ++i)
    product =
        symshape::Term::binary(symshape::Term::Kind::Mul, std::move(product),
                               std::move(printed[i].second));
  return product;
}

} // namespace

/// Whether `f` holds a broadcast violation (a Conflict node).
static bool hasConflict(const FormulaStore &formulas, FormulaId f) {
  std::vector<FormulaId> stack{f};
  while (!stack.empty()) {
    const FormulaNode &node = formulas.node(stack.back());
    stack.pop_back();
    switch (node.kind) {
    case FormulaKind::Conflict:
      return true;
    case FormulaKind::Not:
    case FormulaKind::And:
    case FormulaKind::Or:
      stack.insert(stack.end(), node.args.begin(), node.args.end());
      break;
    default:
      break;
    }
  }
  return false;
}

/// The comparison `violation` is under its negations, and whether it
/// holds when `violation` does.
static std::pair<const FormulaNode *, bool>
comparisonOf(const FormulaStore &formulas, FormulaId violation) {
  bool holds = true;
  FormulaId f = violation;
  while (formulas.node(f).kind == FormulaKind::Not) {
    holds = !holds;
    f = formulas.node(f).args[0];
  }
  const FormulaNode &node = formulas.node(f);
  if (node.kind != FormulaKind::Eq && node.kind != FormulaKind::Le &&
      node.kind != FormulaKind::Lt)
    return {nullptr, holds};
  // Linear: the cover is cheap, and P may simplify it.
  if (formulas.degreeOf(f) < 2)
    return {nullptr, holds};
  return {&node, holds};
}

std::optional<std::pair<Atom, bool>>
nonlinearLiteral(const DimGraph &graph, const FormulaStore &formulas,
                 FormulaId violation) {
  auto [node, holds] = comparisonOf(formulas, violation);
  if (!node)
    return std::nullopt;
  std::optional<Polynomial> lhs =
      polynomialOfTerm(graph, node->args[0], /*unknowns=*/true);
  std::optional<Polynomial> rhs =
      lhs ? polynomialOfTerm(graph, node->args[1], /*unknowns=*/true)
          : std::nullopt;
  std::optional<Polynomial> diff =
      rhs ? Polynomial::sub(*lhs, *rhs) : std::nullopt;
  if (diff && node->kind == FormulaKind::Lt) // a < b  <=>  a - b + 1 <= 0
    diff = Polynomial::add(*diff, Polynomial::constant(1));
  if (!diff || diff->isConstant())
    return std::nullopt;
  bool eq = node->kind == FormulaKind::Eq;
  return std::pair<Atom, bool>{
      Atom{diff->normalized(eq), eq ? AtomRel::Eq : AtomRel::Le}, holds};
}

std::optional<symshape::Condition>
nonlinearComparison(const DimGraph &graph, const FormulaStore &formulas,
                    FormulaId violation, std::vector<TermId> *mentioned) {
  using Op = symshape::Condition::Op;
  std::optional<std::pair<Atom, bool>> literal =
      nonlinearLiteral(graph, formulas, violation);
  if (!literal || literal->first.poly.terms().size() <= 2 * kMaxExpandedTerms)
    return std::nullopt; // short: its cover, one literal, prints it
  auto [node, holds] = comparisonOf(formulas, violation);
  std::optional<symshape::Term> lhs = readable(graph, node->args[0]);
  std::optional<symshape::Term> rhs =
      lhs ? readable(graph, node->args[1]) : std::nullopt;
  if (!rhs)
    return std::nullopt;
  Op op = node->kind == FormulaKind::Eq   ? (holds ? Op::Eq : Op::Ne)
          : node->kind == FormulaKind::Le ? (holds ? Op::Le : Op::Gt)
                                          : (holds ? Op::Lt : Op::Ge);
  // A constant reads better on the right: `%a[0] * %b[0] != 12`.
  if (lhs->kind() == symshape::Term::Kind::Const &&
      rhs->kind() != symshape::Term::Kind::Const) {
    std::swap(lhs, rhs);
    op = op == Op::Le   ? Op::Ge
         : op == Op::Gt ? Op::Lt
         : op == Op::Lt ? Op::Gt
         : op == Op::Ge ? Op::Le
                        : op;
  }
  if (mentioned)
    *mentioned = symbolsOfTerms(graph, {node->args[0], node->args[1]});
  return symshape::Condition::compare(std::move(*lhs), op, std::move(*rhs));
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

std::optional<std::vector<Cube>> coverOfViolation(
    SmtSolver &solver, const DimGraph &graph, const FormulaStore &formulas,
    FormulaId violation, const KnownModels &known, std::string &whyNot,
    size_t &checks, const std::vector<FormulaId> *asserted,
    const std::vector<FormulaId> *failing, AllowedMinterms *allowed) {
  OptionalChecks optional(solver); // a give-up costs the condition only
  // What the search asserts (atoms, tracked sides, blocking clauses) goes
  // at its end, in a linear problem (see CoverFinder::enumerate).
  SolverScope scope(solver, !solver.nonlinear());
  if (allowed)
    allowed->atoms.clear();
  // One nonlinear comparison is its own cover, exact under any P: asking
  // Z3 about its atom may spin to the time-out only to give up.
  if (std::optional<std::pair<Atom, bool>> literal =
          nonlinearLiteral(graph, formulas, violation))
    return std::vector<Cube>{Cube{*literal}};
  // Symbols that P fixes to one value read better as that value; the
  // substitution is exact because it holds in every model of P.
  // One query per symbol, so only for conditions small enough to print.
  std::unordered_map<TermId, int64_t> fixed;
  std::vector<TermId> symbols =
      symbolsOfTerms(graph, formulas.termsOf(violation));
  // With more symbols, none is looked for. A broadcast column that long
  // has its closed form or no condition (the fast paths of Judge say the
  // same without asking); another formula, a sum of many sizes, may still
  // have few atoms.
  const bool lookForFixed = symbols.size() <= kMaxFixedSymbols;
  if (!lookForFixed && hasConflict(formulas, violation)) {
    whyNot = "the condition has too many cases to print";
    return std::nullopt;
  }
  // A nonlinear formula whose atoms are too many even before P fixes
  // any symbol: Z3 may spin on the queries that would look for fixed
  // symbols, for a condition that then most likely stays too large.
  if (formulas.degreeOf(violation) >= 2 &&
      !AtomCollector(graph, formulas, {}).collect(violation)) {
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
  if (!models.violating.empty() && lookForFixed) {
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
  if (asserted && !solver.nonlinear())
    finder.moreModels = [&](KnownModels &more) {
      addModelsByEvaluation(solver, graph, formulas, *asserted, violation,
                            symbols, more, failing);
    };
  // Sizes whose atoms split them into a few ranges: every minterm by
  // evaluation, the cover checked by two queries (else asked for below).
  if (asserted && failing) {
    if (std::optional<TableOfMinterms> table = tableOfViolation(
            graph, formulas, violation, atoms, fixed, *asserted, *failing)) {
      std::string why;
      std::optional<std::vector<Cube>> cover =
          atoms.size() <= kMaxExactAtoms
              ? minimalCover(atoms, table->on, table->off, why)
              : coverByDropping(atoms, table->on, table->off, why);
      if (cover && finder.verify(*cover)) {
        if (allowed && table->complete) {
          allowed->atoms = atoms;
          allowed->minterms = table->on;
          allowed->minterms.insert(allowed->minterms.end(), table->off.begin(),
                                   table->off.end());
          std::sort(allowed->minterms.begin(), allowed->minterms.end());
        }
        return cover;
      }
    }
  }
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