//===- Report.cpp - Findings as compiler-style messages -------------------===//

#include "symshape/reports/Report.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace symshape::solver {

std::string findingMessage(const Problem &problem, const Obligation &ob,
                           const Finding &finding) {
  std::string text;
  appendFindingMessage(text, problem, ob, finding);
  return text;
}

void appendFindingMessage(std::string &text, const Problem &problem,
                          const Obligation &ob, const Finding &finding) {
  appendSubject(text, problem, ob);
  switch (finding.verdict) {
  case Verdict::Safe:
    text += ob.kind == ObligationKind::Assume ? " is consistent"
            : isRuntimeCheck(ob.kind) ? " always holds: the check is redundant"
                                      : " is safe";
    break;
  case Verdict::Error:
    if (ob.kind == ObligationKind::Assume)
      text += " contradicts the types or earlier assumptions; it is ignored";
    else
      text += " is invalid by static types";
    if (!ob.staticNote.empty()) {
      text += ": ";
      text += ob.staticNote;
    }
    break;
  case Verdict::UbPossible:
    text += isRuntimeCheck(ob.kind)
                ? " can fail: the program stops there for some inputs (an "
                  "input contract, not UB)"
                : " can fail at runtime";
    break;
  case Verdict::UbGuaranteed:
    text +=
        isRuntimeCheck(ob.kind)
            ? " will fail for every input that reaches it: the program always "
              "stops there"
            : " will fail for every runtime size that reaches it";
    break;
  case Verdict::Unreachable:
    text += " is unreachable: ";
    text += finding.reason.empty() ? "an earlier obligation always fails"
                                   : finding.reason;
    break;
  case Verdict::Unknown:
    text += " could not be decided";
    if (!finding.reason.empty()) {
      text += ": ";
      text += finding.reason;
    }
    break;
  }
}

std::string SourcePosition::str() const {
  return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

std::string SourceFrame::str() const {
  return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

static void appendWitnessText(std::string &text, const Witness &witness) {
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

std::string ReportEntry::message(const Problem &problem) const {
  std::string text;
  appendMessage(text, problem);
  return text;
}

void ReportEntry::appendMessage(std::string &text,
                                const Problem &problem) const {
  if (obligation) {
    appendFindingMessage(text, problem, *obligation, *finding);
    return;
  }
  text += '\'';
  text += op;
  text += "' is opaque: ";
  text += opaque->reason;
}

std::vector<uint32_t> reportedWith(const Problem &problem,
                                   const FunctionVerdicts &verdicts) {
  // SEMANTICS.md §2 and §4: a finding's condition and witness are exact for the
  // call it was judged through, in the caller's names. Two calls of a private
  // callee share one finding only when they say the same thing: the same
  // verdict, condition, witness and reason. Otherwise (the calls pass other
  // sizes) each call site keeps its own finding, or the condition printed
  // would be false for sizes where the other call fails.
  using Key = std::tuple<uint32_t, uint32_t, int, int, uint8_t, std::string,
                         std::string, std::string, std::string>;
  std::vector<uint32_t> with(problem.obligations.size());
  std::map<Key, uint32_t> first;
  for (size_t k = 0; k < problem.obligations.size(); ++k) {
    const Obligation &ob = problem.obligations[k];
    with[k] = uint32_t(k);
    if (ob.callStack == 0)
      continue;
    const Finding &finding = verdicts.findings[k];
    std::string witness = finding.hasWitness ? "{" : "";
    for (const auto &[name, value] : finding.witness)
      witness += name + "=" + std::to_string(value) + ",";
    Key key(ob.loc.buffer, ob.loc.offset, int(ob.kind), ob.dim,
            uint8_t(finding.verdict), describeSubject(problem, ob),
            finding.condition.str(), std::move(witness), finding.reason.str());
    with[k] = first.emplace(std::move(key), uint32_t(k)).first->second;
  }
  return with;
}

std::vector<ReportEntry> reportEntries(const FunctionReport &function,
                                       const ReportOptions &options) {
  const Problem &problem = *function.problem;
  const FunctionVerdicts &verdicts = *function.verdicts;
  std::vector<ReportEntry> out;
  out.reserve(problem.obligations.size() +
              (options.requireCoverage ? problem.opaque.size() : 0));
  // Obligations of a private callee reached through several calls.
  bool anyCalls = problem.callStacks.size() > 1;
  std::vector<uint32_t> with;
  std::vector<size_t> entryOf;
  if (anyCalls) {
    with = reportedWith(problem, verdicts);
    entryOf.assign(problem.obligations.size(), size_t(-1));
  }
  auto addObligation = [&](size_t k) {
    const Obligation &ob = problem.obligations[k];
    if (anyCalls && with[k] != k) {
      size_t e = entryOf[with[k]];
      if (e != size_t(-1))
        out[e].callStacks.push_back(ob.callStack);
      return;
    }
    if (anyCalls)
      entryOf[k] = out.size();
    ReportEntry entry;
    if (ob.callStack != 0)
      entry.callStacks.push_back(ob.callStack);
    if (function.impliedBy && k < function.impliedBy->size() &&
        (*function.impliedBy)[k])
      entry.impliedBy = &*(*function.impliedBy)[k];
    entry.loc = ob.loc;
    entry.op = ob.op;
    entry.kind = obligationKindName(ob.kind);
    entry.dim = ob.dim;
    entry.verdict = verdicts.findings[k].verdict;
    entry.obligation = &ob;
    entry.finding = &verdicts.findings[k];
    out.push_back(std::move(entry));
  };
  auto addOpaque = [&](const OpaqueOp &op) {
    ReportEntry entry;
    entry.loc = op.loc;
    entry.op = op.op;
    entry.kind = "coverage";
    entry.verdict = Verdict::Error;
    entry.opaque = &op;
    out.push_back(std::move(entry));
  };
  // Both lists are in program order: merge them, an opaque op after the
  // obligations at or before its position (assumptions, in other buffers,
  // come first).
  size_t k = 0;
  if (options.requireCoverage)
    for (const OpaqueOp &op : problem.opaque) {
      while (k < problem.obligations.size() &&
             (problem.obligations[k].loc.buffer != op.loc.buffer ||
              problem.obligations[k].loc.offset <= op.loc.offset))
        addObligation(k++);
      addOpaque(op);
    }
  while (k < problem.obligations.size())
    addObligation(k++);
  return out;
}

Verdict reportVerdict(const FunctionReport &function,
                      const ReportOptions &options) {
  Verdict verdict = function.verdicts->verdict;
  if (options.requireCoverage && !function.problem->opaque.empty())
    verdict = Verdict::Error;
  return verdict;
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

void forEachFindingMessage(const FunctionReport &function,
                           const ReportOptions &options,
                           const PositionResolver &resolve,
                           const std::function<void(ReportMessage &&)> &emit) {
  using Severity = ReportMessage::Severity;
  // What the exporter says of a location (nothing without a resolver,
  // under --loc=mlir, or for an op without `loc(...)`).
  auto originOf = [&](Location loc) {
    if (!resolve || options.locations == LocationMode::Mlir || !loc.source)
      return SourceOrigin();
    return resolve(loc).origin;
  };
  // A message at `loc`, placed at the exporter's position when it names one.
  auto placed = [&](Location loc, Severity severity, std::string text) {
    ReportMessage message = makeMessage(loc, severity, std::move(text));
    SourceOrigin origin = originOf(loc);
    if (!origin.frames.empty())
      message.at = origin.frames.front();
    return message;
  };
  const Problem &problem = *function.problem;
  std::vector<ReportEntry> entries = reportEntries(function, options);
  auto samePlace = [](Location a, Location b) {
    return a.buffer == b.buffer && a.offset == b.offset;
  };
  // Which `error` or `ub-guaranteed` made each unreachable entry
  // unreachable: the first unconditional ub-guaranteed before it (P only
  // grows, so it stays unsatisfiable), else the last error, else (earlier
  // obligations that cannot all hold) the last entry judged before it.
  // Its note goes after the last entry at that op.
  constexpr size_t kNone = size_t(-1);
  std::vector<size_t> unreachableAfter(entries.size(), 0);
  std::vector<bool> summarized(entries.size(), false);
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
    auto note = [&](std::string text) {
      ReportMessage message =
          makeMessage(entry.loc, Severity::Note, std::move(text));
      message.at = at;
      emit(std::move(message));
    };
    if (reported) {
      // A runtime check that can fail is the input contract: a note.
      bool contract = entry.obligation &&
                      isRuntimeCheck(entry.obligation->kind) &&
                      entry.verdict == Verdict::UbPossible;
      Severity severity = entry.verdict == Verdict::Error ? Severity::Error
                          : contract                      ? Severity::Note
                                                          : Severity::Warning;
      ReportMessage header =
          makeMessage(entry.loc, severity,
                      entry.message(problem) + " [" + std::string(entry.kind) +
                          ", " + verdictName(entry.verdict) + "]");
      header.kind = entry.kind;
      header.verdict = entry.verdict;
      header.at = at;
      emit(std::move(header));
      if (at && options.locations == LocationMode::Both) {
        // The op in the MLIR text, with its line: where to look in the
        // module.
        ReportMessage mlir =
            makeMessage(entry.loc, Severity::Note,
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
      if (const Finding *finding = entry.finding) {
        if (!finding->condition.empty() && finding->condition != "true")
          note((isRuntimeCheck(entry.obligation->kind) ? "fails exactly when "
                                                       : "UB exactly when ") +
               finding->condition);
        else if (finding->verdict == Verdict::UbPossible &&
                 !finding->reason.empty())
          note("no exact condition: " + finding->reason);
        if ((finding->hasWitness || !finding->witness.empty()) &&
            finding->verdict != Verdict::Unreachable) {
          // Every size a witness does not name is 1 (an empty one: all).
          std::string text = "for example ";
          if (finding->witness.empty())
            text += "every size 1";
          else
            appendWitnessText(text, finding->witness);
          note(std::move(text));
        }
      }
      // The calls that reach it, innermost first (like a backtrace).
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
    if (size_t n = unreachableAfter[e])
      note(std::to_string(n) + (n == 1 ? " later obligation is unreachable"
                                       : " later obligations are unreachable"));
    if (options.explain && entry.verdict == Verdict::Safe && entry.impliedBy) {
      // --explain: why it is safe, each implying obligation at its place
      // (the exporter's, when its loc(...) names one).
      ReportMessage safe = placed(entry.loc, Severity::Note,
                                  entry.message(problem) + " [" +
                                      std::string(entry.kind) + ", safe]");
      safe.kind = entry.kind;
      safe.verdict = entry.verdict;
      emit(std::move(safe));
      if (entry.impliedBy->empty())
        emit(placed(entry.loc, Severity::Note, "implied by the types alone"));
      for (uint32_t j : *entry.impliedBy) {
        const Obligation &by = problem.obligations[j];
        emit(placed(by.loc, Severity::Note,
                    "implied by " + describeSubject(problem, by) + " [" +
                        obligationKindName(by.kind) + "]"));
      }
    }
  }
  // SEMANTICS.md §4: the function's contract, when its checks do not cover
  // every requirement.
  const Contract *contract = function.contract;
  if (!contract || (contract->requires == "true" &&
                    contract->requiresParts.empty() && contract->exact))
    return;
  bool checked = contract->checked != "true" || !contract->checkedParts.empty();
  std::string text = "input contract of @" + problem.function + ": ";
  if (contract->requires == "true" && contract->requiresParts.empty()) {
    // Inexact (an opaque runtime check, an undecided obligation): said
    // even when nothing else is required.
    text += "not exact: " + contractReason(*contract, resolve);
  } else {
    if (checked)
      text += "once its runtime checks pass, ";
    if (contract->requires == "false")
      text += "every run has UB";
    else if (!contract->requiresParts.empty())
      text += "no UB exactly when every requirement below holds (too many "
              "for one formula)";
    else
    text += "no UB exactly when " + contract->requires;
    if (!contract->exact)
      text += " (" + contractReason(*contract, resolve) + ")";
  }
  // At the function's own loc(...) when it names the exporter's source
  // (the @name says which function it is in the module).
  emit(placed(problem.loc, Severity::Note, std::move(text)));
  for (const ContractPart &part : contract->requiresParts)
    emit(placed(problem.obligations[part.obligation].loc, Severity::Note,
                "input contract of @" + problem.function + ": requires " +
                    part.holds));
}

void Summary::add(const Problem &problem, const FunctionVerdicts &verdicts) {
  std::vector<uint32_t> with;
  if (problem.callStacks.size() > 1)
    with = reportedWith(problem, verdicts);
  for (size_t k = 0; k < verdicts.findings.size(); ++k) {
    if (!with.empty() && with[k] != k)
      continue; // reported with an earlier call site's
    Verdict verdict = verdicts.findings[k].verdict;
    ++counts[size_t(verdict)];
    if (verdict == Verdict::UbPossible &&
        isRuntimeCheck(problem.obligations[k].kind))
      ++checksMayFail;
  }
}

void Summary::add(const FunctionReport &function,
                  const ReportOptions &options) {
  add(*function.problem, *function.verdicts);
  if (options.requireCoverage)
    counts[size_t(Verdict::Error)] += function.problem->opaque.size();
}

void Summary::add(const FileReport &file, const ReportOptions &options) {
  for (const FunctionReport &function : file.functions)
    add(function, options);
  if (options.requireCoverage)
    counts[size_t(Verdict::Error)] += file.moduleOpaque.size();
}

size_t Summary::total() const {
  size_t n = 0;
  for (size_t c : counts)
    n += c;
  return n;
}

bool Summary::allSafe() const {
  return counts[size_t(Verdict::Safe)] == total();
}

bool Summary::noUb() const {
  return counts[size_t(Verdict::Safe)] + checksMayFail == total();
}

std::string Summary::line() const {
  static const Verdict order[] = {Verdict::Safe,         Verdict::UbPossible,
                                  Verdict::UbGuaranteed, Verdict::Error,
                                  Verdict::Unreachable,  Verdict::Unknown};
  std::string text = std::to_string(total()) +
                     (total() == 1 ? " obligation: " : " obligations: ");
  for (size_t i = 0; i < 6; ++i) {
    if (i)
      text += ", ";
    text +=
        std::to_string(counts[size_t(order[i])]) + " " + verdictName(order[i]);
    if (order[i] == Verdict::UbPossible && checksMayFail > 0)
      text += " (" + std::to_string(checksMayFail) +
              (checksMayFail == 1 ? " runtime check that can fail)"
                                  : " runtime checks that can fail)");
  }
  return text;
}

std::string coverageLine(const std::vector<FileReport> &files) {
  std::map<std::string, size_t> byOp;
  size_t total = 0;
  for (const FileReport &file : files) {
    for (const FunctionReport &function : file.functions)
      for (const OpaqueOp &op : function.problem->opaque) {
        ++byOp[op.op];
        ++total;
      }
    for (const OpaqueOp &op : file.moduleOpaque) {
      ++byOp[op.op];
      ++total;
    }
  }
  if (total == 0)
    return "";
  std::vector<std::pair<std::string, size_t>> ops(byOp.begin(), byOp.end());
  std::stable_sort(ops.begin(), ops.end(), [](const auto &a, const auto &b) {
    return a.second > b.second;
  });
  std::string text =
      std::to_string(total) + (total == 1 ? " op opaque: " : " ops opaque: ");
  for (size_t i = 0; i < ops.size(); ++i)
    text += (i ? ", " : "") + ops[i].first + " (" +
            std::to_string(ops[i].second) + ")";
  return text;
}

namespace {

/// The length of the well-formed UTF-8 sequence at text[i] (RFC 3629: no
/// overlong forms, no surrogates, at most U+10FFFF), 0 if there is none.
size_t utf8Length(const std::string &text, size_t i) {
  auto byte = [&](size_t k) -> unsigned {
    return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0;
  };
  auto continuation = [&](size_t k) { return (byte(k) & 0xC0) == 0x80; };
  unsigned b0 = byte(0);
  if (b0 < 0x80)
    return 1;
  if (b0 >= 0xC2 && b0 <= 0xDF)
    return continuation(1) ? 2 : 0;
  if (b0 >= 0xE0 && b0 <= 0xEF) {
    unsigned b1 = byte(1);
    bool ok = continuation(1) && continuation(2) &&
              !(b0 == 0xE0 && b1 < 0xA0) && // overlong
              !(b0 == 0xED && b1 >= 0xA0);  // surrogate
    return ok ? 3 : 0;
  }
  if (b0 >= 0xF0 && b0 <= 0xF4) {
    unsigned b1 = byte(1);
    bool ok = continuation(1) && continuation(2) && continuation(3) &&
              !(b0 == 0xF0 && b1 < 0x90) && // overlong
              !(b0 == 0xF4 && b1 >= 0x90);  // beyond U+10FFFF
    return ok ? 4 : 0;
  }
  return 0;
}

} // namespace

std::string validUtf8(const std::string &text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    if (size_t n = utf8Length(text, i)) {
      out.append(text, i, n);
      i += n;
    } else {
      out += "\xEF\xBF\xBD"; // U+FFFD REPLACEMENT CHARACTER
      ++i;
    }
  }
  return out;
}

} // namespace symshape::solver
