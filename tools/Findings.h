//===- Findings.h - A run's findings as the gate sees them ------*- C++ -*-===//
//
// What `check --baseline` records and a `[[suppress]]` table matches: each
// finding that can make the exit status 1, named by what stays when lines
// are added above it (file, function, op, kind, rule, the values it
// compares, its dim and condition), never by line or column:
//
//   {file: "m.mlir", function: "main", op: "stablehlo.add",
//    kind: "broadcast", rule: "broadcastable", values: ["%a", "%b"],
//    dim: 0, condition: "%a[0] not in {1, 4}"}
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TOOLS_FINDINGS_H
#define SYMSHAPE_TOOLS_FINDINGS_H

#include "symshape/driver/Session.h"

#include <string>
#include <vector>

namespace symshape::tool {

/// A finding's identity, free of positions.
struct FindingKey {
  std::string file;     ///< as given on the command line
  std::string function; ///< without '@'; "" for an op outside functions
  std::string op;
  std::string kind; ///< obligation kind, or "coverage" for an opaque op
  std::string rule; ///< ReportEntry::rule ("coverage" for an opaque op)
  /// The values whose sizes it compares, in order, each once.
  std::vector<std::string> values;
  int dim = -1;
  /// The condition (SPEC 6), or why an opaque op is opaque; may be empty.
  std::string condition;
  bool operator==(const FindingKey &o) const;
  bool operator<(const FindingKey &o) const;
};

/// One finding that can fail the run, with what renders it.
struct GateFinding {
  FindingKey key;
  solver::Verdict verdict = solver::Verdict::Safe;
  /// An opaque op that is not a coverage error: fails only --fail-on=opaque.
  bool opaqueOnly = false;
  /// The entry's obligation, or its opaque op (in a function or outside
  /// any): how the reports ask for its waiver.
  const solver::Obligation *obligation = nullptr;
  const solver::OpaqueOp *opaque = nullptr;
  solver::Location loc; ///< for an op outside functions
  /// Whether it makes `check --fail-on=level` exit with 1 (the per-entry
  /// form of Summary::fails).
  bool fails(solver::FailOn level) const;
};

/// Every finding of `session` (of function `only`, when given) that some
/// --fail-on level fails on: the obligations that are not safe but the
/// runtime checks that can fail (the input contract), and the opaque ops
/// (in functions, and outside them unless `only` is given).
std::vector<GateFinding> collectFindings(const frontend::Session &session,
                                         const solver::ReportOptions &options,
                                         const std::string &only);

} // namespace symshape::tool

#endif // SYMSHAPE_TOOLS_FINDINGS_H
