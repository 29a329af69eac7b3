//===- symshape.cpp - The command-line tool -------------------------------===//
//
// A thin layer over symshape::frontend::Session: parse the command line,
// read the files, print what the session reports. Exit status: `check` 0
// when every obligation is safe, 1 when one is not; `refine` and `graph` 0
// once their output is written; 2 on bad input or usage (a bad file among
// several: the others are still judged and reported).
//
//===----------------------------------------------------------------------===//

#include "Allocator.h"
#include "CheckSetup.h"
#include "CommandLine.h"
#include "Gate.h"
#include "Interrupt.h"
#include "Output.h"
#include "Terminal.h"

#include "symshape/driver/Rewrite.h"
#include "symshape/driver/Session.h"
#include "symshape/driver/SplitInput.h"
#include "symshape/frontend/Lowering.h"
#include "symshape/solver/AssumptionConflicts.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <sys/resource.h>
#include <system_error>
#include <unistd.h>
#include <vector>

#ifndef SYMSHAPE_VERSION
#define SYMSHAPE_VERSION "unknown"
#endif

using namespace symshape;
using namespace symshape::tool;

namespace {

bool colorStderr = false;

/// Prints diagnostics or an error line on stderr, coloured on a terminal,
/// with every byte a terminal would act on escaped (a file name, an op name
/// or a source line may hold any bytes).
void printError(const std::string &text) {
  std::string safe = frontend::escapeNonPrintable(text);
  std::cerr << (colorStderr ? colorize(safe) : safe);
  std::cerr.flush();
}

int usageError(const std::string &message) {
  printError("symshape: error: " + message +
             "\nrun 'symshape --help' for usage\n");
  return 2;
}

/// One input file and whether it failed.
struct Input {
  std::string path; ///< as given ("-" for stdin)
  std::string name; ///< as reported ("<stdin>" for stdin)
  frontend::SourceText text;
  uint32_t firstLine = 1; ///< of `text` in the file (--split-input-file)
  bool bad = false;
  /// Once the session holds `text` (moved there): its buffer.
  std::optional<uint32_t> buffer;
};

/// What a run analysed: the session (over the good inputs) and the errors
/// of the bad ones.
struct Analysis {
  frontend::Session *session = nullptr;
  std::vector<solver::InputError> errors;
  size_t goodInputs = 0;
};

solver::InputError inputError(const frontend::Session &session,
                              const frontend::Diagnostic &diag) {
  solver::InputError error;
  error.file = session.sources().name(diag.loc.buffer);
  error.located = true;
  error.position = session.position(frontend::toSolver(diag.loc));
  error.message = diag.message;
  return error;
}

/// Prints `error` (and, for --json / --format sarif / html, a document
/// listing it and the earlier input errors on stdout); exit status 2.
int fatal(const CommandLine &cl, Analysis &analysis,
          const std::string &rendered,
          std::optional<solver::InputError> error) {
  printError(rendered);
  if (cl.format == Format::Text)
    return 2;
  if (error)
    analysis.errors.push_back(*error);
  solver::ReportOptions options;
  options.errors = analysis.errors;
  options.toolVersion = SYMSHAPE_VERSION;
  std::string document;
  if (cl.format == Format::Json)
    document = solver::renderJsonErrors(options.errors);
  else if (cl.format == Format::Sarif)
    document = solver::renderSarif({}, options, {});
  else
    solver::renderHtml(
        {}, solver::Summary(), options, {}, {},
        [&document](std::string_view piece) { document += piece; });
  std::string written = writeOutput(cl.output, document);
  if (!written.empty())
    printError(written + "\n");
  return 2;
}

/// Reads the files (each `// -----` piece an input of its own under
/// --split-input-file); one that cannot be read is reported and marked bad.
std::vector<Input> readInputs(const CommandLine &cl, Analysis &analysis) {
  std::vector<Input> inputs;
  for (const std::string &path : cl.files) {
    Input input;
    input.path = path;
    input.name = path == "-" ? "<stdin>" : path;
    std::string error;
    std::optional<frontend::SourceText> text = readSource(path, error);
    if (!text) {
      printError(error + "\n");
      std::string prefix = path + ": error: ";
      solver::InputError unreadable;
      unreadable.file = path;
      unreadable.message = error.substr(std::min(prefix.size(), error.size()));
      analysis.errors.push_back(std::move(unreadable));
      input.bad = true;
    } else if (cl.splitInput) {
      // Each `// -----` piece is an input of its own, with the file's
      // line numbers.
      for (frontend::InputChunk &chunk :
           frontend::splitInputFile(text->view())) {
        Input piece = input;
        piece.text = std::move(chunk.text);
        piece.firstLine = chunk.firstLine;
        inputs.push_back(std::move(piece));
      }
      continue;
    } else {
      input.text = std::move(*text);
    }
    inputs.push_back(std::move(input));
  }
  return inputs;
}

/// The session's options: the command line's, with what the output needs
/// computed and progress reported when asked.
frontend::SessionOptions sessionOptions(const CommandLine &cl,
                                        Progress &progress) {
  frontend::SessionOptions options = cl.options;
  // Shapes for the JSON's `values`; SARIF too, so that its witnesses are
  // the JSON's (a Z3 context's answers depend on what it was asked before).
  options.computeShapes = cl.command != "check" || cl.format != Format::Text;
  // Why each safe runtime check holds: only the JSON and HTML outputs and
  // --explain show it.
  options.explainChecks =
      cl.format == Format::Json || cl.format == Format::Html || cl.explain;
  // Only the reports of `check` show the contracts.
  options.computeContracts = cl.command == "check";
  // Only the DOT graph reads the ops after the analysis: refine reads the
  // file again, rewriting each op as it is parsed (rewriteRefined), so that
  // a large function's ops are not all held at once.
  options.keepFunctionBodies = cl.command == "graph";
  // The values' names and declared types: the JSON's refined types read
  // only the types, which stay when the values go.
  options.keepFunctionValues = cl.command == "graph";
  // Only the DOT graph draws the names of static sizes.
  options.lowering.labelConstants = cl.command == "graph";
  // The HTML report draws each function's graph too.
  options.lowering.allLabels =
      cl.command == "graph" || cl.format == Format::Html;
  if (cl.progress != When::Never &&
      (cl.progress == When::Always || ::isatty(2)))
    options.progress = [&progress](const char *phase, size_t done,
                                   size_t total) {
      progress.update(phase, done, total);
    };
  return options;
}

/// The input that the session's first error is in, unless it is out of
/// memory (which concerns every input) or in no input (an --assume).
Input *culpritOf(const frontend::Session &session, std::vector<Input> &inputs,
                 const frontend::Diagnostic *first) {
  Input *culprit = nullptr;
  if (first && first->message.find("out of memory") == std::string::npos)
    for (Input &input : inputs)
      if (!input.bad && input.name == session.sources().name(first->loc.buffer))
        culprit = &input;
  return culprit;
}

/// Adds the good inputs to `session`; one that does not parse is reported
/// and marked bad.
void addInputs(frontend::Session &session, std::vector<Input> &inputs,
               Analysis &analysis) {
  analysis.goodInputs = 0;
  for (Input &input : inputs) {
    if (input.bad)
      continue;
    // The session keeps the only copy of the text (a retry takes it back).
    if (!session.addFile(input.name, std::move(input.text), input.firstLine)) {
      for (const frontend::Diagnostic &d : session.diagnostics().diagnostics())
        if (d.severity == frontend::Severity::Error)
          analysis.errors.push_back(inputError(session, d));
      printError(session.diagnostics().renderAll());
      session.diagnostics().clear();
      input.bad = true;
      continue;
    }
    input.buffer = session.files().back()->buffer;
    ++analysis.goodInputs;
  }
}

/// Reads, parses, lowers and judges the inputs. A file that cannot be
/// read, parsed or lowered is reported (on stderr, and in
/// `analysis.errors`) and left out; the others are analysed. Returns 0, or
/// 2 after an error that concerns every input (a bad --assume, memory).
int analyse(const CommandLine &cl, Progress &progress, Analysis &analysis) {
  std::vector<Input> inputs = readInputs(cl, analysis);
  frontend::SessionOptions options = sessionOptions(cl, progress);
  // A big function is lowered while its file is parsed, as well as when
  // the session analyses.
  returnFreedPagesAtBigRecords(true);
  // A file whose functions cannot be lowered is found only when the session
  // analyses: then the run starts again without it.
  for (;;) {
    auto *session = new frontend::Session(options);
    for (const std::string &assumption : cl.assumptions)
      if (!session->addAssumption(assumption)) {
        const frontend::Diagnostic &d = session->diagnostics().diagnostics()[0];
        return fatal(cl, analysis, session->diagnostics().renderAll(),
                     inputError(*session, d));
      }
    addInputs(*session, inputs, analysis);
    // The judge's Z3 contexts are made and dropped in turn.
    keepLargeBlocks(true);
    const bool analysed = session->analyze();
    keepLargeBlocks(false);
    if (analysed) {
      analysis.session = session;
      return 0;
    }
    const std::vector<frontend::Diagnostic> &diags =
        session->diagnostics().diagnostics();
    const frontend::Diagnostic *first = nullptr;
    for (const frontend::Diagnostic &d : diags)
      if (!first && d.severity == frontend::Severity::Error)
        first = &d;
    Input *culprit = culpritOf(*session, inputs, first);
    if (!culprit)
      return fatal(cl, analysis, session->diagnostics().renderAll(),
                   first ? std::optional(inputError(*session, *first))
                         : std::nullopt);
    analysis.errors.push_back(inputError(*session, *first));
    printError(session->diagnostics().renderAll());
    culprit->bad = true;
    for (Input &input : inputs)
      if (!input.bad && input.buffer) {
        input.text = session->sources().text(*input.buffer);
        input.buffer.reset();
      }
    delete session;
  }
}

/// Two user facts that contradict each other, one of them an --assume:
/// an error naming both. Returns 2 after printing it, else 0.
int checkAssumptionConflicts(const CommandLine &cl, Analysis &analysis) {
  frontend::Session &session = *analysis.session;
  for (const auto &file : session.files())
    for (const frontend::FunctionAnalysis &fn : file->functions) {
      // A function's verdict is its worst finding: no error, no conflict
      // (and no walk over its obligations, 600k in a 100k-op function).
      if (fn.verdicts.verdict != solver::Verdict::Error)
        continue;
      const solver::Problem &problem = *fn.problem;
      for (size_t k = 0; k < problem.obligations.size(); ++k) {
        const solver::Obligation &ob = problem.obligations[k];
        if (ob.kind != solver::ObligationKind::Assume ||
            fn.verdicts.findings[k].verdict != solver::Verdict::Error)
          continue;
        std::optional<size_t> j = solver::conflictingAssumption(
            problem, fn.verdicts, k, cl.options.judge.limits);
        if (!j)
          continue;
        const solver::Obligation &other = problem.obligations[*j];
        if (problem.opOf(ob) != "--assume" && problem.opOf(other) != "--assume")
          continue; // both in the file: a finding, as any other
        frontend::DiagnosticEngine diags(session.sources());
        diags.error(frontend::fromSolver(problem.locOf(ob)),
                    solver::describeSubject(problem, ob) + " contradicts " +
                        solver::describeSubject(problem, other) +
                        " in function '@" + problem.function +
                        "': no sizes satisfy both");
        diags.emit(frontend::fromSolver(problem.locOf(other)),
                   frontend::Severity::Note, "the other assumption is here");
        return fatal(cl, analysis, diags.renderAll(),
                     inputError(session, diags.diagnostics()[0]));
      }
    }
  return 0;
}

/// Writes a report as `produce` renders it (in pieces of whole lines) to
/// stdout or to -o's FILE (Output.h:
/// a regular file replaced atomically, anything else written through), so
/// that a large report is never held whole. A failed write is an error
/// (exit status 2). A `colorable` report (the text one) is diagnostics:
/// non-printable bytes escaped, and coloured on a terminal when wanted.
/// `produce` may name an error instead, and then nothing is committed.
int emitStream(
    const CommandLine &cl,
    const std::function<std::string(const solver::TextSink &)> &produce,
    bool colorable) {
  Output output(cl.output);
  bool color = output.toStdout() && colorable && cl.color != When::Never &&
               (cl.color == When::Always || colorTerminal(stdout));
  std::string error = output.open();
  std::string failure;
  if (error.empty())
    failure = produce([&](std::string_view piece) {
      if (!error.empty())
        return;
      if (!colorable) // MLIR, DOT, JSON: written as produced
        error = output.write(piece);
      else if (!color && frontend::isPlainText(piece)) // nothing to escape
        error = output.write(piece);
      else if (std::string safe = frontend::escapeNonPrintable(piece); color)
        error = output.write(colorize(safe));
      else
        error = output.write(safe);
    });
  if (error.empty() && !failure.empty())
    error = "symshape: error: " + failure;
  if (error.empty())
    error = output.commit();
  if (!error.empty()) {
    printError(error + "\n");
    return 2;
  }
  return 0;
}

/// emitStream for output held whole.
int emit(const CommandLine &cl, const std::string &text, bool colorable) {
  return emitStream(
      cl,
      [&](const solver::TextSink &sink) {
        sink(text);
        return std::string();
      },
      colorable);
}

void printStats(const CommandLine &cl, const frontend::Session &session) {
  if (!cl.stats)
    return;
  const solver::JudgeStats &s = session.stats();
  std::cerr << "stats: static=" << s.decidedStatically
            << " solver=" << s.decidedBySolver << " unknown=" << s.unknown
            << " checks=" << s.solverChecks << "\n";
}

/// A usage error (exit status 2) when the command is unknown, an option
/// does not apply to it or it has the wrong number of files; else 0.
int checkUsage(const CommandLine &cl) {
  if (cl.command != "check" && cl.command != "refine" &&
      cl.command != "graph") {
    std::string near = nearestName(cl.command);
    return usageError("unknown command '" + cl.command + "'" +
                      (near.empty() || near[0] == '-'
                           ? ""
                           : "; did you mean '" + near + "'?"));
  }
  if (std::string error = checkOptionsApply(cl); !error.empty())
    return usageError(error);
  if (cl.files.empty())
    return usageError(
        cl.command + " needs " +
        (cl.command == "check" ? "at least one FILE" : "exactly one FILE") +
        " (or '-' for stdin)");
  if (cl.command != "check" && cl.files.size() != 1)
    return usageError(cl.command +
                      " takes exactly one FILE (or '-' for stdin)");
  return 0;
}

/// `check`: the report in the format asked for, then --stats; the exit
/// status. With suppressions or a baseline, the findings they accept are
/// notes and only the others count (Gate.h).
int runCheck(const CommandLine &cl, const frontend::Session &session,
             solver::ReportOptions &options, const Analysis &analysis,
             const solver::Summary &summary, const CheckSetup &setup) {
  std::optional<Gate> gate;
  if (setup.anySuppression() || !cl.baselinePath.empty()) {
    gate.emplace();
    if (std::string error = gate->run(cl, session, options, setup.configOf,
                                      !analysis.errors.empty());
        !error.empty()) {
      printError(error + "\n");
      return 2;
    }
    options.waiverOf = [&gate](const solver::ReportEntry &entry) {
      return gate->waiverOf(entry);
    };
    printError(gate->notes());
  }
  // Text has nothing to say when no input could be read: the errors are
  // on stderr. JSON, SARIF and HTML always give a document.
  if (cl.format == Format::Json) {
    auto json = [&](const solver::TextSink &sink) {
      session.json(sink, options, cl.function);
      return std::string();
    };
    if (emitStream(cl, json, false) != 0)
      return 2;
  } else if (cl.format == Format::Sarif) {
    if (emit(cl, session.sarif(options, cl.function), false) != 0)
      return 2;
  } else if (cl.format == Format::Html) {
    // Graphs where Graphviz is on PATH (the page says when it is not).
    solver::HtmlOptions page;
    page.drawGraph = [](const std::string &dot, std::string &why) {
      return solver::drawWithGraphviz(dot, why);
    };
    auto html = [&](const solver::TextSink &sink) {
      session.html(sink, options, page, cl.function);
      return std::string();
    };
    if (emitStream(cl, html, false) != 0)
      return 2;
  } else if (analysis.goodInputs > 0) {
    auto text = [&](const solver::TextSink &sink) {
      session.text(sink, options, cl.function);
      if (gate)
        sink(gate->line());
      return std::string();
    };
    if (emitStream(cl, text, true) != 0)
      return 2;
  }
  printStats(cl, session);
  bool failed = !analysis.errors.empty();
  bool fails = gate ? gate->fails(cl.failOn) : summary.fails(cl.failOn);
  return failed ? 2 : fails ? 1 : 0;
}

int run(const CommandLine &cl, const CheckSetup &setup) {
  if (int status = checkUsage(cl))
    return status;
  // auto: on a terminal, once a run has taken two seconds; always: from
  // the start.
  Progress progress(cl.progress == When::Always ||
                        (cl.progress == When::Auto && ::isatty(2)),
                    cl.progress == When::Always ? std::chrono::seconds(0)
                                                : std::chrono::seconds(2));
  Analysis analysis;
  int status = analyse(cl, progress, analysis);
  progress.stop();
  if (status != 0)
    return status;
  frontend::Session &session = *analysis.session;
  if ((status = checkAssumptionConflicts(cl, analysis)) != 0)
    return status;
  if (!cl.function.empty() && !session.function(cl.function)) {
    std::string where = cl.files.size() == 1 && analysis.errors.empty()
                            ? session.files()[0]->name
                            : std::string("symshape");
    return fatal(cl, analysis,
                 where + ": error: no function named '@" + cl.function +
                     "' with a body\n",
                 std::nullopt);
  }
  solver::ReportOptions options;
  options.requireCoverage = cl.requireCoverage;
  options.explain = cl.explain;
  options.locations = cl.locations;
  options.errors = analysis.errors;
  options.toolVersion = SYMSHAPE_VERSION;
  // Several files judged: a summary line for each, then the overall one.
  for (const auto &file : session.files())
    options.fileSummaries =
        options.fileSummaries || file->name != session.files()[0]->name;
  bool failed = !analysis.errors.empty();
  const solver::Summary summary = session.reportSummary(options, cl.function);

  if (cl.command == "check")
    return runCheck(cl, session, options, analysis, summary, setup);
  if (failed)
    return 2; // refine and graph read one file: nothing to write
  if (cl.command == "refine") {
    // Only the rewrite is left, and without --drop-redundant-checks it
    // reads no finding: they go before the file is read again.
    if (!cl.dropRedundantChecks)
      session.dropFindings();
    // Split pieces come back joined by the marker that split them.
    auto refined = [&](const solver::TextSink &sink) {
      for (const auto &file : session.files()) {
        if (&file != &session.files().front())
          sink("// -----\n");
        if (!frontend::rewriteRefined(session, *file, sink, nullptr,
                                      cl.function, cl.dropRedundantChecks))
          return file->name + " changed while symshape read it";
      }
      return std::string();
    };
    if (emitStream(cl, refined, false) != 0)
      return 2;
  } else if (emit(cl, session.dot(cl.function), false) != 0) {
    return 2;
  }
  printStats(cl, session);
  return cl.strictExit && !summary.noUb() ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  // Before any thread starts (SIGINT stays blocked in all of them).
  installInterruptHandler();
  // A standard stream the caller closed (`>&-`) is held by /dev/null, read
  // only for stdout so that every write to it fails (and is reported):
  // otherwise the next file opened would take its number and receive the
  // output.
  for (int fd = 0; fd <= 2; ++fd)
    if (::fcntl(fd, F_GETFD) == -1 && errno == EBADF)
      ::open("/dev/null", fd == 2 ? O_WRONLY : O_RDONLY);
  CommandLine cl;
  std::string error = parseArgs(argc, argv, cl);
  colorStderr = cl.color == When::Always ||
                (cl.color == When::Auto && colorTerminal(stderr));
  if (!error.empty())
    return usageError(error);
  if (cl.help || cl.version) {
    std::string text = cl.help
                           ? std::string(kUsage)
                           : std::string("symshape ") + SYMSHAPE_VERSION +
                                 " (JSON report " + solver::kJsonReportVersion +
                                 ", SARIF 2.1.0)\n";
    if (std::string error = writeOutput("-", text); !error.empty()) {
      printError(error + "\n");
      return 2;
    }
    return 0;
  }
  if (cl.command.empty()) {
    std::cerr << kUsage;
    return 2;
  }
  // check: directories and the configuration file (whose options, colour
  // and memory limit included, hold from here on).
  CheckSetup setup;
  if (std::string error = setUpCheck(
          std::vector<std::string>(argv + 1, argv + argc), cl, setup);
      !error.empty()) {
    printError(error);
    return 2;
  }
  colorStderr = cl.color == When::Always ||
                (cl.color == When::Auto && colorTerminal(stderr));
  // A write beyond `ulimit -f` fails with EFBIG and is reported, rather
  // than the signal ending the run with a half-written file.
  std::signal(SIGXFSZ, SIG_IGN);
  if (cl.memoryLimitMb) {
    // The address space, so an allocation beyond it fails cleanly (and is
    // reported as an error), and Z3's own allocator, below that.
    prepareAllocatorForLimit();
    rlim_t bytes = rlim_t(cl.memoryLimitMb) << 20;
    struct rlimit limit = {bytes, bytes};
    setrlimit(RLIMIT_AS, &limit);
    solver::setSolverMemoryLimit(unsigned(cl.memoryLimitMb * 3 / 4));
  }
  int status;
  try {
    status = run(cl, setup);
  } catch (const std::bad_alloc &) {
    // Past the library's own checks (while printing): still a clean stop.
    std::cerr << "symshape: error: out of memory\n";
    std::_Exit(2);
  } catch (const std::system_error &) {
    // A thread or lock the system could not give (under a memory limit).
    std::cerr << "symshape: error: out of memory\n";
    std::_Exit(2);
  }
  // Everything is written; freeing a large module's memory piece by piece
  // would only cost time (compilers skip it the same way).
  std::cerr.flush();
  std::_Exit(status);
}
