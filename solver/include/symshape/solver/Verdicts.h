//===- Verdicts.h - Judging every obligation of a function ------*- C++ -*-===//
//
// One entry point, `judgeFunction`: each obligation gets a verdict of
// SEMANTICS.md section 4 under P = facts && user facts && no earlier obligation
// violated, with a witness and an exact condition where UB is possible.
//
//   safe           P && violation is unsat
//   ub-possible    both P && violation and P && !violation are sat
//   ub-guaranteed  P is sat, P && !violation is unsat
//   unreachable    P is unsat
//   unknown        the solver gave up (the reason is kept)
//   error          violated by static types alone
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_VERDICTS_H
#define SYMSHAPE_SOLVER_VERDICTS_H

#include "symshape/solver/ConditionText.h"
#include "symshape/solver/LazyVector.h"
#include "symshape/solver/Problem.h"
#include "symshape/solver/Smt.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace symshape::solver {

enum class Verdict : uint8_t {
  Safe,
  Unreachable,
  Unknown,
  UbPossible,
  UbGuaranteed,
  Error,
};

/// "safe", "ub-possible", "ub-guaranteed", "error", "unreachable", "unknown".
const char *verdictName(Verdict verdict);
/// SEMANTICS.md §4's "worst finding" order: error > ub-guaranteed > ub-possible
/// > unknown > unreachable > safe (the enum is declared in that order).
inline bool isWorse(Verdict a, Verdict b) { return a > b; }

/// Values of free symbols of the function, in symbol order: (name, value)
/// pairs. Nearly every finding of a large function is safe and has none,
/// so an empty witness is a null pointer (8 bytes, not a vector's 24).
using Witness = LazyVector<std::pair<std::string, int64_t>>;

/// One per obligation, so its fields are ordered to leave no padding but
/// at the end (32 bytes).
struct Finding {
  Verdict verdict = Verdict::Safe;
  /// `witness` is given (it may name no symbol): ub-possible,
  /// ub-guaranteed, and unknown with a known violating assignment.
  bool hasWitness = false;
  bool bySolver = false; ///< decided by a solver query (not by folding)
  /// SEMANTICS.md §4: the free symbols whose value is not 1, in symbol order;
  /// with every other free symbol of the function at 1, the op is reached
  /// (every fact and earlier obligation holds) and violates it.
  Witness witness;
  /// ub-possible / ub-guaranteed: the formula and its text; else empty
  ConditionText condition;
  Text reason; ///< unknown: why; otherwise may explain the verdict
};

struct JudgeStats {
  size_t decidedStatically = 0; ///< by types, folding or an earlier answer
  size_t decidedBySolver = 0;
  size_t unknown = 0;
  size_t solverChecks = 0;
};

/// A function's findings, parallel to Problem::obligations. A function of
/// 100k ops has 600k, nearly all safe without a word (no witness, text or
/// solver query): those are one shared Finding, and only the others are
/// kept, in order, found through a bit per obligation (and a count per 64)
/// where a vector of Findings holds 32 bytes each. It reads like a
/// `const std::vector<Finding>`.
class Findings {
public:
  class const_iterator {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Finding;
    using difference_type = std::ptrdiff_t;
    using pointer = const Finding *;
    using reference = const Finding &;
    const_iterator(const Findings &of, size_t k) : of(&of), k(k) {}
    const Finding &operator*() const { return (*of)[k]; }
    const Finding *operator->() const { return &(*of)[k]; }
    const_iterator &operator++() {
      ++k;
      return *this;
    }
    bool operator==(const const_iterator &o) const { return k == o.k; }
    bool operator!=(const const_iterator &o) const { return k != o.k; }

  private:
    const Findings *of;
    size_t k;
  };

  size_t size() const { return count; }
  bool empty() const { return count == 0; }
  const Finding &operator[](size_t k) const {
    uint64_t word = bits[k >> 6], below = (uint64_t(1) << (k & 63)) - 1;
    if (!(word >> (k & 63) & 1))
      return plain();
    return kept[before[k >> 6] + size_t(__builtin_popcountll(word & below))];
  }
  const_iterator begin() const { return {*this, 0}; }
  const_iterator end() const { return {*this, size()}; }

  /// Appends a finding (a plain one is only a bit): what the judge does,
  /// in order.
  void push_back(Finding finding);
  /// Sets finding `k` (k < size()); moves the kept findings after it, as
  /// a vector's insert, so references to them last until the next change.
  void set(size_t k, Finding finding);
  /// Grows or shrinks to `n` findings; new ones are plain.
  void resize(size_t n);
  /// The findings kept apart from the shared plain one.
  size_t keptCount() const { return kept.size(); }
  /// Calls `visit(k, finding)` for each kept finding, in order: every
  /// other one is plain(). Reads a bit per finding, not the finding.
  template <typename Visit> void forEachKept(Visit visit) const {
    for (size_t w = 0, at = 0; w < bits.size(); ++w)
      for (uint64_t word = bits[w]; word != 0; word &= word - 1)
        visit(w * 64 + size_t(__builtin_ctzll(word)), kept[at++]);
  }

  /// The shared safe finding: nothing but its verdict.
  static const Finding &plain();
  static bool isPlain(const Finding &finding);

private:
  std::vector<uint64_t> bits;   ///< bit k % 64 of word k / 64: k is kept
  std::vector<uint32_t> before; ///< per word: kept findings before it
  std::vector<Finding> kept;    ///< in obligation order
  size_t count = 0;
};

struct FunctionVerdicts {
  Verdict verdict = Verdict::Safe; ///< the worst finding
  Findings findings;               ///< parallel to Problem::obligations
  JudgeStats stats;
};

/// What judging one function learns that holds in any other: the exact
/// condition of a broadcast of fresh sizes depends only on how many sizes
/// it has, which one is new and their lower bounds. Give the same memo to
/// the functions one thread judges one after another (optional).
class JudgeMemo {
public:
  JudgeMemo();
  ~JudgeMemo();
  JudgeMemo(const JudgeMemo &) = delete;
  JudgeMemo &operator=(const JudgeMemo &) = delete;

  struct Impl; ///< opaque: defined with the judge
  Impl &impl() { return *impl_; }

private:
  std::unique_ptr<Impl> impl_;
};

struct JudgeOptions {
  SmtLimits limits;
  /// Decide obligations by folding and caching before asking Z3. Off only
  /// to test that the fast paths change no verdict.
  bool fastPaths = true;
  /// A Z3 context to reuse (one per thread); null: one of its own.
  SmtEnvironment *environment = nullptr;
  /// Conditions learnt from earlier functions; null: this function's own.
  JudgeMemo *memo = nullptr;
  /// Called on the judging thread each time an op's obligations are judged,
  /// with how many they were (progress inside a large function).
  std::function<void(size_t judged)> judged;
};

/// Judges every obligation of `problem` in order.
FunctionVerdicts judgeFunction(const Problem &problem,
                               const JudgeOptions &options);

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_VERDICTS_H
