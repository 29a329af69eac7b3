//===- Report.h - Findings as messages, summaries, JSON, SARIF --*- C++ -*-===//
//
// Reports read a Problem and its verdicts; they never analyse. Locations are
// resolved through a callback, since only the frontend knows file names:
//
//   x.mlir:3:8: warning: the broadcast of operand sizes %a[0] and 4
//     (result dim 0) can fail at runtime [broadcast, ub-possible]
//   x.mlir:3:8: note: UB exactly when %a[0] not in {1, 4}
//   x.mlir:3:8: note: for example %a[0] = 2
//
// Every report lists the same entries (`reportEntries`): one per obligation
// and, under --require-coverage, one `coverage` error per opaque op.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_REPORTS_REPORT_H
#define SYMSHAPE_REPORTS_REPORT_H

#include "symshape/solver/Contract.h"
#include "symshape/solver/Explain.h"
#include "symshape/solver/Problem.h"
#include "symshape/solver/Refinement.h"
#include "symshape/solver/Verdicts.h"

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace symshape::solver {

/// The version of the `check --json` document (its schema is
/// schema/symshape-report.schema.json). The major number changes when a
/// field changes meaning or goes away, the minor one when fields are added.
inline constexpr const char *kJsonReportVersion = "1.4";

/// A position in the exporter's own source (the model's Python file), as
/// an op's `loc(...)` gives it: line and column as written there.
struct SourceFrame {
  std::string file;
  uint32_t line = 0;
  uint32_t column = 0;
  /// The function the position lies in, when the exporter names it.
  std::string function;
  /// "file:line:col".
  std::string str() const;
};

/// Where the exporter says an op came from.
struct SourceOrigin {
  /// The op's name path ("jit(f)/jit(main)/add"); empty when none.
  std::string name;
  /// The op's own position first, then the positions that called it,
  /// innermost first; empty when the exporter names no position.
  std::vector<SourceFrame> frames;
};

/// A location as reports print it: 1-based line and byte column.
struct SourcePosition {
  std::string file;
  uint32_t line = 1;
  uint32_t column = 1;
  /// The column counted in Unicode code points (SARIF's `unicodeCodePoints`).
  uint32_t characterColumn = 1;
  /// What the op's `loc(...)` says (for a Location with a `source`).
  SourceOrigin origin;
  /// "file:line:col".
  std::string str() const;
};

/// Where reports place a finding whose op carries the exporter's position
/// (`loc("model.py":12:4)`): `check --loc=both|source|mlir`.
enum class LocationMode : uint8_t {
  /// At the exporter's position; the MLIR op (text: a note with its source
  /// line; SARIF: a related location) and the exporter's callers follow.
  Both,
  /// At the exporter's position only (as mlir-opt reports at an op's loc).
  Source,
  /// At the MLIR op only, as if the input had no locations.
  Mlir,
};

/// Resolves a solver Location.
using PositionResolver = std::function<SourcePosition(Location)>;

/// A contract's `reason` as reports print it: with the position of the op
/// it names, when it names one ("the runtime check cf.assert is opaque
/// (...) (at x.mlir:7:5)").
inline std::string contractReason(const Contract &contract,
                                  const PositionResolver &resolve) {
  if (!contract.reasonLoc || !resolve) // no resolver: no position to add
    return contract.reason;
  return contract.reason + " (at " + resolve(*contract.reasonLoc).str() + ")";
}

/// One line of compiler-style output.
struct ReportMessage {
  enum class Severity { Error, Warning, Note };
  Location loc;
  Severity severity = Severity::Note;
  std::string text;
  /// The finding's kind and verdict on its first line (an error or a
  /// warning); empty kind on the notes that follow it.
  std::string_view kind;
  Verdict verdict = Verdict::Safe;
  /// Printed at this position of the exporter's source instead of at
  /// `loc` (a file symshape does not read: no source line).
  std::optional<SourceFrame> at;
  /// A note printed with the source line at `loc` and a caret under it, as
  /// a finding's own line (one with a `kind`) is: the MLIR op of a finding
  /// placed at the exporter's position.
  bool showSource = false;
};

/// SPEC.md §7's one severity mapping, for the text, the JSON, SARIF and
/// the plugin alike: `error` and `ub-guaranteed` are errors; `ub-possible`,
/// `unknown` and `unreachable` warnings; a runtime check that can fail
/// (the input contract) and a safe one (redundant) notes.
ReportMessage::Severity severityOf(Verdict verdict, bool runtimeCheck);
/// "error", "warning" or "note".
const char *severityName(ReportMessage::Severity severity);

/// The one-sentence description of a finding ("... can fail at runtime").
std::string findingMessage(const Problem &problem, const Obligation &obligation,
                           const Finding &finding);
/// findingMessage, appended to `out`.
void appendFindingMessage(std::string &out, const Problem &problem,
                          const Obligation &obligation, const Finding &finding);

/// One analysed function, as the reports see it.
struct FunctionReport {
  const Problem *problem = nullptr;
  const FunctionVerdicts *verdicts = nullptr;
  /// Most specific shapes for `values`; without them, dims are printed as
  /// the lowering left them.
  const ShapeRefinement *shapes = nullptr;
  /// The refined type of each value (parallel to problem->values), built by
  /// the frontend, which knows the declared types; empty: the declared ones.
  std::vector<Text> refinedTypes;
  /// The function's input contract (null: not computed).
  const Contract *contract = nullptr;
  /// The earlier obligations that imply a safe one, by obligation index
  /// (null, or no entry: not explained).
  const Implications *impliedBy = nullptr;
  /// The names the exporter gives the function's arguments (JAX's
  /// `jax.arg_info = "x"`), each with the argument's value name ("%arg0",
  /// "x"): the notes say what a condition's `%arg0[0]` is. Empty: none.
  std::vector<std::pair<std::string, std::string>> argumentNames;
};

struct FileReport {
  std::string file;
  std::vector<FunctionReport> functions;
  /// Module-level ops whose bodies are not read (hal.executable,
  /// util.initializer, ...): opaque, outside every function.
  std::vector<OpaqueOp> moduleOpaque;
};

/// An input that could not be read, parsed or analysed: the good files are
/// still reported, and the reports list this error.
struct InputError {
  std::string file;
  bool located = false; ///< `position` is meaningful
  SourcePosition position;
  std::string message;
};

struct ReportEntry;

/// A finding the user accepted (`check --baseline`, a `[[suppress]]` table
/// of the configuration): reported as a note, and not counted for the exit
/// status. Neither changes the verdict or the summary counts.
struct Waiver {
  /// Recorded in the baseline; otherwise suppressed for `reason`.
  bool baselined = false;
  std::string reason;
};

struct ReportOptions {
  /// Every opaque op is a finding of kind `coverage`, verdict `error`.
  bool requireCoverage = false;
  /// Text: a note under every explained safe finding saying what implies
  /// it (`--explain`).
  bool explain = false;
  /// Inputs that failed (listed by the JSON and SARIF reports).
  std::vector<InputError> errors;
  /// The tool's version, for SARIF's `tool.driver.version`.
  std::string toolVersion;
  /// Threads the JSON report may render functions on (its text does not
  /// depend on it).
  unsigned threads = 1;
  /// Where findings at ops with the exporter's positions are placed; with
  /// Mlir, the JSON report has no `source_*` fields.
  LocationMode locations = LocationMode::Both;
  /// Text: a summary line per file ("symshape: x.mlir: 3 obligations:
  /// ...") before the overall one (`check` with several files).
  bool fileSummaries = false;
  /// The waiver of a finding that is not safe, or null (none: every
  /// finding is reported as judged). A module-level opaque op is asked
  /// with an entry whose `opaque` is the op and `obligation` null.
  std::function<const Waiver *(const ReportEntry &)> waiverOf;
  /// waiverOf's answer, or null when there is none.
  const Waiver *waiver(const ReportEntry &entry) const {
    return waiverOf ? waiverOf(entry) : nullptr;
  }
};

/// One finding of a report: an obligation's, or an opaque op's under
/// --require-coverage (then `obligation` and `finding` are null).
struct ReportEntry {
  Location loc;
  std::string_view op;   ///< the obligation's or opaque op's name
  std::string_view kind; ///< obligation kind name, or "coverage"
  /// The id of the rule it checks (solver::ruleOf), or "coverage".
  std::string_view rule;
  int dim = -1;
  Verdict verdict = Verdict::Safe;
  const Obligation *obligation = nullptr;
  const Finding *finding = nullptr;
  const OpaqueOp *opaque = nullptr;
  /// Inside a private function judged through its calls: the call chains
  /// (Problem::callStacks indices) of every call site that reached this
  /// op with this verdict, condition and witness, the first one's first;
  /// empty otherwise.
  std::vector<uint32_t> callStacks;
  /// A safe finding that was explained: the obligations (indices) that
  /// imply it; null otherwise.
  const std::vector<uint32_t> *impliedBy = nullptr;
  /// The message without the "[kind, verdict, rule]" tag.
  std::string message(const Problem &problem) const;
  /// message(), appended to `out`.
  void appendMessage(std::string &out, const Problem &problem) const;
};

/// For each obligation, the one it is reported with: itself, or an
/// earlier obligation of the same op of a private function, reached
/// through another call, with the same subject, verdict, condition,
/// witness and reason (SEMANTICS.md §2: one finding per distinct verdict,
/// naming its call sites; a condition is exact for every call it names).
std::vector<uint32_t> reportedWith(const Problem &problem,
                                   const FunctionVerdicts &verdicts);

/// The entries of a function in program order (coverage errors after the
/// obligations of the same position), each made when asked for: the
/// list costs four bytes an entry, even for a large function. Without
/// `withSafe`, the entries of safe obligations are left out (for a reader
/// that says nothing of them).
class ReportList {
public:
  ReportList(const FunctionReport &function, const ReportOptions &options,
             bool withSafe = true);
  size_t size() const { return refs.size(); }
  bool empty() const { return refs.empty(); }
  ReportEntry operator[](size_t i) const;

private:
  /// Marks a ref to problem.opaque (the others are obligation indices).
  static constexpr uint32_t kOpaque = uint32_t(1) << 31;
  const FunctionReport *function;
  std::vector<uint32_t> refs;
  /// Inside a private function judged through its calls: each entry's
  /// call stacks (ReportEntry::callStacks); empty otherwise.
  std::vector<std::vector<uint32_t>> callStacks;
};

/// The entries of a ReportList, made.
std::vector<ReportEntry> reportEntries(const FunctionReport &function,
                                       const ReportOptions &options,
                                       bool withSafe = true);
/// The function's worst entry.
Verdict reportVerdict(const FunctionReport &function,
                      const ReportOptions &options);

/// For every entry that is not safe: an error (static errors, coverage) or
/// a warning (runtime verdicts), then notes with the condition, witness and
/// reason. Obligations that an `error` or `ub-guaranteed` at an op makes
/// unreachable are summed up in one note at that op ("2 later obligations
/// are unreachable") instead of a warning each.
std::vector<ReportMessage> describeFindings(const FunctionReport &function,
                                            const ReportOptions &options = {});
/// describeFindings, each message handed to `emit` as it is made.
void forEachFindingMessage(const FunctionReport &function,
                           const ReportOptions &options,
                           const std::function<void(ReportMessage &&)> &emit);
/// The same, placing findings at the exporter's positions as
/// `options.locations` says (`resolve` reads the ops' `loc(...)`):
///
///   model.py:12:4: warning: the broadcast of ... [broadcast, ub-possible]
///   x.mlir:8:5: note: MLIR op 'stablehlo.add' (jit(f)/jit(main)/add)
///     (its source line and a caret)
///   model.py:30:0: note: called from main
///   model.py:12:4: note: UB exactly when ...
void forEachFindingMessage(const FunctionReport &function,
                           const ReportOptions &options,
                           const PositionResolver &resolve,
                           const std::function<void(ReportMessage &&)> &emit);

/// Counts of report entries per verdict, in Verdict order.
/// `check --fail-on`: what makes the exit status 1 (SPEC.md §7), each
/// level failing on everything the one before it does.
enum class FailOn : uint8_t {
  Error,        ///< an `error`
  UbGuaranteed, ///< or an `ub-guaranteed`
  /// Or any obligation not safe but a runtime check that can fail (the
  /// default: not noUb()); an `unknown` counts, since UB is not ruled out.
  UbPossible,
  Unknown, ///< the same as UbPossible (named for CI configurations)
  Opaque,  ///< or an op symshape cannot model, in a function or not
};

struct Summary {
  std::array<size_t, 6> counts{};
  /// Opaque ops, in functions or at module level.
  size_t opaqueOps = 0;
  /// Runtime checks (kinds `assert`, `cstr`) that can fail: counted as
  /// ub-possible, but they are the input contract, not alarms.
  size_t checksMayFail = 0;
  void add(const Problem &problem, const FunctionVerdicts &verdicts);
  void add(const FunctionReport &function, const ReportOptions &options);
  /// Every function of the file, and (under --require-coverage) its
  /// module-level opaque ops as errors.
  void add(const FileReport &file, const ReportOptions &options);
  size_t total() const;
  /// Every entry is safe.
  bool allSafe() const;
  /// No UB can happen: every entry is safe but runtime checks that can
  /// fail (a check that always fails, or could not be decided, counts).
  /// The `check` exit status is 0 exactly then.
  bool noUb() const;
  /// Whether the findings make `check --fail-on=level` exit with 1.
  bool fails(FailOn level) const;
  /// "12 obligations: 10 safe, 1 ub-possible, 0 ub-guaranteed, 1 error,
  /// 0 unreachable, 0 unknown", with "(1 runtime check that can fail)"
  /// after the ub-possible count when there are such checks.
  std::string line() const;
};

/// "3 ops opaque: foo.bar (2), baz.qux (1)" (most frequent first), or ""
/// when every op is modelled.
std::string coverageLine(const std::vector<FileReport> &files);

/// The `check --json` document of SEMANTICS.md §7.
std::string renderJson(const std::vector<FileReport> &files,
                       const Summary &summary, const ReportOptions &options,
                       const PositionResolver &resolve);

/// Receives a report's text piece by piece, in order.
using TextSink = std::function<void(std::string_view)>;

/// renderJson, handing the text to `sink` in pieces of about 1 MiB as it
/// is written: a large report is never held whole.
void renderJson(const std::vector<FileReport> &files, const Summary &summary,
                const ReportOptions &options, const PositionResolver &resolve,
                const TextSink &sink);

/// The JSON document of a run that analysed nothing: `errors` only.
std::string renderJsonErrors(const std::vector<InputError> &errors);

/// SARIF 2.1.0: one result per entry that is not safe, rule id = kind,
/// level from the verdict; input errors as tool execution notifications.
std::string renderSarif(const std::vector<FileReport> &files,
                        const ReportOptions &options,
                        const PositionResolver &resolve);

/// The dim graphs of `files` as one Graphviz DOT digraph, a cluster per
/// function: dims labelled with source names and refined values (sizes that
/// come from opaque ops dashed and brown), obligations as boxes coloured by
/// verdict.
std::string renderDot(const std::vector<FileReport> &files,
                      const PositionResolver &resolve);

/// JSON string literal for `text` (quotes included).
std::string jsonQuote(const std::string &text);

/// `text` with every byte that is not part of well-formed UTF-8 replaced
/// by U+FFFD, for output formats that must be Unicode (JSON, DOT): source
/// text reaches names and types as it is. "a\xffb" -> "a\uFFFDb".
std::string validUtf8(const std::string &text);

} // namespace symshape::solver

#endif // SYMSHAPE_REPORTS_REPORT_H
