//===- Checker.cpp - Runs one Program through symshape and compares -------===//

#include "CheckerImpl.h"

#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace symshape::property {

using frontend::FunctionAnalysis;
using solver::Finding;
using solver::Verdict;

namespace checker_impl {

std::string describeFinding(const Finding &finding) {
  std::string out = solver::verdictName(finding.verdict);
  if (!finding.condition.empty())
    out += ", condition \"" + finding.condition + "\"";
  if (!finding.witness.empty()) {
    out += ", witness {";
    for (size_t i = 0; i < finding.witness.size(); ++i)
      out += (i ? ", " : "") + finding.witness[i].first + " = " +
             std::to_string(finding.witness[i].second);
    out += "}";
  }
  if (!finding.reason.empty())
    out += ", reason \"" + finding.reason + "\"";
  return out;
}

bool Checker::checkStructure() {
  const auto &got = fn.problem->obligations;
  bool same = got.size() == model.obligations.size() &&
              verdicts.findings.size() == got.size();
  for (size_t k = 0; same && k < got.size(); ++k) {
    const ModelObligation &ob = model.obligations[k];
    bool assume = ob.kind == ModelKind::Assume;
    same = obligationKindName(got[k].kind) ==
               std::string(modelKindName(ob.kind)) &&
           got[k].dim == ob.dim &&
           (assume || fn.problem->opOf(got[k]) == ob.op) &&
           (assume || got[k].staticError == ob.staticError);
  }
  if (same)
    return true;
  std::ostringstream os;
  os << "symshape's obligations:";
  for (const solver::Obligation &ob : got)
    os << "\n    " << obligationKindName(ob.kind) << " dim " << ob.dim << " ("
       << fn.problem->opOf(ob) << ")"
       << (ob.staticError ? " static error" : "");
  os << "\n  expected obligations:";
  for (size_t k = 0; k < model.obligations.size(); ++k)
    os << "\n    " << obligationName(k)
       << (model.obligations[k].staticError ? " static error" : "");
  fail("obligation list differs", std::nullopt, os.str());
  return false;
}

void Checker::checkVerdict(size_t k) {
  const Finding &finding = verdicts.findings[k];
  const Expected &e = oracle.expected()[k];
  Verdict got = finding.verdict;
  if (e.ambiguous) {
    fail("model has an undefined violation (generator bug)", k);
    return;
  }
  if (got == Verdict::Unknown) {
    if (finding.reason.empty())
      fail("unknown verdict without a reason", k);
    return;
  }
  if (got == e.verdict)
    return;
  if (got == Verdict::Error || e.verdict == Verdict::Error) {
    fail(got == Verdict::Error ? "error where the static rules allow it"
                               : "no error where the static rules demand one",
         k);
    return;
  }
  switch (got) {
  case Verdict::Safe:
    if (e.violating)
      fail("unsound safe", k,
           "reaches and violates at " + assignmentText(*e.violatingExample));
    else
      fail("safe, but the obligation is unreachable", k);
    return;
  case Verdict::Unreachable: {
    std::optional<size_t> index =
        e.violatingExample ? e.violatingExample : e.holdingExample;
    fail(index ? "unsound unreachable" : "verdict differs", k,
         index ? "reaches at " + assignmentText(*index) : "");
    return;
  }
  case Verdict::UbGuaranteed:
    if (e.holdingExample)
      fail("ub-guaranteed, but some assignment reaches without violating", k,
           "reaches and holds at " + assignmentText(*e.holdingExample));
    else
      fail("ub-guaranteed, but nothing reaches the obligation", k);
    return;
  case Verdict::UbPossible:
    if (!e.violatingExample)
      fail("ub-possible, but no reaching assignment violates", k);
    else
      fail("ub-possible, but every reaching assignment violates", k,
           "e.g. " + assignmentText(*e.violatingExample));
    return;
  default:
    fail("verdict differs", k);
  }
}

void Checker::checkWitness(size_t k) {
  const Finding &finding = verdicts.findings[k];
  bool needed = finding.verdict == Verdict::UbPossible ||
                finding.verdict == Verdict::UbGuaranteed;
  if (needed && !finding.hasWitness)
    fail("non-safe finding without a witness", k);
  if (!needed && !finding.hasWitness)
    return;
  ++tally.witnesses;
  // SPEC 4: a witness names the free symbols whose value is not 1; every
  // symbol it does not name is 1. Under that one assignment the facts hold,
  // the op is reached (no earlier obligation violated) and it violates the
  // obligation.
  std::vector<int64_t> values(model.symbols.size(), 1);
  std::vector<bool> named(model.symbols.size(), false);
  std::string problem;
  for (const auto &[name, value] : finding.witness) {
    size_t i = 0;
    while (i < model.symbols.size() && model.symbols[i].name != name)
      ++i;
    if (i == model.symbols.size()) {
      problem += " names " + name + ", not a free symbol;";
      continue;
    }
    if (named[i])
      problem += " names " + name + " twice;";
    if (value == 1)
      problem += " names " + name + " = 1 (an unnamed size is 1);";
    named[i] = true;
    values[i] = value;
  }
  if (!problem.empty()) {
    std::string all;
    for (const Symbol &s : model.symbols)
      all += " " + s.name;
    fail("witness is not an assignment of the sizes other than 1", k,
         "witness" + problem + " free symbols:" + all);
    return;
  }
  Evaluation eval;
  evaluate(program, model, values, eval);
  if (!eval.factsHold)
    fail("witness does not reach the obligation", k,
         "a fact (type, min-dim, assumption) fails at " +
             oracle.describe(values));
  else if (!oracle.reachesAt(k, eval))
    fail("witness does not reach the obligation", k,
         "an earlier obligation is violated at " + oracle.describe(values));
  else if (eval.violated[k] != 1)
    fail("witness does not violate the obligation", k,
         "at " + oracle.describe(values));
}

void Checker::checkConditions() {
  frontend::SourceManager sources;
  frontend::DiagnosticEngine diags(sources);
  std::vector<std::pair<size_t, frontend::Expr>> conditions;
  for (size_t k = 0; k < model.obligations.size(); ++k) {
    const Finding &finding = verdicts.findings[k];
    if (finding.verdict != Verdict::UbPossible &&
        finding.verdict != Verdict::UbGuaranteed)
      continue;
    if (finding.condition.empty()) {
      if (finding.verdict == Verdict::UbPossible)
        fail("ub-possible without a condition", k);
      continue;
    }
    uint32_t id =
        sources.addBuffer("<condition>", std::string(finding.condition));
    std::optional<frontend::Expr> expr =
        frontend::parseExpr(sources.buffer(id), {id, 0}, diags);
    if (!expr) {
      fail("condition does not parse", k, diags.renderAll());
      diags.clear();
      continue;
    }
    conditions.emplace_back(k, std::move(*expr));
  }
  if (conditions.empty())
    return;
  tally.conditions += conditions.size();
  std::vector<bool> reported(model.obligations.size(), false);
  Evaluation eval;
  for (size_t index = 0; index < oracle.size(); ++index) {
    bool evaluated = false;
    for (const auto &[k, expr] : conditions) {
      if (reported[k] || !oracle.reaches(k, index))
        continue;
      if (!evaluated) {
        evaluate(program, model, oracle.assignment(index), eval);
        evaluated = true;
      }
      std::optional<bool> value = evalCondition(expr, program, model, eval);
      bool violated = oracle.violated(k, index) == 1;
      bool guaranteed = verdicts.findings[k].verdict == Verdict::UbGuaranteed;
      if (!value) {
        fail("condition names a value or dim the model cannot evaluate", k,
             "at " + assignmentText(index));
      } else if (*value != violated && !(guaranteed && *value)) {
        fail("condition is not exact", k,
             "at " + assignmentText(index) + " (reaching) the condition is " +
                 (*value ? "true" : "false") + " but the obligation " +
                 (violated ? "is violated" : "holds"));
      } else {
        continue;
      }
      reported[k] = true;
    }
  }
}

} // namespace checker_impl

using checker_impl::Checker;
using checker_impl::describeFinding;

/// Which features `program` exercises, for the run's summary.
void countFeatures(const Program &program, const Model &model, Tally &tally) {
  std::set<std::string> seen;
  if (program.minDim)
    seen.insert("min-dim");
  if (program.strict)
    seen.insert("strict");
  if (!program.attrAssumes.empty())
    seen.insert("attribute-assume");
  if (!program.sessionAssumes.empty())
    seen.insert("session-assume");
  for (const Op &op : program.ops) {
    seen.insert(op.kind == OpKind::Opaque ? "opaque" : op.name);
    seen.insert(std::string("family:") + opFamily(op.kind));
    if (op.kind == OpKind::Linalg && op.rfc)
      seen.insert("linalg-rfc-form");
    for (int operand : op.operands) {
      const TensorType &type = program.values[operand].type;
      if (op.kind == OpKind::Broadcast)
        seen.insert(type.scalar         ? "non-tensor-operand"
                    : !type.ranked      ? "unranked-operand"
                    : type.dims.empty() ? "rank-0-operand"
                                        : "ranked-operand");
    }
    if (op.operands.empty() && op.kind == OpKind::Broadcast)
      seen.insert("no-operand");
  }
  if (!model.facts.empty())
    seen.insert("fact");
  for (const Symbol &symbol : model.symbols)
    if (symbol.unbounded)
      seen.insert("index-argument");
  for (const Term &term : model.terms)
    if (term.kind == Term::Kind::Mul)
      seen.insert("nonlinear-size");
    else if (term.kind == Term::Kind::Add || term.kind == Term::Kind::Sub)
      seen.insert("size-arithmetic");
  for (const std::string &feature : seen)
    ++tally.features[feature];
}

void checkProgram(const Program &program, const CheckOptions &options,
                  Tally &tally) {
  ++tally.programs;
  Model model = buildModel(program);
  if (options.mutateModel)
    options.mutateModel(model);
  Oracle oracle(program, model);
  tally.assignments += oracle.size();
  countFeatures(program, model, tally);

  frontend::SessionOptions sessionOptions;
  sessionOptions.lowering.minDim = program.minDim;
  sessionOptions.lowering.strict = program.strict;
  sessionOptions.judge.fastPaths = options.fastPaths;
  sessionOptions.computeShapes = options.shapes;
  frontend::Session session(sessionOptions);
  std::string name = "property_" + std::to_string(program.seed) + ".mlir";
  bool ok = session.addFile(name, program.text());
  for (const Assume &assume : program.sessionAssumes)
    ok = ok && session.addAssumption(program.print(assume));
  ok = ok && session.analyze();
  if (!ok || session.files().size() != 1 ||
      session.files()[0]->functions.size() != 1 ||
      !session.files()[0]->functions[0].problem) {
    std::ostringstream os;
    os << "=== property failure (" << program.options()
       << "): symshape rejected the program\n"
       << program.text() << session.diagnostics().renderAll();
    tally.failures.push_back(os.str());
    tally.failingSeeds.push_back(program.seed);
    return;
  }
  const FunctionAnalysis &fn = session.files()[0]->functions[0];
  solver::FunctionVerdicts verdicts = fn.verdicts;
  if (options.mutate)
    options.mutate(*fn.problem, verdicts);
  if (options.verbose) {
    std::cout << "--- " << program.options() << "\n" << program.text();
    for (size_t k = 0; k < verdicts.findings.size(); ++k) {
      const solver::Obligation &ob = fn.problem->obligations[k];
      std::cout << "  #" << k << " " << obligationKindName(ob.kind) << " dim "
                << ob.dim << ": " << describeFinding(verdicts.findings[k])
                << "\n";
    }
  }
  Checker(program, model, oracle, fn, verdicts, options, tally)
      .run(session.files()[0]->module);
}

} // namespace symshape::property
