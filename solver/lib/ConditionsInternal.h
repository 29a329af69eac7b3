//===- ConditionsInternal.h - Printing condition covers ---------*- C++ -*-===//

#ifndef SYMSHAPE_SOLVER_CONDITIONSINTERNAL_H
#define SYMSHAPE_SOLVER_CONDITIONSINTERNAL_H

#include "symshape/solver/Conditions.h"
#include "symshape/solver/Formula.h"
#include "symshape/solver/Polynomial.h"
#include "symshape/solver/Smt.h"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace symshape::solver {

/// A conjunction of atom literals (atom, holds).
using Cube = std::vector<std::pair<Atom, bool>>;

constexpr size_t kMaxValues = 64; // cases of one lifted term
constexpr size_t kMaxAtoms = 24;  // atoms of one condition
constexpr size_t kMaxPrimes = 32; // disjuncts of one condition
/// Symbols a printable condition may mention: with more, even the atoms
/// over pairs of them are too many to print.
constexpr size_t kMaxFixedSymbols = 8;
constexpr size_t kMaxExactAtoms = 10; // 3^10 candidate cubes
constexpr size_t kMaxMinterms = 1024; // feasible atom assignments

/// Collects the atoms over free symbols that a formula is a Boolean
/// function of: each broadcast value is split into the operand values it
/// can take, guarded by "operand == 1" atoms (ConditionAtoms.cpp).
class AtomCollector {
public:
  /// `fixed`: symbols P fixes to one value, printed as that value.
  AtomCollector(const DimGraph &graph, const FormulaStore &formulas,
                const std::unordered_map<TermId, int64_t> &fixed)
      : graph(graph), formulas(formulas), fixed(fixed) {}

  bool collect(FormulaId f) {
    visit(f);
    return !failed && atoms.size() <= kMaxAtoms;
  }
  std::set<Atom> atoms;

private:
  const std::vector<Polynomial> &lift(TermId t);
  /// lift's cases for a division and for a sum, difference or product.
  void liftDiv(TermId t, const TermNode &node, std::vector<Polynomial> &out);
  void liftArithmetic(const TermNode &node, std::vector<Polynomial> &out);
  void addAtom(const Polynomial &a, const Polynomial &b, AtomRel rel,
               bool strict);
  void visit(FormulaId f);

  const DimGraph &graph;
  const FormulaStore &formulas;
  const std::unordered_map<TermId, int64_t> &fixed;
  std::unordered_map<TermId, std::vector<Polynomial>> values;
  bool failed = false;
};

/// The value of `p` under `model`; nullopt when a symbol has no value or
/// the arithmetic leaves 64 bits (ConditionCover.cpp).
std::optional<int64_t>
evaluatePolynomial(const Polynomial &p,
                   const std::unordered_map<TermId, int64_t> &model);

/// Atoms that mention fewer symbols read better; the greedy cover tries to
/// drop the others first.
size_t complexity(const Atom &atom);

/// Runs the queries of one condition against a solver holding P
/// (ConditionCover.cpp).
class CoverFinder {
public:
  CoverFinder(SmtSolver &solver, const std::vector<Atom> &atoms,
              FormulaId violation, size_t &checks);

  /// A model the caller already has, of P && violation (`violating`) or of
  /// P && !violation: its minterm is known without a query. Ignored when
  /// it lacks a symbol of the atoms.
  void seed(const std::unordered_map<TermId, int64_t> &model, bool violating);

  /// Exact two-level minimisation: feasible minterms of the atoms under P
  /// are enumerated, infeasible ones are don't-cares.
  std::optional<std::vector<Cube>> exact(std::string &whyNot);
  /// Prime implicants grown from models by dropping literals, for formulas
  /// with too many atoms for the exact method.
  std::optional<std::vector<Cube>> greedy(std::string &whyNot);
  /// When set, fills its argument with models of P found by evaluation
  /// around the solver's current model (addModelsByEvaluation): an
  /// enumeration that has met kEvaluateAfter minterms by queries seeds
  /// itself, and the other side, with them once.
  std::function<void(KnownModels &)> moreModels;
  static constexpr size_t kEvaluateAfter = 8;
  /// Whether `cover` (cubes over the atoms) is the violation under P: two
  /// queries, P && violation && !cover and P && !violation && cover, both
  /// unsatisfiable.
  bool verify(const std::vector<Cube> &cover);

private:
  SatResult query(const std::vector<Lit> &assumptions) {
    ++checks;
    return solver.check(assumptions);
  }
  bool enumerate(Lit side, std::vector<uint32_t> &minterms,
                 std::string &whyNot);
  Cube toCube(const std::vector<Lit> &cube) const;

  SmtSolver &solver;
  const std::vector<Atom> &atoms;
  size_t &checks;
  std::vector<Lit> lits;
  Lit violated, holds;
  std::vector<uint32_t> seededOn, seededOff; ///< minterms, no duplicates
  bool askedMore = false;                    ///< moreModels was called
};

/// CoverFinder::exact's minimisation: the cover of the on-minterms `on`
/// over `atoms` (bit i: atom i holds) that meets no off-minterm, from the
/// sets alone (the order they were found in does not matter); nullopt
/// (with `whyNot`) when a minterm is in both.
std::optional<std::vector<Cube>> minimalCover(const std::vector<Atom> &atoms,
                                              const std::vector<uint32_t> &on,
                                              const std::vector<uint32_t> &off,
                                              std::string &whyNot);

/// The greedy cover's order of trying to drop atoms: those over more
/// symbols first (complexity).
std::vector<size_t> dropOrderOf(const std::vector<Atom> &atoms);

/// CoverFinder::greedy's kind of cover, from complete sets of minterms
/// and without a query, for more atoms than minimalCover can take: from
/// each on-minterm no earlier prime holds, a prime grown by dropping
/// literals in dropOrderOf's order while it meets no off-minterm, then
/// minimalCover's choice among them, sorted by sortCover; nullopt (with
/// `whyNot`) when a minterm is in both sets or more than kMaxPrimes cubes
/// are needed.
std::optional<std::vector<Cube>>
coverByDropping(const std::vector<Atom> &atoms, const std::vector<uint32_t> &on,
                const std::vector<uint32_t> &off, std::string &whyNot);

/// Fewest literals first, then by the literals: an order that does not
/// depend on how the cubes were found.
void sortCover(std::vector<Cube> &cover);

/// The minterms over a condition's atoms that P's models take, split by
/// whether the violation holds there (bit i: atom i holds).
struct TableOfMinterms {
  std::vector<uint32_t> on, off; ///< sorted, each once
  /// Every atom of the violation and of P's assertions on its sizes
  /// compares one size with a constant: `on` and `off` hold every minterm
  /// P allows (as far as the evaluator agrees with Z3's encoding).
  bool complete = false;
};

/// The minterms of `violation` over `atoms` under P found without a
/// query, when every atom of the violation and of the assertions of P on
/// its symbols compares one symbol with a constant: P and the violation
/// are evaluated at one point of each combination of the ranges those
/// atoms split the symbols' values into, at most kMaxTablePoints.
/// `holding` and `failing` list the assertions that are true and false in
/// P; those that name the violation's symbols must name no other free
/// symbol but those of `fixed` (the symbols P fixes, at their values).
/// Nullopt when it does not apply (ConditionTable.cpp).
std::optional<TableOfMinterms>
tableOfViolation(const DimGraph &graph, const FormulaStore &formulas,
                 FormulaId violation, const std::vector<Atom> &atoms,
                 const std::unordered_map<TermId, int64_t> &fixed,
                 const std::vector<FormulaId> &holding,
                 const std::vector<FormulaId> &failing);
/// Points tableOfViolation evaluates at most.
constexpr size_t kMaxTablePoints = 4096;

/// A disjunction of cubes as the formula that prints in the grammar of
/// SEMANTICS.md §6, grouping literals on one size into `in {..}`, `not in {..}`
/// and `in [lo, hi]`:
///
///   {{%a[0]==1: false, %a[0]==4: false}}   ->  %a[0] not in {1, 4}
///   {{%a[0]==0: true}, {%a[0]==2: true}}   ->  %a[0] in {0, 2}
symshape::Condition renderCover(const DimGraph &graph,
                                const std::vector<Cube> &cover);

/// `condition` with every size named `n` renamed to `rename(n)`, its
/// shape and parentheses kept.
symshape::Condition
renameSizes(const symshape::Condition &condition,
            const std::function<std::string(const std::string &)> &rename);

/// Every minterm over `atoms` that P allows (bit i: atom i holds), as a
/// complete table gave them (coverOfViolation).
struct AllowedMinterms {
  std::vector<Atom> atoms;
  std::vector<uint32_t> minterms; ///< sorted, each once
};

/// describeViolation's cover, before it is printed (Conditions.cpp); for a
/// formula that is neither True nor False. `asserted`, when given, lists
/// the assertions of `solver` (P) that are true in P: models of P found by
/// evaluating them spare queries (addModelsByEvaluation, when `known` has
/// no model of the violation). `failing`, when also given (empty: none),
/// lists those that are false (the violations P avoids), and the minterms
/// may then be found by evaluation (tableOfViolation; for a linear
/// problem only, Problem::isLinear). An assertion they leave out may only make
/// a cover found by evaluation fail its check, which the queries then redo.
/// `allowed`, when given, receives the table's minterms when it was
/// complete and gave the cover (else its atoms are left empty).
std::optional<std::vector<Cube>>
coverOfViolation(SmtSolver &solver, const DimGraph &graph,
                 const FormulaStore &formulas, FormulaId violation,
                 const KnownModels &known, std::string &whyNot, size_t &checks,
                 const std::vector<FormulaId> *asserted = nullptr,
                 const std::vector<FormulaId> *failing = nullptr,
                 AllowedMinterms *allowed = nullptr);
/// Adds to `models` the assignments near the solver's current model (one
/// of P, which `asserted` lists) that move `symbols` (those of
/// `violation`) over small values and the constants `violation` names,
/// where the evaluator finds every assertion true: by whether `violation`
/// holds there (ConditionModels.cpp). With `failing`, those of its
/// assertions that touch the symbols must evaluate to false as well.
void addModelsByEvaluation(SmtSolver &solver, const DimGraph &graph,
                           const FormulaStore &formulas,
                           const std::vector<FormulaId> &asserted,
                           FormulaId violation,
                           const std::vector<TermId> &symbols,
                           KnownModels &models,
                           const std::vector<FormulaId> *failing = nullptr);
/// Merges cubes of `cover` that bound one size on adjacent ranges, when
/// that is exact under the assertions of `solver` (P), by one query each
/// (ConditionMerge.cpp):
///
///   %m == 0 || (%m >= 1 && %m <= %a[0])   ->   %m >= 0 && %m <= %a[0]
///
/// With `allowed` (the minterms P allows, of the cover of `violation`), a
/// merge whose literals are all over its atoms is decided by them instead,
/// and the merged cover is then checked by two queries (when it fails the
/// check, the merges are asked again).
void mergeRanges(SmtSolver &solver, const DimGraph &graph,
                 std::vector<Cube> &cover,
                 const AllowedMinterms *allowed = nullptr,
                 FormulaId violation = 0);

/// Whether `cover` is `violation` under P (the assertions of `solver`):
/// P && violation && !cover and P && !violation && cover are both
/// unsatisfiable (two queries, counted in `checks`).
bool coverMatches(SmtSolver &solver, FormulaId violation,
                  const std::vector<Cube> &cover, size_t &checks);

/// Sizes of one broadcast column printed as a closed form at most.
constexpr size_t kMaxClosedFormSizes = 64;
/// Sizes of a broadcast column printed as a closed form at least. With
/// fewer, the cover is short and cheap, and P may simplify it: given
/// broadcastable(%a, %b) and broadcastable(%b, %c), the column of %a, %b,
/// %c fails exactly when %a != 1 && %c != 1 && %a != %c.
constexpr size_t kMinClosedFormSizes = 4;

/// The closed form of a broadcast violation of kMinClosedFormSizes or more:
/// `!broadcastable(t1, ..., tn)`, exact under P (the column's nested
/// broadcasts are defined there), shorter than its cover and found without
/// a query. Its sizes' symbols go to `mentioned`. Nullopt for any other
/// violation.
std::optional<symshape::Condition>
closedFormOfViolation(const DimGraph &graph, const FormulaStore &formulas,
                      FormulaId violation, std::vector<TermId> *mentioned);

/// `t` as a polynomial of symbols when it is built from constants,
/// symbols, sums and products; with `unknowns`, other terms that print
/// (divisions, maxima) are unknowns of their own in it. Nullopt past
/// int64.
std::optional<Polynomial> polynomialOfTerm(const DimGraph &graph, TermId t,
                                           bool unknowns = false,
                                           unsigned depth = 0);

/// A violation that is one comparison (under negations) of terms of
/// degree 2 or more, as one literal: its atom over the sides' expanded
/// polynomials (divisions and maxima kept as unknowns), and whether the
/// atom holds when the violation does. It is its own cover, exact under
/// any P and found without a query, where the cover's queries would ask Z3
/// about nonlinear atoms, on which it often spins to its time-out only to
/// give up. Nullopt for any other violation.
std::optional<std::pair<Atom, bool>>
nonlinearLiteral(const DimGraph &graph, const FormulaStore &formulas,
                 FormulaId violation);

/// nonlinearLiteral's comparison when its expansion is long, as the
/// comparison of its terms as built, a product of sums kept a product:
/// `(%a[0] - %b[0] + 1) * (%a[1] - %b[1] + 1) * (%a[2] - %b[2] + 1) != 12`.
/// Its terms' symbols go to `mentioned`. Nullopt otherwise (the literal
/// prints short), or when a term has no words in SEMANTICS.md §6.
std::optional<symshape::Condition>
nonlinearComparison(const DimGraph &graph, const FormulaStore &formulas,
                    FormulaId violation,
                    std::vector<TermId> *mentioned = nullptr);

/// The free symbols a cover's atoms mention, sorted by term.
std::vector<TermId> symbolsOfCover(const DimGraph &graph,
                                   const std::vector<Cube> &cover);

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_CONDITIONSINTERNAL_H
