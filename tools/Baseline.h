//===- Baseline.h - The findings a team accepted ----------------*- C++ -*-===//
//
// `check --baseline FILE`: a versioned JSON file of finding keys
// (Findings.h), written when FILE does not exist (or under
// --write-baseline) and read otherwise. A finding an entry matches is
// reported as baselined and does not fail the run; each entry matches one
// finding (two identical findings need two entries); entries that match
// none are stale. docs/USAGE.md describes the format:
//
//   {"version": 1, "findings": [
//     {"file": "m.mlir", "function": "main", "op": "stablehlo.add",
//      "kind": "broadcast", "rule": "broadcastable", "values": ["%a", "%b"],
//      "dim": 0, "condition": "%a[0] not in {1, 4}", "verdict":
//      "ub-possible"}]}
//
// `file` is relative to the baseline's directory, so that a baseline
// written from one directory matches a run from another.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TOOLS_BASELINE_H
#define SYMSHAPE_TOOLS_BASELINE_H

#include "Findings.h"

#include <optional>
#include <string>
#include <vector>

namespace symshape::tool {

/// The version of the baseline format this tool reads and writes.
inline constexpr int kBaselineVersion = 1;

/// `file` as the baseline at `baselinePath` names it: relative to the
/// baseline's directory ("<stdin>" stays).
std::string baselineFileName(const std::string &baselinePath,
                             const std::string &file);

/// Reads a baseline; nullopt and `error` ("b.json: error: ...") when it
/// cannot be read or is not a baseline.
std::optional<std::vector<FindingKey>> readBaseline(const std::string &path,
                                                    std::string &error);

/// The baseline of `findings` (keys with baselineFileName's file), sorted,
/// as JSON.
std::string renderBaseline(const std::string &baselinePath,
                           const std::vector<const GateFinding *> &findings);

/// Which of `findings` the baseline's `entries` match, each entry used
/// once (in the findings' order); what is left of `entries` is stale.
std::vector<bool>
matchBaseline(const std::string &baselinePath,
              const std::vector<const GateFinding *> &findings,
              std::vector<FindingKey> &entries);

/// A key as one line for a note: "@main: stablehlo.add [broadcast,
/// broadcastable] %a, %b dim 0 when %a[0] not in {1, 4} (m.mlir)".
std::string describeKey(const FindingKey &key);

} // namespace symshape::tool

#endif // SYMSHAPE_TOOLS_BASELINE_H
