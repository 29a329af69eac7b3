//===- SessionReports.cpp - A session's results as reports ----------------===//
//
// The output half of Session: solver locations as file positions (with what
// an op's `loc(...)` says), the reports' view of the analysed functions
// (with refined types, computed on every thread), and the text, JSON, SARIF,
// HTML and DOT renderings that `symshape check` and `graph` print. Parsing,
// lowering and judging are in Session.cpp.
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Session.h"

#include "symshape/driver/RefinedType.h"

#include <atomic>
#include <string_view>
#include <unordered_map>

namespace symshape::frontend {

namespace {

/// The names JAX's export gives the arguments (`jax.arg_info = "x"`,
/// `"x['a']"`), beside their value names, for the notes that say what a
/// condition's `%arg0[0]` is (docs/SEMANTICS.md §1, Names).
std::vector<std::pair<std::string, std::string>>
exportedArgumentNames(const Function &function,
                      const solver::Problem &problem) {
  std::vector<std::pair<std::string, std::string>> out;
  for (size_t a = 0;
       a < function.arguments.size() && a < function.argumentAttributes.size();
       ++a) {
    const Attribute *info =
        findAttr(function.argumentAttributes[a], "jax.arg_info");
    if (info && info->kind == AttrKind::String && !info->str.empty() &&
        function.arguments[a] < problem.values.size())
      out.emplace_back(
          std::string(problem.values[function.arguments[a]].name.view()),
          info->str);
  }
  return out;
}

} // namespace

std::string Session::format(solver::Location loc) const {
  return sourceManager.format(fromSolver(loc));
}

solver::PositionResolver Session::resolver() const {
  return [this](solver::Location loc) { return position(loc); };
}

const Module *Session::moduleOf(uint32_t buffer) const {
  auto it = moduleByBuffer.find(buffer);
  return it == moduleByBuffer.end() ? nullptr : it->second;
}

solver::SourcePosition Session::position(solver::Location loc) const {
  SourceLoc at = fromSolver(loc);
  std::string_view line;
  LineCol lc = sourceManager.lineCol(at, &line);
  solver::SourcePosition out;
  out.file = sourceManager.name(at.buffer);
  out.line = lc.line;
  out.column = lc.col;
  // Code points before the column: every byte that does not continue a
  // UTF-8 sequence starts one.
  uint32_t points = 0;
  for (size_t i = 0; i + 1 < lc.col && i < line.size(); ++i)
    points += (static_cast<unsigned char>(line[i]) & 0xC0) != 0x80;
  out.characterColumn = points + 1;
  if (loc.source != 0)
    if (const Module *module = moduleOf(loc.buffer);
        module && loc.source < module->locations.nodes.size()) {
      ResolvedLoc resolved = resolveLoc(module->locations, loc.source);
      out.origin.name = std::move(resolved.name);
      for (LocFrame &frame : resolved.frames)
        out.origin.frames.push_back({std::move(frame.file), frame.line,
                                     frame.column, std::move(frame.function)});
    }
  return out;
}

std::vector<solver::FileReport> Session::reports(const std::string &only,
                                                 bool refinedTypes) const {
  std::vector<solver::FileReport> out;
  for (const std::unique_ptr<FileAnalysis> &file : fileList) {
    solver::FileReport report;
    report.file = file->name;
    if (only.empty())
      for (const SkippedOp &op : file->module.skipped)
        report.moduleOpaque.push_back({toSolver(op.loc), op.op, op.reason});
    for (const FunctionAnalysis &analysis : file->functions) {
      if (!only.empty() && analysis.function->name != only)
        continue;
      report.functions.push_back(
          {analysis.problem.get(),
           &analysis.verdicts,
           analysis.shapes ? &*analysis.shapes : nullptr,
           {},
           &analysis.contract,
           &analysis.impliedBy,
           exportedArgumentNames(*analysis.function, *analysis.problem)});
    }
    out.push_back(std::move(report));
  }
  if (!refinedTypes)
    return out;
  // In chunks of values, so that one large function is typed on every
  // thread too.
  constexpr size_t kValuesPerTask = 16384;
  struct Task {
    solver::FunctionReport *report;
    const FunctionAnalysis *analysis;
    size_t from, to;
  };
  std::vector<Task> tasks;
  size_t fileIndex = 0;
  for (const std::unique_ptr<FileAnalysis> &file : fileList) {
    size_t functionIndex = 0;
    for (const FunctionAnalysis &analysis : file->functions)
      if (only.empty() || analysis.function->name == only) {
        solver::FunctionReport &fn = out[fileIndex].functions[functionIndex++];
        size_t n = fn.problem->values.size();
        fn.refinedTypes.resize(n);
        for (size_t from = 0; from < n; from += kValuesPerTask)
          tasks.push_back(
              {&fn, &analysis, from, std::min(n, from + kValuesPerTask)});
      }
    ++fileIndex;
  }
  std::atomic<size_t> next{0};
  std::atomic<bool> outOfMemory{false};
  auto worker = [&] {
    // The values of a model mostly refine to a few types: each thread
    // makes one text of each of the first kSharedTexts it meets (200k
    // texts of their own were 9 MB of the JSON report's peak). Keys view
    // the texts' own characters.
    constexpr size_t kSharedTexts = 1024;
    std::unordered_map<std::string_view, solver::Text> texts;
    for (size_t i; !outOfMemory && (i = next++) < tasks.size();)
      try {
        const Task &task = tasks[i];
        solver::FunctionReport &fn = *task.report;
        const solver::Problem &problem = *fn.problem;
        const Function &function = *task.analysis->function;
        for (size_t v = task.from; v < task.to; ++v) {
          const solver::ValueInfo &info = problem.values[v];
          const Type *type = function.declaredType(ValueId(v));
          if (!type || !mayRefine(*type)) {
            fn.refinedTypes[v] = info.type;
            continue;
          }
          const Type &declared = *type;
          Type refined = refinedType(declared, info, problem, fn.shapes);
          if (refined == declared) {
            fn.refinedTypes[v] = info.type;
            continue;
          }
          std::string text = refined.str();
          if (auto at = texts.find(text); at != texts.end()) {
            fn.refinedTypes[v] = at->second;
            continue;
          }
          fn.refinedTypes[v] = solver::Text(text);
          if (texts.size() < kSharedTexts)
            texts.emplace(fn.refinedTypes[v].view(), fn.refinedTypes[v]);
        }
      } catch (const std::bad_alloc &) {
        outOfMemory = true; // rethrown on this thread, as one thread would
      }
  };
  runOnThreads(worker, tasks.size());
  if (outOfMemory)
    throw std::bad_alloc();
  return out;
}

solver::Summary Session::reportSummary(const solver::ReportOptions &options,
                                       const std::string &only) const {
  solver::Summary summary;
  for (const solver::FileReport &file : reports(only))
    summary.add(file, options);
  return summary;
}

std::string Session::json(const solver::ReportOptions &options,
                          const std::string &only) const {
  std::string out;
  json([&out](std::string_view piece) { out += piece; }, options, only);
  return out;
}

void Session::json(const solver::TextSink &sink,
                   const solver::ReportOptions &options,
                   const std::string &only) const {
  std::vector<solver::FileReport> files = reports(only, true);
  solver::Summary summary;
  for (const solver::FileReport &file : files)
    summary.add(file, options);
  solver::ReportOptions rendering = options;
  rendering.threads = this->options.jobs;
  // Each entry's column is counted on its line: a large file's pages come
  // back one by one. Every few MiB written, those read go back again (a
  // mapped file's, as after the parse).
  size_t written = 0;
  auto forgetting = [&](std::string_view piece) {
    sink(piece);
    if ((written += piece.size()) < (size_t(4) << 20))
      return;
    written = 0;
    for (const std::unique_ptr<FileAnalysis> &file : fileList)
      sourceManager.forgetBefore(file->buffer, SIZE_MAX);
  };
  solver::renderJson(files, summary, rendering, resolver(), forgetting);
}

std::string Session::sarif(const solver::ReportOptions &options,
                           const std::string &only) const {
  return solver::renderSarif(reports(only), options, resolver());
}

std::string Session::dot(const std::string &only) const {
  return solver::renderDot(reports(only), resolver());
}

void Session::html(const solver::TextSink &sink,
                   const solver::ReportOptions &options,
                   solver::HtmlOptions page, const std::string &only) const {
  std::vector<solver::FileReport> files = reports(only);
  solver::Summary summary;
  for (const solver::FileReport &file : files)
    summary.add(file, options);
  // reports() lists every file, in fileList's order.
  page.sources.clear();
  for (const std::unique_ptr<FileAnalysis> &file : fileList)
    page.sources.push_back({sourceManager.buffer(file->buffer), file->buffer,
                            sourceManager.lineCol({file->buffer, 0}).line});
  solver::renderHtml(files, summary, options, page, resolver(), sink);
}

std::string Session::text(const solver::ReportOptions &options,
                          const std::string &only) const {
  std::string out;
  text([&out](std::string_view piece) { out += piece; }, options, only);
  return out;
}

void Session::text(const solver::TextSink &sink,
                   const solver::ReportOptions &options,
                   const std::string &only) const {
  using Severity = solver::ReportMessage::Severity;
  // Handed over in pieces of whole lines: a report whose witnesses name
  // thousands of sizes each is never held whole.
  constexpr size_t kFlushBytes = size_t(1) << 20;
  DiagnosticEngine printer(sourceManager);
  RenderCache printed;
  std::string out;
  std::vector<solver::FileReport> files = reports(only);
  solver::Summary summary;
  // Per file name (the pieces of a split file together), in order.
  std::vector<std::pair<std::string, solver::Summary>> perFile;
  for (const solver::FileReport &file : files) {
    summary.add(file, options);
    if (perFile.empty() || perFile.back().first != file.file)
      perFile.emplace_back(file.file, solver::Summary());
    perFile.back().second.add(file, options);
    // Under --require-coverage an op outside any function that is not
    // read is an error, as an opaque op in a function is (the summary
    // counts both).
    if (options.requireCoverage)
      for (const solver::OpaqueOp &op : file.moduleOpaque) {
        solver::ReportEntry entry;
        entry.loc = op.loc;
        entry.op = op.op;
        entry.opaque = &op;
        const solver::Waiver *waiver = options.waiver(entry);
        Diagnostic diag;
        diag.loc = fromSolver(op.loc);
        diag.severity =
            waiver ? frontend::Severity::Note : frontend::Severity::Error;
        diag.message = std::string(!waiver             ? ""
                                   : waiver->baselined ? "baselined: "
                                                       : "suppressed: ") +
                       "'" + op.op + "' is opaque: " + op.reason +
                       " [coverage, error]";
        printer.render(out, diag, printed);
        if (waiver && !waiver->baselined)
          out += format(op.loc) + ": note: suppressed because: " +
                 escapeNonPrintable(waiver->reason) + "\n";
      }
    for (const solver::FunctionReport &fn : file.functions) {
      solver::forEachFindingMessage(
          fn, options, resolver(), [&](solver::ReportMessage &&message) {
            if (message.at) {
              // A position in the exporter's source, which symshape does
              // not read: no source line. Its names come from the input.
              appendEscaped(out, message.at->str());
              out += ": ";
              out += severityName(message.severity == Severity::Error
                                      ? frontend::Severity::Error
                                  : message.severity == Severity::Warning
                                      ? frontend::Severity::Warning
                                      : frontend::Severity::Note);
              out += ": ";
              appendEscaped(out, message.text);
              out += '\n';
            } else if (message.severity == Severity::Note &&
                       message.kind.empty() && !message.showSource) {
              // A finding's own line (a runtime check that can fail is a
              // note) shows its source line; the notes after it do not.
              out += format(message.loc);
              out += ": note: ";
              appendEscaped(out, message.text);
              out += '\n';
            } else {
              Diagnostic diag;
              diag.loc = fromSolver(message.loc);
              diag.severity = message.severity == Severity::Error
                                  ? frontend::Severity::Error
                              : message.severity == Severity::Warning
                                  ? frontend::Severity::Warning
                                  : frontend::Severity::Note;
              diag.message = std::move(message.text);
              printer.render(out, diag, printed);
            }
            if (out.size() >= kFlushBytes) {
              sink(out);
              out.clear();
            }
          });
    }
  }
  if (options.fileSummaries)
    for (const auto &[name, fileSummary] : perFile)
      out += "symshape: " + escapeNonPrintable(name) + ": " +
             fileSummary.line() + "\n";
  std::string coverage = solver::coverageLine(files);
  if (!coverage.empty())
    out += "symshape: " + coverage + "\n";
  out += "symshape: " + summary.line() + "\n";
  sink(out);
}

} // namespace symshape::frontend
