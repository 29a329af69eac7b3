//===- Report.cpp - Findings as compiler-style messages -------------------===//

#include "symshape/solver/Report.h"

namespace symshape::solver {

std::string findingMessage(const Problem &problem, const Obligation &ob,
                           const Finding &finding) {
  std::string text = describeSubject(problem, ob);
  switch (finding.verdict) {
  case Verdict::Safe:
    text += ob.kind == ObligationKind::Assume ? " is consistent" : " is safe";
    break;
  case Verdict::Error:
    if (ob.kind == ObligationKind::Assume)
      text += " contradicts the types or earlier assumptions; it is ignored";
    else
      text += " is invalid by static types";
    if (!ob.staticNote.empty())
      text += ": " + ob.staticNote;
    break;
  case Verdict::UbPossible:
    text += " can fail at runtime";
    break;
  case Verdict::UbGuaranteed:
    text += " fails for every runtime size that reaches it";
    break;
  case Verdict::Unreachable:
    text += " is unreachable: an earlier obligation always fails";
    break;
  case Verdict::Unknown:
    text += " could not be decided";
    if (!finding.reason.empty())
      text += ": " + finding.reason;
    break;
  }
  return text;
}

static std::string witnessText(const Witness &witness) {
  std::string text;
  for (const auto &[name, value] : witness) {
    if (!text.empty())
      text += ", ";
    text += name + " = " + std::to_string(value);
  }
  return text;
}

std::vector<ReportMessage> describeFindings(const Problem &problem,
                                            const FunctionVerdicts &verdicts) {
  using Severity = ReportMessage::Severity;
  std::vector<ReportMessage> out;
  for (size_t k = 0; k < problem.obligations.size(); ++k) {
    const Obligation &ob = problem.obligations[k];
    const Finding &finding = verdicts.findings[k];
    if (finding.verdict == Verdict::Safe)
      continue;
    Severity severity =
        finding.verdict == Verdict::Error ? Severity::Error : Severity::Warning;
    out.push_back({ob.loc, severity,
                   findingMessage(problem, ob, finding) + " [" +
                       obligationKindName(ob.kind) + ", " +
                       verdictName(finding.verdict) + "]"});
    if (!finding.condition.empty() && finding.condition != "true")
      out.push_back(
          {ob.loc, Severity::Note, "UB exactly when " + finding.condition});
    else if (finding.verdict == Verdict::UbPossible && !finding.reason.empty())
      out.push_back(
          {ob.loc, Severity::Note, "no exact condition: " + finding.reason});
    if (!finding.witness.empty() && finding.verdict != Verdict::Unreachable)
      out.push_back({ob.loc, Severity::Note,
                     "for example " + witnessText(finding.witness)});
  }
  return out;
}

void Summary::add(const FunctionVerdicts &verdicts) {
  for (const Finding &finding : verdicts.findings)
    ++counts[size_t(finding.verdict)];
}

size_t Summary::total() const {
  size_t n = 0;
  for (size_t c : counts)
    n += c;
  return n;
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
  }
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
