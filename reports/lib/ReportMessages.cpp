//===- ReportMessages.cpp - Findings as compiler-style messages -----------===//
//
// forEachFindingMessage: for each entry that is not safe, its warning or
// error, where the exporter's source places it, its condition, witness and
// calls; a note for the obligations an earlier failure makes unreachable;
// --explain's notes; and the function's input contract.
//
//===----------------------------------------------------------------------===//

#include "NameLegend.h"
#include "symshape/reports/Report.h"

namespace symshape::solver {

namespace {

void appendWitnessText(std::string &text, const Witness &witness) {
  bool first = true;
  for (const auto &[name, value] : witness) {
    if (!first)
      text += ", ";
    first = false;
    text += name;
    text += " = ";
    text += std::to_string(value);
  }
}

} // namespace

ReportMessage::Severity severityOf(Verdict verdict, bool runtimeCheck) {
  using Severity = ReportMessage::Severity;
  switch (verdict) {
  case Verdict::Error:
  case Verdict::UbGuaranteed:
    return Severity::Error;
  case Verdict::UbPossible:
    return runtimeCheck ? Severity::Note : Severity::Warning;
  case Verdict::Unknown:
  case Verdict::Unreachable:
    return Severity::Warning;
  case Verdict::Safe:
    return Severity::Note;
  }
  return Severity::Warning;
}

const char *severityName(ReportMessage::Severity severity) {
  switch (severity) {
  case ReportMessage::Severity::Error:
    return "error";
  case ReportMessage::Severity::Warning:
    return "warning";
  case ReportMessage::Severity::Note:
    return "note";
  }
  return "warning";
}

std::vector<ReportMessage> describeFindings(const FunctionReport &function,
                                            const ReportOptions &options) {
  std::vector<ReportMessage> out;
  forEachFindingMessage(function, options, [&](ReportMessage &&message) {
    out.push_back(std::move(message));
  });
  return out;
}

namespace {

ReportMessage makeMessage(Location loc, ReportMessage::Severity severity,
                          std::string text) {
  ReportMessage message;
  message.loc = loc;
  message.severity = severity;
  message.text = std::move(text);
  return message;
}

} // namespace

void forEachFindingMessage(const FunctionReport &function,
                           const ReportOptions &options,
                           const std::function<void(ReportMessage &&)> &emit) {
  forEachFindingMessage(function, options, PositionResolver(), emit);
}

namespace {

using Severity = ReportMessage::Severity;

/// Which `error` or `ub-guaranteed` made each unreachable entry
/// unreachable: the first unconditional ub-guaranteed before it (P only
/// grows, so it stays unsatisfiable), else the last error, else (earlier
/// obligations that cannot all hold) the last entry judged before it.
/// Its note goes after the last entry at that op: `unreachableAfter`
/// counts them there, `summarized` marks the entries it sums up.
void findUnreachableCauses(const std::vector<ReportEntry> &entries,
                           std::vector<size_t> &unreachableAfter,
                           std::vector<bool> &summarized) {
  auto samePlace = [](Location a, Location b) {
    return a.buffer == b.buffer && a.offset == b.offset;
  };
  constexpr size_t kNone = size_t(-1);
  unreachableAfter.assign(entries.size(), 0);
  summarized.assign(entries.size(), false);
  size_t firstGuaranteed = kNone, lastError = kNone, lastReached = kNone;
  for (size_t e = 0; e < entries.size(); ++e) {
    const ReportEntry &entry = entries[e];
    if (entry.verdict == Verdict::Unreachable) {
      size_t cause = firstGuaranteed != kNone ? firstGuaranteed
                     : lastError != kNone     ? lastError
                                              : lastReached;
      if (cause == kNone)
        continue;
      size_t at = cause;
      while (at + 1 < entries.size() &&
             samePlace(entries[at + 1].loc, entries[cause].loc))
        ++at;
      ++unreachableAfter[at];
      summarized[e] = true;
      continue;
    }
    lastReached = e;
    if (!entry.obligation)
      continue;
    if (entry.verdict == Verdict::UbGuaranteed &&
        !entry.obligation->conditional && firstGuaranteed == kNone)
      firstGuaranteed = e;
    if (entry.verdict == Verdict::Error &&
        entry.obligation->kind != ObligationKind::Assume)
      lastError = e;
  }
}

/// The messages of one function, handed to `emit` in order.
class FindingMessages {
public:
  FindingMessages(const FunctionReport &function, const ReportOptions &options,
                  const PositionResolver &resolve,
                  const std::function<void(ReportMessage &&)> &emit)
      : function(function), problem(*function.problem), options(options),
        resolve(resolve), emit(emit) {}

  void emitAll();

private:
  const FunctionReport &function;
  const Problem &problem;
  const ReportOptions &options;
  const PositionResolver &resolve;
  const std::function<void(ReportMessage &&)> &emit;

  /// What the exporter says of a location (nothing without a resolver,
  /// under --loc=mlir, or for an op without `loc(...)`).
  SourceOrigin originOf(Location loc) const {
    if (!resolve || options.locations == LocationMode::Mlir || !loc.source)
      return SourceOrigin();
    return resolve(loc).origin;
  }
  /// A message at `loc`, placed at the exporter's position when it names
  /// one.
  ReportMessage placed(Location loc, Severity severity,
                       std::string text) const {
    ReportMessage message = makeMessage(loc, severity, std::move(text));
    SourceOrigin origin = originOf(loc);
    if (!origin.frames.empty())
      message.at = origin.frames.front();
    return message;
  }
  /// A note at the entry, placed at `at` when the exporter names it.
  void note(const ReportEntry &entry, const std::optional<SourceFrame> &at,
            std::string text) const {
    ReportMessage message =
        makeMessage(entry.loc, Severity::Note, std::move(text));
    message.at = at;
    emit(std::move(message));
  }

  void emitFinding(const ReportEntry &entry, const SourceOrigin &origin,
                   const std::optional<SourceFrame> &at) const;
  void emitJudgementNotes(const ReportEntry &entry,
                          const std::optional<SourceFrame> &at) const;
  void emitCalls(const ReportEntry &entry) const;
  void emitExplanation(const ReportEntry &entry) const;
  void emitContract() const;
};

/// Whether a safe entry can have a message: an `--explain` note, or a
/// note on unreachable entries placed after it. Without one, the safe
/// entries (most of a large function's) are not built.
bool safeEntriesSpeak(const FunctionReport &function,
                      const ReportOptions &options) {
  for (const Finding &finding : function.verdicts->findings)
    if (finding.verdict == Verdict::Unreachable)
      return true;
  return options.explain && function.impliedBy && !function.impliedBy->empty();
}

void FindingMessages::emitAll() {
  // Opaque ops and no obligation: nothing was checked, which must not
  // look like nothing found (SPEC.md §7). Under --require-coverage each
  // opaque op is an error already.
  if (problem.obligations.empty() && !problem.opaque.empty() &&
      !options.requireCoverage)
    emit(makeMessage(problem.loc, Severity::Warning,
                     "nothing checked in '@" + problem.function +
                         "': " + std::to_string(problem.opaque.size()) +
                         (problem.opaque.size() == 1 ? " op is" : " ops are") +
                         " opaque and no size is checked"));
  std::vector<ReportEntry> entries =
      reportEntries(function, options, safeEntriesSpeak(function, options));
  std::vector<size_t> unreachableAfter;
  std::vector<bool> summarized;
  findUnreachableCauses(entries, unreachableAfter, summarized);
  for (size_t e = 0; e < entries.size(); ++e) {
    const ReportEntry &entry = entries[e];
    bool reported = entry.verdict != Verdict::Safe && !summarized[e];
    SourceOrigin origin;
    if (reported || unreachableAfter[e])
      origin = originOf(entry.loc);
    // Placed at the exporter's position when it names one.
    std::optional<SourceFrame> at;
    if (!origin.frames.empty())
      at = origin.frames.front();
    if (reported)
      emitFinding(entry, origin, at);
    if (size_t n = unreachableAfter[e])
      note(entry, at,
           std::to_string(n) + (n == 1 ? " later obligation is unreachable"
                                       : " later obligations are unreachable"));
    if (options.explain && entry.verdict == Verdict::Safe && entry.impliedBy)
      emitExplanation(entry);
  }
  emitContract();
}

/// A finding that is not safe: its line, where the exporter puts it, then
/// its condition, witness and calls.
void FindingMessages::emitFinding(const ReportEntry &entry,
                                  const SourceOrigin &origin,
                                  const std::optional<SourceFrame> &at) const {
  // A runtime check that can fail is the input contract: a note.
  Severity severity =
      severityOf(entry.verdict,
                 entry.obligation && isRuntimeCheck(entry.obligation->kind));
  const Waiver *waiver = options.waiver(entry);
  ReportMessage header = makeMessage(
      entry.loc, waiver ? Severity::Note : severity,
      (waiver ? waiver->baselined ? "baselined: " : "suppressed: " : "") +
          entry.message(problem) + " [" + std::string(entry.kind) + ", " +
          verdictName(entry.verdict) + ", " + std::string(entry.rule) + "]");
  header.kind = entry.kind;
  header.verdict = entry.verdict;
  header.at = at;
  emit(std::move(header));
  if (waiver) {
    // Accepted by the user: one line (and why), not the whole judgement.
    if (!waiver->baselined)
      note(entry, at, "suppressed because: " + waiver->reason);
    return;
  }
  if (at && options.locations == LocationMode::Both) {
    // The op in the MLIR text, with its line: where to look in the
    // module.
    ReportMessage mlir = makeMessage(entry.loc, Severity::Note,
                                     "MLIR op '" + std::string(entry.op) + "'");
    if (!origin.name.empty())
      mlir.text += " (" + origin.name + ")";
    mlir.showSource = true;
    emit(std::move(mlir));
  }
  // The exporter's call chain (a Python traceback, innermost first),
  // right after the finding as mlir-opt prints a call site's callers.
  for (size_t i = 1; i < origin.frames.size(); ++i) {
    const SourceFrame &frame = origin.frames[i];
    ReportMessage caller =
        makeMessage(entry.loc, Severity::Note, "called from");
    if (!frame.function.empty())
      caller.text += " " + frame.function;
    caller.at = frame;
    emit(std::move(caller));
  }
  emitJudgementNotes(entry, at);
  emitCalls(entry);
}

/// The condition (or why there is none) and a witness.
void FindingMessages::emitJudgementNotes(
    const ReportEntry &entry, const std::optional<SourceFrame> &at) const {
  const Finding *finding = entry.finding;
  if (!finding)
    return;
  std::string_view condition;
  if (!finding->condition.empty() && finding->condition != "true") {
    condition = finding->condition.view();
    note(entry, at,
         (isRuntimeCheck(entry.obligation->kind) ? "fails exactly when "
                                                 : "UB exactly when ") +
             finding->condition);
  } else if (finding->verdict == Verdict::UbPossible &&
             !finding->reason.empty())
    note(entry, at, "no exact condition: " + finding->reason);
  std::vector<std::string> witnessNames;
  if ((finding->hasWitness || !finding->witness.empty()) &&
      finding->verdict != Verdict::Unreachable) {
    // Every size a witness does not name is 1 (an empty one: all).
    std::string text = "for example ";
    if (finding->witness.empty())
      text += "every size 1";
    else
      appendWitnessText(text, finding->witness);
    note(entry, at, std::move(text));
    for (const auto &[name, value] : finding->witness)
      witnessNames.push_back(name);
  }
  // Whose values these name, and the exporter's names of the arguments.
  std::string legend = judgementLegend(function, !entry.callStacks.empty(),
                                       condition, witnessNames);
  if (!legend.empty())
    note(entry, at, std::move(legend));
}

/// The calls that reach it, innermost first (like a backtrace).
void FindingMessages::emitCalls(const ReportEntry &entry) const {
  for (uint32_t stack : entry.callStacks) {
    const std::vector<CallSite> &calls = problem.callStacks[stack];
    for (size_t i = calls.size(); i-- > 0;) {
      ReportMessage call = makeMessage(calls[i].loc, Severity::Note,
                                       "called from @" + calls[i].caller);
      SourceOrigin from = originOf(calls[i].loc);
      if (!from.frames.empty()) {
        if (options.locations == LocationMode::Source)
          call.at = from.frames.front();
        else
          call.text += " at " + from.frames.front().str();
      }
      emit(std::move(call));
    }
  }
}

/// --explain: why it is safe, each implying obligation at its place
/// (the exporter's, when its loc(...) names one).
void FindingMessages::emitExplanation(const ReportEntry &entry) const {
  ReportMessage safe =
      placed(entry.loc, Severity::Note,
             entry.message(problem) + " [" + std::string(entry.kind) +
                 ", safe, " + std::string(entry.rule) + "]");
  safe.kind = entry.kind;
  safe.verdict = entry.verdict;
  emit(std::move(safe));
  if (entry.impliedBy->empty())
    emit(placed(entry.loc, Severity::Note, "implied by the types alone"));
  for (uint32_t j : *entry.impliedBy) {
    const Obligation &by = problem.obligations[j];
    emit(placed(problem.locOf(by), Severity::Note,
                "implied by " + describeSubject(problem, by) + " [" +
                    obligationKindName(by.kind) + "]"));
  }
}

/// SEMANTICS.md §4: the function's contract, when its checks do not cover
/// every requirement.
void FindingMessages::emitContract() const {
  const Contract *contract = function.contract;
  if (!contract || (contract->requires.isTrue() &&
                    contract->requiresParts.empty() && contract->exact))
    return;
  bool checked = !contract->checked.isTrue() || !contract->checkedParts.empty();
  std::string required = contract->requires.str();
  std::string text = "input contract of @" + problem.function + ": ";
  if (contract->requires.isTrue() && contract->requiresParts.empty()) {
    // Inexact (an opaque runtime check, an undecided obligation): said
    // even when nothing else is required.
    text += "not exact: " + contractReason(*contract, resolve);
  } else {
    if (checked)
      text += "once its runtime checks pass, ";
    // With requirements left out, what is listed is needed, not enough.
    const char *when =
        contract->necessaryOnly ? "no UB only if " : "no UB exactly when ";
    if (contract->requires.isFalse())
      text += "every run has UB";
    else if (!contract->requiresParts.empty())
      text += std::string(when) +
              "every requirement below holds (too many for one formula)";
    else
      text += when + required;
    if (!contract->exact)
      text += " (" + contractReason(*contract, resolve) + ")";
    if (!function.argumentNames.empty()) {
      std::vector<std::string> names;
      collectValueNames(required, names);
      for (const ContractPart &part : contract->requiresParts)
        collectValueNames(part.text(), names);
      std::string legend = argumentLegend(function, names);
      if (!legend.empty())
        text += "; " + legend;
    }
  }
  // At the function's own loc(...) when it names the exporter's source
  // (the @name says which function it is in the module).
  emit(placed(problem.loc, Severity::Note, std::move(text)));
  for (const ContractPart &part : contract->requiresParts)
    emit(placed(problem.locOf(problem.obligations[part.obligation]),
                Severity::Note,
                "input contract of @" + problem.function + ": requires " +
                    part.text()));
}

} // namespace

void forEachFindingMessage(const FunctionReport &function,
                           const ReportOptions &options,
                           const PositionResolver &resolve,
                           const std::function<void(ReportMessage &&)> &emit) {
  FindingMessages(function, options, resolve, emit).emitAll();
}

} // namespace symshape::solver
