//===- Verdicts.cpp - Judging every obligation of a function --------------===//
//
// Obligations are judged in order. P grows as each judged obligation's
// "no violation" is added. The dim graph's connected components are
// independent, so each component has its own incremental solver holding
// only its facts; P as a whole is unsat as soon as one component's part is.
//
//===----------------------------------------------------------------------===//

#include "symshape/solver/Verdicts.h"

#include "BroadcastNesting.h"
#include "Judge.h"

#include <algorithm>
#include <limits>
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

const Finding &Findings::plain() {
  static const Finding finding;
  return finding;
}

bool Findings::isPlain(const Finding &finding) {
  return finding.verdict == Verdict::Safe && !finding.hasWitness &&
         !finding.bySolver && finding.witness.empty() &&
         finding.condition.empty() && finding.reason.empty();
}

void Findings::push_back(Finding finding) {
  if (count % 64 == 0) {
    bits.push_back(0);
    before.push_back(uint32_t(kept.size()));
  }
  if (!isPlain(finding)) {
    bits.back() |= uint64_t(1) << (count % 64);
    kept.push_back(std::move(finding));
  }
  ++count;
}

void Findings::resize(size_t n) {
  if (n < count) {
    size_t keep = 0; // the kept findings before n
    for (size_t w = 0; w * 64 < n; ++w) {
      uint64_t word = bits[w];
      if ((w + 1) * 64 > n)
        word &= (uint64_t(1) << (n % 64)) - 1;
      bits[w] = word;
      keep = before[w] + size_t(__builtin_popcountll(word));
    }
    kept.resize(keep);
    bits.resize((n + 63) / 64);
    before.resize(bits.size());
    count = n;
  }
  while (count < n)
    push_back(Finding());
}

void Findings::set(size_t k, Finding finding) {
  size_t w = k / 64;
  uint64_t bit = uint64_t(1) << (k % 64);
  auto at = kept.begin() +
            std::ptrdiff_t(before[w] +
                           size_t(__builtin_popcountll(bits[w] & (bit - 1))));
  bool has = bits[w] & bit, keep = !isPlain(finding);
  if (has && keep) {
    *at = std::move(finding);
    return;
  }
  if (has == keep)
    return; // plain, and plain before
  if (keep)
    kept.insert(at, std::move(finding));
  else
    kept.erase(at);
  bits[w] ^= bit;
  for (size_t later = w + 1; later < before.size(); ++later)
    before[later] = keep ? before[later] + 1 : before[later] - 1;
}

namespace detail {

namespace {

/// Whether `facts` hold together, when they are only bounds on single
/// symbols (a dim's lower bound, a torch.symbolic_int's [min_val,
/// max_val]), equalities of two symbols (torch's strict broadcasting) or of
/// a symbol and a constant, and `true`: exactly when every class of equal
/// symbols keeps a value between its bounds (the symbols are integers and
/// nothing else links them). nullopt when another kind of fact is there.
std::optional<bool> boundsHold(const DimGraph &graph,
                               const FormulaStore &formulas,
                               const std::vector<FormulaId> &facts) {
  std::unordered_map<TermId, TermId> parent;
  auto root = [&](TermId t) {
    auto it = parent.find(t);
    while (it != parent.end() && it->second != t) {
      t = it->second;
      it = parent.find(t);
    }
    return t;
  };
  struct Bound {
    TermId symbol;
    int64_t low, high;
  };
  std::vector<Bound> bounds;
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  for (FormulaId fact : facts) {
    const FormulaNode &node = formulas.node(fact);
    if (node.kind == FormulaKind::True)
      continue;
    if (node.kind != FormulaKind::Le && node.kind != FormulaKind::Eq)
      return std::nullopt;
    TermId a = node.args[0], b = node.args[1];
    std::optional<int64_t> ca = graph.constantValue(a);
    std::optional<int64_t> cb = graph.constantValue(b);
    bool eq = node.kind == FormulaKind::Eq;
    if (ca && graph.isSymbol(b))
      bounds.push_back({b, *ca, eq ? *ca : kMax});
    else if (cb && graph.isSymbol(a))
      bounds.push_back({a, eq ? *cb : kMin, *cb});
    else if (eq && graph.isSymbol(a) && graph.isSymbol(b))
      parent[root(a)] = root(b);
    else
      return std::nullopt;
  }
  std::unordered_map<TermId, std::pair<int64_t, int64_t>> range;
  for (const Bound &bound : bounds) {
    auto [it, fresh] = range.try_emplace(root(bound.symbol), kMin, kMax);
    it->second.first = std::max(it->second.first, bound.low);
    it->second.second = std::min(it->second.second, bound.high);
    if (it->second.first > it->second.second)
      return false;
  }
  return true;
}

} // namespace

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
  slotOfSymbol.resize(graph.symbols().size());
  for (const SymbolInfo &symbol : graph.symbols()) {
    std::vector<TermId> &symbols =
        components[componentOfTerm[symbol.term]].symbols;
    slotOfSymbol[graph.term(symbol.term).symbol] = uint32_t(symbols.size());
    symbols.push_back(symbol.term);
  }
  for (FormulaId fact : problem.facts) {
    if (problem.formulas.isFalse(fact))
      reachable = false;
    components[componentOf(fact)].facts.push_back(fact);
  }
  // Facts can contradict each other (a result dim the types force to 0
  // under --min-dim 1): then P is unsat from the start. Bounds and
  // equalities of symbols are checked without a solver.
  for (size_t c = 0; c < components.size() && reachable; ++c) {
    std::optional<bool> hold =
        boundsHold(graph, problem.formulas, components[c].facts);
    if (hold ? !*hold : check(solverOf(c), {}) == SatResult::Unsat)
      reachable = false;
  }
  // SEMANTICS.md §4: a witness names the sizes that are not 1. A component
  // whose facts fail when all its sizes are 1 (--min-dim 2, an assumption
  // "%n > 3") has sizes every witness must name.
  for (size_t c = 0; c < components.size(); ++c)
    for (FormulaId fact : components[c].facts) {
      const FormulaNode &node = problem.formulas.node(fact);
      std::optional<int64_t> bound =
          node.kind == FormulaKind::Le
              ? problem.graph.constantValue(node.args[0])
              : std::nullopt;
      if (bound && *bound <= 1 && problem.graph.isSymbol(node.args[1]))
        continue; // a lower bound that 1 meets: the common fact
      if (valueAtOnes(fact) != std::optional<bool>(true)) {
        markOnesFail(c);
        break;
      }
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
  TermId anchor = problem.anchorOf(ob);
  if (anchor == kNoTerm)
    return options.fastPaths ? components.size() - 1 : 0;
  return componentOfTerm[anchor];
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
    for (FormulaId violation : comp.avoided)
      comp.solver->add(violation, /*negated=*/true);
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
  SmtSolver &solver = solverOf(c);
  finding.bySolver = true;
  ++stats.decidedBySolver;
  std::optional<std::vector<int64_t>> model; // of P && fact: the new P
  switch (check(solver, {solver.track(fact, /*negated=*/true)})) {
  case SatResult::Unsat:
    finding.verdict = Verdict::Error;
    finding.reason = "the assumption contradicts the types or earlier "
                     "assumptions; it is ignored";
    return;
  case SatResult::Sat:
    finding.verdict = Verdict::Safe;
    model = readModel(c);
    break;
  case SatResult::Unknown:
    finding.verdict = Verdict::Unknown;
    finding.reason = solver.reason();
    --stats.decidedBySolver;
    ++stats.unknown;
    break;
  }
  // A user fact restricts the inputs: witnesses satisfy it (applyEffects).
  effects.push_back({c, fact, false, std::move(model)});
  applyEffects();
}

void Judge::assumeJudged(const Obligation &ob, size_t c, bool guaranteed,
                         std::optional<std::vector<int64_t>> model) {
  if (!ob.conditional)
    effects.push_back({c, ob.violation, guaranteed, std::move(model)});
}

void Judge::judge(size_t k, Finding &finding) {
  size_t c = componentOf(problem.obligations[k]);
  if (judgeWithoutSolver(k, c, finding))
    return;
  judgeBySolver(k, c, finding);
}

bool Judge::judgeWithoutSolver(size_t k, size_t c, Finding &finding) {
  const Obligation &ob = problem.obligations[k];
  FormulaId violation = ob.violation;
  Component &comp = components[c];
  if (options.fastPaths) {
    if (problem.formulas.isFalse(violation) || comp.excluded.count(violation)) {
      finding.verdict = Verdict::Safe;
      noteHeldColumn(violation); // P implies it: a column P holds
      ++stats.decidedStatically;
      return true;
    }
    if (problem.formulas.isTrue(violation) && !weakenedBy.empty()) {
      finding.verdict = Verdict::Unknown; // reached? the solver cannot tell
      finding.reason = "always fails if reached, but " + weakenedBy;
      ++stats.unknown;
      return true;
    }
    if (problem.formulas.isTrue(violation)) {
      finding.verdict = Verdict::UbGuaranteed;
      finding.condition = ConditionText(symshape::Condition::truth(true));
      // Every size that reaches it violates it: a model of P is a witness.
      const std::optional<std::vector<int64_t>> &model = modelOf(c);
      finding.witness =
          assemble(c, model ? *model : std::vector<int64_t>(), {}, violation);
      finding.hasWitness = true;
      assumeJudged(ob, c, /*guaranteed=*/true, std::nullopt);
      ++stats.decidedStatically;
      return true;
    }
  }
  if (options.fastPaths && weakenedBy.empty() && freshLeaves[k] &&
      judgeFreshBroadcast(k, finding))
    return true;
  if (options.fastPaths && coveredConflict(violation)) {
    finding.verdict = Verdict::Safe;
    comp.excluded.insert(violation);
    noteHeldColumn(violation);
    ++stats.decidedStatically;
    return true;
  }
  if (options.fastPaths && weakenedBy.empty() &&
      judgeIndependentBroadcast(k, c, finding))
    return true;
  if (uint32_t degree = problem.formulas.degreeOf(violation);
      degree > kMaxDegree) {
    finding.verdict = Verdict::Unknown;
    finding.reason = "nonlinear arithmetic of degree " +
                     std::to_string(degree) + " is beyond the solver";
    ++stats.unknown;
    if (!ob.conditional && weakenedBy.empty())
      weakenedBy = "an earlier obligation was too nonlinear for the solver";
    return true;
  }
  return false;
}

void Judge::judgeBySolver(size_t k, size_t c, Finding &finding) {
  const Obligation &ob = problem.obligations[k];
  FormulaId violation = ob.violation;
  Component &comp = components[c];
  SmtSolver &solver = solverOf(c);
  finding.bySolver = true;
  // Z3's nonlinear arithmetic can take a second on a question that plain
  // evaluation answers at once (a Reshape's element count): whether the
  // component's model of P violates it.
  std::optional<std::vector<int64_t>> violating;
  if (!problem.isLinear())
    violating = violatingNear(c, violation);
  Lit violated = solver.track(violation);
  SatResult possible = violating ? SatResult::Sat : check(solver, {violated});
  if (possible == SatResult::Unsat) {
    finding.verdict = Verdict::Safe;
    comp.excluded.insert(violation); // under this P, and every larger one
    if (options.fastPaths)
      noteHeldColumn(violation);
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
    assumeJudged(ob, c, /*guaranteed=*/false, std::nullopt);
    return;
  }
  if (possible == SatResult::Unknown) {
    finding.verdict = Verdict::Unknown;
    finding.reason = solver.reason();
    ++stats.unknown;
    assumeJudged(ob, c, /*guaranteed=*/false, std::nullopt);
    return;
  }
  judgeViolable(k, c, solver, violated, std::move(violating), finding);
}

void Judge::judgeViolable(size_t k, size_t c, SmtSolver &solver, Lit violated,
                          std::optional<std::vector<int64_t>> violating,
                          Finding &finding) {
  const Obligation &ob = problem.obligations[k];
  FormulaId violation = ob.violation;
  // The models met on the way spare the condition some queries.
  KnownModels models;
  // The violation's sizes, for the evaluation steps of a nonlinear problem
  // (holdingNear and preferSmall: at most kMaxPreferredSymbols of them).
  const bool nonlinear = !problem.isLinear();
  std::vector<TermId> symbols;
  if (nonlinear)
    symbols = symbolsOfFormula(violation);
  std::vector<int64_t> values;
  if (violating) {
    values = std::move(*violating);
    models.violating.push_back(valuesIn(c, values, symbols));
  } else {
    models.violating.push_back(valuesOf(c, violation));
    values = witnessModel(c, violated, violation);
    models.violating.push_back(valuesOf(c, violation));
  }
  if (nonlinear)
    preferSmall(c, values, violation, symbols);
  // As for the question whether it can fail, evaluation first: sizes
  // that avoid it near the models of P at hand.
  std::optional<std::vector<int64_t>> holding;
  if (nonlinear)
    holding = holdingNear(c, values, violation, symbols);
  SatResult avoidable =
      holding ? SatResult::Sat : check(solver, {solver.track(violation, true)});
  if (avoidable == SatResult::Sat)
    models.holding.push_back(holding ? valuesIn(c, *holding, symbols)
                                     : valuesOf(c, violation));
  finding.hasWitness = true;
  if (avoidable == SatResult::Unsat) {
    finding.verdict = Verdict::UbGuaranteed;
    finding.condition = ConditionText(symshape::Condition::truth(true));
    finding.witness = assemble(c, values, {}, violation);
    assumeJudged(ob, c, /*guaranteed=*/true, std::nullopt);
    ++stats.decidedBySolver;
    return;
  }
  if (avoidable == SatResult::Unknown) {
    finding.witness =
        assemble(c, values, symbolsOfFormula(violation), violation);
    finding.verdict = Verdict::Unknown;
    finding.reason = "UB is possible (see the witness), but the solver could "
                     "not decide whether it is guaranteed: " +
                     solver.reason();
    ++stats.unknown;
    assumeJudged(ob, c, /*guaranteed=*/false, std::nullopt);
    return;
  }
  // A model of P && !violation: one of the new P.
  assumeJudged(ob, c, /*guaranteed=*/false,
               holding ? std::move(holding) : readModel(c));
  finding.verdict = Verdict::UbPossible;
  ++stats.decidedBySolver;
  std::string whyNot;
  std::vector<TermId> mentioned;
  if (std::optional<symshape::Condition> condition = describeViolation(
          solver, problem.graph, problem.formulas, violation, models, whyNot,
          stats.solverChecks, &mentioned, &components[c].facts,
          problem.isLinear() ? &components[c].avoided : nullptr)) {
    finding.condition = ConditionText(std::move(*condition));
  } else {
    finding.reason = whyNot;
    mentioned = symbolsOfFormula(violation);
  }
  // Under P the violation depends on the condition's symbols alone.
  finding.witness = assemble(c, values, mentioned, violation);
}

/// Changes entries of comp's model, keeping its list of slots that are
/// not 1 up to date.
static void editModel(Component &comp,
                      const std::vector<std::pair<uint32_t, int64_t>> &edits) {
  std::vector<int64_t> &model = *comp.model;
  for (const auto &[slot, value] : edits) {
    int64_t was = model[slot];
    model[slot] = value;
    if (!comp.notOneSlots || (was == 1) == (value == 1))
      continue;
    std::vector<uint32_t> &slots = *comp.notOneSlots;
    auto at = std::lower_bound(slots.begin(), slots.end(), slot);
    if (value != 1)
      slots.insert(at, slot);
    else
      slots.erase(at);
  }
}

void Judge::applyEffects() {
  // A model met while judging is one of the new P only when it was the
  // component's one change.
  std::unordered_map<size_t, size_t> changes;
  for (const Effect &effect : effects)
    ++changes[effect.component];
  for (Effect &effect : effects) {
    Component &comp = components[effect.component];
    if (effect.guaranteed) {
      reachable = false;
      unreachableReason = "an earlier obligation always fails";
      continue;
    }
    if (comp.solver)
      comp.solver->add(effect.violation, /*negated=*/true);
    comp.avoided.push_back(effect.violation);
    if (options.fastPaths) {
      noteAvoided(comp, effect.violation);
      noteHeldColumn(effect.violation);
      noteLinked(effect.violation);
    }
    comp.excluded.insert(effect.violation);
    comp.modelNotOnes.reset();
    if (changes[effect.component] == 1 && effect.model) {
      comp.model = std::move(effect.model);
      comp.notOneSlots.reset();
      if (!effect.keepsEvaluated)
        comp.evaluated.clear();
    } else if (changes[effect.component] == 1 && effect.editsModel &&
               comp.model) {
      editModel(comp, effect.modelEdits);
      if (!effect.keepsEvaluated)
        comp.evaluated.clear();
    } else {
      comp.model.reset();
      comp.notOneSlots.reset();
      comp.evaluated.clear();
    }
    // When the all-1 assignment violates it, every later witness names
    // sizes of this component (SEMANTICS.md §4: an unnamed size is 1).
    if (!comp.onesFail &&
        valueAtOnes(effect.violation) != std::optional<bool>(false))
      markOnesFail(effect.component);
    if (!comp.model)
      unchecked.push_back(effect.component);
  }
  effects.clear();
  // SEMANTICS.md §4: P is one conjunction. Obligations that could each fail may
  // not all hold at once (an op's requirements d in {1, 3} and d == 4):
  // then no execution gets past them, here or in another component.
  for (size_t c : unchecked) {
    if (!reachable)
      break;
    if (!modelOf(c) && check(solverOf(c), {}) == SatResult::Unsat) {
      reachable = false;
      unreachableReason = "earlier obligations cannot all hold";
    }
  }
  unchecked.clear();
}

void Judge::judgePhase(const std::vector<size_t> &phase, size_t first,
                       std::vector<Finding> &findings,
                       FunctionVerdicts &result) {
  bool wraps = false;
  for (size_t k : phase) {
    const Obligation &ob = problem.obligations[k];
    Finding &finding = findings[k - first];
    if (ob.staticError) { // compile-time: independent of P
      finding.verdict = Verdict::Error;
      ++stats.decidedStatically;
      // Size arithmetic that wraps whatever the inputs (SPEC 2): every run
      // that gets there has UB, so no later obligation is reached (unlike
      // a type error, whose declared result still describes the runs).
      wraps = wraps || (ob.kind == ObligationKind::Overflow &&
                        !ob.conditional && reachable);
    } else if (!reachable) {
      finding.verdict = Verdict::Unreachable;
      finding.reason = unreachableReason;
      ++stats.decidedStatically;
    } else if (ob.kind == ObligationKind::Assume) {
      judgeAssume(ob, finding);
    } else {
      judge(k, finding);
    }
    if (isWorse(finding.verdict, result.verdict))
      result.verdict = finding.verdict;
  }
  applyEffects();
  if (wraps) {
    reachable = false;
    unreachableReason = "the size arithmetic before it always wraps";
  }
}

FunctionVerdicts Judge::run() {
  partition();
  if (options.fastPaths)
    recordSymbolUses();
  freshLeaves.resize(problem.obligations.size());
  FunctionVerdicts result;
  const ChunkedVector<Obligation> &obligations = problem.obligations;
  std::vector<size_t> first, second;
  std::vector<Finding> opFindings; // the op's, appended once both are done
  for (size_t k = 0; k < obligations.size();) {
    // One op occurrence: its operand requirements (and rank), then its
    // result casts, each phase under the same P.
    size_t end = k + 1;
    uint32_t op = obligations[k].opIndex;
    if (op != kNoOp && obligations[k].kind != ObligationKind::Assume)
      while (end < obligations.size() && obligations[end].opIndex == op &&
             obligations[end].kind != ObligationKind::Assume)
        ++end;
    first.clear();
    second.clear();
    for (size_t j = k; j < end; ++j)
      (obligations[j].kind == ObligationKind::ResultCast ? second : first)
          .push_back(j);
    opFindings.assign(end - k, Finding());
    judgePhase(first, k, opFindings, result);
    judgePhase(second, k, opFindings, result);
    for (Finding &finding : opFindings)
      result.findings.push_back(std::move(finding));
    if (options.judged)
      options.judged(end - k);
    k = end;
  }
  result.stats = stats;
  return result;
}

} // namespace detail

struct JudgeMemo::Impl {
  detail::ProjectedCovers projectedCovers;
};

JudgeMemo::JudgeMemo() : impl_(std::make_unique<Impl>()) {}
JudgeMemo::~JudgeMemo() = default;

namespace detail {

Judge::Judge(const Problem &problem, const JudgeOptions &options)
    : problem(problem), options(options),
      context(problem.graph, problem.formulas, options.environment),
      projectedCovers(options.memo ? options.memo->impl().projectedCovers
                                   : ownCovers) {}

Judge::~Judge() = default;

} // namespace detail

FunctionVerdicts judgeFunction(const Problem &problem,
                               const JudgeOptions &options) {
  return detail::Judge(problem, options).run();
}

} // namespace symshape::solver
