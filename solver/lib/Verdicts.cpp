//===- Verdicts.cpp - Judging every obligation of a function --------------===//
//
// Obligations are judged in order. P grows as each judged obligation's
// "no violation" is added. The dim graph's connected components are
// independent, so each component has its own incremental solver holding
// only its facts; P as a whole is unsat as soon as one component's part is.
//
//===----------------------------------------------------------------------===//

#include "symshape/solver/Verdicts.h"

#include "symshape/solver/Conditions.h"

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

namespace {

constexpr size_t kMaxPreferredSymbols = 16;
/// Products of more sizes are not given to Z3: its nonlinear arithmetic can
/// run for minutes past any time-out (x^65536 built by squaring).
constexpr uint32_t kMaxDegree = 8;

struct Component {
  std::vector<FormulaId> facts;
  std::vector<TermId> symbols; // in symbol order
  std::unique_ptr<SmtSolver> solver;
  std::vector<Lit> positive; // "symbol >= 1" literals, parallel to symbols
  /// Violations known not to happen under the current P.
  std::unordered_set<FormulaId> excluded;
  /// Values of `symbols` in some model of the current P.
  std::optional<std::vector<int64_t>> model;
};

class Judge {
public:
  Judge(const Problem &problem, const JudgeOptions &options)
      : problem(problem), options(options),
        context(problem.graph, problem.formulas, options.environment) {}

  FunctionVerdicts run();

private:
  void partition();
  size_t componentOf(FormulaId f) const;
  size_t componentOf(const Obligation &ob) const;
  SmtSolver &solverOf(size_t c);
  SatResult check(SmtSolver &solver, const std::vector<Lit> &assumptions);
  /// Reads the values of c's symbols from the solver's last model.
  std::vector<int64_t> readModel(size_t c);
  /// Some model of c's current P, preferring sizes >= 1.
  const std::optional<std::vector<int64_t>> &modelOf(size_t c);
  /// A model of P && violation in component c, preferring sizes >= 1; the
  /// solver has just answered Sat for `violated`.
  std::vector<int64_t> witnessModel(size_t c, Lit violated);
  /// The values of f's symbols in the solver's last model.
  SymbolValues valuesOf(size_t c, FormulaId f);
  Witness assemble(size_t c, const std::vector<int64_t> &values);

  void judgeAssume(const Obligation &ob, Finding &finding);
  void judge(const Obligation &ob, Finding &finding);

  const Problem &problem;
  const JudgeOptions &options;
  SmtContext context;
  std::vector<Component> components;
  std::vector<uint32_t> componentOfTerm;
  bool reachable = true; // P is satisfiable so far
  /// Set once a formula of P was too nonlinear to give to Z3: the solver
  /// then holds a weaker P, so only `safe` and `unreachable` stay sound.
  std::string weakenedBy;
  JudgeStats stats;
};

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
      solver.add(violation, /*negated=*/true);
      comp.excluded.insert(violation);
      comp.model.reset();
    }
    return;
  }
  if (possible == SatResult::Unknown) {
    finding.verdict = Verdict::Unknown;
    finding.reason = solver.reason();
    ++stats.unknown;
    if (!ob.conditional) {
      solver.add(violation, /*negated=*/true);
      comp.excluded.insert(violation);
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
  if (ob.conditional)
    return;
  solver.add(violation, /*negated=*/true);
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

} // namespace

FunctionVerdicts judgeFunction(const Problem &problem,
                               const JudgeOptions &options) {
  return Judge(problem, options).run();
}

} // namespace symshape::solver
