//===- Refinement.h - Most specific shapes ----------------------*- C++ -*-===//
//
// Under "no obligation is violated" (the well-defined executions W,
// SEMANTICS.md §5):
//
//   - a dim that takes one value in every execution of W is that integer;
//   - dims equal in every execution of W share one name: the class's first
//     function-argument dim in source order (or first opaque dim, else the
//     first value dim that denotes it).
//
// Method, per connected component of the dim graph: take a model of W,
// guess that every dim is constant and that dims with equal values are
// equal, prove each guess with one query (the disjunction of its
// negations), and split on the counterexample, which is one more model.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_REFINEMENT_H
#define SYMSHAPE_SOLVER_REFINEMENT_H

#include "symshape/solver/Problem.h"
#include "symshape/solver/Smt.h"
#include "symshape/solver/Verdicts.h"

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

namespace symshape::solver {

struct RefinementStats {
  size_t candidates = 0; ///< distinct non-constant dims considered
  size_t constants = 0;  ///< of them, proved constant
  size_t classes = 0;    ///< equality classes of two or more dims
  size_t checks = 0;     ///< solver queries
  size_t unknown = 0;    ///< components the solver gave up on
  /// Every question was answered and every model read back in full: the
  /// constants and classes are all that W implies, whatever Z3 environment
  /// or models found them (RefinementMemo keeps only such answers).
  bool exact = true;
};

class RefinementMemo;

class ShapeRefinement {
public:
  /// False when no execution is well defined (some obligation always
  /// fails): then nothing is refined, and only the static sizes the types
  /// give are reported.
  bool wellDefined() const { return defined; }
  /// The integer `term` is in every execution of W, if it is one.
  std::optional<int64_t> constant(TermId term) const;
  /// The name shared by the dims equal to `term` in every execution of W
  /// ("%a[0]"), or "" when it is known under no name.
  const std::string &name(TermId term) const;
  /// How SEMANTICS.md §7's `shape` lists the dim: "4", "%a[0]" or "?".
  std::string dimText(TermId term) const;
  const RefinementStats &stats() const { return statistics; }

private:
  friend ShapeRefinement refineShapes(const Problem &, const FunctionVerdicts &,
                                      const SmtLimits &, SmtEnvironment *,
                                      RefinementMemo *);
  bool defined = true;
  std::unordered_map<TermId, int64_t> constants;
  std::unordered_map<TermId, std::string> names;
  RefinementStats statistics;
};

/// Refines every dim of every value of `problem`. W excludes obligations
/// judged `error`: static errors, and assumptions that contradict the
/// types (they are ignored). With a memo (RefinementMemo, below), what an
/// earlier function built alike proved is taken from it.
ShapeRefinement refineShapes(const Problem &problem,
                             const FunctionVerdicts &verdicts,
                             const SmtLimits &limits,
                             SmtEnvironment *environment = nullptr,
                             RefinementMemo *memo = nullptr);

/// What earlier refinements proved, by exactly what they asked: a
/// function built like an earlier one (a layer of a model: the same
/// terms, formulas and W, other names) gets its constants and classes
/// without a query. Only exact answers are kept (RefinementStats::exact):
/// what W implies, which no Z3 environment or order of questions
/// changes. So one memo may serve every thread at once.
class RefinementMemo {
public:
  RefinementMemo();
  ~RefinementMemo();
  RefinementMemo(const RefinementMemo &) = delete;
  RefinementMemo &operator=(const RefinementMemo &) = delete;

  struct Impl; ///< opaque: defined in Refinement.cpp
  Impl &impl() { return *impl_; }

private:
  std::unique_ptr<Impl> impl_;
};

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_REFINEMENT_H
