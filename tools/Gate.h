//===- Gate.h - What fails a check in CI ------------------------*- C++ -*-===//
//
// Between the judging and the report: which findings the configuration's
// [[suppress]] tables accept (with their reason) and which the --baseline
// file records, so that the report shows them as notes and only the others
// decide the exit status. Without suppressions or a baseline nothing
// changes: the report and exit status are those of Summary::fails.
//
//   symshape: gate (--fail-on=ub-possible): 1 new finding, 1 baselined,
//   1 suppressed
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TOOLS_GATE_H
#define SYMSHAPE_TOOLS_GATE_H

#include "CommandLine.h"
#include "Config.h"
#include "Findings.h"

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace symshape::tool {

/// The waivers of one run, and what they leave.
class Gate {
public:
  /// Classifies `session`'s findings: suppressed by the configuration of
  /// their file (`configOf`: file name -> configuration, null for none),
  /// then baselined by cl.baselinePath (read, or written when missing or
  /// under --write-baseline, unless `inputsFailed`: a baseline of the
  /// good inputs alone would miss the others' findings). Returns "" or an
  /// error (exit status 2).
  std::string run(const CommandLine &cl, const frontend::Session &session,
                  const solver::ReportOptions &options,
                  const std::map<std::string, const Config *> &configOf,
                  bool inputsFailed);

  /// The waiver of an entry, for ReportOptions::waiverOf.
  const solver::Waiver *waiverOf(const solver::ReportEntry &entry) const;

  /// Whether the findings that are not waived fail --fail-on=`level`.
  bool fails(solver::FailOn level) const;

  /// "symshape: gate (--fail-on=ub-possible): 1 new finding, 1
  /// baselined, 1 suppressed" (the text report's last line).
  std::string line() const;

  /// Notes for stderr: the baseline written, stale baseline entries,
  /// suppressions that matched nothing.
  const std::string &notes() const { return noteText; }

private:
  void waive(const GateFinding &finding, solver::Waiver waiver);
  std::string applyBaseline(const CommandLine &cl,
                            std::vector<const GateFinding *> &open,
                            bool inputsFailed);

  std::vector<GateFinding> findings;
  std::vector<bool> waived;
  /// Waivers are owned here; the maps point into `held`.
  std::vector<std::unique_ptr<solver::Waiver>> held;
  std::unordered_map<const void *, const solver::Waiver *> byIdentity;
  /// Ops outside functions (their OpaqueOp is a copy per report).
  std::map<std::pair<uint32_t, uint32_t>, const solver::Waiver *> byLoc;
  size_t suppressedCount = 0, baselinedCount = 0;
  solver::FailOn level = solver::FailOn::UbPossible;
  std::string noteText;
};

} // namespace symshape::tool

#endif // SYMSHAPE_TOOLS_GATE_H
