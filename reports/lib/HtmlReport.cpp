//===- HtmlReport.cpp - The `check --format html` page --------------------===//
//
// One self-contained page: the summary table and the filters in a header,
// then a section per input file with its functions (HtmlFunctions.cpp) and
// its source with the findings under their lines (HtmlSource.cpp). The
// entries are the JSON report's (`ReportList`, safe ones included, made
// once per function); safe findings are hidden until their checkbox is
// ticked, as the text report leaves them out. Nothing is fetched: the
// style and the script are inline, graphs inline SVG.
//
//===----------------------------------------------------------------------===//

#include "HtmlInternal.h"

#include <array>
#include <map>

namespace symshape::solver {

using html::Page;

namespace {

/// The entries of every function of every file, and how many there are of
/// each verdict and kind (for the filters).
struct Entries {
  std::vector<std::vector<ReportList>> lists; ///< [file][function]
  std::array<size_t, 6> verdicts{};
  std::map<std::string, size_t> kinds;
  size_t functions = 0;

  Entries(const std::vector<FileReport> &files, const ReportOptions &options) {
    lists.resize(files.size());
    for (size_t f = 0; f < files.size(); ++f)
      for (const FunctionReport &function : files[f].functions) {
        ++functions;
        ReportList &list = lists[f].emplace_back(function, options);
        for (size_t i = 0; i < list.size(); ++i) {
          ReportEntry entry = list[i];
          ++verdicts[size_t(entry.verdict)];
          ++kinds[std::string(entry.kind)];
        }
      }
  }
};

void writeHead(Page &page, const std::vector<FileReport> &files,
               const Entries &entries) {
  page.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
           "charset=\"utf-8\">\n<meta name=\"viewport\" "
           "content=\"width=device-width, initial-scale=1\">\n<title>symshape "
           "check");
  if (!files.empty()) {
    page.raw(": ");
    page.text(files.front().file);
    if (files.size() > 1) {
      page.raw(" and ");
      page.number(files.size() - 1);
      page.raw(" more");
    }
  }
  page.raw("</title>\n<style>");
  page.raw(html::kStyle);
  // A rule per kind of the page, as the style has per verdict.
  for (const auto &[kind, count] : entries.kinds) {
    std::string name = html::classOf(kind);
    page.raw(".h-k-" + name + " .fs>.k-" + name + "{display:none}\n");
  }
  page.raw("</style>\n</head>\n");
}

void writeSummaryTable(Page &page, const Summary &summary) {
  page.raw("<table class=\"sum\"><tr><th>verdict</th><th>findings</th></tr>");
  for (Verdict verdict : html::kVerdictOrder) {
    page.raw("<tr><th><b class=\"v-");
    page.raw(html::classOf(verdictName(verdict)));
    page.raw("\">");
    page.raw(verdictName(verdict));
    page.raw("</b></th><td>");
    page.number(summary.counts[size_t(verdict)]);
    page.raw("</td></tr>");
  }
  page.raw("<tr><th>runtime checks that can fail (among ub-possible)</th><td>");
  page.number(summary.checksMayFail);
  page.raw("</td></tr><tr><th>ops symshape could not model</th><td>");
  page.number(summary.opaqueOps);
  page.raw("</td></tr><tr><th>total</th><td>");
  page.number(summary.total());
  page.raw("</td></tr></table>\n");
}

void writeFilters(Page &page, const Entries &entries) {
  page.raw("<form id=\"filters\"><span class=\"group\">Verdict:");
  for (Verdict verdict : html::kVerdictOrder) {
    page.raw(" <label><input type=\"checkbox\" value=\"v-");
    page.raw(html::classOf(verdictName(verdict)));
    // Safe findings are many and say nothing to fix: hidden at first.
    page.raw(verdict == Verdict::Safe ? "\"> " : "\" checked> ");
    page.raw(verdictName(verdict));
    page.raw(" (");
    page.number(entries.verdicts[size_t(verdict)]);
    page.raw(")</label>");
  }
  page.raw("</span><span class=\"group\">Kind:");
  for (const auto &[kind, count] : entries.kinds) {
    page.raw(" <label><input type=\"checkbox\" value=\"k-");
    page.raw(html::classOf(kind));
    page.raw("\" checked> ");
    page.text(kind);
    page.raw(" (");
    page.number(count);
    page.raw(")</label>");
  }
  page.raw("</span></form>\n<noscript><p>The filters need JavaScript; safe "
           "findings are hidden without it.</p></noscript>\n");
}

void writeHeader(Page &page, const std::vector<FileReport> &files,
                 const Summary &summary, const ReportOptions &options,
                 const Entries &entries) {
  page.raw("<body class=\"h-v-safe\">\n<header>\n<h1>symshape check</h1>\n"
           "<p id=\"state\" data-state=\"loading\">");
  page.number(files.size());
  page.raw(files.size() == 1 ? " file, " : " files, ");
  page.number(entries.functions);
  page.raw(entries.functions == 1 ? " function. " : " functions. ");
  page.raw("<span id=\"shown\"></span></p>\n<div id=\"js-errors\" "
           "hidden></div>\n");
  writeSummaryTable(page, summary);
  page.raw("<p>");
  page.text(summary.line());
  std::string coverage = coverageLine(files);
  if (!coverage.empty()) {
    page.raw("<br>");
    page.text(coverage);
  }
  page.raw("</p>\n");
  writeFilters(page, entries);
  if (files.size() > 1) {
    page.raw("<nav>Files:");
    for (size_t f = 0; f < files.size(); ++f) {
      page.raw(" <a href=\"#file-");
      page.number(f);
      page.raw("\">");
      page.text(files[f].file);
      page.raw("</a>");
    }
    page.raw("</nav>\n");
  }
  if (!options.errors.empty()) {
    page.raw("<h3>Inputs that could not be analysed</h3><ul class=\"errors\">");
    for (const InputError &error : options.errors) {
      page.raw("<li>");
      page.text(error.located ? error.position.str() : error.file);
      page.raw(": ");
      page.text(error.message);
      page.raw("</li>");
    }
    page.raw("</ul>\n");
  }
  page.raw("</header>\n");
}

} // namespace

void renderHtml(const std::vector<FileReport> &files, const Summary &summary,
                const ReportOptions &options, const HtmlOptions &html,
                const PositionResolver &resolve, const TextSink &sink) {
  Page page(sink);
  Entries entries(files, options);
  writeHead(page, files, entries);
  writeHeader(page, files, summary, options, entries);
  page.raw("<main>\n");
  html::GraphState graphs;
  html::SafeState safe;
  for (size_t f = 0; f < files.size(); ++f) {
    const FileReport &file = files[f];
    page.raw("<section class=\"file\" id=\"file-");
    page.number(f);
    page.raw("\" data-file=\"");
    page.attribute(file.file);
    page.raw("\">\n<h2>");
    page.text(file.file);
    page.raw("</h2>\n<h3>Functions</h3>\n");
    if (file.functions.empty() && file.moduleOpaque.empty())
      page.raw("<p>No function with a body.</p>\n");
    html::writeFunctions(page, file, entries.lists[f], options, html, resolve,
                         graphs);
    page.raw("<h3>Source</h3>\n");
    const HtmlSource *source =
        f < html.sources.size() ? &html.sources[f] : nullptr;
    html::writeSource(page, file, entries.lists[f], source, options, html,
                      resolve, safe);
    page.raw("</section>\n");
    page.flushIfLarge();
  }
  page.raw("</main>\n<script>");
  page.raw(html::kScript);
  page.raw("</script>\n</body>\n</html>\n");
  page.flush();
}

} // namespace symshape::solver
