//===- Judge.cpp - symshape's static errors against mlir-opt-16's --------===//

#include "Judge.h"

#include "symshape/driver/Session.h"

#include <algorithm>

using namespace symshape::frontend;

namespace symshape::differential {

Batch makeBatch(std::string label, std::vector<Program> programs) {
  Batch batch;
  batch.label = std::move(label);
  batch.programs = std::move(programs);
  unsigned line = 1;
  for (size_t i = 0; i < batch.programs.size(); ++i) {
    if (i) {
      batch.text += "// -----\n";
      ++line;
    }
    batch.opLines.push_back(line + 1);
    batch.text += printProgram(batch.programs[i]);
    line += 4;
  }
  return batch;
}

namespace {

/// The kind of symshape obligation that errs for a cause (SPEC 4; (d) has
/// no kind of its own, symshape files it under `broadcast`).
solver::ObligationKind expectedKind(Reason reason) {
  switch (reason) {
  case Reason::OperandClash:
  case Reason::NoOperands:
    return solver::ObligationKind::Broadcast;
  case Reason::RankBelow:
  case Reason::RankAbove:
    return solver::ObligationKind::Rank;
  case Reason::DimMismatch:
  case Reason::InferredOne:
  case Reason::StrictDynamic:
    return solver::ObligationKind::ResultCast;
  }
  return solver::ObligationKind::Broadcast;
}
/// What the erring obligation's staticNote must mention (SPEC 3 documents
/// the notes of (a), (b) and (c)), or null.
const char *expectedNote(Reason reason) {
  switch (reason) {
  case Reason::RankAbove:
  case Reason::InferredOne:
    return "mlir-opt";
  case Reason::StrictDynamic:
    return "--strict";
  default:
    return nullptr;
  }
}
bool hasDim(Reason reason) {
  return expectedKind(reason) == solver::ObligationKind::ResultCast;
}

bool contains(const std::string &text, const char *needle) {
  return text.find(needle) != std::string::npos;
}

/// Does `obligation` (a static error) stand for `cause`?
bool matches(const solver::Obligation &obligation, const Cause &cause) {
  return obligation.kind == expectedKind(cause.reason) &&
         (!hasDim(cause.reason) || obligation.dim == cause.dim);
}

/// Every obligation of a function with its verdict, for reports.
std::string describeFindings(const FunctionAnalysis &fn) {
  std::string text;
  for (size_t k = 0; k < fn.problem->obligations.size(); ++k) {
    const solver::Obligation &obligation = fn.problem->obligations[k];
    text += "    " + std::string(solver::obligationKindName(obligation.kind)) +
            " dim " + std::to_string(obligation.dim) + ": " +
            solver::verdictName(fn.verdicts.findings[k].verdict);
    const solver::Text &note = fn.problem->staticNoteOf(obligation);
    if (!note.empty())
      text += " (note: " + note + ")";
    text += "\n";
  }
  return text.empty() ? "    (no obligations)\n" : text;
}

/// The problems of one function in one mode; empty when none.
std::vector<std::string> checkFunction(const Program &program, bool strict,
                                       bool mlirRejected,
                                       const FunctionAnalysis &fn,
                                       const Module &module, Class &cls,
                                       Tally &tally) {
  std::vector<std::string> problems;
  bool modelRejects = mlirOptRejects(program);
  std::vector<Cause> causes = seedErrors(program, strict);
  std::string registry =
      registryDisagrees(program, causes, module, *fn.function, tally);
  if (!registry.empty())
    problems.push_back(registry);
  cls = classify(modelRejects, causes, mlirOptVerifiesShapes(program));
  if (modelRejects != mlirRejected)
    problems.push_back("the classifier's model of mlir-opt-16 predicts " +
                       std::string(modelRejects ? "rejection" : "acceptance"));
  if (cls == Class::ModelError)
    problems.push_back("the classifier found mlir-opt stricter than seed 000");

  const solver::Problem &problem = *fn.problem;
  std::vector<size_t> errors;
  for (size_t k = 0; k < problem.obligations.size(); ++k)
    if (fn.verdicts.findings[k].verdict == solver::Verdict::Error)
      errors.push_back(k);
  if (errors.empty() != causes.empty())
    problems.push_back(errors.empty()
                           ? "symshape reports no static error"
                           : "symshape reports a static error, seed 000 none");

  // Each cause has its erring obligation, with the note a divergence needs.
  for (const Cause &cause : causes) {
    bool found = false;
    for (size_t k : errors) {
      const solver::Obligation &obligation = problem.obligations[k];
      const char *note = expectedNote(cause.reason);
      found |= matches(obligation, cause) &&
               (!note || contains(problem.staticNoteOf(obligation), note));
    }
    if (!found)
      problems.push_back(
          "no erring " +
          std::string(solver::obligationKindName(expectedKind(cause.reason))) +
          " obligation for cause " + reasonName(cause.reason) +
          (hasDim(cause.reason) ? " at dim " + std::to_string(cause.dim)
                                : std::string()) +
          (expectedNote(cause.reason)
               ? " whose note mentions \"" +
                     std::string(expectedNote(cause.reason)) + "\""
               : std::string()));
  }

  // Each erring obligation has a cause; after an operand clash seed 000
  // stops, so what symshape says of the result is not predicted.
  bool clash = !causes.empty() && causes[0].reason == Reason::OperandClash;
  for (size_t k : errors) {
    const solver::Obligation &obligation = problem.obligations[k];
    bool explained = clash;
    for (const Cause &cause : causes)
      explained |= matches(obligation, cause);
    if (!explained)
      problems.push_back(
          "unpredicted erring " +
          std::string(solver::obligationKindName(obligation.kind)) +
          " obligation at dim " + std::to_string(obligation.dim));
    // In divergences (a) to (c), mlir-opt accepts: every error says why.
    bool divergent = cls == Class::RankAbove || cls == Class::InferredOne ||
                     cls == Class::StrictDynamic;
    const solver::Text &note = problem.staticNoteOf(obligation);
    if (divergent && !contains(note, "mlir-opt") && !contains(note, "--strict"))
      problems.push_back(
          "an erring obligation of a divergence has the note \"" + note + "\"");
  }
  return problems;
}

std::string report(const Batch &batch, size_t index, bool strict,
                   const std::string &mlirMessage, const FunctionAnalysis &fn,
                   Class cls, const std::vector<std::string> &problems) {
  const Program &program = batch.programs[index];
  std::string text =
      batch.label + ", program " + program.name +
      (strict ? " (--strict)" : "") + ":\n" + printProgram(program) +
      "  class: " + className(cls) +
      "\n  mlir-opt-16: " + (mlirMessage.empty() ? "accepts" : mlirMessage) +
      "\n  seed 000 causes:";
  for (const Cause &cause : seedErrors(program, strict))
    text += std::string(" ") + reasonName(cause.reason) +
            (hasDim(cause.reason) ? "@" + std::to_string(cause.dim) : "");
  text += "\n  symshape obligations:\n" + describeFindings(fn);
  for (const std::string &problem : problems)
    text += "  => " + problem + "\n";
  return text;
}

/// The obligations of a function, in order, as "op kind dim verdict".
std::vector<std::string> signatureOf(const FunctionAnalysis &fn) {
  std::vector<std::string> signature;
  for (size_t k = 0; k < fn.problem->obligations.size(); ++k) {
    const solver::Obligation &obligation = fn.problem->obligations[k];
    signature.push_back(fn.problem->opOf(obligation) + " " +
                        solver::obligationKindName(obligation.kind) + " " +
                        std::to_string(obligation.dim) + " " +
                        solver::verdictName(fn.verdicts.findings[k].verdict));
  }
  return signature;
}

} // namespace

std::set<std::string> acceptedFunctions(const Batch &batch,
                                        const MlirOptRun &run) {
  std::set<std::string> accepted;
  for (size_t i = 0; i < batch.programs.size(); ++i)
    if (!run.errors.count(batch.opLines[i]))
      accepted.insert(batch.programs[i].name);
  return accepted;
}

std::string checkMlirOptRun(const Batch &batch, const MlirOptRun &run) {
  std::string header = "mlir-opt-16 on " + batch.label + ": ";
  std::string output = "\noutput:\n" + run.output;
  if (!run.ran)
    return header + "did not run" + output;
  if (!run.unparsed.empty())
    return header + "an error without a split position" + output;
  if ((run.exitStatus != 0) != !run.errors.empty())
    return header + "exit status " + std::to_string(run.exitStatus) + " with " +
           std::to_string(run.errors.size()) + " errors" + output;
  for (const auto &[line, message] : run.errors) {
    bool onOp = false;
    for (size_t i = 0; i < batch.opLines.size(); ++i)
      onOp |= batch.opLines[i] == line &&
              contains(message, ("'" + batch.programs[i].op + "' op").c_str());
    if (!onOp)
      return header + "an error off the ops, on line " + std::to_string(line) +
             ": " + message + output;
  }
  return "";
}

std::string judgeBatch(const Batch &batch, const MlirOptRun &run, bool strict,
                       Tally &tally, Signatures *signatures) {
  SessionOptions options;
  options.lowering.strict = strict;
  Session session(options);
  if (!session.addFile("differential.mlir", batch.text) || !session.analyze())
    return "symshape rejects " + batch.label + ":\n" +
           session.diagnostics().renderAll();
  const auto &functions = session.files()[0]->functions;
  if (functions.size() != batch.programs.size())
    return "symshape sees " + std::to_string(functions.size()) +
           " functions in " + batch.label;
  if (signatures)
    for (const FunctionAnalysis &fn : functions)
      (*signatures)[fn.function->name] = signatureOf(fn);
  for (size_t i = 0; i < batch.programs.size(); ++i) {
    const FunctionAnalysis &fn = functions[i];
    if (fn.function->name != batch.programs[i].name)
      return "symshape's function " + std::to_string(i) + " is @" +
             fn.function->name;
    auto error = run.errors.find(batch.opLines[i]);
    std::string mlirMessage =
        error == run.errors.end() ? std::string() : error->second;
    Class cls;
    std::vector<std::string> problems =
        checkFunction(batch.programs[i], strict, !mlirMessage.empty(), fn,
                      session.files()[0]->module, cls, tally);
    ++tally.counts[cls];
    ++tally.cases;
    if (!problems.empty())
      tally.discrepancies.push_back(
          report(batch, i, strict, mlirMessage, fn, cls, problems));
  }
  return "";
}

//===----------------------------------------------------------------------===//
// Cases of the other families
//===----------------------------------------------------------------------===//

CaseBatch makeCaseBatch(std::string label, std::vector<Case> cases) {
  CaseBatch batch;
  batch.label = std::move(label);
  batch.cases = std::move(cases);
  unsigned line = 1;
  for (size_t i = 0; i < batch.cases.size(); ++i) {
    if (i) {
      batch.text += "// -----\n";
      ++line;
    }
    const std::string &text = batch.cases[i].text;
    unsigned count = unsigned(std::count(text.begin(), text.end(), '\n'));
    batch.firstLines.push_back(line);
    batch.lineCounts.push_back(count);
    batch.text += text;
    line += count;
  }
  return batch;
}

namespace {

/// The case whose text holds absolute `line`, or -1.
int caseAt(const CaseBatch &batch, unsigned line) {
  for (size_t i = 0; i < batch.cases.size(); ++i)
    if (line >= batch.firstLines[i] &&
        line < batch.firstLines[i] + batch.lineCounts[i])
      return int(i);
  return -1;
}

/// mlir-opt's first error in case `i`: its absolute line and message.
const std::pair<const unsigned, std::string> *
firstError(const CaseBatch &batch, const MlirOptRun &run, size_t i) {
  auto it = run.errors.lower_bound(batch.firstLines[i]);
  if (it == run.errors.end() ||
      it->first >= batch.firstLines[i] + batch.lineCounts[i])
    return nullptr;
  return &*it;
}

std::string describeExpected(const Expected &expected) {
  return std::string(expected.error ? "error " : "runtime ") +
         (expected.kind ? solver::obligationKindName(*expected.kind)
                        : "(any kind)") +
         (expected.dim >= 0 ? " dim " + std::to_string(expected.dim) : "");
}

/// The problems of one case; empty when none.
std::vector<std::string> checkCase(const Case &c, const std::string *mlirError,
                                   unsigned mlirLine, unsigned firstLine,
                                   const FunctionAnalysis &fn) {
  std::vector<std::string> problems;
  bool rejected = mlirError != nullptr;
  if (rejected != c.mlirRejects)
    problems.push_back("the model of mlir-opt-16 predicts " +
                       std::string(c.mlirRejects ? "rejection" : "acceptance"));
  else if (rejected && (mlirLine != firstLine + c.rejectLine ||
                        !contains(*mlirError, c.rejectMessage.c_str())))
    problems.push_back("mlir-opt-16 rejects another op or for another reason "
                       "than the predicted line " +
                       std::to_string(c.rejectLine) + ": \"" + c.rejectMessage +
                       "\"");
  if (c.cls == Class::ModelError)
    problems.push_back("the models disagree outside SPEC's divergences");

  const solver::Problem &problem = *fn.problem;
  auto verdict = [&](size_t k) { return fn.verdicts.findings[k].verdict; };
  // Static errors: exactly the predicted ones.
  std::vector<bool> used(problem.obligations.size(), false);
  for (const Expected &expected : c.expected) {
    bool found = false;
    for (size_t k = 0; k < problem.obligations.size() && !found; ++k) {
      const solver::Obligation &obligation = problem.obligations[k];
      bool isError = verdict(k) == solver::Verdict::Error;
      bool isRuntime = !isError && verdict(k) != solver::Verdict::Safe &&
                       verdict(k) != solver::Verdict::Unknown;
      if (used[k] || (expected.error ? !isError : !isRuntime) ||
          (expected.kind && obligation.kind != *expected.kind) ||
          (expected.kind && (expected.error || expected.dim >= 0) &&
           obligation.dim != expected.dim))
        continue;
      used[k] = expected.error; // a runtime finding may serve twice
      found = true;
    }
    if (!found)
      problems.push_back("no " + describeExpected(expected) + " finding");
  }
  for (size_t k = 0; k < problem.obligations.size(); ++k)
    if (verdict(k) == solver::Verdict::Error && !used[k])
      problems.push_back(
          "unpredicted erring " +
          std::string(solver::obligationKindName(problem.obligations[k].kind)) +
          " obligation at dim " + std::to_string(problem.obligations[k].dim));
  return problems;
}

std::string reportCase(const CaseBatch &batch, const Case &c,
                       const std::string &mlirMessage,
                       const FunctionAnalysis &fn,
                       const std::vector<std::string> &problems) {
  std::string text =
      batch.label + ", " + c.family + " case " + c.name + ":\n" + c.text +
      "  class: " + className(c.cls) +
      "\n  mlir-opt-16: " + (mlirMessage.empty() ? "accepts" : mlirMessage) +
      "\n  predicted: " +
      (c.mlirRejects ? "mlir-opt rejects (\"" + c.rejectMessage + "\")"
                     : std::string("mlir-opt accepts"));
  for (const Expected &expected : c.expected)
    text += "; " + describeExpected(expected);
  text += "\n  symshape obligations:\n" + describeFindings(fn);
  for (const std::string &problem : problems)
    text += "  => " + problem + "\n";
  return text;
}

} // namespace

std::set<std::string> acceptedFunctions(const CaseBatch &batch,
                                        const MlirOptRun &run) {
  std::set<std::string> accepted;
  for (size_t i = 0; i < batch.cases.size(); ++i)
    if (!firstError(batch, run, i))
      accepted.insert(batch.cases[i].name);
  return accepted;
}

std::string checkMlirOptRun(const CaseBatch &batch, const MlirOptRun &run) {
  std::string header = "mlir-opt-16 on " + batch.label + ": ";
  std::string output = "\noutput:\n" + run.output;
  if (!run.ran)
    return header + "did not run (did it crash?)" + output;
  if (!run.unparsed.empty())
    return header + "an error without a split position" + output;
  if ((run.exitStatus != 0) != !run.errors.empty())
    return header + "exit status " + std::to_string(run.exitStatus) + " with " +
           std::to_string(run.errors.size()) + " errors" + output;
  std::set<int> seen;
  for (const auto &[line, message] : run.errors) {
    int i = caseAt(batch, line);
    if (i < 0)
      return header + "an error off the functions, on line " +
             std::to_string(line) + ": " + message + output;
    if (!seen.insert(i).second)
      return header + "two errors in " + batch.cases[size_t(i)].name + output;
  }
  return "";
}

std::string judgeCaseBatch(const CaseBatch &batch, const MlirOptRun &run,
                           Tally &tally, Signatures *signatures) {
  Session session{SessionOptions()};
  if (!session.addFile("differential.mlir", batch.text) || !session.analyze())
    return "symshape rejects " + batch.label + ":\n" +
           session.diagnostics().renderAll();
  const auto &functions = session.files()[0]->functions;
  if (functions.size() != batch.cases.size())
    return "symshape sees " + std::to_string(functions.size()) +
           " functions in " + batch.label;
  for (size_t i = 0; i < batch.cases.size(); ++i) {
    const FunctionAnalysis &fn = functions[i];
    const Case &c = batch.cases[i];
    if (fn.function->name != c.name)
      return "symshape's function " + std::to_string(i) + " is @" +
             fn.function->name;
    if (signatures)
      (*signatures)[c.name] = signatureOf(fn);
    const auto *error = firstError(batch, run, i);
    std::vector<std::string> problems =
        checkCase(c, error ? &error->second : nullptr, error ? error->first : 0,
                  batch.firstLines[i], fn);
    ++tally.counts[c.cls];
    ++tally.cases;
    if (!problems.empty())
      tally.discrepancies.push_back(reportCase(
          batch, c, error ? error->second : std::string(), fn, problems));
  }
  return "";
}

//===----------------------------------------------------------------------===//
// Round trips
//===----------------------------------------------------------------------===//

std::string checkRoundTrip(const std::string &label, MlirOptPrint form,
                           const MlirOptRun &run, const Signatures &original,
                           const std::set<std::string> &accepted) {
  std::string header = std::string("mlir-opt-16's ") +
                       (form == MlirOptPrint::Generic ? "generic" : "custom") +
                       " print of " + label + ": ";
  if (!run.ran)
    return header + "mlir-opt did not run\n" + run.output;
  Session session{SessionOptions()};
  if (!session.addFile("printed.mlir", run.printed) || !session.analyze())
    return header + "symshape rejects it:\n" +
           session.diagnostics().renderAll();
  std::string problems;
  std::set<std::string> printed;
  for (const FunctionAnalysis &fn : session.files()[0]->functions) {
    const std::string &name = fn.function->name;
    printed.insert(name);
    auto it = original.find(name);
    if (it == original.end()) {
      problems += "  @" + name + " is not a function of the batch\n";
      continue;
    }
    std::vector<std::string> signature = signatureOf(fn);
    if (signature == it->second)
      continue;
    problems += "  @" + name + ": generated text:\n";
    for (const std::string &line : it->second)
      problems += "    " + line + "\n";
    problems += "  printed text:\n";
    for (const std::string &line : signature)
      problems += "    " + line + "\n";
  }
  if (printed != accepted)
    problems += "  it holds " + std::to_string(printed.size()) +
                " functions, mlir-opt accepted " +
                std::to_string(accepted.size()) + "\n";
  return problems.empty() ? "" : header + "\n" + problems;
}

} // namespace symshape::differential
