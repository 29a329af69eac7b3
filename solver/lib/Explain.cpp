//===- Explain.cpp - Why a safe obligation holds --------------------------===//

#include "symshape/solver/Explain.h"

#include "Judge.h"

#include <algorithm>
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

} // namespace

std::vector<std::optional<std::vector<uint32_t>>>
explainSafe(const Problem &problem, const FunctionVerdicts &verdicts,
            const std::vector<size_t> &which, const SmtLimits &limits,
            SmtEnvironment *environment) {
  std::vector<std::optional<std::vector<uint32_t>>> out(
      problem.obligations.size());
  if (which.empty())
    return out;
  SmtContext context(problem.graph, problem.formulas, environment);
  SmtSolver solver(context, limits);
  auto solvable = [&](FormulaId formula) { // Judge.h: Z3's limit
    return problem.formulas.degreeOf(formula) <= detail::kMaxDegree;
  };
  for (FormulaId fact : problem.facts)
    if (solvable(fact))
      solver.add(fact);
  // One literal per obligation: "it holds" (made when first needed).
  std::vector<Lit> holds(problem.obligations.size(), 0);
  auto holdsLit = [&](size_t j) {
    if (!holds[j])
      holds[j] = solver.track(problem.obligations[j].violation,
                              /*negated=*/true);
    return holds[j];
  };
  const std::vector<Obligation> &obs = problem.obligations;
  // A runtime check safe wherever its op is reached (every copy of a
  // private callee's): `refine --drop-redundant-checks` deletes it, so an
  // explanation names it only when nothing that stays would do.
  std::unordered_map<uint64_t, bool> safeAt;
  auto opKey = [&](size_t j) {
    return (uint64_t(obs[j].loc.buffer) << 32) | obs[j].loc.offset;
  };
  for (size_t j = 0; j < obs.size(); ++j)
    if (isRuntimeCheck(obs[j].kind)) {
      auto [at, fresh] = safeAt.emplace(opKey(j), true);
      at->second = at->second && verdicts.findings[j].verdict == Verdict::Safe;
    }
  auto redundant = [&](size_t j) {
    if (!isRuntimeCheck(obs[j].kind))
      return false;
    auto at = safeAt.find(opKey(j));
    return at != safeAt.end() && at->second;
  };
  // The earlier obligations k may assume, one per distinct violation
  // formula and kind (requirement or runtime check): a copy of an earlier
  // one adds nothing to what it implies, and the shrinking below would keep
  // one of them. The copy kept is the latest one that stays (a check that
  // can fail rather than a redundant copy of it). Kept as k advances, so
  // each obligation is looked at once, not once per later one. `latest`
  // maps (formula, is-check) to its slot in `distinct` (kNone: a slot given
  // up).
  constexpr size_t kNone = ~size_t(0);
  std::vector<size_t> distinct;
  size_t given = 0; // slots of `distinct` that are kNone
  std::unordered_map<uint64_t, size_t> latest;
  size_t scanned = 0; // obs[0, scanned) are in `distinct` or not assumable
  auto sameOp = [&](size_t j, size_t k) {
    return obs[j].opIndex == obs[k].opIndex && obs[j].opIndex != kNoOp;
  };
  // Whether the types alone rule a violation out, by formula (the facts do
  // not change as k advances).
  std::unordered_map<FormulaId, SatResult> typesAlone;
  for (size_t k : which) {
    if (k >= problem.obligations.size() ||
        verdicts.findings[k].verdict != Verdict::Safe ||
        !solvable(problem.obligations[k].violation))
      continue;
    const Obligation &ob = problem.obligations[k];
    Lit violated = solver.track(ob.violation);
    // Obligations of k's own op (the run of them just before k) are
    // looked at for k alone; the ones before that run, once for every k.
    size_t opStart = k;
    while (opStart > 0 && sameOp(opStart - 1, k))
      --opStart;
    if (scanned > opStart) { // `which` not in order: start again
      distinct.clear();
      latest.clear();
      scanned = given = 0;
    }
    for (; scanned < opStart; ++scanned) {
      size_t j = scanned;
      if (!assumableLater(problem, verdicts, j) || !solvable(obs[j].violation))
        continue;
      uint64_t key = (uint64_t(obs[j].violation) << 1) |
                     uint64_t(isRuntimeCheck(obs[j].kind));
      auto [slot, added] = latest.emplace(key, distinct.size());
      if (!added) {
        if (redundant(j) && !redundant(distinct[slot->second]))
          continue; // the copy that stays is the better reason
        distinct[slot->second] = kNone;
        ++given;
        slot->second = distinct.size();
      }
      distinct.push_back(j);
    }
    if (given > distinct.size() / 2) { // compact
      std::vector<size_t> kept;
      for (size_t j : distinct)
        if (j != kNone) {
          uint64_t key = (uint64_t(obs[j].violation) << 1) |
                         uint64_t(isRuntimeCheck(obs[j].kind));
          latest[key] = kept.size();
          kept.push_back(j);
        }
      distinct.swap(kept);
      given = 0;
    }
    // The commonest case: an earlier obligation of another op (that stays)
    // has k's very violation formula, so it alone implies k; the one
    // question left is whether the types alone already do.
    auto sameFormula = [&](bool check) -> std::optional<size_t> {
      auto it = latest.find((uint64_t(ob.violation) << 1) | uint64_t(check));
      if (it == latest.end() || distinct[it->second] == kNone ||
          redundant(distinct[it->second]))
        return std::nullopt;
      return distinct[it->second];
    };
    std::optional<size_t> same = sameFormula(true);
    if (!same)
      same = sameFormula(false);
    if (same) {
      auto known = typesAlone.find(ob.violation);
      SatResult alone =
          known != typesAlone.end()
              ? known->second
              : typesAlone.emplace(ob.violation, solver.check({violated}))
                    .first->second;
      if (alone == SatResult::Unsat) {
        out[k] = std::vector<uint32_t>();
        continue;
      }
      if (alone == SatResult::Sat) {
        out[k] = std::vector<uint32_t>{uint32_t(*same)};
        continue;
      }
    }
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
    auto unsatWith = [&](const std::vector<size_t> &set,
                         std::vector<size_t> *core) -> std::optional<bool> {
      std::vector<Lit> assumptions{violated};
      for (size_t j : set)
        assumptions.push_back(holdsLit(j));
      SatResult r = solver.check(assumptions);
      if (r == SatResult::Unknown)
        return std::nullopt;
      if (r == SatResult::Unsat && core) {
        core->clear(); // in the order of `set`
        const std::vector<Lit> &lits = solver.core();
        for (size_t j : set)
          if (std::find(lits.begin(), lits.end(), holds[j]) != lits.end())
            core->push_back(j);
      }
      return r == SatResult::Unsat;
    };
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
      unsat = unsatWith(staying, &core);
    if (!unsat || !*unsat)
      unsat = unsatWith(candidates, &core);
    if (!unsat || !*unsat)
      continue; // unknown, or (P being weaker here) not provable this way
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
      std::optional<bool> still = unsatWith(without, &smaller);
      if (still && *still)
        core = smaller.size() < without.size() ? smaller : without;
      else
        ++i;
    }
    std::sort(core.begin(), core.end());
    out[k] = std::vector<uint32_t>(core.begin(), core.end());
  }
  return out;
}

} // namespace symshape::solver
