//===- Refinement.cpp - Most specific shapes ------------------------------===//
//
// refineShapes: per component of the dim graph, the constants and classes
// of the dims every execution of W agrees on, proved by the solver
// (ComponentRefiner) unless a shortcut without it applies
// (RefinementInternal.h); then the names the classes are printed with.
//
//===----------------------------------------------------------------------===//

#include "symshape/solver/Refinement.h"

#include "RefinementInternal.h"

#include <algorithm>
#include <climits>
#include <iterator>
#include <map>
#include <mutex>
#include <unordered_set>
#include <utility>

namespace symshape::solver {

std::optional<int64_t> ShapeRefinement::constant(TermId term) const {
  auto it = constants.find(term);
  if (it == constants.end())
    return std::nullopt;
  return it->second;
}

const std::string &ShapeRefinement::name(TermId term) const {
  static const std::string none;
  auto it = names.find(term);
  return it == names.end() ? none : it->second;
}

std::string ShapeRefinement::dimText(TermId term) const {
  if (std::optional<int64_t> c = constant(term))
    return std::to_string(*c);
  const std::string &n = name(term);
  return n.empty() ? "?" : n;
}

namespace {

using detail::ClassScratch;
using detail::StatedEqualities;
using detail::TrialModels;

/// Per-component state of the refinement.
class ComponentRefiner {
public:
  ComponentRefiner(const Problem &problem, SmtContext &context,
                   const SmtLimits &limits, TrialModels &trials,
                   std::vector<TermId> candidates, RefinementStats &stats)
      : problem(problem), context(context), limits(limits), trials(trials),
        candidates(std::move(candidates)), stats(stats) {}

  /// W's part in this component, asserted when the solver is first needed.
  void assume(const std::vector<FormulaId> &facts,
              const std::vector<FormulaId> &violations) {
    wFacts = facts;
    wViolations = violations;
  }

  /// Returns Unsat when W is empty; fills constants and classes otherwise.
  /// `known`: the candidates' values in models of W found without the
  /// solver (TrialModels); with one, W is known not to be empty.
  /// `stated`: equalities W states outright (null: none used).
  SatResult run(std::unordered_map<TermId, int64_t> &constants,
                std::vector<std::vector<TermId>> &classes,
                std::vector<std::vector<int64_t>> known,
                StatedEqualities *stated);

private:
  /// Candidates equal to their value in `base` in every model: proved
  /// constant, or stated so by W.
  void findConstants(const std::vector<int64_t> &base,
                     std::unordered_map<TermId, int64_t> &constants,
                     StatedEqualities *stated);
  /// Candidates equal in every model so far, proved one group at a time.
  void findClasses(const std::vector<int64_t> &base,
                   const std::unordered_map<TermId, int64_t> &constants,
                   std::vector<std::vector<TermId>> &classes,
                   StatedEqualities *stated);

  SmtSolver &solverNow() {
    if (!solver) {
      solver.emplace(context, limits);
      for (FormulaId f : wFacts)
        solver->add(f);
      for (FormulaId v : wViolations)
        solver->add(v, /*negated=*/true);
    }
    return *solver;
  }
  SatResult check(const std::vector<Lit> &lits) {
    ++stats.checks;
    SatResult r = solverNow().check(lits);
    stats.exact = stats.exact && r != SatResult::Unknown;
    return r;
  }
  std::vector<int64_t> readModel() {
    std::vector<int64_t> values;
    for (TermId t : candidates) {
      std::optional<int64_t> value = solver->value(t);
      stats.exact = stats.exact && value && *value != INT64_MIN;
      values.push_back(value.value_or(INT64_MIN));
    }
    return values;
  }
  /// Before the first question to the solver: the trial models around
  /// the least sizes (TrialModels::nearLeast), appended to `models`.
  /// Whether any was.
  bool addNearLeast() {
    if (nearLeastDone)
      return false;
    nearLeastDone = true;
    std::vector<std::vector<int64_t>> near = trials.nearLeast();
    models.insert(models.end(), std::make_move_iterator(near.begin()),
                  std::make_move_iterator(near.end()));
    return !near.empty();
  }
  /// After a model from the solver: the trial models around it
  /// (TrialModels::around), appended to `models`, for the first few.
  void nearLastModel() {
    if (explored == kExplored)
      return;
    ++explored;
    std::unordered_map<uint32_t, int64_t> base;
    for (TermId t : trials.symbolTerms()) {
      std::optional<int64_t> v = solver->value(t);
      if (!v)
        return;
      base[problem.graph.term(t).symbol] = *v;
    }
    std::vector<std::vector<int64_t>> near = trials.around(base);
    models.insert(models.end(), std::make_move_iterator(near.begin()),
                  std::make_move_iterator(near.end()));
  }
  /// Keeps the candidates of `open` whose value in every model from
  /// `first` on is still their value in `base`.
  void keepUnchanged(std::vector<size_t> &open,
                     const std::vector<int64_t> &base, size_t first) const {
    std::vector<size_t> still;
    for (size_t i : open) {
      bool same = true;
      for (size_t m = first; same && m < models.size(); ++m)
        same = models[m][i] == base[i];
      if (same)
        still.push_back(i);
    }
    open = std::move(still);
  }
  /// Splits every group of `work` by the values of the models from
  /// `first` on, keeping the parts of more than one candidate.
  void resplit(std::vector<std::vector<size_t>> &work, size_t first) const {
    std::vector<std::vector<size_t>> pending = std::move(work);
    work.clear();
    for (const std::vector<size_t> &group : pending) {
      std::map<std::vector<int64_t>, std::vector<size_t>> parts;
      for (size_t i : group) {
        std::vector<int64_t> signature;
        for (size_t m = first; m < models.size(); ++m)
          signature.push_back(models[m][i]);
        parts[std::move(signature)].push_back(i);
      }
      for (auto &[signature, members] : parts)
        if (members.size() > 1)
          work.push_back(std::move(members));
    }
  }
  /// A literal for "some of these atoms is false".
  Lit someDiffers(const std::vector<Atom> &atoms) {
    std::vector<Lit> negated;
    for (const Atom &atom : atoms)
      negated.push_back(-solverNow().atom(atom));
    return solverNow().clause(negated);
  }

  const Problem &problem;
  SmtContext &context;
  SmtLimits limits;
  std::optional<SmtSolver> solver;
  std::vector<FormulaId> wFacts, wViolations;
  TrialModels &trials;
  std::vector<TermId> candidates;
  RefinementStats &stats;
  std::vector<std::vector<int64_t>> models;
  /// How many of the solver's models were explored (nearLastModel).
  static constexpr size_t kExplored = 8;
  size_t explored = 0;
  bool nearLeastDone = false;
};

SatResult ComponentRefiner::run(std::unordered_map<TermId, int64_t> &constants,
                                std::vector<std::vector<TermId>> &classes,
                                std::vector<std::vector<int64_t>> known,
                                StatedEqualities *stated) {
  if (known.empty()) {
    SatResult first = check({});
    if (first != SatResult::Sat)
      return first;
    models.push_back(readModel());
  } else {
    models = std::move(known);
  }
  const std::vector<int64_t> base = models.front(); // models grows
  findConstants(base, constants, stated);
  findClasses(base, constants, classes, stated);
  return SatResult::Sat;
}

void ComponentRefiner::findConstants(
    const std::vector<int64_t> &base,
    std::unordered_map<TermId, int64_t> &constants, StatedEqualities *stated) {
  // Constants: every candidate is one until a model shows otherwise.
  std::vector<size_t> open;
  for (size_t i = 0; i < candidates.size(); ++i) {
    if (base[i] == INT64_MIN) // INT64_MIN: the value did not fit
      continue;
    bool same = true;
    for (const std::vector<int64_t> &m : models)
      same = same && m[i] == base[i];
    if (!same)
      continue;
    if (stated && stated->constant(candidates[i]) == base[i])
      constants[candidates[i]] = base[i]; // W says so outright
    else
      open.push_back(i);
  }
  // Before the solver: the trials around the least sizes.
  if (size_t first = models.size(); !open.empty() && addNearLeast())
    keepUnchanged(open, base, first);
  while (!open.empty()) {
    std::vector<Atom> atoms;
    for (size_t i : open)
      atoms.push_back({*Polynomial::sub(Polynomial::symbol(candidates[i]),
                                        Polynomial::constant(base[i])),
                       AtomRel::Eq});
    SatResult r = check({someDiffers(atoms)});
    if (r == SatResult::Unsat) {
      for (size_t i : open)
        constants[candidates[i]] = base[i];
      break;
    }
    if (r == SatResult::Unknown)
      break;
    size_t first = models.size();
    models.push_back(readModel());
    nearLastModel();
    keepUnchanged(open, base, first);
  }
}

void ComponentRefiner::findClasses(
    const std::vector<int64_t> &base,
    const std::unordered_map<TermId, int64_t> &constants,
    std::vector<std::vector<TermId>> &classes, StatedEqualities *stated) {
  // Classes: dims equal in every model so far, proved one group at a time.
  std::map<std::vector<int64_t>, std::vector<size_t>> bySignature;
  for (size_t i = 0; i < candidates.size(); ++i) {
    if (constants.count(candidates[i]) || base[i] == INT64_MIN)
      continue; // constant, or a value beyond int64: no class is guessed
    std::vector<int64_t> signature;
    for (const std::vector<int64_t> &m : models)
      signature.push_back(m[i]);
    bySignature[signature].push_back(i);
  }
  std::vector<std::vector<size_t>> work;
  for (auto &[signature, group] : bySignature)
    if (group.size() > 1)
      work.push_back(group);
  // Before the solver: the trials around the least sizes split the groups.
  if (size_t first = models.size(); !work.empty() && addNearLeast())
    resplit(work, first);
  while (!work.empty()) {
    std::vector<size_t> group = std::move(work.back());
    work.pop_back();
    TermId rep = candidates[group.front()];
    bool statedEqual = stated != nullptr;
    for (size_t k = 1; statedEqual && k < group.size(); ++k)
      statedEqual = stated->equal(candidates[group[k]], rep);
    if (statedEqual) { // W says so outright
      std::vector<TermId> members;
      for (size_t i : group)
        members.push_back(candidates[i]);
      classes.push_back(std::move(members));
      continue;
    }
    std::vector<Atom> atoms;
    for (size_t k = 1; k < group.size(); ++k)
      atoms.push_back(
          {*Polynomial::sub(Polynomial::symbol(candidates[group[k]]),
                            Polynomial::symbol(rep)),
           AtomRel::Eq});
    SatResult r = check({someDiffers(atoms)});
    if (r == SatResult::Unsat) {
      std::vector<TermId> members;
      for (size_t i : group)
        members.push_back(candidates[i]);
      classes.push_back(std::move(members));
      continue;
    }
    if (r == SatResult::Unknown)
      continue;
    size_t first = models.size();
    models.push_back(readModel());
    std::map<int64_t, std::vector<size_t>> split;
    for (size_t i : group)
      split[models[first][i]].push_back(i);
    // The counterexample must split the group; when it does not (values
    // beyond int64 read back alike), give the group up instead of asking
    // the same question again.
    if (split.size() < 2) {
      stats.exact = false;
      continue;
    }
    // The models around it split this group further, and the others.
    nearLastModel();
    work.push_back(std::move(group));
    resplit(work, first);
  }
}

/// W, per component: the facts and the "no violation" of every
/// obligation later ones assume. Clears `defined` when W is known to be
/// empty.
void collectW(const Problem &problem, const FunctionVerdicts &verdicts,
              const Components &parts, bool &defined,
              std::vector<std::vector<FormulaId>> &facts,
              std::vector<std::vector<FormulaId>> &violations) {
  const DimGraph &graph = problem.graph;
  const FormulaStore &formulas = problem.formulas;
  auto componentOf = [&](FormulaId f) -> std::optional<uint32_t> {
    for (TermId t : formulas.termsOf(f)) // constants link nothing
      if (!graph.constantValue(t))
        return parts.of[t];
    return std::nullopt;
  };
  for (FormulaId fact : problem.facts) {
    if (formulas.isFalse(fact))
      defined = false;
    if (std::optional<uint32_t> c = componentOf(fact);
        c && formulas.degreeOf(fact) <= 8)
      facts[*c].push_back(fact);
  }
  for (size_t k = 0; k < problem.obligations.size(); ++k) {
    const Obligation &ob = problem.obligations[k];
    Verdict verdict = verdicts.findings[k].verdict;
    if (ob.staticError || ob.conditional || verdict == Verdict::Error)
      continue; // not assumed: static errors, contradictory assumptions
    if (formulas.isTrue(ob.violation))
      defined = false;
    // The judge already knows W empty: every size reaching this obligation
    // violates it, or none reaches it (a component without a value's dim
    // is never asked below).
    if (verdict == Verdict::UbGuaranteed || verdict == Verdict::Unreachable)
      defined = false;
    // Too nonlinear for Z3: left out, W is then larger, and what holds in
    // all of it still holds in the real W.
    TermId anchor = problem.anchorOf(ob);
    if (anchor != kNoTerm && formulas.degreeOf(ob.violation) <= 8)
      violations[parts.of[anchor]].push_back(ob.violation);
  }
}

/// Candidates: every dim and size of a value, grouped by component; the
/// constant ones go to `constants` at once.
void collectCandidates(const Problem &problem, const Components &parts,
                       std::unordered_map<TermId, int64_t> &constants,
                       std::vector<std::vector<TermId>> &candidates) {
  const DimGraph &graph = problem.graph;
  std::unordered_set<TermId> seen, dimTerms;
  for (const ValueInfo &value : problem.values)
    if (value.kind != ValueInfo::Kind::Shape) // extents are listed as is
      dimTerms.insert(value.dims.begin(), value.dims.end());
  auto consider = [&](TermId t) {
    if (t == kNoTerm || !seen.insert(t).second)
      return;
    if (std::optional<int64_t> c = graph.constantValue(t)) {
      // A negative constant dim (index arithmetic such as 0 - 2) is UB
      // wherever it is reached, never a size to refine to; an index may
      // be negative.
      if (*c >= 0 || !dimTerms.count(t))
        constants[t] = *c;
      return;
    }
    // Evaluating a product of many sizes (x^65536 by squaring) in a model
    // is as hopeless as solving with it: such dims are left unrefined.
    if (graph.term(t).degree > 8)
      return;
    candidates[parts.of[t]].push_back(t);
  };
  for (const ValueInfo &value : problem.values) {
    for (TermId dim : value.dims)
      consider(dim);
    consider(value.scalar);
  }
}

/// Refines every component with candidates into `constants` and
/// `classes`; false when W turns out empty (the solver says so).
bool refineComponents(const Problem &problem, const SmtLimits &limits,
                      SmtEnvironment *environment, uint32_t count,
                      const std::vector<std::vector<FormulaId>> &facts,
                      const std::vector<std::vector<FormulaId>> &violations,
                      const std::vector<std::vector<TermId>> &candidates,
                      std::unordered_map<TermId, int64_t> &constants,
                      std::vector<std::vector<TermId>> &classes,
                      RefinementStats &stats) {
  const DimGraph &graph = problem.graph;
  const FormulaStore &formulas = problem.formulas;
  SmtContext context(graph, formulas, environment);
  TrialModels trials(graph, formulas);
  std::optional<ClassScratch> scratch; // made on first use
  for (uint32_t c = 0; c < count; ++c) {
    if (candidates[c].empty())
      continue;
    stats.candidates += candidates[c].size();
    if (detail::onlyFreeSymbols(graph, formulas, facts[c], violations[c],
                                candidates[c]))
      continue; // no constant, no class: nothing to ask the solver
    if (detail::broadcastClasses(graph, formulas, facts[c], violations[c],
                                 candidates[c], classes, scratch))
      continue;
    ComponentRefiner refiner(problem, context, limits, trials, candidates[c],
                             stats);
    refiner.assume(facts[c], violations[c]);
    trials.start(facts[c], violations[c], candidates[c]);
    std::vector<std::vector<int64_t>> known = trials.find();
    // Only beside a model of W: a contradiction among the stated
    // equalities means W is empty, which the solver then reports.
    StatedEqualities stated(graph, formulas, facts[c], violations[c]);
    SatResult r = refiner.run(constants, classes, std::move(known),
                              stated.contradictory ? nullptr : &stated);
    if (r == SatResult::Unsat) // W is empty: nothing is well defined
      return false;
    if (r == SatResult::Unknown)
      ++stats.unknown;
  }
  return true;
}

/// Names: a class takes its first symbol (arguments come first), else
/// the first value dim denoting one of its dims. A symbol alone is named
/// by itself; a derived dim alone only when several values share it.
void nameDims(const DimGraph &graph,
              const std::vector<std::vector<TermId>> &classes,
              const std::vector<std::vector<TermId>> &candidates,
              std::unordered_map<TermId, std::string> &names,
              RefinementStats &stats) {
  for (const std::vector<TermId> &members : classes) {
    ++stats.classes;
    std::string name;
    uint32_t best = UINT32_MAX;
    for (TermId t : members)
      if (graph.isSymbol(t) && graph.term(t).symbol < best) {
        best = graph.term(t).symbol;
        name = graph.symbolOf(t).name;
      }
    if (name.empty()) {
      TermId first = *std::min_element(members.begin(), members.end());
      if (!graph.labels(first).empty())
        name = graph.labels(first).front();
    }
    for (TermId t : members)
      names[t] = name;
  }
  for (const std::vector<TermId> &group : candidates)
    for (TermId t : group) {
      if (names.count(t))
        continue;
      if (graph.isSymbol(t))
        names[t] = graph.symbolOf(t).name;
      else if (graph.labels(t).size() > 1)
        names[t] = graph.labels(t).front();
    }
}

} // namespace

/// What refineComponents proved for one set of questions.
struct RefinementMemo::Impl {
  struct Answer {
    bool nonEmpty = true; ///< W has an execution
    std::unordered_map<TermId, int64_t> constants;
    std::vector<std::vector<TermId>> classes;
    RefinementStats stats;
  };
  std::mutex mutex; ///< guards `answers`; an answer never changes
  std::unordered_map<std::string, Answer> answers;

  const Answer *find(const std::string &key) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = answers.find(key);
    return it == answers.end() ? nullptr : &it->second;
  }
  /// Keeps the first answer to a key: any other exact one is the same.
  void record(std::string key, Answer answer) {
    std::lock_guard<std::mutex> lock(mutex);
    answers.emplace(std::move(key), std::move(answer));
  }
};

RefinementMemo::RefinementMemo() : impl_(std::make_unique<Impl>()) {}
RefinementMemo::~RefinementMemo() = default;

namespace {

/// Everything refineComponents is asked, by number: the terms and
/// formulas (symbols are Z3 constants named by their numbers), each
/// component's W and candidates, and the constants known before. Equal
/// keys mean equal questions.
std::string
refinementKey(const Problem &problem, uint32_t count,
              const std::vector<std::vector<FormulaId>> &facts,
              const std::vector<std::vector<FormulaId>> &violations,
              const std::vector<std::vector<TermId>> &candidates,
              const std::unordered_map<TermId, int64_t> &constants) {
  std::string key;
  auto put = [&key](uint64_t v) {
    key.append(reinterpret_cast<const char *>(&v), sizeof v);
  };
  const DimGraph &graph = problem.graph;
  put(graph.numTerms());
  for (TermId t = 0; t < graph.numTerms(); ++t) {
    const TermNode &node = graph.term(t);
    put(uint64_t(node.kind) << 32 | node.operands.size());
    put(uint64_t(node.value));
    put(node.symbol); // a symbol's Z3 name, as the contract's key has it
    for (TermId op : node.operands)
      put(op);
  }
  put(problem.formulas.size());
  for (FormulaId f = 0; f < problem.formulas.size(); ++f) {
    const FormulaNode &node = problem.formulas.node(f);
    put(uint64_t(node.kind) << 32 | node.args.size());
    for (uint32_t arg : node.args)
      put(arg);
  }
  put(count);
  for (const auto *lists : {&facts, &violations})
    for (const std::vector<FormulaId> &list : *lists) {
      put(list.size());
      for (FormulaId f : list)
        put(f);
    }
  for (const std::vector<TermId> &list : candidates) {
    put(list.size());
    for (TermId t : list)
      put(t);
  }
  std::vector<std::pair<TermId, int64_t>> known(constants.begin(),
                                                constants.end());
  std::sort(known.begin(), known.end());
  put(known.size());
  for (const auto &[term, value] : known) {
    put(term);
    put(uint64_t(value));
  }
  return key;
}

} // namespace

ShapeRefinement refineShapes(const Problem &problem,
                             const FunctionVerdicts &verdicts,
                             const SmtLimits &limits,
                             SmtEnvironment *environment,
                             RefinementMemo *memo) {
  ShapeRefinement out;
  const DimGraph &graph = problem.graph;
  Components parts = graph.components();
  std::vector<std::vector<FormulaId>> facts(parts.count),
      violations(parts.count);
  collectW(problem, verdicts, parts, out.defined, facts, violations);
  std::vector<std::vector<TermId>> candidates(parts.count);
  collectCandidates(problem, parts, out.constants, candidates);
  // Without a well-defined execution nothing is refined: only what the
  // types say (static sizes, collected above) is reported.
  if (!out.defined)
    return out;

  std::vector<std::vector<TermId>> classes;
  std::string key;
  const RefinementMemo::Impl::Answer *known = nullptr;
  if (memo) {
    key = refinementKey(problem, parts.count, facts, violations, candidates,
                        out.constants);
    known = memo->impl().find(key);
  }
  bool nonEmpty;
  if (known) { // asked before: the same answers, without a query
    nonEmpty = known->nonEmpty;
    out.constants = known->constants;
    classes = known->classes;
    out.statistics = known->stats;
    out.statistics.checks = 0;
  } else {
    nonEmpty = refineComponents(problem, limits, environment, parts.count,
                                facts, violations, candidates, out.constants,
                                classes, out.statistics);
    // Only an exact answer: every constant and class proved or refuted,
    // none left to a time-out or a model value beyond int64.
    if (memo && out.statistics.exact)
      memo->impl().record(std::move(key), RefinementMemo::Impl::Answer{
                                              nonEmpty, out.constants, classes,
                                              out.statistics});
  }
  if (!nonEmpty) {
    ShapeRefinement none; // W is empty: nothing is well defined
    none.defined = false;
    none.statistics = out.statistics;
    for (const auto &[term, value] : out.constants)
      if (graph.constantValue(term))
        none.constants[term] = value; // facts of the types
    return none;
  }
  nameDims(graph, classes, candidates, out.names, out.statistics);
  out.statistics.constants = 0;
  for (const std::vector<TermId> &group : candidates)
    for (TermId t : group)
      out.statistics.constants += out.constants.count(t);
  return out;
}

} // namespace symshape::solver
