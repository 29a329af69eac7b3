//===- Judge.h - The state of judging one function (private) ---*- C++ -*-===//
//
// Shared by Verdicts.cpp (the order of judgement, the verdicts) and
// Witnesses.cpp (models of P, witnesses).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_JUDGE_H
#define SYMSHAPE_SOLVER_JUDGE_H

#include "Evaluate.h"
#include "symshape/solver/Conditions.h"
#include "symshape/solver/Verdicts.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace symshape::solver::detail {

class BroadcastNesting;

constexpr size_t kMaxPreferredSymbols = 16;
/// No formula: preferOnes and satisfies check P alone.
constexpr FormulaId kNoFormula = ~0u;
/// Products of more sizes are not given to Z3: its nonlinear arithmetic can
/// run for minutes past any time-out (x^65536 built by squaring).
constexpr uint32_t kMaxDegree = 8;

struct Component {
  std::vector<FormulaId> facts;
  std::vector<TermId> symbols; // in symbol order
  std::unique_ptr<SmtSolver> solver;
  std::vector<Lit> positive; // "symbol >= 1" literals, parallel to symbols
  /// Violations known not to happen under the current P.
  std::unordered_set<FormulaId> excluded;
  /// Values of `symbols` in some model of the current P.
  std::optional<std::vector<int64_t>> model;
  /// The slots of `model` that are not 1, sorted (Judge::notOneSlots;
  /// reset with the model, kept up to date by Effect::modelEdits).
  std::optional<std::vector<uint32_t>> notOneSlots;
  /// The entries of `model` that are not 1, by symbol index (Witnesses.cpp;
  /// reset with the model).
  std::optional<std::vector<std::pair<uint32_t, int64_t>>> modelNotOnes;
  /// Setting every symbol to 1 breaks the component's P (a fact, or an
  /// obligation P assumes): witnesses must name its sizes (Witnesses.cpp).
  bool onesFail = false;
  /// "symbol >= 1" literals made for witnesses, by symbol term.
  std::unordered_map<TermId, Lit> positiveOf;
  /// Violations P assumes avoided, asserted when the solver is made.
  std::vector<FormulaId> avoided;
  /// Values of terms under `model` (FreshBroadcast.cpp).
  std::unordered_map<TermId, int64_t> evaluated;
  /// P is made of broadcasts only: facts bound symbols by at most 1, and
  /// every violation P assumes is a conflict of symbols and broadcasts
  /// whose own columns P assumes compatible (FreshBroadcast.cpp).
  bool onlyBroadcasts = true;
};

/// How each free symbol is used, for the fresh-symbol fast path.
struct SymbolUse {
  uint32_t firstObligation = ~0u; ///< first obligation mentioning it
  bool inFact = false;            ///< mentioned by a fact other than a bound
  std::optional<int64_t> low;     ///< greatest lower bound fact
};

/// What judging one obligation changes in P, applied once every obligation
/// of its phase is judged (SEMANTICS.md §4: siblings do not assume each other).
struct Effect {
  size_t component = 0;
  FormulaId violation = 0;
  bool guaranteed = false; ///< always fails: nothing later is reached
  /// A model of P && !violation, when the judgement met one.
  std::optional<std::vector<int64_t>> model;
  /// Or (`editsModel`) that model as the component's with these (slot,
  /// value) entries changed: a long chain's fresh broadcasts change two
  /// entries each, so no copy of the whole model is made per obligation.
  std::vector<std::pair<uint32_t, int64_t>> modelEdits = {};
  bool editsModel = false;
  /// `model` differs from the component's only in symbols no evaluated
  /// term mentions, so Component::evaluated stays valid. (The fresh
  /// broadcast's model: already as many 1s as the old one.)
  bool keepsEvaluated = false;
};

/// A cover's formula with its sizes' names left out: sizes are named by
/// their slots (FreshBroadcast.cpp). The condition of every broadcast
/// whose sizes are symbols, in the same order and of the same kinds
/// (`nonNegative`: not a scalar), without rendering the cover again: a
/// rank-N broadcast renders one cover, not N.
struct CoverText {
  symshape::Condition formula;
  std::vector<bool> nonNegative; ///< per size of the broadcast
};

/// A condition computed on a projected solver (FreshBroadcast.cpp).
struct ProjectedCover {
  std::vector<uint32_t> leaves; ///< the broadcast's sizes, sorted
  std::optional<std::vector<std::vector<std::pair<Atom, bool>>>> cover;
  std::string whyNot;
  std::optional<CoverText> text; ///< when every size is a symbol
};

/// Covers by projection key (FreshBroadcast.cpp): the number of sizes, and
/// per size whether it is the new one and its lower bound.
using ProjectedCovers = std::map<std::vector<int64_t>, ProjectedCover>;

class Judge {
public:
  Judge(const Problem &problem, const JudgeOptions &options);
  ~Judge();

  FunctionVerdicts run();

private:
  void partition();
  size_t componentOf(FormulaId f) const;
  size_t componentOf(const Obligation &ob) const;
  SmtSolver &solverOf(size_t c);
  SatResult check(SmtSolver &solver, const std::vector<Lit> &assumptions);
  /// Reads the values of c's symbols from the solver's last model.
  std::vector<int64_t> readModel(size_t c);
  /// Some model of c's current P, preferring sizes >= 1. (Left as the
  /// solver gives it: the fresh-broadcast path wants sizes other than 1.)
  const std::optional<std::vector<int64_t>> &modelOf(size_t c);
  /// A model of P && violation in component c, preferring sizes >= 1 for
  /// the witness's symbols; the solver has just answered Sat for `violated`.
  std::vector<int64_t> witnessModel(size_t c, Lit violated,
                                    FormulaId violation);
  /// The values of f's symbols in the solver's last model.
  SymbolValues valuesOf(size_t c, FormulaId f);
  /// P grows by the effects of the phase just judged.
  void applyEffects();
  /// The witness of `violation` from `values`, a model of P && violation
  /// in component c (SEMANTICS.md §4): the full assignment that takes `values`
  /// in c and a model of P in every other component, with as many 1s as the
  /// evaluator finds (preferOnes), written as its entries that are not 1.
  Witness assemble(size_t c, std::vector<int64_t> values,
                   const std::vector<TermId> &depends, FormulaId violation);
  /// Sets entries of `values` (a model of c's P, and of `violation` unless
  /// it is kNoFormula) to 1 while that stays true, by plain evaluation:
  /// first all those outside `keep` at once, then one at a time. Bounded
  /// work; `values` stays a model either way.
  void preferOnes(size_t c, std::vector<int64_t> &values, FormulaId violation,
                  const std::vector<TermId> &keep);
  /// Whether `values` satisfies c's facts and avoided violations, and
  /// makes `violation` (unless kNoFormula) `violated`, evaluated exactly.
  bool satisfies(size_t c, const std::vector<int64_t> &values,
                 FormulaId violation, bool violated = true);
  /// A model of c's P && !violation found by plain evaluation near c's
  /// model of P and near `violating` (a model of P && violation): either
  /// as it is, or with one of the violation's sizes set to a small value.
  /// Bounded work; nullopt when no candidate is one.
  std::optional<std::vector<int64_t>>
  holdingNear(size_t c, const std::vector<int64_t> &violating,
              FormulaId violation, const std::vector<TermId> &symbols);
  /// How many evaluations of c's P a bounded search by evaluation may
  /// make: at most `maxTries`, fewer when P is large, at least one.
  size_t evaluationTries(size_t c, size_t maxTries) const;
  /// c's model of P when it violates `violation` and gives its sizes the
  /// values witnessModel prefers (>= 1): a witness found by plain
  /// evaluation.
  std::optional<std::vector<int64_t>> violatingNear(size_t c,
                                                    FormulaId violation);
  /// Sets each of the violation's sizes above 2 in `values` (a model of
  /// c's P && violation) to 1, else 2, where it stays one: Z3's nonlinear
  /// models pick values such as 359. Bounded work.
  void preferSmall(size_t c, std::vector<int64_t> &values, FormulaId violation,
                   const std::vector<TermId> &symbols);
  /// The values of `symbols` in `values`, a model of c's symbols.
  SymbolValues valuesIn(size_t c, const std::vector<int64_t> &values,
                        const std::vector<TermId> &symbols);
  /// The truth of formula f when every symbol is 1 (nullopt: overflow).
  std::optional<bool> valueAtOnes(FormulaId f);
  /// Marks component c as one whose P the all-1 assignment breaks.
  void markOnesFail(size_t c);
  /// (slot, value) entries of a component's model, sorted by slot.
  using SlotValues = std::vector<std::pair<uint32_t, int64_t>>;
  /// The slots of c's model (which must be known) that are not 1 (cached).
  const std::vector<uint32_t> &notOneSlots(size_t c);
  /// The entries other than 1 of c's model with `edits` applied, in time
  /// proportional to their number, not to the model's size.
  SlotValues notOnesWith(size_t c, SlotValues edits);
  /// The witness of `violation` from the model of P && violation in c
  /// whose entries other than 1 are `notOnes`: as assemble, but with only
  /// preferOnes' first try (every size `depends` does not name at once),
  /// in time proportional to `notOnes` unless that try is made.
  Witness assembleQuick(size_t c, SlotValues notOnes,
                        const std::vector<TermId> &depends,
                        FormulaId violation);
  /// The witness that names `named` (symbol index, value) in component c
  /// and a model of P in every other component whose P the all-1
  /// assignment breaks.
  Witness witnessOf(size_t c, SlotValues named);
  /// The entries other than 1 of component k's model of P (cached).
  const std::vector<std::pair<uint32_t, int64_t>> *notOnesOf(size_t k);
  /// Literals "symbol >= 1" for the symbols of `violation` in c (empty
  /// when there are too many to prefer).
  std::vector<Lit> preferredPositive(size_t c, FormulaId violation);
  /// "symbol >= 1" literals of `symbols` in comp's solver (made once).
  std::vector<Lit> positiveLits(Component &comp,
                                const std::vector<TermId> &symbols);
  /// Whether formula `f` mentions more than `limit` symbols (a walk that
  /// stops there).
  bool hasMoreSymbols(FormulaId f, size_t limit) const;
  /// The symbols of component c that have an entry in `notOnes` (those
  /// other than 1) and that the conflict `f` mentions, in symbol order
  /// (symbolsOfFormula when `f` is no conflict or the heavy chains cannot
  /// tell).
  std::vector<TermId> mentionedNotOnes(size_t c, const SlotValues &notOnes,
                                       FormulaId f);
  /// Sorted symbols (by symbol index) of formula `f`.
  std::vector<TermId> symbolsOfFormula(FormulaId f) const;

  void judgeAssume(const Obligation &ob, Finding &finding);
  void judge(size_t k, Finding &finding);
  /// judge's steps: the answers without the solver (true when one
  /// decided), the solver's question whether obligation k can fail, and
  /// the rest when it can (whether it must, a witness, the condition).
  bool judgeWithoutSolver(size_t k, size_t c, Finding &finding);
  void judgeBySolver(size_t k, size_t c, Finding &finding);
  /// `violating`: a model of P && violation found without the solver
  /// (else the solver's last model is one).
  void judgeViolable(size_t k, size_t c, SmtSolver &solver, Lit violated,
                     std::optional<std::vector<int64_t>> violating,
                     Finding &finding);
  /// What P assumes of `ob` once its phase is judged: that it holds (with
  /// a model of P && !violation, if one was met) or that it always fails.
  void assumeJudged(const Obligation &ob, size_t c, bool guaranteed,
                    std::optional<std::vector<int64_t>> model);

  // --- the fresh-symbol fast path (FreshBroadcast.cpp) ---
  /// Records, in obligation order, where each symbol is first mentioned,
  /// and which broadcast leaves are fresh symbols.
  void recordSymbolUses();
  /// Decides a broadcast `k` with a size that nothing before it
  /// constrains, without the solver; false when it cannot.
  bool judgeFreshBroadcast(size_t k, Finding &finding);
  /// Fresh broadcast `k` (of new size `s`, in component c) can fail: its
  /// finding, and the effect of `holding` (edits of c's model that make
  /// one of P && !violation; `violating`, one of P && violation).
  void concludeFreshBroadcast(size_t k, size_t c, TermId s, SlotValues holding,
                              const SlotValues &violating, Finding &finding);
  /// The condition (or the reason there is none) of fresh broadcast `k`,
  /// whose new size `s` is 1 in `holding` and not in `violating`.
  /// Both are c's model with edits.
  void describeFreshBroadcast(size_t k, size_t c, TermId s,
                              const std::vector<TermId> &symbols,
                              const SlotValues &violating,
                              const SlotValues &holding, Finding &finding);
  /// The cover of `k`'s projection (assuming `column`), computed once per
  /// projection key.
  const ProjectedCover &projectedCover(size_t k, TermId s,
                                       std::optional<FormulaId> column,
                                       const KnownModels &models);
  /// The value of `t` under component c's model (nullopt: not computable).
  std::optional<int64_t> evaluate(size_t c, TermId t);
  /// Keeps Component::onlyBroadcasts up to date as P assumes `violation`.
  void noteAvoided(Component &comp, FormulaId violation);
  /// Whether what P says of the sizes of broadcast `k` (all but the fresh
  /// leaf `s`) is exactly its bounds and at most one assumed column: that
  /// column (nullopt inside: none), or nullopt when not exact.
  std::optional<std::optional<FormulaId>> projection(size_t k, TermId s);
  /// The cover of that projection found by cases, without Z3
  /// (ProjectedCoverByCases.cpp); nullopt when its atoms are not all
  /// equalities of sizes and constants (then the solver's is asked).
  std::optional<std::vector<std::vector<std::pair<Atom, bool>>>>
  projectedCoverByCases(size_t k, std::optional<FormulaId> column);
  /// A solver holding that projection: the bounds of `k`'s sizes and the
  /// negated `column`.
  std::unique_ptr<SmtSolver> projectedSolver(size_t k,
                                             std::optional<FormulaId> column);
  /// Position of `symbol` in comp.symbols.
  size_t slotOf(const Component &comp, TermId symbol) const;
  // --- broadcasts of sides P does not link (IndependentBroadcast.cpp) ---
  /// Decides broadcast `k` (in component c), whose leaves lie in two
  /// classes of terms or more that P does not link, without the solver;
  /// false when it cannot.
  bool judgeIndependentBroadcast(size_t k, size_t c, Finding &finding);
  /// P now holds formula `f`: its terms join one class.
  void noteLinked(FormulaId f);
  /// Links `root` with every term below it (once per term).
  void touchLinks(TermId root);
  void linkTerms(TermId a, TermId b);
  uint32_t linkRoot(TermId t);
  void growLinks();
  /// Whether `root` is made of symbols and broadcasts only (memoized, with
  /// the symbol reached by first operands in leftmostOf).
  bool onlyBroadcastsBelow(TermId root);
  // --- broadcasts P already makes safe (CoveredBroadcast.cpp) ---
  /// Records a conflict P now holds: assumed avoided, or proved so.
  void noteHeldColumn(FormulaId violation);
  /// Whether `t` is an atom or a broadcast whose column, and every inner
  /// one, P holds.
  bool consistent(TermId t);
  /// Whether every atom under `leaves` is under `roots` (within `budget`
  /// steps, which it spends).
  bool atomsUnder(const std::vector<TermId> &roots,
                  const std::vector<TermId> &leaves, size_t &budget);
  /// Whether P makes the conflict `violation` impossible: its leaves are
  /// consistent and one leaf, or the leaves of one held column, hold the
  /// atoms of all of them.
  bool coveredConflict(FormulaId violation);
  /// Grows the per-term marks to the graph's size.
  void resizeTermMarks();
  /// Judges the obligations `phase` (indices) of one op occurrence and
  /// phase, each under the same P, then applies their effects. Their
  /// findings go to `findings`, the op's from obligation `first` on.
  void judgePhase(const std::vector<size_t> &phase, size_t first,
                  std::vector<Finding> &findings, FunctionVerdicts &out);

  const Problem &problem;
  const JudgeOptions &options;
  SmtContext context;
  std::vector<Component> components;
  std::vector<uint32_t> componentOfTerm;
  bool reachable = true; // P is satisfiable so far
  /// Why !reachable, for the unreachable findings.
  std::string unreachableReason = "an earlier obligation always fails";
  /// Components a phase gave more than one new "cannot fail" assumption
  /// without a model of the result: each may have become unsatisfiable
  /// (siblings that can each fail but not all hold), which makes every
  /// later obligation unreachable, in any component.
  std::vector<size_t> unchecked;
  std::vector<Effect> effects; // of the phase being judged
  std::vector<SymbolUse> uses; // by symbol index
  /// Per obligation: bit i set when leaf i of its conflict (of at most 8
  /// leaves) is a symbol mentioned by no earlier obligation, no fact but
  /// bounds, and no other leaf.
  std::vector<uint8_t> freshLeaves;
  /// Bound facts of each symbol, by symbol index.
  std::vector<std::vector<FormulaId>> boundFacts;
  /// Conflicts P assumes avoided, by their leaves (only broadcasts of
  /// broadcasts and symbols).
  std::map<std::vector<uint32_t>, FormulaId> assumedColumns;
  /// Every conflict P holds, by its leaves, with its number
  /// (CoveredBroadcast.cpp); the leaves by number; the numbers by leaf.
  std::map<std::vector<TermId>, uint32_t> heldColumns;
  std::vector<const std::vector<TermId> *> heldList;
  std::unordered_map<TermId, std::vector<uint32_t>> heldByLeaf;
  /// Per term: 1 when consistent(); else the generation (heldColumns'
  /// size + 1) at which it was last found not to be.
  std::vector<int8_t> consistentMemo;
  std::vector<uint32_t> inconsistentAt;
  /// Heavy chains of the graph's broadcasts (made on first use).
  std::unique_ptr<BroadcastNesting> nesting;
  /// Per term: 1 a symbol or a broadcast whose column (and inner ones) P
  /// assumes compatible, -1 not, 0 not known yet.
  std::vector<int8_t> wellDefined;
  /// Classes of terms P links (a union-find by term; IndependentBroadcast):
  /// a term with its operands once touched, the terms of each formula P
  /// holds.
  std::vector<uint32_t> linkParent;
  std::vector<bool> linkTouched;
  /// Per term: 1 made of symbols and broadcasts only, -1 not, 0 not known;
  /// and then the symbol reached by first operands.
  std::vector<int8_t> plainBroadcast;
  std::vector<TermId> leftmostOf;
  /// Covers of fresh broadcasts by their projection (sizes, place of the
  /// fresh one, bounds).
  ProjectedCovers ownCovers;
  ProjectedCovers &projectedCovers; ///< the memo's, or ownCovers
  /// Scratch marks of symbolsOfFormula's walks.
  mutable std::vector<uint32_t> termStamp;
  mutable uint32_t stampCounter = 0;
  /// Position of each symbol (by index) in its component's symbols.
  std::vector<uint32_t> slotOfSymbol;
  /// Components whose P the all-1 assignment breaks (Component::onesFail),
  /// in the order they became so: every witness names their sizes.
  std::vector<size_t> onesFailing;
  /// Terms and formulas at the all-1 assignment (made on first use).
  std::unique_ptr<Evaluator> atOnes;
  /// Set once a formula of P was too nonlinear to give to Z3: the solver
  /// then holds a weaker P, so only `safe` and `unreachable` stay sound.
  std::string weakenedBy;
  JudgeStats stats;
};

} // namespace symshape::solver::detail

#endif // SYMSHAPE_SOLVER_JUDGE_H
