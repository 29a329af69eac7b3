//===- Verdicts.cpp - Judging every obligation of a function --------------===//
//
// Obligations are judged in order. P grows as each judged obligation's
// "no violation" is added. The dim graph's connected components are
// independent, so each component has its own incremental solver holding
// only its facts; P as a whole is unsat as soon as one component's part is.
//
//===----------------------------------------------------------------------===//

#include "symshape/solver/Verdicts.h"

#include "Judge.h"

#include <memory>
#include <unordered_map>
#include <unordered_set>

namespace symshape::solver {

const char *verdictName(Verdict verdict) {
  switch (verdict) {
  case Verdict::Safe:
    return "safe";
  case Verdict::UbPossible:
    return "ub-possible";
  case Verdict::UbGuaranteed:
    return "ub-guaranteed";
  case Verdict::Error:
    return "error";
  case Verdict::Unreachable:
    return "unreachable";
  case Verdict::Unknown:
    return "unknown";
  }
  return "?";
}

namespace detail {

void Judge::partition() {
  const DimGraph &graph = problem.graph;
  Components parts;
  if (options.fastPaths) {
    parts = graph.components();
  } else {
    parts.of.assign(graph.numTerms(), 0);
    parts.count = 1;
  }
  componentOfTerm = std::move(parts.of);
  // One extra component for formulas that mention no term.
  components.resize(parts.count + 1);
  for (const SymbolInfo &symbol : graph.symbols())
    components[componentOfTerm[symbol.term]].symbols.push_back(symbol.term);
  for (FormulaId fact : problem.facts) {
    if (problem.formulas.isFalse(fact))
      reachable = false;
    components[componentOf(fact)].facts.push_back(fact);
  }
  // Facts other than lower bounds on one symbol can contradict each other
  // (a result dim the types force to 0 under --min-dim 1): then P is unsat
  // from the start.
  for (size_t c = 0; c < components.size() && reachable; ++c) {
    bool onlyBounds = true;
    for (FormulaId fact : components[c].facts) {
      const FormulaNode &node = problem.formulas.node(fact);
      onlyBounds &= node.kind == FormulaKind::Le &&
                    problem.graph.constantValue(node.args[0]).has_value() &&
                    problem.graph.isSymbol(node.args[1]);
    }
    if (!onlyBounds && check(solverOf(c), {}) == SatResult::Unsat)
      reachable = false;
  }
}

size_t Judge::componentOf(FormulaId f) const {
  // Constants link nothing: the component is the one of any unknown.
  for (TermId t : problem.formulas.termsOf(f))
    if (!problem.graph.constantValue(t))
      return componentOfTerm[t];
  return options.fastPaths ? components.size() - 1 : 0;
}

size_t Judge::componentOf(const Obligation &ob) const {
  if (ob.anchor == kNoTerm)
    return options.fastPaths ? components.size() - 1 : 0;
  return componentOfTerm[ob.anchor];
}

SmtSolver &Judge::solverOf(size_t c) {
  Component &comp = components[c];
  if (!comp.solver) {
    comp.solver = std::make_unique<SmtSolver>(context, options.limits);
    for (FormulaId fact : comp.facts) {
      if (problem.formulas.degreeOf(fact) > kMaxDegree) {
        weakenedBy = "a fact of the types is too nonlinear for the solver";
        continue;
      }
      comp.solver->add(fact);
    }
    // Witnesses prefer sizes >= 1 (0-sized tensors are legal but odd);
    // one assumption per symbol, so only for small components.
    if (comp.symbols.size() <= kMaxPreferredSymbols)
      for (TermId symbol : comp.symbols) {
        Polynomial oneMinus = *Polynomial::sub(Polynomial::constant(1),
                                               Polynomial::symbol(symbol));
        comp.positive.push_back(comp.solver->atom({oneMinus, AtomRel::Le}));
      }
  }
  return *comp.solver;
}

SatResult Judge::check(SmtSolver &solver, const std::vector<Lit> &lits) {
  ++stats.solverChecks;
  return solver.check(lits);
}

void Judge::judgeAssume(const Obligation &ob, Finding &finding) {
  FormulaId fact = ob.violation; // asserted negated
  if (uint32_t degree = problem.formulas.degreeOf(fact); degree > kMaxDegree) {
    finding.verdict = Verdict::Unknown;
    finding.reason = "nonlinear arithmetic of degree " +
                     std::to_string(degree) +
                     " is beyond the solver; the assumption is not used";
    ++stats.unknown;
    return;
  }
  size_t c = componentOf(ob);
  Component &comp = components[c];
  SmtSolver &solver = solverOf(c);
  finding.bySolver = true;
  ++stats.decidedBySolver;
  switch (check(solver, {solver.track(fact, /*negated=*/true)})) {
  case SatResult::Unsat:
    finding.verdict = Verdict::Error;
    finding.reason = "the assumption contradicts the types or earlier "
                     "assumptions; it is ignored";
    return;
  case SatResult::Sat:
    finding.verdict = Verdict::Safe;
    comp.model = readModel(c);
    break;
  case SatResult::Unknown:
    finding.verdict = Verdict::Unknown;
    finding.reason = solver.reason();
    comp.model.reset();
    --stats.decidedBySolver;
    ++stats.unknown;
    break;
  }
  solver.add(fact, /*negated=*/true);
}

void Judge::judge(const Obligation &ob, Finding &finding) {
  FormulaId violation = ob.violation;
  size_t c = componentOf(ob);
  Component &comp = components[c];
  if (options.fastPaths) {
    if (problem.formulas.isFalse(violation) || comp.excluded.count(violation)) {
      finding.verdict = Verdict::Safe;
      ++stats.decidedStatically;
      return;
    }
    if (problem.formulas.isTrue(violation) && !weakenedBy.empty()) {
      finding.verdict = Verdict::Unknown; // reached? the solver cannot tell
      finding.reason = "always fails if reached, but " + weakenedBy;
      ++stats.unknown;
      return;
    }
    if (problem.formulas.isTrue(violation)) {
      finding.verdict = Verdict::UbGuaranteed;
      finding.condition = "true";
      finding.witness = assemble(c, *modelOf(c));
      reachable = ob.conditional;
      ++stats.decidedStatically;
      return;
    }
  }
  if (uint32_t degree = problem.formulas.degreeOf(violation);
      degree > kMaxDegree) {
    finding.verdict = Verdict::Unknown;
    finding.reason = "nonlinear arithmetic of degree " +
                     std::to_string(degree) + " is beyond the solver";
    ++stats.unknown;
    if (!ob.conditional && weakenedBy.empty())
      weakenedBy = "an earlier obligation was too nonlinear for the solver";
    return;
  }
  SmtSolver &solver = solverOf(c);
  finding.bySolver = true;
  Lit violated = solver.track(violation);
  SatResult possible = check(solver, {violated});
  if (possible == SatResult::Unsat) {
    finding.verdict = Verdict::Safe;
    comp.excluded.insert(violation);
    ++stats.decidedBySolver;
    return;
  }
  if (!weakenedBy.empty() && possible == SatResult::Sat) {
    // Sizes that violate it under the solver's weaker P may break the
    // constraint it could not hold: no witness or condition to trust.
    finding.verdict = Verdict::Unknown;
    finding.reason =
        "can fail under the facts the solver holds, but " + weakenedBy;
    ++stats.unknown;
    if (!ob.conditional) {
      assumeAvoided(comp, violation);
      comp.model.reset();
    }
    return;
  }
  if (possible == SatResult::Unknown) {
    finding.verdict = Verdict::Unknown;
    finding.reason = solver.reason();
    ++stats.unknown;
    if (!ob.conditional) {
      assumeAvoided(comp, violation);
      comp.model.reset();
    }
    return;
  }
  // The models met on the way spare the condition some queries.
  KnownModels models;
  models.violating.push_back(valuesOf(c, violation));
  std::vector<int64_t> values = witnessModel(c, violated);
  models.violating.push_back(valuesOf(c, violation));
  SatResult avoidable = check(solver, {solver.track(violation, true)});
  if (avoidable == SatResult::Sat)
    models.holding.push_back(valuesOf(c, violation));
  if (avoidable == SatResult::Unsat) {
    finding.verdict = Verdict::UbGuaranteed;
    finding.condition = "true";
    finding.witness = assemble(c, values);
    reachable = ob.conditional;
    ++stats.decidedBySolver;
    return;
  }
  finding.witness = assemble(c, values);
  if (avoidable == SatResult::Unknown) {
    finding.verdict = Verdict::Unknown;
    finding.reason = "UB is possible (see the witness), but the solver could "
                     "not decide whether it is guaranteed: " +
                     solver.reason();
    ++stats.unknown;
    if (!ob.conditional)
      comp.model.reset();
  } else {
    comp.model = readModel(c); // a model of P && !violation: the new P
    finding.verdict = Verdict::UbPossible;
    ++stats.decidedBySolver;
    std::string whyNot;
    if (std::optional<std::string> condition =
            describeViolation(solver, problem.graph, problem.formulas,
                              violation, models, whyNot, stats.solverChecks))
      finding.condition = *condition;
    else
      finding.reason = whyNot;
  }
  if (!ob.conditional)
    assumeAvoided(comp, violation);
}

void Judge::assumeAvoided(Component &comp, FormulaId violation) {
  comp.solver->add(violation, /*negated=*/true);
  comp.excluded.insert(violation);
}

FunctionVerdicts Judge::run() {
  partition();
  FunctionVerdicts result;
  result.findings.resize(problem.obligations.size());
  for (size_t k = 0; k < problem.obligations.size(); ++k) {
    const Obligation &ob = problem.obligations[k];
    Finding &finding = result.findings[k];
    if (ob.staticError) { // compile-time: independent of P
      finding.verdict = Verdict::Error;
      ++stats.decidedStatically;
    } else if (!reachable) {
      finding.verdict = Verdict::Unreachable;
      finding.reason = "an earlier obligation always fails";
      ++stats.decidedStatically;
    } else if (ob.kind == ObligationKind::Assume) {
      judgeAssume(ob, finding);
    } else {
      judge(ob, finding);
    }
    if (isWorse(finding.verdict, result.verdict))
      result.verdict = finding.verdict;
  }
  result.stats = stats;
  return result;
}

} // namespace detail

FunctionVerdicts judgeFunction(const Problem &problem,
                               const JudgeOptions &options) {
  return detail::Judge(problem, options).run();
}

} // namespace symshape::solver
