//===- AssumptionConflicts.cpp - Which user fact contradicts which --------===//

#include "symshape/solver/AssumptionConflicts.h"

namespace symshape::solver {

std::optional<size_t> conflictingAssumption(const Problem &problem,
                                            const FunctionVerdicts &verdicts,
                                            size_t k, const SmtLimits &limits) {
  const Obligation &ob = problem.obligations[k];
  if (ob.kind != ObligationKind::Assume ||
      verdicts.findings[k].verdict != Verdict::Error)
    return std::nullopt;
  SmtContext context(problem.graph, problem.formulas);
  SmtSolver solver(context, limits);
  for (FormulaId fact : problem.facts)
    solver.add(fact);
  // An assumption's violation is its negation: track it negated.
  Lit self = solver.track(ob.violation, /*negated=*/true);
  if (solver.check({self}) != SatResult::Sat)
    return std::nullopt; // the types alone (or the solver gave up)
  for (size_t j = 0; j < k; ++j) {
    const Obligation &earlier = problem.obligations[j];
    if (earlier.kind != ObligationKind::Assume ||
        verdicts.findings[j].verdict == Verdict::Error)
      continue;
    Lit other = solver.track(earlier.violation, /*negated=*/true);
    if (solver.check({other, self}) == SatResult::Unsat)
      return j;
  }
  return std::nullopt;
}

} // namespace symshape::solver
