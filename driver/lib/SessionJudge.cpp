//===- SessionJudge.cpp - Judging a session's lowered functions -----------===//
//
// The judging half of Session::analyze(): functions dealt into lanes, each
// with one Z3 context for the judge, the contracts, the shapes and the
// explanations, made when first needed (or the caller's, taken in turns:
// SessionOptions::judge); the contracts of functions built alike each get
// a context of their own once the lanes are done, and share their
// answers, and every lane shares the refinements' exact answers. Parsing
// and lowering are in Session.cpp.
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Session.h"

#include "symshape/solver/Explain.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <optional>
#include <unordered_map>
#include <utility>

namespace symshape::frontend {
namespace {

/// What a lane of functions judges with: one Z3 environment, asked of
/// each function in turn its verdicts and its contract, then of each the
/// explanations of its safe checks, then of each its shapes: the same
/// questions in the same order on any number of threads, and the same
/// before each verdict whatever else the output shows. One context at a
/// time: a Z3 4.8 context holds two hash tables of 8.5 MB from the start,
/// so shapes refined in a second context beside the judge cost 17 MB more
/// at the peak.
struct Lane {
  solver::JudgeOptions judge;
  solver::SmtEnvironment environment;
  solver::JudgeMemo memo;         ///< what the lane's earlier functions learnt
  solver::ContractMemo contracts; ///< their contracts' answers
  /// What every lane's refinements proved (exact answers only). Which
  /// lane asks a question first depends on timing, so with several lanes
  /// the shapes are refined in `refineEnvironment`, the worker thread's,
  /// not in the lane's, whose questions must not depend on it; an answer
  /// that is not exact is asked again in a fresh context. Null with one
  /// lane: the function's environment.
  solver::RefinementMemo *refinements = nullptr;
  solver::SmtEnvironment *refineEnvironment = nullptr;
  /// Functions judged in `environment` whose explanations and shapes are
  /// still to ask (judgeOne), and whether each is built like another.
  std::vector<std::pair<FunctionAnalysis *, bool>> later;
};

/// Reports the step at hand on the progress line (a function can spend
/// seconds past its last obligation, in its contract or its shapes).
void step(const SessionOptions &options, const char *what) {
  if (options.progress)
    options.progress(what, 0, 0);
}

/// Explains the safe obligations of `analysis` that are asked for, in
/// `environment`.
void explainOne(FunctionAnalysis &analysis, const SessionOptions &options,
                const solver::SmtLimits &limits,
                solver::SmtEnvironment *environment) {
  const solver::Problem &problem = *analysis.problem;
  std::vector<size_t> explained;
  for (size_t k = 0; k < problem.obligations.size(); ++k)
    if (analysis.verdicts.findings[k].verdict == solver::Verdict::Safe &&
        (options.explainAll ||
         solver::isRuntimeCheck(problem.obligations[k].kind)))
      explained.push_back(k);
  if (!explained.empty())
    step(options, "step: explanations");
  analysis.impliedBy = solver::explainSafe(problem, analysis.verdicts,
                                           explained, limits, environment);
}

/// Refines the shapes of `analysis`: in the worker's context with several
/// lanes, else in `environment`. An answer of the worker's context that
/// is not exact is asked again in a fresh context: that context's history
/// depends on which lane asked first.
///
/// Only a function built like another (`alike`) asks the memo: its key
/// spells out the whole problem (tens of MB for a function of 100k ops),
/// which no other function could share.
void refineOne(FunctionAnalysis &analysis, const SessionOptions &options,
               Lane &lane, solver::SmtEnvironment *environment, bool alike) {
  step(options, "step: shapes");
  const solver::Problem &problem = *analysis.problem;
  const solver::SmtLimits &limits = lane.judge.limits;
  solver::SmtEnvironment *asked =
      lane.refineEnvironment ? lane.refineEnvironment : environment;
  analysis.shapes =
      solver::refineShapes(problem, analysis.verdicts, limits, asked,
                           alike ? lane.refinements : nullptr);
  if (!analysis.shapes->stats().exact && lane.refineEnvironment)
    analysis.shapes = solver::refineShapes(problem, analysis.verdicts, limits);
}

/// The explanations, then the shapes, of `functions` (in their order) in
/// `environment`: every explanation is asked after the same questions
/// whether or not shapes are asked, and every one of them after the same
/// verdicts and contracts as in `check`.
void explainAndRefine(
    const std::vector<std::pair<FunctionAnalysis *, bool>> &functions,
    const SessionOptions &options, Lane &lane,
    solver::SmtEnvironment *environment) {
  if (options.explainAll || options.explainChecks)
    for (const auto &[analysis, alike] : functions)
      explainOne(*analysis, options, lane.judge.limits, environment);
  if (options.computeShapes)
    for (const auto &[analysis, alike] : functions)
      refineOne(*analysis, options, lane, environment, alike);
}

/// Judges one lowered function in `lane`: its verdicts, then its contract.
/// Its explanations and shapes, when asked, follow in the same Z3
/// environment: at once in a context of its own, else once every function
/// of the lane is judged (Lane::later), so that they change nothing of
/// what the lane's later functions are asked before their verdicts.
void judgeOne(FunctionAnalysis &analysis, const SessionOptions &options,
              Lane &lane, bool alike) {
  const solver::Problem &problem = *analysis.problem;
  // A problem with products of sizes is judged in a Z3 context of its
  // own: Z3's answers to nonlinear queries depend on what its context was
  // asked before (a query the lane's context spun on to its time-out, a
  // new one decided in milliseconds), so they would depend on the
  // functions judged before it in the lane.
  const bool ownContext =
      !problem.graph.symbols().empty() && !problem.isLinear();
  std::optional<solver::SmtEnvironment> own;
  solver::SmtEnvironment *environment = lane.judge.environment;
  solver::JudgeOptions judgeOptions = lane.judge;
  if (ownContext) {
    environment = &own.emplace();
    judgeOptions.environment = environment;
  }
  // The Z3 context is made when the judge first needs it: made ahead on
  // a free core, it hid 2 ms where the judge needed it and cost 12 ms
  // where it did not (the 60 functions of broadcast chains that fold
  // whole: 16 ms at -j 1, 28 ms at -j 2).
  step(options, "step: verdicts");
  analysis.verdicts = solver::judgeFunction(problem, judgeOptions);
  // The contract of a function built alike is computed once every lane
  // is done (judgeAll).
  if (!alike && options.computeContracts) {
    step(options, "step: contract");
    analysis.contract =
        solver::computeContract(problem, analysis.verdicts, lane.judge.limits,
                                environment, &lane.contracts);
  }
  if (ownContext)
    explainAndRefine({{&analysis, alike}}, options, lane, environment);
  else
    lane.later.emplace_back(&analysis, alike);
}

/// A hash of how `problem` is built: its terms, formulas, facts and
/// obligations, not its names or places. Equal for functions built alike.
size_t structureHash(const solver::Problem &problem) {
  size_t h = 0;
  auto mix = [&h](uint64_t v) { h = (h ^ v) * 0x100000001b3ull + 0x9e37; };
  const solver::DimGraph &graph = problem.graph;
  mix(graph.numTerms());
  for (solver::TermId t = 0; t < graph.numTerms(); ++t) {
    const solver::TermNode &node = graph.term(t);
    mix(uint64_t(node.kind));
    mix(uint64_t(node.value));
    for (solver::TermId op : node.operands)
      mix(op);
  }
  mix(problem.formulas.size());
  for (solver::FormulaId f = 0; f < problem.formulas.size(); ++f) {
    const solver::FormulaNode &node = problem.formulas.node(f);
    mix(uint64_t(node.kind));
    for (uint32_t arg : node.args)
      mix(arg);
  }
  for (solver::FormulaId fact : problem.facts)
    mix(fact);
  mix(problem.obligations.size());
  for (size_t k = 0; k < problem.obligations.size(); ++k) {
    const solver::Obligation &ob = problem.obligations[k];
    mix(uint64_t(ob.kind) << 2 | ob.conditional << 1 | ob.staticError);
    mix(ob.violation);
  }
  return h;
}

/// For each function of `work`, whether another one is built alike
/// (structureHash): computed from the input alone, before any is judged.
std::vector<bool> builtAlike(const std::vector<FunctionAnalysis *> &work) {
  std::vector<bool> alike(work.size(), false);
  if (work.size() < 2)
    return alike;
  std::vector<size_t> hashes;
  std::unordered_map<size_t, size_t> count;
  for (const FunctionAnalysis *analysis : work)
    ++count[hashes.emplace_back(structureHash(*analysis->problem))];
  for (size_t i = 0; i < work.size(); ++i)
    alike[i] = count[hashes[i]] > 1;
  return alike;
}

/// The contracts of the functions of `work` built alike, once every lane
/// is done (no lane holds a Z3 context then, 16 MB each), on `run`'s
/// threads. Each is asked in a Z3 context of its own: its answers depend
/// on its questions alone, so the functions share them (`memo`), whatever
/// the order.
void contractsOfAlike(
    const std::vector<FunctionAnalysis *> &work, const std::vector<bool> &alike,
    const solver::SmtLimits &limits,
    const std::function<void(const std::function<void()> &, size_t)> &run,
    std::atomic<bool> &outOfMemory) {
  std::vector<FunctionAnalysis *> todo;
  for (size_t i = 0; i < work.size(); ++i)
    if (alike[i])
      todo.push_back(work[i]);
  solver::ContractMemo memo;
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i; !outOfMemory && (i = next++) < todo.size();) {
      FunctionAnalysis &analysis = *todo[i];
      try {
        analysis.contract = solver::computeContract(
            *analysis.problem, analysis.verdicts, limits, nullptr, &memo);
      } catch (const std::bad_alloc &) {
        outOfMemory = true; // reported once, by judgeAll
      }
    }
  };
  if (!todo.empty())
    run(worker, todo.size());
}

} // namespace

bool Session::judgeAll() {
  // Functions are independent problems (each judge owns its Z3 context),
  // so they can be judged on worker threads; results land in place, so the
  // output does not depend on the number of jobs.
  std::vector<FunctionAnalysis *> work;
  for (std::unique_ptr<FileAnalysis> &file : fileList)
    for (FunctionAnalysis &analysis : file->functions)
      work.push_back(&analysis);
  // Reusing a Z3 context saves milliseconds per function, but its answers
  // (witness values) depend on what it was asked before. So functions are
  // dealt into lanes, each with its own context and its functions in
  // order, and threads take whole lanes. The number of lanes depends on the
  // input only (one per kObligationsPerLane obligations, at most
  // kMaxLanes), so the output is the same for any -j, and a small file
  // does not pay for eight contexts.
  constexpr size_t kMaxLanes = 8, kObligationsPerLane = 2000;
  size_t obligations = 0;
  for (const FunctionAnalysis *analysis : work)
    obligations += analysis->problem->obligations.size();
  const size_t lanes =
      std::clamp<size_t>(obligations / kObligationsPerLane, 1,
                         std::max<size_t>(1, std::min(kMaxLanes, work.size())));
  std::atomic<size_t> nextLane{0}, judgedCount{0}, judgedObligations{0};
  std::atomic<bool> outOfMemory{false};
  // Functions built alike (layers of one model) mostly ask their contracts
  // the same questions: contractsOfAlike shares the answers. A context
  // costs milliseconds, so only they get one each. Only they share
  // refinements too (refineOne).
  std::vector<bool> alike = builtAlike(work);
  solver::RefinementMemo sharedRefinements;
  // A context the caller gave serves one thread: then the lanes take
  // turns in it, on this thread.
  solver::SmtEnvironment *given = options.judge.environment;
  auto worker = [&] {
    solver::SmtEnvironment refineEnvironment; // made if a shape needs Z3
    for (size_t index; !outOfMemory && (index = nextLane++) < lanes;) {
      // A Z3 context holds about 16 MB: a lane's go when it is done.
      Lane lane;
      lane.judge = options.judge;
      if (options.progress) // progress inside a large function too
        lane.judge.judged = [&](size_t judged) {
          options.progress("obligations judged", judgedObligations += judged,
                           obligations);
        };
      // The caller's context, if it gave one (SessionOptions::judge).
      lane.judge.environment = given ? given : &lane.environment;
      lane.judge.memo = &lane.memo;
      lane.refinements = &sharedRefinements;
      lane.refineEnvironment = lanes == 1 ? nullptr : &refineEnvironment;
      for (size_t i = index; !outOfMemory && i < work.size(); i += lanes) {
        try {
          judgeOne(*work[i], options, lane, alike[i]);
        } catch (const std::bad_alloc &) {
          outOfMemory = true; // reported below, once
        }
        if (options.progress)
          options.progress("judging", ++judgedCount, work.size());
      }
      try {
        if (!outOfMemory)
          explainAndRefine(lane.later, options, lane, lane.judge.environment);
      } catch (const std::bad_alloc &) {
        outOfMemory = true; // reported below, once
      }
    }
  };
  if (options.progress)
    options.progress("judging", 0, work.size());
  if (given)
    worker();
  else
    runOnThreads(worker, lanes);
  if (options.computeContracts)
    contractsOfAlike(
        work, alike, options.judge.limits,
        [this](const std::function<void()> &run, size_t tasks) {
          runOnThreads(run, tasks);
        },
        outOfMemory);
  if (outOfMemory) {
    diags.error(work.front()->function->loc,
                "out of memory while judging the obligations");
    return false;
  }
  for (FunctionAnalysis *done : work)
    addTotals(*done);
  return true;
}

void Session::addTotals(const FunctionAnalysis &analysis) {
  totals.add(*analysis.problem, analysis.verdicts);
  const solver::JudgeStats &s = analysis.verdicts.stats;
  statTotals.decidedStatically += s.decidedStatically;
  statTotals.decidedBySolver += s.decidedBySolver;
  statTotals.unknown += s.unknown;
  statTotals.solverChecks += s.solverChecks;
}

} // namespace symshape::frontend
