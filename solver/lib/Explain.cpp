//===- Explain.cpp - Why a safe obligation holds --------------------------===//

#include "symshape/solver/Explain.h"

#include "Evaluate.h"
#include "Judge.h"

#include "symshape/solver/IdIndex.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace symshape::solver {

namespace {

/// Whether obligation j is one obligation k may assume (SEMANTICS.md §4): an
/// earlier one that every run reaching k has passed, not a sibling of k's
/// own phase.
/// Whether obligation j is one that the obligations of later ops may
/// assume.
bool assumableLater(const Problem &problem, const FunctionVerdicts &verdicts,
                    size_t j) {
  const Obligation &a = problem.obligations[j];
  Verdict v = verdicts.findings[j].verdict;
  if (a.staticError || v == Verdict::Error || v == Verdict::Unreachable)
    return false;
  return !a.conditional; // not assumed by later ops (it may not have run)
}

bool assumable(const Problem &problem, const FunctionVerdicts &verdicts,
               size_t j, size_t k) {
  const Obligation &a = problem.obligations[j], &b = problem.obligations[k];
  if (!assumableLater(problem, verdicts, j))
    return false;
  if (a.opIndex == b.opIndex && a.opIndex != kNoOp)
    // Of k's own op, only a result-cast assumes the operand requirements.
    return b.kind == ObligationKind::ResultCast &&
           a.kind != ObligationKind::ResultCast;
  return true;
}

/// Why each obligation asked about holds: a solver holding the facts, a
/// literal per obligation, and the earlier obligations later ones may
/// assume, kept as the obligations asked about advance.
class SafeExplainer {
public:
  using Explanations = Implications;

  SafeExplainer(const Problem &problem, const FunctionVerdicts &verdicts,
                const SmtLimits &limits, SmtEnvironment *environment)
      : problem(problem), verdicts(verdicts), obs(problem.obligations),
        context(problem.graph, problem.formulas, environment), limits(limits),
        holds(problem.obligations.size(), 0) {
    // A runtime check safe wherever its op is reached (every copy of a
    // private callee's): `refine --drop-redundant-checks` deletes it, so an
    // explanation names it only when nothing that stays would do.
    for (size_t j = 0; j < obs.size(); ++j)
      if (isRuntimeCheck(obs[j].kind)) {
        auto [at, fresh] = safeAt.emplace(opKey(j), true);
        at->second =
            at->second && verdicts.findings[j].verdict == Verdict::Safe;
      }
  }

  /// Sets out[k] to the earlier obligations that imply obligation k, when
  /// k is safe and the solver can say.
  void explain(size_t k, Explanations &out);

private:
  static constexpr size_t kNone = ~size_t(0);

  bool solvable(FormulaId formula) const { // Judge.h: Z3's limit
    return problem.formulas.degreeOf(formula) <= detail::kMaxDegree;
  }
  /// The solver holding the facts, made when first asked: a function
  /// whose questions its types answer alone needs no Z3 context.
  SmtSolver &solver() {
    if (!made) {
      made.emplace(context, limits);
      for (FormulaId fact : problem.facts)
        if (solvable(fact))
          made->add(fact);
    }
    return *made;
  }
  /// Whether the types alone rule out `violation` (Unsat), allow it (Sat)
  /// or the solver cannot say; asked once per formula.
  SatResult typesAloneRuleOut(FormulaId violation) {
    auto known = typesAlone.find(violation);
    if (known != typesAlone.end())
      return known->second;
    SatResult r = solver().check({solver().track(violation)});
    return typesAlone.emplace(violation, r).first->second;
  }
  /// Whether `violation` names no size and is false: nothing can violate
  /// it, which the solver would say from the empty set (an explanation
  /// naming nothing) once asked.
  bool neverViolated(FormulaId violation) {
    auto known = ground.find(violation);
    if (known != ground.end())
      return known->second;
    bool symbolic = false;
    detail::Evaluator eval(problem.graph, problem.formulas, [&](TermId) {
      symbolic = true;
      return int64_t(1);
    });
    std::optional<bool> holds = eval.holds(violation);
    return ground.emplace(violation, !symbolic && holds && !*holds)
        .first->second;
  }
  /// The literal "obligation j holds" (made when first needed).
  Lit holdsLit(size_t j) {
    if (!holds[j])
      holds[j] = solver().track(problem.obligations[j].violation,
                                /*negated=*/true);
    return holds[j];
  }
  uint64_t opKey(size_t j) const {
    const Location &loc = problem.locOf(obs[j]);
    return (uint64_t(loc.buffer) << 32) | loc.offset;
  }
  bool redundant(size_t j) const {
    if (!isRuntimeCheck(obs[j].kind))
      return false;
    auto at = safeAt.find(opKey(j));
    return at != safeAt.end() && at->second;
  }
  bool sameOp(size_t j, size_t k) const {
    return obs[j].opIndex == obs[k].opIndex && obs[j].opIndex != kNoOp;
  }
  /// The key of `latest`: j's violation formula and whether it is a check.
  uint64_t distinctKey(size_t j) const {
    return (uint64_t(obs[j].violation) << 1) |
           uint64_t(isRuntimeCheck(obs[j].kind));
  }
  /// Whether slot `pos` of `in` holds an obligation of key `key`.
  auto keyIn(const std::vector<size_t> &in, uint64_t key) const {
    return [this, &in, key](uint32_t pos) {
      return in[pos] != kNone && distinctKey(in[pos]) == key;
    };
  }
  /// Brings `distinct` up to the obligations before `opStart`.
  void scanTo(size_t opStart);
  /// An earlier obligation of another op (that stays) with the violation
  /// formula `violation`, a runtime check or not.
  std::optional<size_t> sameFormula(FormulaId violation, bool check) const {
    uint64_t key = (uint64_t(violation) << 1) | uint64_t(check);
    std::optional<uint32_t> slot =
        latest.find(IdIndex::mix(key), keyIn(distinct, key));
    if (!slot || redundant(distinct[*slot]))
      return std::nullopt;
    return distinct[*slot];
  }
  /// The earlier obligations k may assume, to look for a reason among.
  std::vector<size_t> candidatesFor(size_t k, size_t opStart);
  /// Whether `violated` is unsatisfiable with the obligations of `set`
  /// holding (nullopt: unknown); `core` then gets the ones Z3 used.
  std::optional<bool> unsatWith(Lit violated, const std::vector<size_t> &set,
                                std::vector<size_t> *core);
  /// Shrinks `core` (an unsatisfiable set) by deletion.
  void shrink(Lit violated, std::vector<size_t> &core);

  const Problem &problem;
  const FunctionVerdicts &verdicts;
  const ChunkedVector<Obligation> &obs;
  SmtContext context;
  SmtLimits limits;
  std::optional<SmtSolver> made; ///< solver()'s
  /// One literal per obligation: "it holds" (0 until made).
  std::vector<Lit> holds;
  std::unordered_map<uint64_t, bool> safeAt;
  // The earlier obligations k may assume, one per distinct violation
  // formula and kind (requirement or runtime check): a copy of an earlier
  // one adds nothing to what it implies, and the shrinking below would keep
  // one of them. The copy kept is the latest one that stays (a check that
  // can fail rather than a redundant copy of it). Kept as k advances, so
  // each obligation is looked at once, not once per later one. `latest`
  // indexes the slots of `distinct` by (formula, is-check) (kNone: a slot
  // given up, no longer indexed).
  std::vector<size_t> distinct;
  size_t given = 0; // slots of `distinct` that are kNone
  IdIndex latest;
  size_t scanned = 0; // obs[0, scanned) are in `distinct` or not assumable
  // Whether the types alone rule a violation out, by formula (the facts do
  // not change as k advances).
  std::unordered_map<FormulaId, SatResult> typesAlone;
  std::unordered_map<FormulaId, bool> ground; ///< neverViolated()'s answers
};

void SafeExplainer::scanTo(size_t opStart) {
  if (scanned > opStart) { // `which` not in order: start again
    distinct.clear();
    latest.clear();
    scanned = given = 0;
  }
  for (; scanned < opStart; ++scanned) {
    size_t j = scanned;
    if (!assumableLater(problem, verdicts, j) || !solvable(obs[j].violation))
      continue;
    uint64_t key = distinctKey(j);
    uint32_t hash = IdIndex::mix(key);
    if (uint32_t *slot = latest.findSlot(hash, keyIn(distinct, key))) {
      if (redundant(j) && !redundant(distinct[*slot]))
        continue; // the copy that stays is the better reason
      distinct[*slot] = kNone;
      ++given;
      *slot = uint32_t(distinct.size()); // the same key: j's
    } else {
      latest.insert(hash, uint32_t(distinct.size()), keyIn(distinct, key));
    }
    distinct.push_back(j);
  }
  if (given > distinct.size() / 2) { // compact
    std::vector<size_t> kept;
    latest.clear();
    for (size_t j : distinct)
      if (j != kNone) {
        uint64_t key = distinctKey(j);
        kept.push_back(j);
        latest.insert(IdIndex::mix(key), uint32_t(kept.size() - 1),
                      keyIn(kept, key));
      }
    distinct.swap(kept);
    given = 0;
  }
}

std::vector<size_t> SafeExplainer::candidatesFor(size_t k, size_t opStart) {
  std::vector<size_t> candidates;
  bool ownOpEarlier = false; // an obligation of k's op before opStart
  for (size_t j : distinct)
    if (j != kNone && sameOp(j, k))
      ownOpEarlier = true;
  if (ownOpEarlier) { // the general rule, over every earlier obligation
    for (size_t j = 0; j < k; ++j)
      if (assumable(problem, verdicts, j, k) &&
          solvable(problem.obligations[j].violation))
        candidates.push_back(j);
  } else {
    for (size_t j : distinct)
      if (j != kNone)
        candidates.push_back(j);
    for (size_t j = opStart; j < k; ++j)
      if (assumable(problem, verdicts, j, k) &&
          solvable(problem.obligations[j].violation))
        candidates.push_back(j);
  }
  return candidates;
}

std::optional<bool> SafeExplainer::unsatWith(Lit violated,
                                             const std::vector<size_t> &set,
                                             std::vector<size_t> *core) {
  std::vector<Lit> assumptions{violated};
  for (size_t j : set)
    assumptions.push_back(holdsLit(j));
  SatResult r = solver().check(assumptions);
  if (r == SatResult::Unknown)
    return std::nullopt;
  if (r == SatResult::Unsat && core) {
    core->clear(); // in the order of `set`
    const std::vector<Lit> &lits = solver().core();
    for (size_t j : set)
      if (std::find(lits.begin(), lits.end(), holds[j]) != lits.end())
        core->push_back(j);
  }
  return r == SatResult::Unsat;
}

void SafeExplainer::shrink(Lit violated, std::vector<size_t> &core) {
  // Shrink by deletion: drop each member the rest still implies it with,
  // trying the redundant checks first, then the ops' requirements, then
  // the checks that stay (a check is redundant "because of" the checks
  // before it, when they suffice).
  auto rank = [&](size_t j) {
    return redundant(j) ? 0 : !isRuntimeCheck(obs[j].kind) ? 1 : 2;
  };
  std::stable_sort(core.begin(), core.end(),
                   [&](size_t a, size_t b) { return rank(a) < rank(b); });
  for (size_t i = 0; i < core.size();) {
    std::vector<size_t> without = core;
    without.erase(without.begin() + std::ptrdiff_t(i));
    std::vector<size_t> smaller;
    std::optional<bool> still = unsatWith(violated, without, &smaller);
    if (still && *still)
      core = smaller.size() < without.size() ? smaller : without;
    else
      ++i;
  }
}

void SafeExplainer::explain(size_t k, Explanations &out) {
  if (k >= problem.obligations.size() ||
      verdicts.findings[k].verdict != Verdict::Safe ||
      !solvable(problem.obligations[k].violation))
    return;
  const Obligation &ob = problem.obligations[k];
  if (neverViolated(ob.violation)) {
    out[k] = std::vector<uint32_t>();
    return;
  }
  // Obligations of k's own op (the run of them just before k) are
  // looked at for k alone; the ones before that run, once for every k.
  size_t opStart = k;
  while (opStart > 0 && sameOp(opStart - 1, k))
    --opStart;
  scanTo(opStart);
  // The commonest case: an earlier obligation of another op (that stays)
  // has k's very violation formula, so it alone implies k; the one
  // question left is whether the types alone already do.
  std::optional<size_t> same = sameFormula(ob.violation, true);
  if (!same)
    same = sameFormula(ob.violation, false);
  if (same) {
    SatResult alone = typesAloneRuleOut(ob.violation);
    if (alone == SatResult::Unsat) {
      out[k] = std::vector<uint32_t>();
      return;
    }
    if (alone == SatResult::Sat) {
      out[k] = std::vector<uint32_t>{uint32_t(*same)};
      return;
    }
  }
  Lit violated = solver().track(ob.violation);
  std::vector<size_t> candidates = candidatesFor(k, opStart);
  std::vector<size_t> core;
  // Without the redundant checks first: each is implied by what comes
  // before it, so what stays usually suffices, and an explanation then
  // never names a check --drop-redundant-checks deletes.
  std::vector<size_t> staying;
  for (size_t j : candidates)
    if (!redundant(j))
      staying.push_back(j);
  std::optional<bool> unsat;
  if (staying.size() < candidates.size())
    unsat = unsatWith(violated, staying, &core);
  if (!unsat || !*unsat)
    unsat = unsatWith(violated, candidates, &core);
  if (!unsat || !*unsat)
    return; // unknown, or (P being weaker here) not provable this way
  shrink(violated, core);
  std::sort(core.begin(), core.end());
  out[k] = std::vector<uint32_t>(core.begin(), core.end());
}

} // namespace

Implications explainSafe(const Problem &problem,
                         const FunctionVerdicts &verdicts,
                         const std::vector<size_t> &which,
                         const SmtLimits &limits, SmtEnvironment *environment) {
  if (which.empty())
    return {}; // nothing asked: no entry per obligation to hold
  Implications out;
  SafeExplainer explainer(problem, verdicts, limits, environment);
  for (size_t k : which)
    explainer.explain(k, out);
  return out;
}

} // namespace symshape::solver
