//===- Report.h - Findings as messages, summaries and JSON ------*- C++ -*-===//
//
// Reports read a Problem and its verdicts; they never analyse. Locations are
// printed through a callback, since only the frontend knows file names:
//
//   x.mlir:3:8: warning: the broadcast of operand sizes %a[0] and 4
//     (result dim 0) can fail at runtime [broadcast, ub-possible]
//   x.mlir:3:8: note: UB exactly when %a[0] not in {1, 4}
//   x.mlir:3:8: note: for example %a[0] = 2
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_REPORT_H
#define SYMSHAPE_SOLVER_REPORT_H

#include "symshape/solver/Problem.h"
#include "symshape/solver/Refinement.h"
#include "symshape/solver/Verdicts.h"

#include <array>
#include <functional>
#include <string>
#include <vector>

namespace symshape::solver {

/// Turns a Location into "file:line:col".
using LocationFormatter = std::function<std::string(Location)>;

/// One line of compiler-style output.
struct ReportMessage {
  enum class Severity { Error, Warning, Note };
  Location loc;
  Severity severity = Severity::Note;
  std::string text;
};

/// The one-sentence description of a finding ("... can fail at runtime").
std::string findingMessage(const Problem &problem, const Obligation &obligation,
                           const Finding &finding);

/// For every finding that is not safe: an error (static errors) or a warning
/// (runtime verdicts), then notes with the condition, witness and reason.
std::vector<ReportMessage> describeFindings(const Problem &problem,
                                            const FunctionVerdicts &verdicts);

/// Counts of obligations per verdict, in Verdict order.
struct Summary {
  std::array<size_t, 6> counts{};
  void add(const FunctionVerdicts &verdicts);
  size_t total() const;
  /// "12 obligations: 10 safe, 1 ub-possible, 0 ub-guaranteed, 1 error,
  /// 0 unreachable, 0 unknown".
  std::string line() const;
};

/// One analysed function, for the JSON report.
struct FunctionReport {
  const Problem *problem = nullptr;
  const FunctionVerdicts *verdicts = nullptr;
  /// Most specific shapes for `values`; without them, dims are printed as
  /// the lowering left them.
  const ShapeRefinement *shapes = nullptr;
};

struct FileReport {
  std::string file;
  std::vector<FunctionReport> functions;
};

/// The `check --json` document of SPEC section 7.
std::string renderJson(const std::vector<FileReport> &files,
                       const Summary &summary,
                       const LocationFormatter &formatLoc);

/// The dim graphs of `files` as one Graphviz DOT digraph, a cluster per
/// function: dims labelled with source names and refined values,
/// obligations as boxes coloured by verdict.
std::string renderDot(const std::vector<FileReport> &files,
                      const LocationFormatter &formatLoc);

/// JSON string literal for `text` (quotes included).
std::string jsonQuote(const std::string &text);

/// `text` with every byte that is not part of well-formed UTF-8 replaced
/// by U+FFFD, for output formats that must be Unicode (JSON, DOT): source
/// text reaches names and types as it is. "a\xffb" -> "a\uFFFDb".
std::string validUtf8(const std::string &text);

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_REPORT_H
