//===- Contract.cpp - The input contract of a function --------------------===//

#include "symshape/solver/Contract.h"

#include "BroadcastClosedForm.h"
#include "ConditionsInternal.h"
#include "Judge.h"
#include "symshape/solver/Conditions.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace symshape::solver {

/// One contract's questions to the solver, in order, with their covers.
struct ContractRecording {
  std::vector<std::pair<FormulaId, std::vector<Cube>>> answers;
};

struct ContractMemo::Impl {
  std::mutex mutex; ///< guards `recordings`; a recording never changes
  std::unordered_map<std::string, ContractRecording> recordings;

  const ContractRecording *find(const std::string &key) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = recordings.find(key);
    return it == recordings.end() ? nullptr : &it->second;
  }
  /// Keeps the first recording of a key: any other is the same (the
  /// answers depend on the key alone).
  void record(const std::string &key, ContractRecording recording) {
    std::lock_guard<std::mutex> lock(mutex);
    recordings.emplace(key, std::move(recording));
  }
};

ContractMemo::ContractMemo() : impl_(std::make_unique<Impl>()) {}
ContractMemo::~ContractMemo() = default;

namespace {

/// Past this many conjuncts the contract is listed by finding, from the
/// conditions the judge already printed (no query per conjunct).
constexpr size_t kMaxRenderedConjuncts = 48;

struct Conjuncts {
  std::vector<uint32_t> obligations;
  std::vector<FormulaId> holds; ///< !violation of each
  /// Obligations too nonlinear for the solver: listed by finding only.
  std::vector<uint32_t> unrendered;
  bool unsatisfiable = false; ///< an obligation that always fails
};

/// Sizes of broadcast columns a contract states in closed form, over all
/// its columns: past them (one function, a chain of hundreds of thousands
/// of broadcasts) the columns are listed by finding.
constexpr size_t kMaxColumnSizes = size_t(1) << 16;

/// A solver a contract asks, with what it was given (P).
struct AskedSolver {
  AskedSolver(SmtContext &context, const SmtLimits &limits)
      : solver(context, limits) {}
  SmtSolver solver;
  std::vector<FormulaId> asserted;
};

/// The solver a formula's cover is asked of (null: replayed answers).
using SolverFor = std::function<AskedSolver *(FormulaId)>;

class ContractBuilder {
public:
  ContractBuilder(const Problem &problem, const FunctionVerdicts &verdicts,
                  const SmtLimits &limits, SmtEnvironment *environment,
                  ContractMemo *memo)
      : problem(problem), verdicts(verdicts), limits(limits),
        formulas(FormulaStore::over(problem.formulas)),
        context(problem.graph, formulas, environment), memo(memo) {}

  /// The contract, replaying a memo's answers when this function asks
  /// exactly what an earlier one asked; asking Z3 when it asks anything
  /// else (from the start, as without the memo).
  Contract run() {
    try {
      return runOnce();
    } catch (const Diverged &) {
      memo = nullptr;
      replaying = nullptr;
      return runOnce();
    }
  }

private:
  struct Diverged {};

  Contract runOnce() {
    Contract out;
    Conjuncts checks, requirements;
    std::vector<FormulaId> facts = collectConjuncts(out, checks, requirements);
    if (checks.holds.empty() && requirements.holds.empty() &&
        checks.unrendered.empty() && requirements.unrendered.empty())
      return out;
    renderConjuncts(facts, checks, requirements, out);
    return out;
  }

  /// The facts the contract assumes, and the obligations it asks of the
  /// inputs: runtime checks into `checks`, the ops' requirements into
  /// `requirements`. Notes in `out` what keeps the contract from being
  /// exact.
  std::vector<FormulaId> collectConjuncts(Contract &out, Conjuncts &checks,
                                          Conjuncts &requirements) {
    FormulaStore &f = formulas;
    std::vector<FormulaId> facts;
    for (FormulaId fact : problem.facts)
      if (!tooNonlinear(fact, out))
        facts.push_back(fact);
    for (size_t k = 0; k < problem.obligations.size(); ++k) {
      const Obligation &ob = problem.obligations[k];
      Verdict verdict = verdicts.findings[k].verdict;
      if (ob.kind == ObligationKind::Assume) {
        // A user fact holds in every run.
        if (verdict != Verdict::Error && !tooNonlinear(ob.violation, out))
          facts.push_back(f.mkNot(ob.violation));
        continue;
      }
      if (verdict == Verdict::Safe || verdict == Verdict::Unreachable)
        continue;
      if (ob.conditional) {
        out.exact = false;
        out.reason = "code that may not run (a block other than the entry, "
                     "a region of an unknown op) is asked of every run";
      }
      if (verdict == Verdict::Unknown && out.reason.empty()) {
        out.exact = false;
        out.reason = "some obligation could not be decided";
      }
      Conjuncts &into = isRuntimeCheck(ob.kind) ? checks : requirements;
      if (ob.staticError || verdict == Verdict::Error) {
        // Violated by the static types alone (SEMANTICS.md §4): every run
        // that gets there has UB, so no run ends well. Its violation is
        // not assumed later, but it needs no formula: the conjunct is
        // `false`.
        into.obligations.push_back(uint32_t(k));
        into.holds.push_back(f.mkFalse());
        into.unsatisfiable = true;
        continue;
      }
      if (tooNonlinear(ob.violation, out)) { // listed by its finding
        into.unrendered.push_back(uint32_t(k));
        continue;
      }
      into.obligations.push_back(uint32_t(k));
      into.holds.push_back(f.mkNot(ob.violation));
      into.unsatisfiable |= verdict == Verdict::UbGuaranteed;
    }
    // A runtime check whose predicate is not read exactly stops inputs
    // `checked` cannot name: the contract is not exact, whatever else.
    for (const OpaqueOp &opaque : problem.opaque)
      if (opaque.runtimeCheck) {
        out.exact = false;
        out.reason = "the runtime check " + opaque.op + " is opaque (" +
                     opaque.reason + "): \"checked\" leaves out the " +
                     "inputs it stops";
        out.reasonLoc = opaque.loc;
        break;
      }
    return facts;
  }

  /// The components of the dim graph `formula` is over, sorted (none when
  /// not `slice`); `parts` is computed on the first call.
  std::vector<uint32_t> componentsOf(FormulaId formula, bool slice,
                                     std::optional<Components> &parts) {
    std::vector<uint32_t> out;
    if (!slice)
      return out;
    if (!parts)
      parts = problem.graph.components();
    for (TermId t : formulas.termsOf(formula))
      if (!problem.graph.constantValue(t))
        out.push_back(parts->of[t]);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  /// Renders `checks` into `out.checked` and `requirements` (assuming
  /// the checks) into `out.requires`, asking the solver of the components
  /// each formula is over.
  void renderConjuncts(const std::vector<FormulaId> &facts,
                       const Conjuncts &checks, const Conjuncts &requirements,
                       Contract &out) {
    FormulaStore &f = formulas;
    // Solvers are built on their first query: a contract of many
    // conjuncts is listed by finding and asks none, and asserting a large
    // function's facts cost more than the rest of its contract. Sizes of
    // different components of the dim graph are independent, so a
    // formula's cover is asked of the facts (and checks) of its own
    // components only: the same cover, from a far smaller solver. Not when
    // the checks cannot all pass (`checked` is false whatever the
    // component).
    std::map<std::vector<uint32_t>, std::unique_ptr<AskedSolver>> solvers;
    bool withChecks = false;
    const bool slice = !checks.unsatisfiable;
    // Computed on the first question only: most contracts ask none.
    std::optional<Components> parts;
    auto within = [&](FormulaId formula, const std::vector<uint32_t> &set) {
      if (!slice)
        return true;
      for (uint32_t c : componentsOf(formula, slice, parts))
        if (!std::binary_search(set.begin(), set.end(), c))
          return false;
      return true;
    };
    std::optional<FormulaId> checked;
    std::vector<FormulaId> asserted = facts;
    key.clear();
    recording = ContractRecording();
    recordable = memo != nullptr;
    replaying = nullptr;
    asked = 0;
    auto solverFor = [&](FormulaId formula) -> AskedSolver * {
      if (memo && key.empty()) {
        // The first question: everything asked from here is over these
        // facts (and the checks' conjunction, when known) and over the
        // conjuncts.
        if (checked)
          asserted.push_back(*checked);
        key = keyOf(asserted, checks, requirements, [&](FormulaId id) {
          return componentsOf(id, slice, parts);
        });
        replaying = memo->impl().find(key);
      }
      if (replaying)
        return nullptr; // its answers are replayed
      std::vector<uint32_t> set = componentsOf(formula, slice, parts);
      std::unique_ptr<AskedSolver> &entry = solvers[set];
      if (!entry) {
        entry = std::make_unique<AskedSolver>(context, limits);
        entry->solver.shareAtoms();
        for (FormulaId fact : facts)
          if (within(fact, set))
            entry->asserted.push_back(fact);
        if (withChecks)
          for (FormulaId holds : checks.holds)
            if (within(holds, set))
              entry->asserted.push_back(holds);
        for (FormulaId f : entry->asserted)
          entry->solver.add(f);
      }
      return entry.get();
    };
    render(solverFor, checks, out.checked, out.checkedParts, out);
    checked = f.mkAnd(checks.holds);
    // `requires` is what runs that pass the checks need: from here every
    // solver holds the checks of its components.
    solvers.clear();
    withChecks = true;
    render(solverFor, requirements, out.requires, out.requiresParts, out);
    if (replaying && asked != replaying->answers.size())
      throw Diverged{};
    if (memo && !replaying && recordable && !key.empty())
      memo->impl().record(key, std::move(recording));
  }

  /// Every term and formula the solver is given, by number, the
  /// components each formula is asked in, and the conjuncts' shape: equal
  /// keys mean equal questions to Z3 (symbols are Z3 constants named by
  /// their numbers), asked of solvers holding the same facts.
  std::string
  keyOf(const std::vector<FormulaId> &asserted, const Conjuncts &checks,
        const Conjuncts &requirements,
        const std::function<std::vector<uint32_t>(FormulaId)> &components) {
    std::string key;
    auto put = [&](uint64_t v) {
      key += std::to_string(v);
      key += ',';
    };
    const FormulaStore &f = formulas;
    const DimGraph &graph = problem.graph;
    std::unordered_set<TermId> seenTerms;
    std::unordered_set<FormulaId> seenFormulas;
    std::vector<TermId> terms;
    std::vector<FormulaId> stack;
    auto formula = [&](FormulaId root) {
      stack.push_back(root);
      while (!stack.empty()) {
        FormulaId id = stack.back();
        stack.pop_back();
        if (!seenFormulas.insert(id).second)
          continue;
        const FormulaNode &node = f.node(id);
        key += 'f';
        put(id);
        put(uint64_t(node.kind));
        put(node.args.size());
        bool termArgs =
            node.kind == FormulaKind::Eq || node.kind == FormulaKind::Le ||
            node.kind == FormulaKind::Lt || node.kind == FormulaKind::Conflict;
        for (uint32_t arg : node.args) {
          put(arg);
          (termArgs ? terms : stack).push_back(arg);
        }
      }
      while (!terms.empty()) {
        TermId t = terms.back();
        terms.pop_back();
        if (!seenTerms.insert(t).second)
          continue;
        const TermNode &node = graph.term(t);
        key += 't';
        put(t);
        put(uint64_t(node.kind));
        put(uint64_t(node.value));
        put(node.symbol);
        put(node.operands.size());
        for (TermId op : node.operands) {
          put(op);
          terms.push_back(op);
        }
      }
    };
    auto root = [&](FormulaId id) {
      put(id);
      key += 'c';
      for (uint32_t c : components(id))
        put(c);
      formula(id);
    };
    key += "asserted:";
    for (FormulaId id : asserted)
      root(id);
    for (const Conjuncts *c : {&checks, &requirements}) {
      key += "conjuncts:";
      put(c->unsatisfiable);
      put(c->unrendered.size());
      for (FormulaId id : c->holds)
        root(id);
    }
    return key;
  }

  /// The exact cover of `formula` (a disjunction of cubes) under the
  /// contract's solver, or its recorded answer: {} is false, {{}} true.
  std::optional<std::vector<Cube>>
  cover(const SolverFor &solver, FormulaId formula, std::string &whyNot) {
    const FormulaStore &f = formulas;
    if (f.isTrue(formula))
      return std::vector<Cube>{Cube{}};
    if (f.isFalse(formula))
      return std::vector<Cube>{};
    AskedSolver *s = solver(formula);
    if (replaying) {
      if (asked >= replaying->answers.size() ||
          replaying->answers[asked].first != formula)
        throw Diverged{};
      return replaying->answers[asked++].second;
    }
    // A cover that could not be had is not sought again: the listing by
    // finding asks for the conjuncts the whole's rendering failed on, and
    // asking again repeats the work to the same failure (a fifth of
    // onnx-import/test_slice).
    if (auto failed = failures.find(formula); failed != failures.end()) {
      whyNot = failed->second;
      return std::nullopt;
    }
    AllowedMinterms allowed;
    static const std::vector<FormulaId> none; // the contract avoids none
    std::optional<std::vector<Cube>> found = coverOfViolation(
        s->solver, problem.graph, f, formula, {}, whyNot, checks, &s->asserted,
        problem.isLinear() ? &none : nullptr, &allowed);
    if (!found) {
      recordable = false; // a failure (a time-out?) is not replayed
      failures.emplace(formula, whyNot);
      return std::nullopt;
    }
    // Pieces of one range are one range for a human (recorded merged).
    mergeRanges(s->solver, problem.graph, *found, &allowed, formula);
    if (recordable)
      recording.answers.push_back({formula, *found});
    return found;
  }

  /// cover(), as a formula.
  std::optional<Condition> describe(const SolverFor &solver, FormulaId formula,
                                    std::string &whyNot) {
    if (std::optional<Condition> direct =
            nonlinearComparison(problem.graph, formulas, formula))
      return direct;
    std::optional<std::vector<Cube>> found = cover(solver, formula, whyNot);
    if (!found)
      return std::nullopt;
    return renderCover(problem.graph, *found);
  }

  /// The conjunction as the `&&` of its conjuncts, each simplified on its
  /// own (SEMANTICS.md §4), with every conjunct that is one cube merged
  /// into one (ranges on one size merged: `%a[0] >= 2 && %a[0] <= 6 &&
  /// %a[0] != 4` is `%a[0] in [2, 6] && %a[0] != 4`) and the others, the
  /// disjunctions, kept whole. Exact: each conjunct's cover is exact under
  /// P, so their conjunction is the conjunction's. Each conjunct's formula
  /// is left in `texts` (empty where it has none) for a listing by parts.
  std::optional<Condition> conjunctionText(const SolverFor &solver,
                                           const Conjuncts &conjuncts,
                                           std::vector<Condition> &texts) {
    texts.assign(conjuncts.holds.size(), Condition());
    Cube merged;
    std::vector<Condition> disjunctions; // each in parentheses
    std::vector<Condition> comparisons;  // nonlinear, without a query
    bool complete = true, unsatisfiable = false;
    for (size_t i = 0; i < conjuncts.holds.size(); ++i) {
      if (std::optional<Condition> direct = nonlinearComparison(
              problem.graph, formulas, conjuncts.holds[i])) {
        texts[i] = *direct;
        if (std::find(comparisons.begin(), comparisons.end(), *direct) ==
            comparisons.end())
          comparisons.push_back(std::move(*direct));
        continue;
      }
      std::string whyNot;
      std::optional<std::vector<Cube>> found =
          cover(solver, conjuncts.holds[i], whyNot);
      if (!found) {
        complete = false;
        continue;
      }
      texts[i] = renderCover(problem.graph, *found);
      if (found->empty()) {
        unsatisfiable = true;
      } else if (found->size() == 1) {
        for (const std::pair<Atom, bool> &literal : found->front())
          if (std::find(merged.begin(), merged.end(), literal) == merged.end())
            merged.push_back(literal);
      } else {
        Condition disjunction = texts[i].inParentheses();
        if (std::find(disjunctions.begin(), disjunctions.end(), disjunction) ==
            disjunctions.end())
          disjunctions.push_back(std::move(disjunction));
      }
    }
    if (!complete)
      return std::nullopt;
    if (unsatisfiable)
      return Condition::truth(false);
    std::vector<Condition> out;
    if (!merged.empty())
      out.push_back(renderCover(problem.graph, std::vector<Cube>{merged}));
    for (Condition &c : comparisons)
      out.push_back(std::move(c));
    for (Condition &d : disjunctions)
      out.push_back(std::move(d));
    return Condition::conjunction(std::move(out)); // true when none
  }

private:
  /// Products of more sizes than Z3 can take (Judge.h): kept from it, and
  /// the contract says it is not exact.
  bool tooNonlinear(FormulaId formula, Contract &out) const {
    if (formulas.degreeOf(formula) <= detail::kMaxDegree)
      return false;
    out.exact = false;
    if (out.reason.empty())
      out.reason = "nonlinear arithmetic beyond the solver";
    return true;
  }

  void render(const SolverFor &solver, const Conjuncts &conjuncts,
              Condition &text, std::vector<ContractPart> &parts,
              Contract &out) {
    if (conjuncts.holds.empty() && conjuncts.unrendered.empty())
      return;
    if (conjuncts.unsatisfiable) {
      text = Condition::truth(false);
      return;
    }
    if (renderColumns(solver, conjuncts, text, parts, out))
      return;
    renderCovers(solver, conjuncts, text, parts, out);
  }

  /// The broadcast columns among `conjuncts` in closed form (one
  /// `broadcastable(...)` atom for each column no other one contains), the
  /// rest by renderCovers, when some column has three sizes or more: the
  /// covers of such a column are long, and costly past a few sizes.
  /// Exact: each atom is its column, and a column within another is
  /// implied by it. False, with nothing rendered, when no column is wide.
  bool renderColumns(const SolverFor &solver, const Conjuncts &conjuncts,
                     Condition &text, std::vector<ContractPart> &parts,
                     Contract &out) {
    std::vector<std::vector<TermId>> columns;
    std::vector<size_t> ofColumn; // conjunct of each column
    Conjuncts rest;
    rest.unrendered = conjuncts.unrendered;
    bool wide = false;
    size_t budget = kMaxColumnSizes; // flattened sizes, over all columns
    for (size_t i = 0; i < conjuncts.holds.size(); ++i) {
      uint32_t k = conjuncts.obligations[i];
      FormulaId violation = problem.obligations[k].violation;
      std::optional<std::vector<TermId>> column;
      if (conjuncts.holds[i] == formulas.mkNot(violation))
        column = broadcastColumn(problem.graph, formulas, violation, budget);
      // The atoms of the columns kept are built below: a chain of N
      // broadcasts has N columns of up to N sizes, and keeps one.
      if (!column || !hasBroadcastableCondition(problem.graph, *column)) {
        rest.obligations.push_back(k);
        rest.holds.push_back(conjuncts.holds[i]);
        continue;
      }
      budget -= column->size();
      wide |= column->size() >= 3;
      columns.push_back(std::move(*column));
      ofColumn.push_back(i);
    }
    if (!wide)
      return false;
    std::vector<size_t> kept = maximalColumns(columns);
    std::vector<Condition> atoms(columns.size());
    for (size_t j : kept)
      atoms[j] = *broadcastableCondition(problem.graph, columns[j]);
    Condition restText;
    std::vector<ContractPart> restParts;
    if (!rest.holds.empty() || !rest.unrendered.empty())
      renderCovers(solver, rest, restText, restParts, out);
    if (restParts.empty()) {
      // The rest (in parentheses when it holds a `||`), then the atoms.
      std::vector<Condition> conjuncts;
      if (!restText.empty() && !restText.isTrue())
        conjuncts.push_back(restText.str().find(" || ") != std::string::npos
                                ? restText.inParentheses()
                                : restText);
      for (size_t j : kept)
        conjuncts.push_back(atoms[j]);
      Condition whole = restText.isFalse()
                            ? Condition::truth(false)
                            : Condition::conjunction(std::move(conjuncts));
      if (whole.str().size() <= kMaxContractText) {
        text = std::move(whole);
        return true;
      }
      // Too long for one line: the rest by its conjuncts.
      restParts.clear();
      text = Condition();
      if (!rest.holds.empty() || !rest.unrendered.empty())
        listByFinding(solver, rest, {}, restParts, out);
    }
    // By finding: the columns no other contains, and the rest's parts.
    text = Condition();
    parts = std::move(restParts);
    for (size_t j : kept)
      parts.push_back({conjuncts.obligations[ofColumn[j]], atoms[j]});
    std::sort(parts.begin(), parts.end(),
              [](const ContractPart &a, const ContractPart &b) {
                return a.obligation < b.obligation;
              });
    return true;
  }

  /// render() by the exact covers of the solver.
  void renderCovers(const SolverFor &solver, const Conjuncts &conjuncts,
                    Condition &text, std::vector<ContractPart> &parts,
                    Contract &out) {
    FormulaStore &f = formulas;
    std::vector<Condition> texts; // of each conjunct, once computed
    if (conjuncts.unrendered.empty() &&
        conjuncts.holds.size() <= kMaxRenderedConjuncts) {
      std::string whyNot;
      // With a conjunct of degree 3 or more, the cover of the whole asks
      // Z3 about such atoms, where it often spins to its time-out only to
      // give up: the conjuncts are simplified one by one instead.
      FormulaId all = f.mkAnd(conjuncts.holds);
      const bool nonlinear = f.degreeOf(all) >= 3;
      std::optional<Condition> whole;
      if (!nonlinear)
        whole = describe(solver, all, whyNot);
      // Printed once, to measure (SEMANTICS.md §4: no wall of text).
      std::string printed = whole ? whole->str() : "";
      // The cover of the whole is a disjunction of cubes: a conjunction of
      // conjuncts that are ranges or disjunctions themselves multiplies
      // out into a long or-of-ands. Then the and of the conjuncts, each
      // simplified on its own, reads better, when it is shorter.
      if ((conjuncts.holds.size() > 1 || nonlinear) &&
          (!whole || printed.find(" || ") != std::string::npos ||
           printed.size() > kMaxContractText)) {
        std::optional<Condition> split =
            conjunctionText(solver, conjuncts, texts);
        std::string splitPrinted = split ? split->str() : "";
        if (split && (!whole || splitPrinted.size() < printed.size())) {
          whole = std::move(split);
          printed = std::move(splitPrinted);
        }
      }
      if (whole && printed.size() <= kMaxContractText) {
        text = std::move(*whole);
        return;
      }
      if (!whole && !whyNot.empty() && out.reason.empty())
        out.reason = "the contract as one formula: " + whyNot;
    }
    // Too large to read as one formula: its conjuncts, by finding.
    text = Condition();
    listByFinding(solver, conjuncts, texts, parts, out);
    if (parts.empty()) // every one left out: nothing known is asked
      text = Condition::truth(true);
  }

  /// Each conjunct of `conjuncts` as a part, with its text in `texts` when
  /// known, else its own cover, else its finding's condition.
  void listByFinding(const SolverFor &solver, const Conjuncts &conjuncts,
                     const std::vector<Condition> &texts,
                     std::vector<ContractPart> &parts, Contract &out) {
    for (size_t i = 0; i < conjuncts.holds.size(); ++i) {
      uint32_t k = conjuncts.obligations[i];
      Condition holds = i < texts.size() ? texts[i] : Condition();
      if (holds.empty() && conjuncts.holds.size() <= kMaxRenderedConjuncts) {
        std::string whyNot;
        if (std::optional<Condition> own =
                describe(solver, conjuncts.holds[i], whyNot))
          holds = std::move(*own);
      }
      parts.push_back({k, byFinding(k, std::move(holds))});
    }
    for (uint32_t k : conjuncts.unrendered)
      parts.push_back({k, byFinding(k, Condition())});
    // A part without a formula is left out: the conjunction of the others
    // holds whenever the whole does (a sound, weaker formula), and the
    // contract says it is not exact, at the first part left out.
    size_t left = 0;
    std::optional<uint32_t> first;
    for (const ContractPart &part : parts)
      if (part.holds.empty()) {
        ++left;
        if (!first || part.obligation < *first)
          first = part.obligation;
      }
    parts.erase(std::remove_if(parts.begin(), parts.end(),
                               [](const ContractPart &part) {
                                 return part.holds.empty();
                               }),
                parts.end());
    if (left) {
      out.exact = false;
      out.necessaryOnly = true;
      if (out.reason.empty() ||
          out.reason.rfind("the contract as one formula", 0) == 0) {
        out.reason = std::to_string(left) +
                     (left == 1 ? " requirement" : " requirements") +
                     " without an exact condition left out (see " +
                     (left == 1 ? "its finding" : "their findings") + ")";
        out.reasonLoc = problem.locOf(problem.obligations[*first]);
      }
    }
    std::sort(parts.begin(), parts.end(),
              [](const ContractPart &a, const ContractPart &b) {
                return a.obligation < b.obligation;
              });
  }

  /// A conjunct's formula: its own rendering, else its finding's condition
  /// negated; empty when it has neither (listByFinding leaves it out).
  Condition byFinding(uint32_t k, Condition holds) const {
    if (holds.empty() && !verdicts.findings[k].condition.empty())
      holds = verdicts.findings[k].condition.formula().negated();
    return holds;
  }

  const Problem &problem;
  const FunctionVerdicts &verdicts;
  const SmtLimits &limits;
  /// The problem's formulas and the contract's own: the problem is only
  /// read, so other threads may read it meanwhile.
  FormulaStore formulas;
  SmtContext context;
  size_t checks = 0;
  ContractMemo *memo;
  std::string key; ///< of this contract's questions, once the first is asked
  ContractRecording recording; ///< the answers so far, to remember
  bool recordable = false;     ///< every answer so far was a cover
  const ContractRecording *replaying = nullptr; ///< earlier answers
  size_t asked = 0;                             ///< answers replayed so far
  /// Formulas whose cover failed, with the reason.
  std::unordered_map<FormulaId, std::string> failures;
};

} // namespace

Contract computeContract(const Problem &problem,
                         const FunctionVerdicts &verdicts,
                         const SmtLimits &limits, SmtEnvironment *environment,
                         ContractMemo *memo) {
  return ContractBuilder(problem, verdicts, limits, environment, memo).run();
}

} // namespace symshape::solver
