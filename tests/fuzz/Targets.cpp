//===- Targets.cpp - What the fuzzers and the replay test run -------------===//
//
// The invariants checked on every analysed input:
//  - a rejected input has an error diagnostic `fuzz.mlir:L:C: error: ...`
//    whose position lies inside the buffer;
//  - json() is well-formed JSON and text() ends with the summary line;
//  - the summary counts every finding once; a function's verdict is its
//    worst finding;
//  - a ub-possible finding has a witness naming every free symbol of the
//    function, in symbol order, with no negative size (unless a solver
//    gave up in that function, which may leave the witness partial);
//  - the refined text (symshape refine) parses and lowers again; it is
//    also analysed again (its verdicts: the first analysis computed the
//    shapes) for every fuzzText input, and for the fuzzPrograms inputs
//    that Compare::Sampled picks, or all of them;
//  - fuzzPrograms only: generated programs parse and lower without error,
//    and analysing the same text twice gives identical reports (for the
//    inputs Compare::Sampled picks, or all of them).
//
// Each analysis judges in a Z3 context the process keeps (a context costs
// about 15 ms to make and delete under ASan, most of an execution's time
// when each analysis made its own). Z3's answers depend on what a context
// was asked before, so fuzzPrograms's two analyses of a compared program
// have a context each, which no other analysis asks, asked the same
// questions in the same order: their reports stay comparable. A run that
// may have met the time-out backstop leaves the two apart, and both are
// made again.
//
//===----------------------------------------------------------------------===//

#include "Targets.h"

#include "ByteStream.h"
#include "JsonCheck.h"
#include "ProgramGenerator.h"
#include "symshape/driver/Rewrite.h"
#include "symshape/driver/Session.h"
#include "symshape/frontend/Expr.h"
#include "symshape/frontend/Lowering.h"
#include "symshape/frontend/Parser.h"
#include "symshape/solver/Smt.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

namespace symshape::fuzz {

namespace {

using frontend::Session;
using frontend::SessionOptions;
using solver::Verdict;

constexpr const char *kFileName = "fuzz.mlir";

/// The Z3 contexts the analyses judge in (see the top of the file), kept
/// from one execution to the next; the process ends with them.
struct Contexts {
  /// fuzzPrograms's two analyses of a compared program.
  std::unique_ptr<solver::SmtEnvironment> first, second;
  /// Analyses compared with nothing: fuzzText's, fuzzPrograms's of a
  /// program it does not compare, and the refined texts'.
  std::unique_ptr<solver::SmtEnvironment> other;
  /// Executions since every context was made: a context keeps what it
  /// allocated for its next questions, so all are made again every
  /// kExecutions executions (between two of them: the compared two stay
  /// alike), and the fuzzer's memory stays bounded over a long run.
  unsigned executions = 0;
  static constexpr unsigned kExecutions = 256;

  Contexts() { renewAll(); }
  /// Fresh contexts for the two compared analyses.
  void renew() {
    first = std::make_unique<solver::SmtEnvironment>();
    second = std::make_unique<solver::SmtEnvironment>();
  }
  void renewAll() {
    renew();
    other = std::make_unique<solver::SmtEnvironment>();
    executions = 0;
  }
  /// Called as an execution starts.
  void starting() {
    if (++executions > kExecutions)
      renewAll();
  }
};

Contexts &contexts() {
  static Contexts *kept = new Contexts();
  return *kept;
}

/// Reports a broken invariant with the input that broke it, then aborts.
[[noreturn]] void broken(const std::string &what, const std::string &input,
                         const std::string &detail = "") {
  std::fprintf(stderr,
               "symshape fuzz: invariant broken: %s\n--- input ---\n%s\n"
               "--- detail ---\n%s\n",
               what.c_str(), input.c_str(), detail.c_str());
  std::abort();
}

void check(bool ok, const std::string &what, const std::string &input,
           const std::string &detail = "") {
  if (!ok)
    broken(what, input, detail);
}

bool startsWith(const std::string &text, const std::string &prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

/// The first diagnostic must be `NAME:LINE:COL: error: ` with LINE:COL in
/// `buffer` (the column may point one past the end of its line).
void checkDiagnostic(Session &session, const std::string &name,
                     const std::string &buffer, const std::string &input) {
  std::string rendered = session.diagnostics().renderAll();
  check(session.diagnostics().hadError(), "rejected without an error", input,
        rendered);
  std::string head = rendered.substr(0, rendered.find('\n'));
  check(startsWith(head, name + ":"), "error not positioned in the file", input,
        rendered);
  unsigned long line = 0, col = 0;
  int consumed = 0;
  std::string rest = head.substr(name.size());
  check(std::sscanf(rest.c_str(), ":%lu:%lu: error: %n", &line, &col,
                    &consumed) == 2 &&
            consumed > 0,
        "error without LINE:COL", input, rendered);
  check(rest.size() > size_t(consumed), "error without a message", input,
        rendered);
  size_t lines = size_t(std::count(buffer.begin(), buffer.end(), '\n')) + 1;
  check(line >= 1 && line <= lines, "error line outside the file", input,
        rendered);
  size_t begin = 0;
  for (unsigned long l = 1; l < line; ++l)
    begin = buffer.find('\n', begin) + 1;
  size_t end = std::min(buffer.find('\n', begin), buffer.size());
  check(col >= 1 && col <= end - begin + 1, "error column outside its line",
        input, rendered);
  // The caret line shows a window of at most 200 columns plus "...".
  check(rendered.size() < 1000 + head.size(), "diagnostic too long", input,
        rendered.substr(0, 2000));
}

/// An analysed session's reports, rendered once.
struct Reports {
  std::string json, text;
};

/// Invariants of an analysed session's reports; returns them.
Reports checkReports(Session &session, const std::string &input) {
  std::string json = session.json();
  std::string problem = checkJson(json);
  check(problem.empty(), "json() is not well-formed: " + problem, input, json);

  std::string text = session.text();
  size_t last = text.rfind('\n', text.size() >= 2 ? text.size() - 2 : 0);
  std::string summaryLine =
      last == std::string::npos ? text : text.substr(last + 1);
  check(
      !text.empty() && text.back() == '\n' &&
          startsWith(summaryLine,
                     "symshape: " + std::to_string(session.summary().total()) +
                         " obligation"),
      "text() does not end with the summary line", input, text);

  size_t findings = 0;
  for (const auto &file : session.files())
    for (const frontend::FunctionAnalysis &fn : file->functions) {
      const solver::Problem &p = *fn.problem;
      check(fn.verdicts.findings.size() == p.obligations.size(),
            "findings not parallel to obligations", input);
      // A private callee's finding reached through several calls is
      // reported once per verdict, with its call sites.
      std::vector<uint32_t> with = solver::reportedWith(p, fn.verdicts);
      for (size_t k = 0; k < with.size(); ++k)
        findings += with[k] == k;
      Verdict worst = Verdict::Safe;
      bool unknown = false;
      for (const solver::Finding &f : fn.verdicts.findings) {
        worst = std::max(worst, f.verdict);
        unknown = unknown || f.verdict == Verdict::Unknown;
      }
      check(fn.verdicts.verdict == worst,
            "function verdict is not its worst finding", input, json);
      if (unknown)
        continue;
      const std::vector<solver::SymbolInfo> &symbols = p.graph.symbols();
      for (size_t k = 0; k < fn.verdicts.findings.size(); ++k) {
        const solver::Finding &f = fn.verdicts.findings[k];
        if (f.verdict != Verdict::UbPossible &&
            f.verdict != Verdict::UbGuaranteed)
          continue;
        // SPEC 7: a witness names some free symbols (those the finding
        // depends on), each once, in symbol order.
        size_t s = 0;
        bool ordered = f.hasWitness;
        for (const auto &[name, value] : f.witness) {
          while (s < symbols.size() && symbols[s].name != name)
            ++s;
          if (s == symbols.size()) {
            ordered = false;
            break;
          }
          if (symbols[s].origin != solver::SymbolOrigin::Scalar && value < 0)
            broken("witness gives a negative size to " + name, input, json);
          ++s;
        }
        if (!ordered)
          broken("non-safe witness is missing or does not name free symbols "
                 "once each in order (finding " +
                     std::to_string(k) + " of @" + p.function + ")",
                 input, json);
      }
    }
  check(findings == session.summary().total(),
        "summary does not count every finding once", input, json);

  std::string dot = session.dot();
  check(startsWith(dot, "digraph"), "dot() is not a digraph", input, dot);
  return {std::move(json), std::move(text)};
}

/// Parses `refined` and lowers each of its functions, as the session
/// would before judging them; returns the diagnostics if either fails.
std::optional<std::string>
loweringFailure(const std::string &refined, const SessionOptions &options,
                const std::vector<std::string> &assumptions) {
  frontend::SourceManager sources;
  frontend::DiagnosticEngine diags(sources);
  frontend::LoweringOptions lowering = options.lowering;
  for (const std::string &a : assumptions) {
    uint32_t buffer = sources.addBuffer("<command-line>", a);
    frontend::SourceLoc start{buffer, 0};
    std::optional<frontend::Expr> expr =
        frontend::parseExpr(sources.buffer(buffer), start, diags);
    if (!expr)
      return diags.renderAll();
    lowering.assumptions.push_back({std::move(*expr), a, start});
  }
  uint32_t buffer = sources.addBuffer(kFileName, refined);
  std::optional<frontend::Module> module =
      frontend::parseModule(sources, buffer, diags);
  if (!module)
    return diags.renderAll();
  std::vector<bool> used(lowering.assumptions.size(), false);
  for (const frontend::Function &function : module->functions)
    if (!frontend::lowerFunction(function, lowering, diags, used, &*module))
      return diags.renderAll();
  return std::nullopt;
}

/// The refined text of the session's one file, `text`, must parse and
/// lower again, and, when `judge`, analyse again. A refined text that is
/// `text` itself (no size to write in: about half of the generated
/// programs) did, in `session`.
void checkRefined(const Session &session, const std::string &text,
                  const SessionOptions &options,
                  const std::vector<std::string> &assumptions,
                  const std::string &input, bool judge = true) {
  // Its verdicts only: the shapes, the contract and the explanations of
  // the same program were computed by the first analysis (the contracts
  // took a quarter of this analysis's time).
  SessionOptions verdictsOnly = options;
  verdictsOnly.computeShapes = false;
  verdictsOnly.computeContracts = false;
  verdictsOnly.explainChecks = false;
  verdictsOnly.explainAll = false;
  verdictsOnly.judge.environment = contexts().other.get();
  for (const auto &file : session.files()) {
    std::string refined = frontend::rewriteRefined(session, *file);
    if (refined == text)
      continue;
    if (!judge) {
      if (std::optional<std::string> failure =
              loweringFailure(refined, options, assumptions))
        broken("the refined text does not lower", input,
               refined + "\n--- diagnostics ---\n" + *failure);
      continue;
    }
    Session again(verdictsOnly);
    for (const std::string &a : assumptions)
      again.addAssumption(a);
    if (!again.addFile(kFileName, refined) || !again.analyze())
      broken("the refined text does not analyse", input,
             refined + "\n--- diagnostics ---\n" +
                 again.diagnostics().renderAll());
  }
}

} // namespace

void fuzzText(const uint8_t *data, size_t size) {
  contexts().starting();
  std::string input(reinterpret_cast<const char *>(data), size);
  // Bytes after the first NUL, if any, are an --assume expression.
  size_t nul = input.find('\0');
  std::string file = input.substr(0, nul);
  std::vector<std::string> assumptions;
  if (nul != std::string::npos)
    assumptions.push_back(input.substr(nul + 1));

  SessionOptions options;
  options.judge.limits.timeoutMs = kFuzzBackstopMs;
  options.judge.limits.rlimit = kFuzzRlimit;
  options.computeShapes = true;
  options.judge.environment = contexts().other.get();
  Session session(options);
  for (const std::string &a : assumptions)
    if (!session.addAssumption(a)) {
      checkDiagnostic(session, "<command-line>", a, input);
      return;
    }
  if (!session.addFile(kFileName, file)) {
    checkDiagnostic(session, kFileName, file, input);
    return;
  }
  if (!session.analyze()) {
    check(session.diagnostics().hadError(), "analyze() failed silently", input);
    return;
  }
  checkReports(session, input);
  checkRefined(session, file, options, assumptions, input);
}

namespace {

std::string describe(const GeneratedProgram &program) {
  std::string shown = program.text;
  for (const std::string &a : program.assumptions)
    shown += "// --assume \"" + a + "\"\n";
  return shown;
}

} // namespace

std::string generatedProgram(const uint8_t *data, size_t size) {
  ByteStream in(data, size);
  return describe(generateProgram(in));
}

namespace {

/// Which of fuzzPrograms's sampled checks these bytes get (Compare).
struct Sampled {
  bool compared = true;      ///< two analyses, their reports compared
  bool judgesRefined = true; ///< the refined text judged, not only lowered
};

Sampled sampled(const uint8_t *data, size_t size, Compare compare) {
  if (compare == Compare::Always)
    return {};
  uint32_t hash = 2166136261u; // FNV-1a
  for (size_t i = 0; i < size; ++i)
    hash = (hash ^ data[i]) * 16777619u;
  return {hash % kCompareEvery == 0,
          hash / kCompareEvery % kJudgeRefinedEvery == 0};
}

} // namespace

void fuzzPrograms(const uint8_t *data, size_t size, Compare compare) {
  contexts().starting();
  const Sampled checks = sampled(data, size, compare);
  const bool twice = checks.compared;
  ByteStream in(data, size);
  GeneratedProgram program = generateProgram(in);
  program.options.computeShapes = true;
  std::string shown = describe(program);

  auto analyse = [&](Session &session) {
    for (const std::string &a : program.assumptions)
      if (!session.addAssumption(a))
        broken("generated assumption rejected", shown,
               session.diagnostics().renderAll());
    if (!session.addFile(kFileName, program.text))
      broken("generated program rejected by the parser", shown,
             session.diagnostics().renderAll());
    if (!session.analyze())
      broken("generated program rejected by the lowering", shown,
             session.diagnostics().renderAll());
  };
  using Clock = std::chrono::steady_clock;
  Clock::time_point start = Clock::now();
  SessionOptions options = program.options;
  options.judge.environment =
      twice ? contexts().first.get() : contexts().other.get();
  Session session(options);
  analyse(session);
  Clock::duration first = Clock::now() - start;
  Reports reports = checkReports(session, shown);
  checkRefined(session, program.text, program.options, program.assumptions,
               shown, checks.judgesRefined);
  if (!twice)
    return;

  // Determinism: the solver's budget is counted in resource units, so even
  // an `unknown` must come out the same, unless a query may have met the
  // time-out backstop (only a run that long can have); then the two
  // contexts may have been asked different things, and are made again.
  start = Clock::now();
  options.judge.environment = contexts().second.get();
  Session again(options);
  analyse(again);
  Clock::duration backstop = std::chrono::milliseconds(kFuzzBackstopMs);
  if (first >= backstop || Clock::now() - start >= backstop) {
    contexts().renew();
    return;
  }
  std::string json2 = again.json();
  if (reports.json != json2)
    broken("json() differs between runs", shown,
           reports.json + "\n--- second run ---\n" + json2);
  std::string text2 = again.text();
  if (reports.text != text2)
    broken("text() differs between runs", shown,
           reports.text + "\n--- second run ---\n" + text2);
}

} // namespace symshape::fuzz
