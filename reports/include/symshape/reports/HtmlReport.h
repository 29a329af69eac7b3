//===- HtmlReport.h - The `check --format html` page -------------*- C++
//-*-===//
//
// One self-contained page per run (inline CSS and a small inline script,
// nothing fetched): a summary table, filters by verdict and kind, and per
// input file its functions (verdict, input contract, the ops symshape could
// not model, the dim graph as SVG when Graphviz draws it) and its source
// with line numbers, each finding under its line with its condition,
// witness and call stack. It lists the entries the JSON report lists
// (`ReportList`, safe ones included), from the same FileReports.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_REPORTS_HTMLREPORT_H
#define SYMSHAPE_REPORTS_HTMLREPORT_H

#include "symshape/reports/Report.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace symshape::solver {

/// The text a FileReport was read from.
struct HtmlSource {
  /// The whole buffer (empty for a module built by API calls).
  std::string_view text;
  /// Its buffer: findings at a Location of another buffer are listed
  /// apart, not at a line.
  uint32_t buffer = 0;
  /// The number of its first line (a piece of a file split at `// -----`
  /// keeps the file's numbers).
  uint32_t firstLine = 1;
};

/// Draws a DOT digraph as SVG; nullopt, with `why` set, when it cannot.
using GraphDrawer = std::function<std::optional<std::string>(
    const std::string &dot, std::string &why)>;

struct HtmlOptions {
  /// Parallel to the FileReports; a file without one lists its findings
  /// without source lines.
  std::vector<HtmlSource> sources;
  /// Null: no graphs, and the page says why (`noGraphReason`).
  GraphDrawer drawGraph;
  std::string noGraphReason = "graphs were not asked for";
  /// A function's graph is drawn when its DOT text is at most this long
  /// (Graphviz's SVG is about six times the DOT) ...
  size_t maxGraphDotBytes = 32 * 1024;
  /// ... and while the page's SVG stays under this many bytes.
  size_t graphBudgetBytes = 1024 * 1024;
  /// Safe findings are listed in full (about 140 bytes each) until they
  /// take this many bytes of the page; later ones are counted per line
  /// and kind (a 10k-op model has 20-50k of them, its source 1 MB).
  size_t safeTextBudget = 1536 * 1024;
};

/// The page, handed to `sink` in pieces of about 1 MiB.
void renderHtml(const std::vector<FileReport> &files, const Summary &summary,
                const ReportOptions &options, const HtmlOptions &html,
                const PositionResolver &resolve, const TextSink &sink);

/// Runs Graphviz `dot -Tsvg` from PATH on `dot` (for
/// HtmlOptions::drawGraph): the SVG element, without the XML prolog;
/// nullopt with `why` when `dot` is not found, fails or takes longer than
/// `timeoutMs`.
std::optional<std::string> drawWithGraphviz(const std::string &dot,
                                            std::string &why,
                                            int timeoutMs = 20000);

} // namespace symshape::solver

#endif // SYMSHAPE_REPORTS_HTMLREPORT_H
