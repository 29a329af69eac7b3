//===- AssumptionConflicts.h - Which user fact contradicts which -*- C++ -*-=//
//
// An `assume` obligation judged `error` contradicts the types or earlier
// user facts. To say which, one query per earlier accepted fact:
//
//   facts && a          unsat  -> it contradicts the types alone
//   facts && b && a     unsat  -> it contradicts b
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_ASSUMPTIONCONFLICTS_H
#define SYMSHAPE_SOLVER_ASSUMPTIONCONFLICTS_H

#include "symshape/solver/Problem.h"
#include "symshape/solver/Smt.h"
#include "symshape/solver/Verdicts.h"

#include <optional>

namespace symshape::solver {

/// For obligation `k`, an `assume` judged `error`: the index of the first
/// earlier accepted assumption that it contradicts together with the type
/// facts, or nullopt when it contradicts the types alone, needs several
/// earlier facts to fail, or the solver gives up.
std::optional<size_t> conflictingAssumption(const Problem &problem,
                                            const FunctionVerdicts &verdicts,
                                            size_t k, const SmtLimits &limits);

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_ASSUMPTIONCONFLICTS_H
