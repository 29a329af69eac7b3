//===- RefinementInternal.h - Refinement without the solver -----*- C++ -*-===//
//
// What refineShapes (Refinement.cpp) learns about a component of the dim
// graph before, or instead of, asking the solver: models of W found by
// trying simple sizes and the equalities W states outright
// (RefinementTrials.cpp), and the components made only of free sizes or of
// broadcasts of them (RefinementShortcuts.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_REFINEMENTINTERNAL_H
#define SYMSHAPE_SOLVER_REFINEMENTINTERNAL_H

#include "BroadcastNesting.h"
#include "Evaluate.h"
#include "symshape/solver/DimGraph.h"
#include "symshape/solver/Formula.h"

#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace symshape::solver::detail {

/// Models of W found without the solver: the component's symbols set to a
/// few simple assignments (all 1, all 2, all distinct, ... raised to their
/// lower bounds), each kept when it satisfies every fact and no violation
/// holds, evaluated exactly as the SMT encoding defines the terms (Smt.cpp).
/// Each kept one is a genuine execution of W, so it may split constants and
/// classes as the solver's models do; what stays unsplit is still proved by
/// the solver. Each returns the candidates' values in each kept model.
class TrialModels {
public:
  TrialModels(const DimGraph &graph, const FormulaStore &formulas)
      : graph(graph), formulas(formulas) {}

  /// Starts on a component: W's facts and violations in it, and the
  /// candidates, kept by reference until the next start().
  void start(const std::vector<FormulaId> &facts,
             const std::vector<FormulaId> &violations,
             const std::vector<TermId> &candidates);

  /// The fixed trials.
  std::vector<std::vector<int64_t>> find();
  /// The trials around the least sizes (every size at 1 or its lower
  /// bound but one) and, where a broadcast meets a sum of sizes, around
  /// that sum at 1: asked for only when the fixed trials leave a question
  /// for the solver.
  std::vector<std::vector<int64_t>> nearLeast();

  /// Models near `base` (a model of W: the value of each of the
  /// component's symbols), for each symbol: `base` with it alone above 1
  /// (every other size above 1 set to 1, or to its lower bound), and
  /// `base` with it alone set to 1. A chain of broadcasts over independent
  /// sizes is told apart by these in one pass, where the solver's models
  /// split it one size at a time. None for a component too large to try
  /// every symbol of.
  std::vector<std::vector<int64_t>>
  around(const std::unordered_map<uint32_t, int64_t> &base);

  /// The terms of the component's symbols, in the order of their symbols.
  const std::vector<TermId> &symbolTerms() const { return terms; }

private:
  static constexpr size_t kTrials = 5, kConstantTrials = 4, kRepairs = 3;
  /// Balanced trials: at most this many, over components of at most
  /// kMaxBalanced equalities of products.
  static constexpr size_t kSeeds = 24, kMaxBalanced = 64;
  /// around() tries every symbol of a component only while symbols times
  /// terms stays under kAroundWork (each trial evaluates the component).
  static constexpr size_t kAroundWork = size_t(1) << 21;
  /// around() tries nothing more once the component's trials have
  /// evaluated this many terms in all.
  static constexpr size_t kAroundSpent = size_t(1) << 23;

  /// Equalities of W between products (`a*b*c == d*e*f`: facts, and
  /// obligations whose violation is `!=`, such as a reshape's element
  /// count), as their two sides.
  std::vector<std::pair<TermId, TermId>> productEqualities();
  /// Makes each equality hold where its sides differ by a whole factor:
  /// a symbol of the smaller side not changed yet (`pinned`) is multiplied
  /// by the quotient; `seed` varies which one. False when a value grows
  /// past any plausible size.
  bool balance(const std::vector<std::pair<TermId, TermId>> &equalities,
               size_t seed, std::unordered_map<uint32_t, int64_t> &values,
               std::vector<uint32_t> &pinned);
  /// The symbols of a sum of symbols (nested Adds, zeros allowed), in
  /// order; false when it holds anything else.
  bool summands(TermId sum, std::vector<uint32_t> &parts);
  /// The least size of symbol `s`: 1, or its lower bound above 1.
  int64_t least(uint32_t s) const {
    auto it = low.find(s);
    return it == low.end() ? 1 : std::max<int64_t>(1, it->second);
  }
  /// The candidates' values in `values` when it is a model of W, after a
  /// few repairs: sizes set to 1 where a broadcast fails.
  std::optional<std::vector<int64_t>>
  rowOf(std::unordered_map<uint32_t, int64_t> &values);

  const DimGraph &graph;
  const FormulaStore &formulas;
  /// The component: set by start().
  const std::vector<FormulaId> *facts = nullptr, *violations = nullptr;
  const std::vector<TermId> *candidates = nullptr;
  std::optional<TermProgram> program;
  std::vector<uint32_t> symbols;  ///< sorted
  std::vector<TermId> terms;      ///< the symbols' terms, in that order
  std::vector<int64_t> constants; ///< distinct constants, smallest first
  std::unordered_map<uint32_t, int64_t> low; ///< lower bounds by the facts
  size_t spent = 0; ///< terms evaluated for the component so far
};

/// Equalities W states outright: facts `a == b` and obligations whose
/// violation is `a != b` (a cast, an `equal` requirement). Every model of
/// W satisfies them, so what they join (by union-find) is proved equal,
/// and a term joined to a constant is that constant, with no solver.
class StatedEqualities {
public:
  StatedEqualities(const DimGraph &graph, const FormulaStore &formulas,
                   const std::vector<FormulaId> &facts,
                   const std::vector<FormulaId> &violations)
      : graph(graph) {
    for (FormulaId f : facts)
      if (formulas.node(f).kind == FormulaKind::Eq)
        join(formulas.node(f).args[0], formulas.node(f).args[1]);
    for (FormulaId v : violations) {
      const FormulaNode &node = formulas.node(v);
      if (node.kind != FormulaKind::Not)
        continue;
      const FormulaNode &eq = formulas.node(node.args[0]);
      if (eq.kind == FormulaKind::Eq)
        join(eq.args[0], eq.args[1]);
    }
  }

  bool equal(TermId a, TermId b) { return find(a) == find(b); }

  /// The constant `t` is joined to, if any.
  std::optional<int64_t> constant(TermId t) {
    auto it = constantOf.find(find(t));
    if (it == constantOf.end())
      return std::nullopt;
    return it->second;
  }

private:
  TermId find(TermId t) {
    TermId root = t;
    for (auto it = parent.find(root); it != parent.end();
         it = parent.find(root))
      root = it->second;
    while (t != root) { // path compression, without recursion
      TermId &up = parent[t];
      t = std::exchange(up, root);
    }
    return root;
  }
  void join(TermId a, TermId b) {
    TermId ra = find(a), rb = find(b);
    if (ra == rb)
      return;
    std::optional<int64_t> ca = constantOf.count(ra)
                                    ? std::optional<int64_t>(constantOf[ra])
                                    : graph.constantValue(ra);
    std::optional<int64_t> cb = constantOf.count(rb)
                                    ? std::optional<int64_t>(constantOf[rb])
                                    : graph.constantValue(rb);
    if (ca && cb && *ca != *cb)
      contradictory = true; // W is empty: left to the solver to say so
    parent[rb] = ra;
    if (!ca && cb)
      ca = cb;
    if (ca)
      constantOf[ra] = *ca;
    constantOf.erase(rb);
  }

public:
  /// Two different constants were joined: W has no model, and nothing
  /// here may be used.
  bool contradictory = false;

private:
  const DimGraph &graph;
  std::unordered_map<TermId, TermId> parent;
  std::unordered_map<TermId, int64_t> constantOf;
};

/// Whether W leaves every candidate of a component free: no obligation
/// constrains it, its facts only bound single symbols from below, and its
/// candidates are those symbols. Then each takes every value above its
/// bound independently of the others: none is a constant, no two are
/// equal, and W is not empty.
bool onlyFreeSymbols(const DimGraph &graph, const FormulaStore &formulas,
                     const std::vector<FormulaId> &facts,
                     const std::vector<FormulaId> &violations,
                     const std::vector<TermId> &candidates);

/// What broadcastClasses keeps across the components of one function:
/// made once, since a rank-N broadcast has N components.
struct ClassScratch {
  explicit ClassScratch(const DimGraph &graph)
      : nesting(graph), stamp(graph.numTerms(), 0),
        marked(graph.symbols().size(), 0) {}

  /// A broadcast's support (the sizes it is built from): its size, a hash,
  /// and a term known to have the same one.
  struct Support {
    uint64_t count = 0, hash = 0;
    TermId rep = kNoTerm;
  };
  BroadcastNesting nesting;
  std::vector<uint32_t> stamp; ///< per term, for walks
  uint32_t round = 0;
  std::vector<uint32_t> marked; ///< per symbol, for set comparisons
  uint32_t marking = 0;
  std::unordered_map<TermId, Support> supports;
  std::map<std::pair<TermId, std::vector<TermId>>, TermId> sameAdditions;
};

/// SEMANTICS.md §5 without the solver for a component made of broadcasts of
/// free sizes: every obligation of W is a broadcast over sizes that are symbols
/// or broadcasts of them, every fact a lower bound of at most 1, every
/// candidate such a size, and every broadcast among the candidates (and
/// inside them) is the result of a column W requires compatible. Then:
///   - all sizes 1, and all sizes 2, are executions of W (no two sizes
///     differ from 1 and from each other): no candidate is a constant;
///   - a broadcast is the common size != 1 of the symbols it is built from
///     (its support), or 1; two candidates with the same support are equal
///     in W, and with different ones they are not (one symbol of one
///     support 2, the rest 1, is in W).
/// Returns false, touching nothing, when the component is not of this form.
bool broadcastClasses(const DimGraph &graph, const FormulaStore &formulas,
                      const std::vector<FormulaId> &facts,
                      const std::vector<FormulaId> &violations,
                      const std::vector<TermId> &candidates,
                      std::vector<std::vector<TermId>> &classes,
                      std::optional<ClassScratch> &scratch);

} // namespace symshape::solver::detail

#endif // SYMSHAPE_SOLVER_REFINEMENTINTERNAL_H
