//===- Oracle.h - Expected verdicts by enumeration --------------*- C++ -*-===//
//
// Enumerates every assignment of the free symbols over a finite domain and
// derives SPEC section 4's verdicts from the Model:
//
//   P_k(s) = facts(s) && no non-error obligation j < k is violated at s
//   safe           no s with P_k violates k
//   ub-guaranteed  some s has P_k, and every such s violates k
//   unreachable    no s has P_k
//   ub-possible    otherwise
//
// The domain is [minDim, C + n] for n free symbols and C the largest
// constant (>= 5). It is exact, not merely a sample: types and assumptions
// only compare sizes with constants <= C, with 1, and with each other (no
// arithmetic), so any satisfying assignment maps to one in the domain by an
// order-preserving injection that fixes 0..C; the n values above C fit in
// C+1..C+n.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_PROPERTY_ORACLE_H
#define SYMSHAPE_TESTS_PROPERTY_ORACLE_H

#include "Model.h"

#include "symshape/frontend/Expr.h"
#include "symshape/solver/Verdicts.h"

#include <optional>

namespace symshape::property {

struct Expected {
  solver::Verdict verdict = solver::Verdict::Safe;
  size_t reaching = 0;  ///< assignments with P_k
  size_t violating = 0; ///< of those, violating k
  /// P_k admits an assignment where the violation is undefined.
  bool ambiguous = false;
  /// Assignment indices: one with P_k violating k, one with P_k holding.
  std::optional<size_t> violatingExample, holdingExample;
};

class Oracle {
public:
  Oracle(const Program &program, const Model &model);

  size_t size() const { return count; }
  int64_t low() const { return lo; }
  int64_t high() const { return hi; }
  const std::vector<Expected> &expected() const { return verdicts; }

  /// The assignment number `index` (one value per free symbol).
  std::vector<int64_t> assignment(size_t index) const;
  /// P_k at assignment `index`.
  bool reaches(size_t k, size_t index) const { return alive[k][index]; }
  /// Violation of k at assignment `index` (0, 1, or 2 undefined).
  uint8_t violated(size_t k, size_t index) const {
    return violation[index * numObligations + k];
  }
  /// Whether obligation k is treated as a static `error` (for assumptions:
  /// no assignment satisfies it with the facts and earlier ones).
  bool isError(size_t k) const {
    return verdicts[k].verdict == solver::Verdict::Error;
  }
  /// P_k at an arbitrary assignment (e.g. a witness outside the domain).
  bool reachesAt(size_t k, const Evaluation &eval) const;

  /// "%a[0] = 2, %b[1] = 5".
  std::string describe(const std::vector<int64_t> &assignment) const;

private:
  const Program &program;
  const Model &model;
  int64_t lo = 0, hi = 0;
  size_t count = 1, numObligations = 0;
  std::vector<uint8_t> violation;       ///< [index][k]
  std::vector<std::vector<bool>> alive; ///< [k][index]
  std::vector<Expected> verdicts;
};

/// Evaluates a parsed condition of SPEC section 6 at `eval`, resolving each
/// `%name[dim]` through the model; nullopt on a name or dim it cannot
/// resolve (or an undefined size).
std::optional<bool> evalCondition(const frontend::Expr &expr,
                                  const Program &program, const Model &model,
                                  const Evaluation &eval);

} // namespace symshape::property

#endif // SYMSHAPE_TESTS_PROPERTY_ORACLE_H
