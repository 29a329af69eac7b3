//===- Session.cpp - Parse, lower and judge a set of files ----------------===//

#include "symshape/frontend/Session.h"

#include "symshape/frontend/Parser.h"

namespace symshape::frontend {

Session::Session(SessionOptions options) : options(std::move(options)) {}

bool Session::addFile(std::string name, std::string text) {
  uint32_t buffer = sourceManager.addBuffer(name, std::move(text));
  std::optional<Module> module = parseModule(sourceManager, buffer, diags);
  if (!module)
    return false;
  auto file = std::make_unique<FileAnalysis>();
  file->name = std::move(name);
  file->buffer = buffer;
  file->module = std::move(*module);
  fileList.push_back(std::move(file));
  return true;
}

bool Session::addAssumption(std::string text) {
  uint32_t buffer = sourceManager.addBuffer("<command-line>", text);
  SourceLoc start{buffer, 0};
  std::optional<Expr> expr =
      parseExpr(sourceManager.buffer(buffer), start, diags);
  if (!expr)
    return false;
  options.lowering.assumptions.push_back(
      {std::move(*expr), std::move(text), start});
  return true;
}

bool Session::analyze() {
  std::vector<bool> used(options.lowering.assumptions.size(), false);
  for (std::unique_ptr<FileAnalysis> &file : fileList) {
    for (const Function &function : file->module.functions) {
      if (function.isDeclaration)
        continue;
      FunctionAnalysis analysis;
      analysis.function = &function;
      analysis.problem = lowerFunction(function, options.lowering, diags, used);
      if (!analysis.problem)
        return false;
      file->functions.push_back(std::move(analysis));
    }
  }
  for (size_t i = 0; i < used.size(); ++i)
    if (!used[i]) {
      diags.error(options.lowering.assumptions[i].loc,
                  "the assumption names no value of any function");
      return false;
    }
  for (std::unique_ptr<FileAnalysis> &file : fileList)
    for (FunctionAnalysis &analysis : file->functions) {
      analysis.verdicts =
          solver::judgeFunction(*analysis.problem, options.judge);
      if (options.computeShapes)
        analysis.shapes =
            solver::refineShapes(*analysis.problem, options.judge.limits);
      totals.add(analysis.verdicts);
      const solver::JudgeStats &s = analysis.verdicts.stats;
      statTotals.decidedStatically += s.decidedStatically;
      statTotals.decidedBySolver += s.decidedBySolver;
      statTotals.unknown += s.unknown;
      statTotals.solverChecks += s.solverChecks;
    }
  return true;
}

std::string Session::format(solver::Location loc) const {
  return sourceManager.format(fromSolver(loc));
}

std::string Session::json() const {
  std::vector<solver::FileReport> reports;
  for (const std::unique_ptr<FileAnalysis> &file : fileList) {
    solver::FileReport report;
    report.file = file->name;
    for (const FunctionAnalysis &analysis : file->functions)
      report.functions.push_back(
          {analysis.problem.get(), &analysis.verdicts,
           analysis.shapes ? &*analysis.shapes : nullptr});
    reports.push_back(std::move(report));
  }
  return solver::renderJson(
      reports, totals, [this](solver::Location loc) { return format(loc); });
}

std::string Session::text() const {
  using Severity = solver::ReportMessage::Severity;
  DiagnosticEngine printer(sourceManager);
  std::string out;
  for (const std::unique_ptr<FileAnalysis> &file : fileList)
    for (const FunctionAnalysis &analysis : file->functions)
      for (const solver::ReportMessage &message :
           solver::describeFindings(*analysis.problem, analysis.verdicts)) {
        if (message.severity == Severity::Note) {
          out += format(message.loc) + ": note: " + message.text + "\n";
          continue;
        }
        Diagnostic diag;
        diag.loc = fromSolver(message.loc);
        diag.severity = message.severity == Severity::Error
                            ? frontend::Severity::Error
                            : frontend::Severity::Warning;
        diag.message = message.text;
        out += printer.render(diag);
      }
  return out + "symshape: " + totals.line() + "\n";
}

} // namespace symshape::frontend
