//===- Oracle.h - Expected verdicts by enumeration --------------*- C++ -*-===//
//
// Enumerates every assignment of the free symbols over a finite domain and
// derives SPEC section 4's verdicts from the Model:
//
//   P_k(s) = facts(s) && no non-error obligation j < k that k assumes is
//            violated at s. SPEC 4: k assumes the assumptions before it,
//            the obligations of earlier ops and, when k is a result-cast,
//            its op's rank and operand requirements (phase 1); never an
//            obligation of its own op and phase.
//   safe           no s with P_k violates k
//   ub-guaranteed  some s has P_k, and every such s violates k
//   unreachable    no s has P_k
//   ub-possible    otherwise
//
// (the last four as every brute-force comparison derives them,
// models::expectedVerdict in tests/models/oracle/Expected.h)
//
// The domain is Model::domain: [minDim, H] for sizes and [Lidx, H] for
// index arguments. It is exact, not merely a sample: Model.h's Domain
// explains why every verdict (and every constant dim, for the refinement
// check) found on the box holds over all integers.
//
// W, the well-defined executions of SPEC 5, are the assignments where the
// facts hold and no obligation is violated, except static errors and
// assumptions that are errors.
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
  /// "[0, 9]" or "[0, 9], index [-4, 9]".
  std::string domainText() const;
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
  /// Whether assignment `index` is a well-defined execution (in W).
  bool wellDefined(size_t index) const { return inW[index]; }
  /// Whether some assignment is in W.
  bool anyWellDefined() const { return numW != 0; }
  /// Whether W admits an assignment where some obligation is undefined
  /// (a generator bug).
  bool undefinedInW() const { return undefinedW; }

  /// "%a[0] = 2, %b[1] = 5".
  std::string describe(const std::vector<int64_t> &assignment) const;

private:
  /// 2 for a result-cast, 1 for the rank and operand requirements.
  static int phaseOf(const ModelObligation &ob);
  /// Whether P_k includes "obligation j holds".
  bool assumes(size_t k, size_t j) const;
  /// Derives k's expected verdict from P_k = `reaching`.
  void judge(size_t k, const std::vector<bool> &reaching);

  const Program &program;
  const Model &model;
  std::vector<int64_t> lows; ///< per symbol
  int64_t hi = 0;
  size_t count = 1, numObligations = 0;
  std::vector<bool> inW;
  size_t numW = 0;
  bool undefinedW = false;
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
