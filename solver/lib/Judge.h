//===- Judge.h - The state of judging one function (private) ---*- C++ -*-===//
//
// Shared by Verdicts.cpp (the order of judgement, the verdicts) and
// Witnesses.cpp (models of P, witnesses).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_JUDGE_H
#define SYMSHAPE_SOLVER_JUDGE_H

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

constexpr size_t kMaxPreferredSymbols = 16;
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
  /// Symbols of the obligations P assumes that could have failed: a
  /// witness of a later obligation fixes them so that it is reached.
  std::vector<TermId> reachSymbols;
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
  /// Asks whether a witness may leave a size free (Witnesses.cpp): the
  /// facts, one literal per violation in `avoided` (parallel), and a
  /// clause "one of them happens" over the first `pruneClauseFor`.
  std::unique_ptr<SmtSolver> pruneSolver;
  std::vector<Lit> pruneFails;
  Lit pruneClause = 0;
  size_t pruneClauseFor = 0;
  bool pruneBroken = false; ///< a fact or violation beyond the solver
};

/// How each free symbol is used, for the fresh-symbol fast path.
struct SymbolUse {
  uint32_t firstObligation = ~0u; ///< first obligation mentioning it
  bool inFact = false;            ///< mentioned by a fact other than a bound
  std::optional<int64_t> low;     ///< greatest lower bound fact
};

/// What judging one obligation changes in P, applied once every obligation
/// of its phase is judged (SPEC 4: siblings do not assume each other).
struct Effect {
  size_t component = 0;
  FormulaId violation = 0;
  bool guaranteed = false; ///< always fails: nothing later is reached
  /// A model of P && !violation, when the judgement met one.
  std::optional<std::vector<int64_t>> model;
  /// Can fail under P (else P implies it): witnesses of later obligations
  /// fix its symbols.
  bool canFail = true;
  /// `model` differs from the component's only in symbols no evaluated
  /// term mentions, so Component::evaluated stays valid.
  bool keepsEvaluated = false;
  /// symbolsOfFormula(violation), when the judgement already had it.
  std::optional<std::vector<TermId>> symbols = std::nullopt;
};

/// A condition computed on a projected solver (FreshBroadcast.cpp).
struct ProjectedCover {
  std::vector<uint32_t> leaves; ///< the broadcast's sizes, sorted
  std::optional<std::vector<std::vector<std::pair<Atom, bool>>>> cover;
  std::string whyNot;
};

/// Covers by projection key (FreshBroadcast.cpp): the number of sizes, and
/// per size whether it is the new one and its lower bound.
using ProjectedCovers = std::map<std::vector<int64_t>, ProjectedCover>;

class Judge {
public:
  Judge(const Problem &problem, const JudgeOptions &options);

  FunctionVerdicts run();

private:
  void partition();
  size_t componentOf(FormulaId f) const;
  size_t componentOf(const Obligation &ob) const;
  SmtSolver &solverOf(size_t c);
  SatResult check(SmtSolver &solver, const std::vector<Lit> &assumptions);
  /// Reads the values of c's symbols from the solver's last model.
  std::vector<int64_t> readModel(size_t c);
  /// Some model of c's current P, preferring sizes >= 1.
  const std::optional<std::vector<int64_t>> &modelOf(size_t c);
  /// A model of P && violation in component c, preferring sizes >= 1 for
  /// the witness's symbols; the solver has just answered Sat for `violated`.
  std::vector<int64_t> witnessModel(size_t c, Lit violated,
                                    FormulaId violation);
  /// The values of f's symbols in the solver's last model.
  SymbolValues valuesOf(size_t c, FormulaId f);
  /// P grows by the effects of the phase just judged.
  void applyEffects();
  /// The witness of a violation from `values` (a model of P && violation
  /// in component c): the symbols `depends` that it depends on under P and
  /// those of earlier obligations that could have failed, nothing else.
  Witness assemble(size_t c, const std::vector<int64_t> &values,
                   const std::vector<TermId> &depends);
  /// Whether moving `symbol` away from its value in `model` (a model of
  /// component k, by slot) while the facts still hold makes one of the
  /// component's earlier obligations fail: then a witness must name it.
  /// Plain evaluation, no solver; false when no such move is found.
  bool movedValueBreaks(size_t k, const std::vector<int64_t> &model,
                        TermId symbol);
  /// Whether every earlier obligation of component k is a broadcast
  /// conflict that cannot happen with the sizes `kept` fixed (no solver).
  bool conflictsImpossible(size_t k,
                           const std::vector<std::pair<TermId, int64_t>> &kept);
  /// Whether component k's earlier obligations hold for every value of the
  /// sizes other than `kept`: then a size left out of `kept` need not be in
  /// the witness. One query on a per-component solver; false when unsure.
  bool holdsWithout(size_t k,
                    const std::vector<std::pair<TermId, int64_t>> &kept);
  /// Literals "symbol >= 1" for the symbols a witness of `violation` in c
  /// names (empty when there are too many to prefer).
  std::vector<Lit> preferredPositive(size_t c, FormulaId violation);
  /// "symbol >= 1" literals of `symbols` in comp's solver (made once).
  std::vector<Lit> positiveLits(Component &comp,
                                const std::vector<TermId> &symbols);
  /// Sorted symbols (by symbol index) of formula `f`.
  std::vector<TermId> symbolsOfFormula(FormulaId f) const;

  void judgeAssume(const Obligation &ob, Finding &finding);
  void judge(size_t k, Finding &finding);

  // --- the fresh-symbol fast path (FreshBroadcast.cpp) ---
  /// Records, in obligation order, where each symbol is first mentioned,
  /// and which broadcast leaves are fresh symbols.
  void recordSymbolUses();
  /// Decides a broadcast `k` with a size that nothing before it
  /// constrains, without the solver; false when it cannot.
  bool judgeFreshBroadcast(size_t k, Finding &finding);
  /// The value of `t` under component c's model (nullopt: not computable).
  std::optional<int64_t> evaluate(size_t c, TermId t);
  /// Keeps Component::onlyBroadcasts up to date as P assumes `violation`.
  void noteAvoided(Component &comp, FormulaId violation);
  /// A solver holding only what P says of the sizes of broadcast `k`
  /// (all but the fresh leaf `s`), when that is exact; null otherwise.
  std::unique_ptr<SmtSolver> projectedSolver(size_t k, TermId s);
  /// Position of `symbol` in comp.symbols.
  size_t slotOf(const Component &comp, TermId symbol) const;
  /// Judges the obligations `phase` (indices) of one op occurrence and
  /// phase, each under the same P, then applies their effects.
  void judgePhase(const std::vector<size_t> &phase, FunctionVerdicts &out);

  const Problem &problem;
  const JudgeOptions &options;
  SmtContext context;
  /// The minimal-witness queries' context (made on first use).
  std::unique_ptr<SmtContext> witnessContext;
  std::vector<Component> components;
  std::vector<uint32_t> componentOfTerm;
  bool reachable = true;       // P is satisfiable so far
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
  /// Per term: 1 a symbol or a broadcast whose column (and inner ones) P
  /// assumes compatible, -1 not, 0 not known yet.
  std::vector<int8_t> wellDefined;
  /// Covers of fresh broadcasts by their projection (sizes, place of the
  /// fresh one, bounds).
  ProjectedCovers ownCovers;
  ProjectedCovers &projectedCovers; ///< the memo's, or ownCovers
  /// Scratch marks of symbolsOfFormula's walks.
  mutable std::vector<uint32_t> termStamp;
  mutable uint32_t stampCounter = 0;
  /// Position of each symbol (by index) in its component's symbols.
  std::vector<uint32_t> slotOfSymbol;
  /// Components with reachSymbols, in the order they got them.
  std::vector<size_t> failingComponents;
  /// Set once a formula of P was too nonlinear to give to Z3: the solver
  /// then holds a weaker P, so only `safe` and `unreachable` stay sound.
  std::string weakenedBy;
  JudgeStats stats;
};

} // namespace symshape::solver::detail

#endif // SYMSHAPE_SOLVER_JUDGE_H
