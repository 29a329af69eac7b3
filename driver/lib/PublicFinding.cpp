//===- PublicFinding.cpp - The public API's value types -------------------===//
//
// Findings, conditions, locations and diagnostics as symshape/symshape.h
// gives them, made from the internal session's obligations, verdicts and
// diagnostics.
//
//===----------------------------------------------------------------------===//

#include "PublicSession.h"

#include "symshape/reports/Report.h"

#include <ostream>

namespace symshape {

// The public enum lists the internal one's severities in its order.
static_assert(int(Severity::Error) == int(frontend::Severity::Error) &&
              int(Severity::Warning) == int(frontend::Severity::Warning) &&
              int(Severity::Note) == int(frontend::Severity::Note));

const char *severityName(Severity severity) {
  return frontend::severityName(frontend::Severity(int(severity)));
}

const char *verdictName(Verdict verdict) {
  return solver::verdictName(solver::Verdict(int(verdict)));
}

std::ostream &operator<<(std::ostream &os, Verdict verdict) {
  return os << verdictName(verdict);
}

std::string Diagnostic::location() const {
  return file + ":" + std::to_string(line) + ":" + std::to_string(col);
}

std::string Location::str() const {
  return file + ":" + std::to_string(line) + ":" + std::to_string(col);
}

std::ostream &operator<<(std::ostream &os, const Location &loc) {
  return os << loc.str();
}

namespace detail {

// The public enums mirror the internal ones value for value.
static_assert(int(Verdict::Error) == int(solver::Verdict::Error) &&
                  int(Verdict::UbGuaranteed) ==
                      int(solver::Verdict::UbGuaranteed) &&
                  int(Verdict::Unreachable) ==
                      int(solver::Verdict::Unreachable),
              "symshape::Verdict and solver::Verdict differ");

Diagnostic toDiagnostic(const frontend::Session &session,
                        const frontend::Diagnostic &diag) {
  Diagnostic out;
  out.file = session.sources().name(diag.loc.buffer);
  frontend::LineCol lineCol = session.sources().lineCol(diag.loc);
  out.line = lineCol.line;
  out.col = lineCol.col;
  switch (diag.severity) {
  case frontend::Severity::Error:
    out.severity = Severity::Error;
    break;
  case frontend::Severity::Warning:
    out.severity = Severity::Warning;
    break;
  default:
    out.severity = Severity::Note;
    break;
  }
  out.message = diag.message;
  // Rendering reads only the sources: an engine of its own will do.
  out.rendered = frontend::DiagnosticEngine(session.sources()).render(diag);
  return out;
}

Diagnostic plainError(std::string message) {
  Diagnostic out;
  out.severity = Severity::Error;
  out.rendered = "error: " + message + "\n";
  out.message = std::move(message);
  return out;
}

Location toLocation(const frontend::Session &session, solver::Location loc) {
  solver::SourcePosition position = session.position(loc);
  return {position.file, position.line, position.column};
}

Finding toFinding(const FunctionData &data, size_t k) {
  const solver::Problem &problem = *data.analysis->problem;
  const solver::Obligation &ob = problem.obligations[k];
  const solver::Finding &verdict = data.analysis->verdicts.findings[k];
  Finding out;
  out.kind = solver::obligationKindName(ob.kind);
  out.rule = std::string(solver::ruleOf(problem, ob));
  out.op = std::string(problem.opOf(ob).view());
  out.subject = solver::describeSubject(problem, ob);
  out.message = solver::findingMessage(problem, ob, verdict);
  out.loc = toLocation(*data.session, problem.locOf(ob));
  for (const solver::CallSite &call :
       problem.callStacks[problem.callStackOf(ob)])
    out.callStack.push_back({call.caller, toLocation(*data.session, call.loc)});
  out.dim = ob.dim;
  out.verdict = Verdict(int(verdict.verdict));
  out.runtimeCheck = solver::isRuntimeCheck(ob.kind);
  switch (solver::severityOf(verdict.verdict, out.runtimeCheck)) {
  case solver::ReportMessage::Severity::Error:
    out.severity = Severity::Error;
    break;
  case solver::ReportMessage::Severity::Warning:
    out.severity = Severity::Warning;
    break;
  case solver::ReportMessage::Severity::Note:
    out.severity = Severity::Note;
    break;
  }
  out.condition = verdict.condition.formula();
  out.hasWitness = verdict.hasWitness;
  for (const auto &[name, value] : verdict.witness)
    out.witness.emplace_back(name, value);
  out.reason = std::string(verdict.reason.view());
  out.index = k;
  return out;
}

} // namespace detail
} // namespace symshape
