//===- Session.h - Parse, lower and judge a set of files --------*- C++ -*-===//
//
// The library's front door: what the CLI does, without printing.
//
//   Session session(options);
//   if (!session.addFile("x.mlir", text) || !session.analyze())
//     std::cerr << session.diagnostics().renderAll();
//   for (const FileAnalysis &file : session.files())
//     for (const FunctionAnalysis &fn : file.functions)
//       ... fn.problem->obligations[k], fn.verdicts.findings[k] ...
//
// No global state; any number of sessions may live side by side. A session
// stays where it was built (it is neither copied nor moved: its diagnostics,
// parsed modules and analyses point into its own source buffers); hold it by
// std::unique_ptr to hand it around.
//
// The library's API is this header and Rewrite.h (what examples/api
// includes), with the types they expose; the other headers are the
// implementation's and may change.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_DRIVER_SESSION_H
#define SYMSHAPE_DRIVER_SESSION_H

#include "symshape/frontend/Diagnostics.h"
#include "symshape/frontend/IR.h"
#include "symshape/frontend/Lowering.h"
#include "symshape/frontend/SourceManager.h"
#include "symshape/reports/HtmlReport.h"
#include "symshape/reports/Report.h"
#include "symshape/solver/Contract.h"
#include "symshape/solver/Refinement.h"
#include "symshape/solver/Verdicts.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace symshape::frontend {

struct SessionOptions {
  LoweringOptions lowering;
  /// How functions are judged. Its `environment`, when set, is the Z3
  /// context every function is judged in (but one with products of sizes,
  /// which gets one of its own), instead of one per lane of functions: for
  /// a caller that analyses many inputs one after another (the fuzzers; a
  /// context costs 10 ms under ASan). Z3's answers depend on what a
  /// context was asked before, so two sessions give the same output only
  /// if their contexts were asked the same before them. The session then
  /// judges on this thread alone, whatever `jobs`. Its `memo` and
  /// `judged` are the session's own.
  solver::JudgeOptions judge;
  /// Also compute the most specific shape of every value (SEMANTICS.md §5).
  bool computeShapes = false;
  /// Explain every `safe` obligation (which earlier ones imply it), not
  /// only the runtime checks (`--explain`).
  bool explainAll = false;
  /// Explain the safe runtime checks (their `implied_by`): the JSON and
  /// --explain outputs show it; text and SARIF outputs do not, and skip
  /// the cost (one solver query per check over every earlier obligation).
  bool explainChecks = true;
  /// Compute each function's contract: what its callers must guarantee
  /// (every report shows it; `refine` and `graph` do not).
  bool computeContracts = true;
  /// Keep each function's ops once it is lowered. `check` reads only the
  /// lowered problems and the functions' values: without the ops, their
  /// memory serves the judging instead (a large module's peak is lower),
  /// and a function no call names has its ops freed while it is lowered.
  /// Callers that read the module need them; rewriting (`refine`) reads
  /// the file again without them (rewriteRefined), op by op.
  bool keepFunctionBodies = true;
  /// Keep each function's values (names and declared types) once the
  /// functions are lowered, when the bodies are not kept. Only the JSON's
  /// refined types and the lookups by name (`valueNamed`, `shapeOf`, ...)
  /// read them; the text of `check` does not, and frees their memory
  /// before the judging.
  bool keepFunctionValues = true;
  /// Threads that lower and judge functions (the output does not depend
  /// on it).
  unsigned jobs = 1;
  /// With jobs >= 2, a file of at least this many bytes is lowered on
  /// threads beside the parser (a smaller one on the parser's), and its
  /// first function while it is parsed when at least this many bytes of
  /// the file follow its '{'.
  size_t streamFrom = 256 * 1024;
  /// Called (from any thread) after each function is lowered ("lowering")
  /// and judged ("judging"), with how many of `total` are done, and as
  /// obligations are judged ("obligations judged", of every function).
  /// A function's steps are reported as they start, with done and total
  /// 0: "step: verdicts", "step: contract", "step: shapes" (with
  /// computeShapes), "step: explanations" (of safe checks).
  std::function<void(const char *phase, size_t done, size_t total)> progress;
};

struct StreamedFunction;

struct FunctionAnalysis {
  const Function *function = nullptr;
  std::unique_ptr<solver::Problem> problem;
  solver::FunctionVerdicts verdicts;
  std::optional<solver::ShapeRefinement> shapes; ///< when computeShapes
  /// The input contract (SEMANTICS.md §4: `checked` and `requires`).
  solver::Contract contract;
  /// For each safe runtime check explained (every safe obligation under
  /// explainAll), by obligation index: the earlier obligations that imply
  /// it.
  solver::Implications impliedBy;

  /// The value named `name` ("%0" or "0").
  std::optional<ValueId> valueNamed(const std::string &name) const;
  /// Most specific shape of a value: per dim "4", a class name such as
  /// "%a[0]", or "?"; nullopt when the value or its rank is unknown.
  /// Needs computeShapes.
  std::optional<std::vector<std::string>>
  shapeOf(const std::string &name) const;
  /// The value's declared type with every proved size written in.
  std::optional<std::string> refinedTypeOf(const std::string &name) const;
  /// Whether dim `dimA` of value `a` equals dim `dimB` of value `b` in every
  /// well-defined execution (same constant or same class).
  bool sameSize(const std::string &a, size_t dimA, const std::string &b,
                size_t dimB) const;
  /// Indices into problem->obligations of the findings that are not safe.
  std::vector<size_t> unsafeFindings() const;
};

struct FileAnalysis {
  std::string name;
  uint32_t buffer = 0;
  Module module;
  std::vector<FunctionAnalysis> functions; ///< functions with a body
};

class Session {
public:
  explicit Session(SessionOptions options);
  ~Session();
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;
  Session(Session &&) = delete;
  Session &operator=(Session &&) = delete;

  /// Adds a file and parses it; false after a positioned error (also when
  /// the session was already analysed: add every input first).
  /// `firstLine` numbers the text's first line (a chunk of a split file).
  /// The text is a string, or a file mapped by SourceText::mapFile.
  bool addFile(std::string name, SourceText text, uint32_t firstLine = 1);
  /// Adds a module built by API calls rather than parsed. Its locations
  /// refer to an empty buffer named `name`. False, with an error, after
  /// analyze().
  bool addModule(std::string name, Module module);
  /// Parses an --assume expression (its own "<command-line>" buffer);
  /// false after a positioned error, or after analyze().
  bool addAssumption(std::string text);
  /// Lowers and judges every function; false on bad input (an assumption
  /// that names no value of any function, a missing dim). Idempotent: a
  /// second call returns the first call's result and changes nothing (the
  /// findings, the summary and the diagnostics are those of one analysis).
  bool analyze();

  const std::vector<std::unique_ptr<FileAnalysis>> &files() const {
    return fileList;
  }
  const SourceManager &sources() const { return sourceManager; }
  /// Whether the functions' ops are kept after the analysis
  /// (SessionOptions::keepFunctionBodies).
  bool keepsFunctionBodies() const { return options.keepFunctionBodies; }
  /// The analysis of the first function named `name`, or null.
  const FunctionAnalysis *function(const std::string &name) const;
  DiagnosticEngine &diagnostics() { return diags; }
  const solver::Summary &summary() const { return totals; }
  /// How many functions analyze() took as lowered while they were parsed:
  /// a large file's first one op by op (SessionOptions::streamFrom), any
  /// other once it is whole, when it needs nothing else of its module.
  size_t loweredWhileParsed() const { return streamedCount; }
  /// Solver statistics summed over every function.
  const solver::JudgeStats &stats() const { return statTotals; }
  /// Frees what only the reports read: every function's obligations, their
  /// sites and findings, its contract and implications. Its values, dim
  /// graph and shapes stay, which is what rewriteRefined reads without
  /// dropRedundantChecks: `refine` of a 200k-op function then does not
  /// hold 700k obligations (28 MB) while it reads the file again. The
  /// reports are empty afterwards; summary() and stats() stay.
  void dropFindings();

  /// "file:line:col" of a solver location.
  std::string format(solver::Location loc) const;
  /// File, line and columns of a solver location, for reports, with what
  /// the op's `loc(...)` says (`origin`).
  solver::SourcePosition position(solver::Location loc) const;

  /// The reports below cover every function, or only function `only` when
  /// it is not empty; `options` adds --require-coverage and input errors.
  ///
  /// Counts of the reported entries (coverage errors included).
  solver::Summary reportSummary(const solver::ReportOptions &options = {},
                                const std::string &only = "") const;
  /// The JSON report of SEMANTICS.md §7.
  std::string json(const solver::ReportOptions &options = {},
                   const std::string &only = "") const;
  /// The same document handed to `sink` piece by piece as it is written.
  void json(const solver::TextSink &sink,
            const solver::ReportOptions &options = {},
            const std::string &only = "") const;
  /// SARIF 2.1.0 (`check --format sarif`).
  std::string sarif(const solver::ReportOptions &options = {},
                    const std::string &only = "") const;
  /// Graphviz DOT of the dim graphs.
  std::string dot(const std::string &only = "") const;
  /// The `check --format html` page: the JSON report's findings under the
  /// lines of each file's source (`page.sources` is filled here).
  void html(const solver::TextSink &sink, const solver::ReportOptions &options,
            solver::HtmlOptions page, const std::string &only = "") const;
  /// Compiler-style findings (with source lines and carets), the coverage
  /// line when some op is opaque, and the summary line, as `symshape check`
  /// prints them.
  /// The same text handed to `sink` piece by piece (whole lines).
  void text(const solver::TextSink &sink,
            const solver::ReportOptions &options = {},
            const std::string &only = "") const;
  std::string text(const solver::ReportOptions &options = {},
                   const std::string &only = "") const;

private:
  /// Says, at the offending value, why --assume fits no function.
  void reportUnusedAssumption(const Assumption &assumption);
  /// position() as the reports call it.
  solver::PositionResolver resolver() const;
  /// The module read from `buffer`, or null.
  const Module *moduleOf(uint32_t buffer) const;
  /// What lowering a file's functions while it was parsed gave, by index.
  using Early =
      std::vector<std::pair<size_t, std::unique_ptr<StreamedFunction>>>;
  /// Parses `buffer`; some of its functions may be lowered meanwhile
  /// (`early`: its first function op by op, with two threads; a function
  /// that needs nothing else of the module once it is parsed).
  std::optional<Module> parseFile(uint32_t buffer, Early &early);
  /// Parses `buffer` once more, without its diagnostics.
  std::optional<Module> parseAgain(uint32_t buffer);
  /// Drops the functions lowered while parsed (an assumption came after
  /// them); a file whose ops were freed is parsed again.
  void forgetStreamed();
  /// Whether a function's values go once it is lowered: analyzeOnce drops
  /// them, and no assumption's error reads them (one added later makes a
  /// file lowered while parsed parsed again).
  bool dropsValues() const;
  /// The work of analyze(), run once: lowerAll(), then judgeAll().
  bool analyzeOnce();
  /// The functions to lower and what lowering each said (Session.cpp).
  struct LoweringPlan;
  /// Adds to `plan` the functions judged on their own (first pass), or the
  /// private callees named in `notInlined` (second pass).
  void planLowering(LoweringPlan &plan, bool secondPass,
                    const std::unordered_set<std::string> &notInlined);
  /// Lowers the planned functions from index `from` on, on every thread.
  void lowerPlanned(LoweringPlan &plan, size_t from) const;
  /// Moves the lowered functions into their files in source order, with
  /// their diagnostics; false at the first that failed or at an
  /// assumption no function used.
  bool mergeLowered(LoweringPlan &plan);
  /// Lowers every function (a private callee through its calls, and on its
  /// own when some call was not inlined); false after an error.
  bool lowerAll();
  /// Judges every lowered function in lanes of one Z3 context each; false
  /// when memory ran out.
  bool judgeAll();
  /// Adds a judged function to summary() and stats().
  void addTotals(const FunctionAnalysis &analysis);
  /// False, with an error at the start of `buffer`, once analyze() ran.
  bool acceptsInput(uint32_t buffer);
  /// Runs `worker` on min(jobs, tasks) threads, this one included.
  void runOnThreads(const std::function<void()> &worker, size_t tasks) const;
  /// The reports' view of the analysed functions (of `only`, if given),
  /// with each value's refined type when `refinedTypes` (for JSON).
  std::vector<solver::FileReport> reports(const std::string &only,
                                          bool refinedTypes = false) const;

  SessionOptions options;
  SourceManager sourceManager;
  DiagnosticEngine diags{sourceManager};
  std::vector<std::unique_ptr<FileAnalysis>> fileList;
  std::unordered_map<uint32_t, const Module *> moduleByBuffer;
  /// By buffer and index in its module: the functions lowered while they
  /// were parsed (SessionStream.h).
  std::map<std::pair<uint32_t, size_t>, std::unique_ptr<StreamedFunction>>
      streamed;
  size_t streamedCount = 0;
  solver::Summary totals;
  solver::JudgeStats statTotals;
  /// analyze()'s result, once it ran.
  std::optional<bool> analyzed;
};

} // namespace symshape::frontend

#endif // SYMSHAPE_DRIVER_SESSION_H
