//===- Findings.cpp - A run's findings as the gate sees them --------------===//

#include "Findings.h"

#include <algorithm>
#include <tuple>

namespace symshape::tool {

namespace {

auto tie(const FindingKey &k) {
  return std::tie(k.file, k.function, k.op, k.kind, k.rule, k.values, k.dim,
                  k.condition);
}

/// The values an obligation compares, each once, in order.
std::vector<std::string> valuesOf(const solver::Problem &problem,
                                  const solver::Obligation &ob) {
  std::vector<std::string> names;
  for (uint32_t i = 0; i < ob.refCount; ++i) {
    uint32_t value = problem.dimRefs[ob.refBegin + i].value;
    if (value >= problem.values.size())
      continue;
    std::string name(problem.values[value].name.view());
    if (std::find(names.begin(), names.end(), name) == names.end())
      names.push_back(std::move(name));
  }
  return names;
}

/// An opaque op as a finding: a coverage error under --require-coverage,
/// else a finding of --fail-on=opaque only.
GateFinding opaqueFinding(const std::string &file, const std::string &function,
                          const solver::OpaqueOp &op, bool requireCoverage) {
  GateFinding finding;
  finding.key.file = file;
  finding.key.function = function;
  finding.key.op = op.op;
  finding.key.kind = "coverage";
  finding.key.rule = "coverage";
  finding.key.condition = op.reason;
  finding.verdict = solver::Verdict::Error;
  finding.opaqueOnly = !requireCoverage;
  finding.loc = op.loc;
  return finding;
}

} // namespace

bool FindingKey::operator==(const FindingKey &o) const {
  return tie(*this) == tie(o);
}

bool FindingKey::operator<(const FindingKey &o) const {
  return tie(*this) < tie(o);
}

bool GateFinding::fails(solver::FailOn level) const {
  using solver::FailOn;
  if (opaqueOnly)
    return level == FailOn::Opaque;
  if (verdict == solver::Verdict::Error)
    return true;
  if (verdict == solver::Verdict::UbGuaranteed)
    return level >= FailOn::UbGuaranteed;
  return level >= FailOn::UbPossible; // ub-possible, unreachable, unknown
}

std::vector<GateFinding> collectFindings(const frontend::Session &session,
                                         const solver::ReportOptions &options,
                                         const std::string &only) {
  std::vector<GateFinding> out;
  for (const auto &file : session.files()) {
    for (const frontend::FunctionAnalysis &fn : file->functions) {
      if (!only.empty() && fn.function->name != only)
        continue;
      const solver::Problem &problem = *fn.problem;
      solver::FunctionReport report;
      report.problem = &problem;
      report.verdicts = &fn.verdicts;
      report.impliedBy = &fn.impliedBy;
      // The opaque ops are added below, coverage errors or not.
      solver::ReportOptions obligationsOnly;
      solver::ReportList entries(report, obligationsOnly, false);
      for (size_t i = 0; i < entries.size(); ++i) {
        solver::ReportEntry entry = entries[i];
        if (!entry.obligation || entry.verdict == solver::Verdict::Safe)
          continue;
        if (entry.verdict == solver::Verdict::UbPossible &&
            solver::isRuntimeCheck(entry.obligation->kind))
          continue; // the input contract, never a failure
        GateFinding finding;
        finding.key.file = file->name;
        finding.key.function = problem.function;
        finding.key.op = std::string(entry.op);
        finding.key.kind = std::string(entry.kind);
        finding.key.rule = std::string(entry.rule);
        finding.key.values = valuesOf(problem, *entry.obligation);
        finding.key.dim = entry.dim;
        finding.key.condition = std::string(entry.finding->condition.view());
        finding.verdict = entry.verdict;
        finding.obligation = entry.obligation;
        finding.loc = entry.loc;
        out.push_back(std::move(finding));
      }
      for (const solver::OpaqueOp &op : problem.opaque) {
        out.push_back(opaqueFinding(file->name, problem.function, op,
                                    options.requireCoverage));
        out.back().opaque = &op;
      }
    }
    if (only.empty())
      for (const frontend::SkippedOp &skipped : file->module.skipped) {
        solver::OpaqueOp op{frontend::toSolver(skipped.loc), skipped.op,
                            skipped.reason};
        out.push_back(
            opaqueFinding(file->name, "", op, options.requireCoverage));
      }
  }
  return out;
}

} // namespace symshape::tool
