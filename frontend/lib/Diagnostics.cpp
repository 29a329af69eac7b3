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

void DiagnosticEngine::emit(SourceLoc loc, Severity severity,
                            std::string message) {
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
