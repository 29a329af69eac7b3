//===- Report.cpp - What every report lists -------------------------------===//
//
// The entries of a function's report (one per obligation, calls of a
// private callee that say the same thing merged, coverage errors under
// --require-coverage), their one-sentence messages, the summary and
// coverage lines, and valid UTF-8 for the formats that need it. The
// compiler-style messages built from them are in ReportMessages.cpp.
//
//===----------------------------------------------------------------------===//

#include "symshape/reports/Report.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <string_view>
#include <tuple>

namespace symshape::solver {

std::string findingMessage(const Problem &problem, const Obligation &ob,
                           const Finding &finding) {
  std::string text;
  appendFindingMessage(text, problem, ob, finding);
  return text;
}

namespace {

/// Whether a subject names several things ("the contracted sizes %a[1] and
/// %b[0]", "the element counts of %x and ...") rather than one ("the
/// broadcast of operand sizes ...", "the size %m of dim 0"): its head noun
/// phrase, up to the first value, number, preposition or parenthesis, ends
/// in a plural noun.
bool pluralSubject(std::string_view subject) {
  if (subject.rfind("the ", 0) != 0)
    return false;
  static constexpr std::string_view kStops[] = {
      "of",   "and",  "to",        "in",       "for",      "at",
      "that", "with", "broadcast", "computed", "inferred", "cast"};
  static constexpr std::string_view kSingular[] = {"bias", "axis", "status"};
  std::string_view last;
  subject.remove_prefix(4);
  while (!subject.empty()) {
    size_t space = subject.find(' ');
    std::string_view word = subject.substr(0, space);
    if (word.empty() || !std::islower(static_cast<unsigned char>(word[0])) ||
        std::find(std::begin(kStops), std::end(kStops), word) !=
            std::end(kStops) ||
        word.find_first_not_of("abcdefghijklmnopqrstuvwxyz-") !=
            std::string_view::npos)
      break; // a value, number, quote or preposition ends the noun phrase
    last = word;
    if (space == std::string_view::npos)
      break;
    subject.remove_prefix(space + 1);
  }
  if (std::find(std::begin(kSingular), std::end(kSingular), last) !=
      std::end(kSingular))
    return false;
  return last.size() > 2 && last.back() == 's' && last[last.size() - 2] != 's';
}

} // namespace

void appendFindingMessage(std::string &text, const Problem &problem,
                          const Obligation &ob, const Finding &finding) {
  size_t start = text.size();
  appendSubject(text, problem, ob);
  bool plural = pluralSubject(std::string_view(text).substr(start));
  const char *is = plural ? " are" : " is";
  switch (finding.verdict) {
  case Verdict::Safe:
    text += ob.kind == ObligationKind::Assume ? std::string(is) + " consistent"
            : isRuntimeCheck(ob.kind)
                ? std::string(" always holds: the check is redundant")
                : std::string(is) + " safe";
    break;
  case Verdict::Error:
    if (ob.kind == ObligationKind::Assume)
      text += " contradicts the types or earlier assumptions; it is ignored";
    else
      text += std::string(is) + " invalid by static types";
    if (const Text &note = problem.staticNoteOf(ob); !note.empty()) {
      text += ": ";
      text += note;
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
    text += std::string(is) + " unreachable: ";
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
    if (problem.callStackOf(ob) == 0)
      continue;
    const Finding &finding = verdicts.findings[k];
    std::string witness = finding.hasWitness ? "{" : "";
    for (const auto &[name, value] : finding.witness)
      witness += name + "=" + std::to_string(value) + ",";
    const Location &loc = problem.locOf(ob);
    Key key(loc.buffer, loc.offset, int(ob.kind), ob.dim,
            uint8_t(finding.verdict), describeSubject(problem, ob),
            finding.condition.str(), std::move(witness), finding.reason.str());
    with[k] = first.emplace(std::move(key), uint32_t(k)).first->second;
  }
  return with;
}

ReportList::ReportList(const FunctionReport &function,
                       const ReportOptions &options, bool withSafe)
    : function(&function) {
  const Problem &problem = *function.problem;
  const FunctionVerdicts &verdicts = *function.verdicts;
  // Without the safe entries, most of a large function's are left out.
  if (withSafe)
    refs.reserve(problem.obligations.size() +
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
    // Entries merged across calls share their verdict: a left-out safe
    // entry takes its merged ones with it.
    if (!withSafe && verdicts.findings[k].verdict == Verdict::Safe)
      return;
    if (!anyCalls) {
      refs.push_back(uint32_t(k));
      return;
    }
    uint32_t stack = problem.callStackOf(problem.obligations[k]);
    if (with[k] != k) {
      size_t e = entryOf[with[k]];
      if (e != size_t(-1))
        callStacks[e].push_back(stack);
      return;
    }
    entryOf[k] = refs.size();
    refs.push_back(uint32_t(k));
    callStacks.emplace_back();
    if (stack != 0)
      callStacks.back().push_back(stack);
  };
  auto addOpaque = [&](size_t i) {
    refs.push_back(kOpaque | uint32_t(i));
    if (anyCalls)
      callStacks.emplace_back();
  };
  // Both lists are in program order: merge them, an opaque op after the
  // obligations at or before its position (assumptions, in other buffers,
  // come first).
  size_t k = 0;
  if (options.requireCoverage)
    for (size_t i = 0; i < problem.opaque.size(); ++i) {
      const Location &at = problem.opaque[i].loc;
      while (k < problem.obligations.size() &&
             (problem.locOf(problem.obligations[k]).buffer != at.buffer ||
              problem.locOf(problem.obligations[k]).offset <= at.offset))
        addObligation(k++);
      addOpaque(i);
    }
  while (k < problem.obligations.size())
    addObligation(k++);
}

ReportEntry ReportList::operator[](size_t i) const {
  const Problem &problem = *function->problem;
  uint32_t ref = refs[i];
  ReportEntry entry;
  if (ref & kOpaque) {
    const OpaqueOp &op = problem.opaque[ref & ~kOpaque];
    entry.loc = op.loc;
    entry.op = op.op;
    entry.kind = "coverage";
    entry.rule = "coverage";
    entry.verdict = Verdict::Error;
    entry.opaque = &op;
    return entry;
  }
  const Obligation &ob = problem.obligations[ref];
  const ObligationSite &site = problem.sites[ob.site];
  if (!callStacks.empty())
    entry.callStacks = callStacks[i];
  else if (site.callStack != 0)
    entry.callStacks.push_back(site.callStack);
  const auto *impliedBy = function->impliedBy;
  if (impliedBy)
    if (auto why = impliedBy->find(ref); why != impliedBy->end())
      entry.impliedBy = &why->second;
  entry.loc = site.loc;
  entry.op = site.op;
  entry.kind = obligationKindName(ob.kind);
  entry.rule = ruleOf(problem, ob);
  entry.dim = ob.dim;
  entry.finding = &function->verdicts->findings[ref];
  entry.verdict = entry.finding->verdict;
  entry.obligation = &ob;
  return entry;
}

std::vector<ReportEntry> reportEntries(const FunctionReport &function,
                                       const ReportOptions &options,
                                       bool withSafe) {
  ReportList list(function, options, withSafe);
  std::vector<ReportEntry> out;
  out.reserve(list.size());
  for (size_t i = 0; i < list.size(); ++i)
    out.push_back(list[i]);
  return out;
}

Verdict reportVerdict(const FunctionReport &function,
                      const ReportOptions &options) {
  Verdict verdict = function.verdicts->verdict;
  if (options.requireCoverage && !function.problem->opaque.empty())
    verdict = Verdict::Error;
  return verdict;
}

void Summary::add(const Problem &problem, const FunctionVerdicts &verdicts) {
  std::vector<uint32_t> with;
  if (problem.callStacks.size() > 1)
    with = reportedWith(problem, verdicts);
  auto count = [&](size_t k, const Finding &finding) {
    ++counts[size_t(finding.verdict)];
    if (finding.verdict == Verdict::UbPossible &&
        isRuntimeCheck(problem.obligations[k].kind))
      ++checksMayFail;
  };
  if (with.empty()) {
    // Nearly every finding of a large function is the plain safe one:
    // counted at once, and only the others read.
    const Findings &findings = verdicts.findings;
    counts[size_t(Findings::plain().verdict)] +=
        findings.size() - findings.keptCount();
    findings.forEachKept(count);
    return;
  }
  for (size_t k = 0; k < verdicts.findings.size(); ++k)
    if (with[k] == k) // else reported with an earlier call site's
      count(k, verdicts.findings[k]);
}

void Summary::add(const FunctionReport &function,
                  const ReportOptions &options) {
  add(*function.problem, *function.verdicts);
  opaqueOps += function.problem->opaque.size();
  if (options.requireCoverage)
    counts[size_t(Verdict::Error)] += function.problem->opaque.size();
}

void Summary::add(const FileReport &file, const ReportOptions &options) {
  for (const FunctionReport &function : file.functions)
    add(function, options);
  opaqueOps += file.moduleOpaque.size();
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

bool Summary::fails(FailOn level) const {
  switch (level) {
  case FailOn::Error:
    return counts[size_t(Verdict::Error)] > 0;
  case FailOn::UbGuaranteed:
    return counts[size_t(Verdict::Error)] +
               counts[size_t(Verdict::UbGuaranteed)] >
           0;
  case FailOn::UbPossible:
  case FailOn::Unknown:
    return !noUb();
  case FailOn::Opaque:
    return !noUb() || opaqueOps > 0;
  }
  return !noUb();
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
