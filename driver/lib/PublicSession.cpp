//===- PublicSession.cpp - symshape::Session over the internal session ----===//
//
// The public Session is a facade: it owns a frontend::Session (behind a
// pointer, so that the public one moves), turns the public Options into
// the internal SessionOptions, and the internal bool-and-diagnostics
// answers into Results.
//
//===----------------------------------------------------------------------===//

#include "PublicSession.h"

#include "symshape/driver/Rewrite.h"
#include "symshape/driver/SplitInput.h"

#include <algorithm>
#include <thread>

namespace symshape {

namespace {

/// The internal options of the public ones.
frontend::SessionOptions internalOptions(const Options &options) {
  frontend::SessionOptions out;
  out.lowering.minDim = options.minDim;
  out.lowering.strict = options.strict;
  out.lowering.broadcastable = options.broadcastable;
  // Only the DOT graph draws the names of static sizes (as the CLI).
  out.lowering.labelConstants = options.graphLabels;
  out.judge.limits.timeoutMs = options.timeoutMs;
  out.judge.limits.rlimit = options.resourceLimit;
  // A library leaves the process's SIGINT handler to its program: Z3 would
  // put its own in place while it solves, and take a Ctrl-C meant for the
  // program (Python's KeyboardInterrupt) to cancel one query instead.
  out.judge.limits.ctrlC = false;
  out.computeShapes = options.computeShapes;
  out.explainAll = options.explain;
  out.jobs = options.jobs ? options.jobs
                          : std::max(1u, std::thread::hardware_concurrency());
  out.progress = options.progress;
  return out;
}

/// `name` without a leading '@'.
std::string bare(const std::string &name) {
  return !name.empty() && name[0] == '@' ? name.substr(1) : name;
}

} // namespace

struct Session::Impl {
  explicit Impl(Options options)
      : options(std::move(options)),
        session(std::make_unique<frontend::Session>(
            internalOptions(this->options))) {}

  /// Adds Options::assumptions before the first input; false after an
  /// error.
  bool addAssumptions() {
    if (assumptionsAdded)
      return true;
    assumptionsAdded = true;
    for (const std::string &assumption : options.assumptions)
      if (!session->addAssumption(assumption))
        return false;
    return true;
  }

  /// The failure of the last call: every diagnostic so far, with an error
  /// among them.
  Failure failure() const {
    Failure out{diagnostics()};
    bool hasError = std::any_of(out.diagnostics.begin(), out.diagnostics.end(),
                                [](const Diagnostic &diag) {
                                  return diag.severity == Severity::Error;
                                });
    if (!hasError) // every internal failure reports one; be safe if not
      out.diagnostics.push_back(detail::plainError("the input was refused"));
    return out;
  }

  std::vector<Diagnostic> diagnostics() const {
    std::vector<Diagnostic> out = leftOut;
    for (const frontend::Diagnostic &diag :
         session->diagnostics().diagnostics())
      out.push_back(detail::toDiagnostic(*session, diag));
    return out;
  }

  /// Fills `functions` once analyze() succeeded.
  void collectFunctions() {
    for (const std::unique_ptr<frontend::FileAnalysis> &file : session->files())
      for (const frontend::FunctionAnalysis &analysis : file->functions)
        functions.push_back(std::make_unique<detail::FunctionData>(
            detail::FunctionData{session.get(), file.get(), &analysis}));
  }

  Options options;
  std::unique_ptr<frontend::Session> session;
  bool assumptionsAdded = false;
  /// The diagnostics of split pieces that did not parse (the internal
  /// session forgets them so that the other pieces are judged).
  std::vector<Diagnostic> leftOut;
  /// analyze()'s result, once it ran.
  std::optional<Result<void>> analyzed;
  std::vector<std::unique_ptr<detail::FunctionData>> functions;
};

Session::Session(Options options)
    : impl(std::make_unique<Impl>(std::move(options))) {}
Session::~Session() = default;
Session::Session(Session &&other) noexcept = default;
Session &Session::operator=(Session &&other) noexcept = default;

Result<void> Session::addFile(std::string name, std::string text) {
  if (!impl->addAssumptions())
    return impl->failure();
  if (!impl->options.splitInput) {
    if (!impl->session->addFile(std::move(name), std::move(text)))
      return impl->failure();
    return {};
  }
  // As frontend::addSplitFile, keeping each left-out piece's diagnostics.
  std::vector<Diagnostic> refused;
  for (frontend::InputChunk &chunk : frontend::splitInputFile(text)) {
    if (impl->session->addFile(name, std::move(chunk.text), chunk.firstLine))
      continue;
    std::vector<Diagnostic> piece = impl->diagnostics();
    piece.erase(piece.begin(), piece.begin() + impl->leftOut.size());
    refused.insert(refused.end(), piece.begin(), piece.end());
    impl->leftOut.insert(impl->leftOut.end(), piece.begin(), piece.end());
    impl->session->diagnostics().clear();
  }
  if (!refused.empty())
    return Failure{std::move(refused)};
  return {};
}

Result<void> Session::addAssumption(std::string text) {
  if (!impl->addAssumptions() || !impl->session->addAssumption(std::move(text)))
    return impl->failure();
  return {};
}

Result<void> Session::analyze() {
  if (impl->analyzed)
    return *impl->analyzed;
  if (!impl->addAssumptions() || !impl->session->analyze()) {
    impl->analyzed = impl->failure();
  } else {
    impl->analyzed = Result<void>();
    impl->collectFunctions();
  }
  return *impl->analyzed;
}

std::vector<Function> Session::functions() const {
  std::vector<Function> out;
  for (const std::unique_ptr<detail::FunctionData> &data : impl->functions)
    out.push_back(Function(data.get()));
  return out;
}

std::optional<Function> Session::function(const std::string &name) const {
  std::string wanted = bare(name);
  for (const std::unique_ptr<detail::FunctionData> &data : impl->functions)
    if (data->analysis->function->name == wanted)
      return Function(data.get());
  return std::nullopt;
}

std::vector<std::string> Session::files() const {
  std::vector<std::string> out;
  for (const std::unique_ptr<frontend::FileAnalysis> &file :
       impl->session->files())
    out.push_back(file->name);
  return out;
}

Summary Session::summary() const {
  const solver::Summary &totals = impl->session->summary();
  auto count = [&](solver::Verdict verdict) {
    return totals.counts[size_t(verdict)];
  };
  Summary out;
  out.safe = count(solver::Verdict::Safe);
  out.unreachable = count(solver::Verdict::Unreachable);
  out.unknown = count(solver::Verdict::Unknown);
  out.ubPossible = count(solver::Verdict::UbPossible);
  out.ubGuaranteed = count(solver::Verdict::UbGuaranteed);
  out.error = count(solver::Verdict::Error);
  out.checksMayFail = totals.checksMayFail;
  out.opaqueOps = totals.opaqueOps;
  out.noUb = totals.noUb();
  return out;
}

std::vector<Diagnostic> Session::diagnostics() const {
  return impl->diagnostics();
}

Result<std::string> Session::refine(const RefineOptions &options,
                                    RefineStats *stats) const {
  if (!impl->analyzed || !impl->analyzed->ok())
    return Failure{
        {detail::plainError("refine() needs a successful analyze()")}};
  if (!impl->options.computeShapes)
    return Failure{
        {detail::plainError("refine() needs Options::computeShapes")}};
  std::string function = bare(options.function);
  if (!function.empty() && !impl->session->function(function))
    return Failure{{detail::plainError("no function named '@" + function +
                                       "' with a body")}};
  const std::vector<std::unique_ptr<frontend::FileAnalysis>> &files =
      impl->session->files();
  auto file = std::find_if(
      files.begin(), files.end(),
      [&](const std::unique_ptr<frontend::FileAnalysis> &candidate) {
        return options.file.empty() || candidate->name == options.file;
      });
  if (file == files.end())
    return Failure{{detail::plainError(
        options.file.empty() ? "no input to refine"
                             : "no input named '" + options.file + "'")}};
  frontend::RewriteStats changed;
  std::string text = frontend::rewriteRefined(
      *impl->session, **file, &changed, function, options.dropRedundantChecks);
  if (stats)
    *stats = {changed.refinedValues, changed.castsInserted,
              changed.checksDropped};
  return text;
}

namespace {

solver::ReportOptions reportOptions(const Options &session,
                                    const ReportOptions &options) {
  solver::ReportOptions out;
  out.explain = session.explain;
  out.requireCoverage = options.requireCoverage;
  return out;
}

} // namespace

std::string Session::json(const ReportOptions &options) const {
  return impl->session->json(reportOptions(impl->options, options),
                             bare(options.function));
}

std::string Session::text(const ReportOptions &options) const {
  return impl->session->text(reportOptions(impl->options, options),
                             bare(options.function));
}

std::string Session::sarif(const ReportOptions &options) const {
  return impl->session->sarif(reportOptions(impl->options, options),
                              bare(options.function));
}

std::string Session::dot(const std::string &function) const {
  return impl->session->dot(bare(function));
}

} // namespace symshape
