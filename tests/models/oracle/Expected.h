//===- Expected.h - Expected verdicts from the oracle's runs ----*- C++ -*-===//
//
// What every brute-force comparison derives from runs of the oracle, in one
// place (issue 41): tests/models (Compare, OnnxCompare), tests/exporters
// and tests/property judge symshape with these.
//
//  - expectedVerdict: SPEC 4's runtime verdict of one op (or obligation)
//    from how many assignments reach it and how many of those fail it;
//  - forEachAssignment: every assignment of some symbols over a box;
//  - replayWitness: SPEC 4's witness replay, some run whose first UB is
//    the op.
//
//   expectedVerdict(12, 0) == Safe; expectedVerdict(12, 12) == UbGuaranteed
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_EXPECTED_H
#define SYMSHAPE_MODELS_EXPECTED_H

#include "Oracle.h"

#include "symshape/solver/Verdicts.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace symshape::models {

/// SPEC 4, for an op or obligation judged by brute force: of the
/// `reaching` assignments that reach it (nothing required before it
/// fails), `violating` fail it. None reach: `unreachable`; none fail:
/// `safe`; all fail: `ub-guaranteed`; else `ub-possible`. (`error` is a
/// static rule, never derived from runs.)
solver::Verdict expectedVerdict(size_t reaching, size_t violating);

/// Whether `v` says the op may fail: ub-possible or ub-guaranteed.
inline bool failsSome(solver::Verdict v) {
  return v == solver::Verdict::UbPossible || v == solver::Verdict::UbGuaranteed;
}

/// Calls `visit` with every assignment of `symbols` over [lo, hi], keeping
/// the values already in `fixed` (the symbols it names do not vary); stops
/// when `visit` returns false. The first symbol varies fastest.
void forEachAssignment(const std::vector<std::string> &symbols,
                       const Assignment &fixed, int64_t lo, int64_t hi,
                       const std::function<bool(const Assignment &)> &visit);

/// A witness's replay: whether some run's first UB is the op, else the
/// first UB some run met (none: no run had UB).
struct Replay {
  bool replayed = false;
  std::optional<size_t> firstUb;
  /// " first UB at op #3" or " no UB" when not replayed; empty when it is.
  std::string why() const;
};

/// SPEC 4's witness replay: with the sizes in `fixed` (the witness's, and
/// 1 for every other size symshape models) and every other symbol of `fn`
/// over [lo, hi] (what symshape does not model, an `i1` branch condition),
/// some run's first UB is top-level op `op`.
Replay replayWitness(const Oracle &oracle, const frontend::Function &fn,
                     const Assignment &fixed, size_t op, int64_t lo,
                     int64_t hi);

} // namespace symshape::models

#endif // SYMSHAPE_MODELS_EXPECTED_H
