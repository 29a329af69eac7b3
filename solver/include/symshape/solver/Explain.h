//===- Explain.h - Why a safe obligation holds ------------------*- C++ -*-===//
//
// One entry point, `explainSafe`: for an obligation proved `safe`, the
// earlier obligations (runtime checks, requirements of ops, user facts)
// whose holding implies it -- a minimal set, from an unsat core over one
// tracked literal per earlier obligation, shrunk by deletion. An empty set
// means the types alone imply it.
//
//   cf.assert (%a[0] == %b[0])     x.mlir:7
//   cf.assert (%b[0] == %a[0])     safe: implied by x.mlir:7
//
// This is what makes a runtime check redundant, so `refine
// --drop-redundant-checks` may remove it.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_EXPLAIN_H
#define SYMSHAPE_SOLVER_EXPLAIN_H

#include "symshape/solver/Problem.h"
#include "symshape/solver/Smt.h"
#include "symshape/solver/Verdicts.h"

#include <optional>
#include <unordered_map>
#include <vector>

namespace symshape::solver {

/// Obligation index -> the indices of the earlier obligations that imply
/// it, in program order. Only the obligations explained have an entry (a
/// slot per obligation cost 22 MB for a 200k-op function whose few
/// thousand runtime checks were explained).
using Implications = std::unordered_map<size_t, std::vector<uint32_t>>;

/// For each obligation index in `which` (each `safe` in `verdicts`): the
/// earlier obligations that imply it; no entry when the solver could not
/// say (a time-out), nor for indices not in `which` or not safe.
Implications explainSafe(const Problem &problem,
                         const FunctionVerdicts &verdicts,
                         const std::vector<size_t> &which,
                         const SmtLimits &limits,
                         SmtEnvironment *environment = nullptr);

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_EXPLAIN_H
