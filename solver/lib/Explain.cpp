//===- Explain.cpp - Why a safe obligation holds --------------------------===//

#include "symshape/solver/Explain.h"

#include "Judge.h"

#include <algorithm>

namespace symshape::solver {

namespace {

/// Whether obligation j is one obligation k may assume (SPEC 4): an
/// earlier one that every run reaching k has passed, not a sibling of k's
/// own phase.
bool assumable(const Problem &problem, const FunctionVerdicts &verdicts,
               size_t j, size_t k) {
  const Obligation &a = problem.obligations[j], &b = problem.obligations[k];
  Verdict v = verdicts.findings[j].verdict;
  if (a.staticError || v == Verdict::Error || v == Verdict::Unreachable)
    return false;
  if (a.conditional) // not assumed by later ops (it may not have run)
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
  for (size_t k : which) {
    if (k >= problem.obligations.size() ||
        verdicts.findings[k].verdict != Verdict::Safe ||
        !solvable(problem.obligations[k].violation))
      continue;
    const Obligation &ob = problem.obligations[k];
    Lit violated = solver.track(ob.violation);
    std::vector<size_t> candidates;
    for (size_t j = 0; j < k; ++j)
      if (assumable(problem, verdicts, j, k) &&
          solvable(problem.obligations[j].violation))
        candidates.push_back(j);
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
    std::optional<bool> unsat = unsatWith(candidates, &core);
    if (!unsat || !*unsat)
      continue; // unknown, or (P being weaker here) not provable this way
    // Shrink by deletion: drop each member the rest still implies it with,
    // trying the ops' requirements before the runtime checks (a check is
    // redundant "because of" the checks before it, when they suffice).
    std::stable_partition(core.begin(), core.end(), [&](size_t j) {
      return !isRuntimeCheck(problem.obligations[j].kind);
    });
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
