//===- Diagnostics.cpp - Positioned compiler-style messages ---------------===//

#include "symshape/frontend/Diagnostics.h"

#include <algorithm>

namespace symshape::frontend {

/// Source lines longer than this are shown as a window around the column.
static constexpr size_t kMaxShownLine = 200;

const char *severityName(Severity severity) {
  switch (severity) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}

/// Error messages quote source text (a type, a token); a quote of a
/// malformed type can run over many lines. One line per message, and
/// errors longer than this keep their head and tail around " ... ".
static constexpr size_t kMaxErrorMessage = 320;

/// Where to cut `text` at or before `at` without splitting a UTF-8 sequence.
static size_t cutPoint(const std::string &text, size_t at) {
  while (at > 0 && at < text.size() &&
         (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80)
    --at;
  return at;
}

void DiagnosticEngine::emit(SourceLoc loc, Severity severity,
                            std::string message) {
  for (char &c : message)
    if (c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f')
      c = ' ';
  if (severity == Severity::Error && message.size() > kMaxErrorMessage) {
    size_t head = cutPoint(message, 200);
    size_t tail = cutPoint(message, message.size() - 100);
    message = message.substr(0, head) + " ... " + message.substr(tail);
  }
  if (severity == Severity::Error)
    ++numErrors;
  diags.push_back(Diagnostic{loc, severity, std::move(message)});
}

void DiagnosticEngine::clear() {
  diags.clear();
  numErrors = 0;
}

std::string DiagnosticEngine::render(const Diagnostic &diag) const {
  std::string out = sources.format(diag.loc) + ": " +
                    severityName(diag.severity) + ": " + diag.message + "\n";
  std::string_view line = sources.lineText(diag.loc);
  size_t col = sources.lineCol(diag.loc).col - 1;
  if (col > line.size())
    col = line.size();
  // Show at most kMaxShownLine bytes, centred on the column.
  size_t begin = 0, end = line.size();
  if (line.size() > kMaxShownLine) {
    begin = col > kMaxShownLine / 2 ? col - kMaxShownLine / 2 : 0;
    end = std::min(line.size(), begin + kMaxShownLine);
  }
  std::string shown, caret;
  if (begin > 0) {
    shown += "...";
    caret += "   ";
  }
  shown += line.substr(begin, end - begin);
  if (end < line.size())
    shown += "...";
  for (size_t i = begin; i < col; ++i)
    caret += line[i] == '\t' ? '\t' : ' ';
  caret += '^';
  out += shown + "\n" + caret + "\n";
  return out;
}

std::string DiagnosticEngine::renderAll() const {
  std::string out;
  for (const Diagnostic &diag : diags)
    out += render(diag);
  return out;
}

} // namespace symshape::frontend
