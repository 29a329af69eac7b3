//===- Diagnostics.h - Positioned compiler-style messages -------*- C++ -*-===//
//
// Collects diagnostics; never prints. A diagnostic renders as
//
//   x.mlir:3:8: error: expected ')'
//     %0 = "test.broadcastable"(%a : ...
//          ^
//
// Bytes that a terminal would act on (control characters, bytes that are
// not UTF-8) are shown as `\xNN`, in the message and in the source line.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_DIAGNOSTICS_H
#define SYMSHAPE_FRONTEND_DIAGNOSTICS_H

#include "symshape/frontend/SourceManager.h"

#include <string>
#include <string_view>
#include <vector>

namespace symshape::frontend {

enum class Severity { Error, Warning, Note };

/// "error", "warning" or "note".
const char *severityName(Severity severity);

/// `text` safe to print on a terminal: every byte that is not part of a
/// printable character (control characters, DEL, bytes that are not
/// UTF-8, C1 controls and bidirectional overrides) becomes `\xNN`; newlines
/// stay, and tabs too when `keepTabs`. Printable text is returned as is,
/// so escaping twice changes nothing.
std::string escapeNonPrintable(std::string_view text, bool keepTabs = true);
/// escapeNonPrintable(text, keepTabs) appended to `out`, with no string of
/// its own.
void appendEscaped(std::string &out, std::string_view text,
                   bool keepTabs = true);
/// Whether `text` is printable ASCII, newlines and tabs only: then
/// escapeNonPrintable(text) is `text` (a report's text nearly always is).
/// False for UTF-8 too, which escaping keeps.
bool isPlainText(std::string_view text);

struct Diagnostic {
  SourceLoc loc;
  Severity severity = Severity::Error;
  std::string message;
  /// Whether render() shows the source line and a caret under the
  /// position (not for input that is not text, such as bytecode).
  bool showSource = true;
};

/// What consecutive render() calls at one position share: the position
/// text, and the source line with its caret. A report puts many messages
/// at one op, and its line can be long; the caller owns the cache (one per
/// thread that renders).
struct RenderCache {
  bool valid = false;
  SourceLoc loc;
  std::string position; ///< "file:line:col", escaped
  std::string snippet;  ///< the shown line and the caret line, each + '\n'
};

/// Collects diagnostics for buffers of one SourceManager.
class DiagnosticEngine {
public:
  explicit DiagnosticEngine(const SourceManager &sources) : sources(sources) {}

  void emit(SourceLoc loc, Severity severity, std::string message,
            bool showSource = true);
  void error(SourceLoc loc, std::string message) {
    emit(loc, Severity::Error, std::move(message));
  }

  bool hadError() const { return numErrors != 0; }
  const std::vector<Diagnostic> &diagnostics() const { return diags; }
  void clear();

  /// "file:line:col: severity: message\n" then the source line and a caret
  /// line (each ending in '\n').
  std::string render(const Diagnostic &diag) const;
  /// render(diag) appended to `out`, reusing what `cache` holds of the
  /// same position.
  void render(std::string &out, const Diagnostic &diag,
              RenderCache &cache) const;
  /// All diagnostics rendered in order.
  std::string renderAll() const;

private:
  /// The source line of `loc` (or a window of it) and a caret line.
  std::string sourceSnippet(SourceLoc loc) const;

  const SourceManager &sources;
  std::vector<Diagnostic> diags;
  unsigned numErrors = 0;
};

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_DIAGNOSTICS_H
