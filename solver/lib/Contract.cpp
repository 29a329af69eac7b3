//===- Contract.cpp - The input contract of a function --------------------===//

#include "symshape/solver/Contract.h"

#include "Judge.h"
#include "symshape/solver/Conditions.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>

namespace symshape::solver {

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

/// "!(cond)" of a finding's violating condition, read back as what holds.
std::string negated(const std::string &condition) {
  if (condition == "true")
    return "false";
  if (condition == "false")
    return "true";
  return "!(" + condition + ")";
}

class ContractBuilder {
public:
  ContractBuilder(Problem &problem, const FunctionVerdicts &verdicts,
                  const SmtLimits &limits, SmtEnvironment *environment)
      : problem(problem), verdicts(verdicts), limits(limits),
        context(problem.graph, problem.formulas, environment) {}

  Contract run() {
    Contract out;
    Conjuncts checks, requirements;
    FormulaStore &f = problem.formulas;
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
      if (ob.staticError || verdict == Verdict::Safe ||
          verdict == Verdict::Unreachable || verdict == Verdict::Error)
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
      if (tooNonlinear(ob.violation, out)) { // listed by its finding
        into.unrendered.push_back(uint32_t(k));
        continue;
      }
      into.obligations.push_back(uint32_t(k));
      into.holds.push_back(f.mkNot(ob.violation));
      into.unsatisfiable |= verdict == Verdict::UbGuaranteed;
    }
    if (checks.holds.empty() && requirements.holds.empty() &&
        checks.unrendered.empty() && requirements.unrendered.empty())
      return out;
    // The solver is built on its first query: a contract of many
    // conjuncts is listed by finding and asks none, and asserting a large
    // function's facts cost more than the rest of its contract.
    std::unique_ptr<SmtSolver> solver;
    std::optional<FormulaId> checked;
    auto solverFor = [&]() -> SmtSolver & {
      if (!solver) {
        solver = std::make_unique<SmtSolver>(context, limits);
        for (FormulaId fact : facts)
          solver->add(fact);
        if (checked)
          solver->add(*checked);
      }
      return *solver;
    };
    render(solverFor, checks, out.checked, out.checkedParts, out);
    checked = f.mkAnd(checks.holds);
    // `requires` is what runs that pass the checks need.
    if (solver)
      solver->add(*checked);
    render(solverFor, requirements, out.requires, out.requiresParts, out);
    return out;
  }

private:
  /// Products of more sizes than Z3 can take (Judge.h): kept from it, and
  /// the contract says it is not exact.
  bool tooNonlinear(FormulaId formula, Contract &out) const {
    if (problem.formulas.degreeOf(formula) <= detail::kMaxDegree)
      return false;
    out.exact = false;
    if (out.reason.empty())
      out.reason = "nonlinear arithmetic beyond the solver";
    return true;
  }

  void render(const std::function<SmtSolver &()> &solver,
              const Conjuncts &conjuncts, std::string &text,
              std::vector<ContractPart> &parts, Contract &out) {
    if (conjuncts.holds.empty() && conjuncts.unrendered.empty())
      return;
    if (conjuncts.unsatisfiable) {
      text = "false";
      return;
    }
    FormulaStore &f = problem.formulas;
    if (conjuncts.unrendered.empty() &&
        conjuncts.holds.size() <= kMaxRenderedConjuncts) {
      std::string whyNot;
      std::optional<std::string> whole =
          describeViolation(solver(), problem.graph, problem.formulas,
                            f.mkAnd(conjuncts.holds), {}, whyNot, checks);
      if (whole && whole->size() <= kMaxContractText) {
        text = *whole;
        return;
      }
      if (!whole && !whyNot.empty() && out.reason.empty())
        out.reason = "the contract as one formula: " + whyNot;
    }
    // Too large to read as one formula: its conjuncts, by finding.
    text.clear();
    for (size_t i = 0; i < conjuncts.holds.size(); ++i) {
      uint32_t k = conjuncts.obligations[i];
      std::string holds;
      if (conjuncts.holds.size() <= kMaxRenderedConjuncts) {
        std::string whyNot;
        if (std::optional<std::string> own =
                describeViolation(solver(), problem.graph, problem.formulas,
                                  conjuncts.holds[i], {}, whyNot, checks))
          holds = *own;
      }
      parts.push_back({k, byFinding(k, std::move(holds), out)});
    }
    for (uint32_t k : conjuncts.unrendered)
      parts.push_back({k, byFinding(k, "", out)});
    std::sort(parts.begin(), parts.end(),
              [](const ContractPart &a, const ContractPart &b) {
                return a.obligation < b.obligation;
              });
  }

  /// A conjunct's text: its own rendering, else its finding's condition.
  std::string byFinding(uint32_t k, std::string holds, Contract &out) const {
    if (holds.empty() && !verdicts.findings[k].condition.empty())
      holds = negated(verdicts.findings[k].condition);
    if (holds.empty()) {
      out.exact = false;
      if (out.reason.empty())
        out.reason = "a conjunct has no exact condition";
      holds = "?";
    }
    return holds;
  }

  Problem &problem; ///< its formula store gains the contract's formulas
  const FunctionVerdicts &verdicts;
  const SmtLimits &limits;
  SmtContext context;
  size_t checks = 0;
};

} // namespace

Contract computeContract(Problem &problem, const FunctionVerdicts &verdicts,
                         const SmtLimits &limits, SmtEnvironment *environment) {
  return ContractBuilder(problem, verdicts, limits, environment).run();
}

} // namespace symshape::solver
