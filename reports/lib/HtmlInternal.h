//===- HtmlInternal.h - What the HTML page's files share --------*- C++ -*-===//
//
// The private header of the `check --format html` writer: escaping, the
// page's text handed over in pieces, its fixed style and script, and the
// pieces HtmlSource.cpp and HtmlFunctions.cpp write for HtmlReport.cpp.
// Not installed; nothing outside reports/lib includes it.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_REPORTS_LIB_HTMLINTERNAL_H
#define SYMSHAPE_REPORTS_LIB_HTMLINTERNAL_H

#include "symshape/reports/HtmlReport.h"

#include <charconv>
#include <string>
#include <string_view>

namespace symshape::solver::html {

/// Appends `text` as HTML text (`&<>` escaped) or, for `attribute`, as a
/// quoted attribute's value (`"'` too); bytes that are not well-formed
/// UTF-8 and control characters other than tab and newline as U+FFFD
/// (source text reaches names as it is; a NUL or a stray byte must not
/// change how the page reads).
void appendEscaped(std::string &out, std::string_view text,
                   bool attribute = false);

/// A class-name form of a kind or verdict name (they are lower-case words
/// joined by '-'; anything else becomes '_').
std::string classOf(std::string_view name);

template <typename Int> void appendInt(std::string &out, Int value) {
  char buffer[24];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, size_t(result.ptr - buffer));
}

/// The page's text: appended to `out`, handed to the sink in pieces of
/// about 1 MiB at places the writer chooses (between elements).
class Page {
public:
  explicit Page(const TextSink &sink) : sink(sink) {}
  std::string out;
  void text(std::string_view s) { appendEscaped(out, s); }
  /// The value of an attribute written with double quotes.
  void attribute(std::string_view s) { appendEscaped(out, s, true); }
  void raw(std::string_view s) { out += s; }
  template <typename Int> void number(Int n) { appendInt(out, n); }
  /// Hands the text over once it is large.
  void flushIfLarge() {
    if (out.size() >= kFlushBytes)
      flush();
  }
  void flush() {
    if (!out.empty())
      sink(out);
    out.clear();
  }

private:
  static constexpr size_t kFlushBytes = size_t(1) << 20;
  const TextSink &sink;
};

/// The <style> element's text (a fixed part; the filter rules for the
/// kinds of a page are added by HtmlReport.cpp).
extern const char *const kStyle;
/// The <script> element's text: filters, the load marker and the error
/// catcher the browser test reads.
extern const char *const kScript;

/// The verdicts in the order the page lists them (worst first).
extern const Verdict kVerdictOrder[6];

/// What the page's lists of safe findings have taken so far.
struct SafeState {
  size_t bytes = 0;   ///< written in full (HtmlOptions::safeTextBudget)
  bool noted = false; ///< the page says that later ones are counted
};

/// A file's source with line numbers, each entry of `lists` (one per
/// function of `file`) under its line; entries at no line of `source`
/// after it.
void writeSource(Page &page, const FileReport &file,
                 const std::vector<ReportList> &lists, const HtmlSource *source,
                 const ReportOptions &options, const HtmlOptions &html,
                 const PositionResolver &resolve, SafeState &safeState);

/// What the page's graphs have taken so far.
struct GraphState {
  size_t bytes = 0; ///< of SVG (HtmlOptions::graphBudgetBytes)
  size_t drawn = 0;
  /// Why no further graph is drawn (Graphviz missing), or "".
  std::string off;
};

/// A file's functions: each one's verdict, input contract, opaque ops and
/// dim graph; then the module-level opaque ops.
void writeFunctions(Page &page, const FileReport &file,
                    const std::vector<ReportList> &lists,
                    const ReportOptions &options, const HtmlOptions &html,
                    const PositionResolver &resolve, GraphState &graphs);

} // namespace symshape::solver::html

#endif // SYMSHAPE_REPORTS_LIB_HTMLINTERNAL_H
