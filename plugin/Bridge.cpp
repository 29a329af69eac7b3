//===- Bridge.cpp - symshape's library behind the MLIR pass plugin --------===//
//
// Compiled with the symshape libraries' flags (exceptions and RTTI on):
// everything that can throw (Z3, allocation) is caught here.
//
//===----------------------------------------------------------------------===//

#include "Bridge.h"

#include "symshape/driver/Rewrite.h"
#include "symshape/driver/Session.h"

#include <exception>
#include <memory>
#include <new>
#include <unordered_map>

namespace symshape::plugin {

namespace {

using frontend::Session;
using frontend::SessionOptions;

SessionOptions sessionOptions(const Options &options, bool shapes) {
  SessionOptions out;
  out.lowering.strict = options.strict;
  out.lowering.minDim = options.minDim;
  out.lowering.broadcastable = options.broadcastable;
  out.judge.limits.timeoutMs = options.timeoutMs;
  // As `check` (text) and `refine` run: the most specific shapes only for
  // refine. A Z3 context's answers depend on what it was asked before, so
  // computing shapes for check could change its witnesses.
  out.computeShapes = shapes;
  out.jobs = options.jobs ? options.jobs : 1;
  return out;
}

/// Where `loc` is: a line and column of the printed text (buffer
/// `buffer`), or another buffer's name and place.
Position positionOf(const Session &session, uint32_t buffer,
                    frontend::SourceLoc loc) {
  Position pos;
  if (loc.buffer == buffer) {
    frontend::LineCol lc = session.sources().lineCol(loc);
    pos.line = lc.line;
    pos.col = lc.col;
  } else {
    pos.where = session.sources().format(loc);
  }
  return pos;
}

/// The session's errors (bad input) as messages.
std::vector<Message> errorsOf(Session &session, uint32_t buffer) {
  std::vector<Message> out;
  for (const frontend::Diagnostic &d : session.diagnostics().diagnostics()) {
    if (d.severity == frontend::Severity::Note && !out.empty()) {
      out.back().notes.push_back(d.message);
      continue;
    }
    Message m;
    m.severity =
        d.severity == frontend::Severity::Error     ? Message::Severity::Error
        : d.severity == frontend::Severity::Warning ? Message::Severity::Warning
                                                    : Message::Severity::Note;
    m.pos = positionOf(session, buffer, d.loc);
    m.text = d.message;
    out.push_back(std::move(m));
  }
  if (out.empty()) {
    Message m;
    m.severity = Message::Severity::Error;
    m.text = "symshape could not analyse the module";
    out.push_back(std::move(m));
  }
  return out;
}

Message bridgeError(const std::string &what) {
  Message m;
  m.severity = Message::Severity::Error;
  m.text = "symshape: " + what;
  return m;
}

/// Whether some error of the session is about other text than the module
/// in `buffer` (an assumption's own buffer).
bool errorOutside(Session &session, uint32_t buffer) {
  for (const frontend::Diagnostic &d : session.diagnostics().diagnostics())
    if (d.severity == frontend::Severity::Error && d.loc.buffer != buffer)
      return true;
  return false;
}

/// A session over `text` with the options' assumptions, analysed; null
/// after bad options or input, with the errors in `errors` and which of the
/// two in `failure`.
std::unique_ptr<Session> analyse(const std::string &name,
                                 const std::string &text,
                                 const Options &options, bool shapes,
                                 uint32_t &buffer, Failure &failure,
                                 std::vector<Message> &errors) {
  auto session = std::make_unique<Session>(sessionOptions(options, shapes));
  for (const std::string &assumption : options.assume)
    if (!session->addAssumption(assumption)) {
      failure = Failure::Options;
      errors = errorsOf(*session, ~0u);
      return nullptr;
    }
  if (!session->addFile(name, text)) {
    buffer = session->sources().numBuffers() - 1;
    failure = Failure::Input;
    errors = errorsOf(*session, buffer);
    return nullptr;
  }
  buffer = session->files().back()->buffer;
  if (!session->analyze()) {
    // An assumption that names no value is the options' fault; a
    // `symshape.assume` attribute that names none, the module's.
    failure =
        errorOutside(*session, buffer) ? Failure::Options : Failure::Input;
    errors = errorsOf(*session, buffer);
    return nullptr;
  }
  if (!options.function.empty() && !session->function(options.function)) {
    failure = Failure::Options;
    errors = {bridgeError("no function named '@" + options.function +
                          "' with a body")};
    return nullptr;
  }
  return session;
}

/// The names JAX's export gives the arguments (`jax.arg_info = "x"`), as
/// the CLI's reports have them (driver/lib/SessionReports.cpp).
std::vector<std::pair<std::string, std::string>>
exportedArgumentNames(const frontend::Function &function,
                      const solver::Problem &problem) {
  std::vector<std::pair<std::string, std::string>> out;
  for (size_t a = 0;
       a < function.arguments.size() && a < function.argumentAttributes.size();
       ++a) {
    const frontend::Attribute *info =
        frontend::findAttr(function.argumentAttributes[a], "jax.arg_info");
    if (info && info->kind == frontend::AttrKind::String &&
        !info->str.empty() && function.arguments[a] < problem.values.size())
      out.emplace_back(
          std::string(problem.values[function.arguments[a]].name.view()),
          info->str);
  }
  return out;
}

void recordDefinitions(
    const frontend::Region &region,
    std::unordered_map<frontend::ValueId,
                       std::pair<const frontend::Operation *, uint32_t>> &out) {
  for (const frontend::Block &block : region.blocks)
    for (const frontend::Operation &op : block.operations) {
      for (size_t k = 0; k < op.results.size(); ++k)
        out[op.results[k]] = {&op, static_cast<uint32_t>(k)};
      for (const frontend::Region &inner : op.regions)
        recordDefinitions(inner, out);
    }
}

/// The function of `module` whose text holds `loc`, or null.
const frontend::Function *functionAt(const frontend::Module &module,
                                     frontend::SourceLoc loc) {
  for (const frontend::Function &function : module.functions)
    if (function.range.begin.buffer == loc.buffer &&
        function.range.begin.offset <= loc.offset &&
        loc.offset < function.range.end.offset)
      return &function;
  return nullptr;
}

/// A message of forEachFindingMessage as `symshape check` prints it: a
/// note at the position of the finding before it is one of its notes.
/// Each says whose values it names: a finding in a private callee judged
/// through `function`'s call names the callee's on its first line.
void addCheckMessage(const Session &session, uint32_t buffer,
                     const frontend::Module &module,
                     const frontend::Function &function,
                     solver::ReportMessage &&message,
                     std::vector<Message> &messages) {
  using Severity = solver::ReportMessage::Severity;
  frontend::SourceLoc loc = frontend::fromSolver(message.loc);
  Position pos = positionOf(session, buffer, loc);
  bool attaches = message.severity == Severity::Note && !messages.empty() &&
                  !messages.back().kind.empty() &&
                  messages.back().pos.line == pos.line &&
                  messages.back().pos.col == pos.col &&
                  messages.back().pos.where == pos.where;
  if (attaches) {
    messages.back().notes.push_back(std::move(message.text));
    return;
  }
  Message m;
  m.severity = message.severity == Severity::Error ? Message::Severity::Error
               : message.severity == Severity::Warning
                   ? Message::Severity::Warning
                   : Message::Severity::Note;
  m.pos = std::move(pos);
  m.text = std::move(message.text);
  m.kind = std::string(message.kind);
  m.notesFunction = function.qualifiedName();
  m.textFunction = m.notesFunction;
  if (!m.kind.empty()) {
    m.verdict = solver::verdictName(message.verdict);
    const frontend::Function *in = functionAt(module, loc);
    m.textFunction = in ? in->qualifiedName() : "";
  }
  messages.push_back(std::move(m));
}

CheckResult checkOrThrow(const std::string &name, const std::string &text,
                         const Options &options) {
  CheckResult result;
  uint32_t buffer = 0;
  std::unique_ptr<Session> session = analyse(name, text, options, false, buffer,
                                             result.failure, result.messages);
  if (!session)
    return result;
  const std::string &only = options.function;
  std::vector<solver::FileReport> files;
  solver::Summary summary;
  for (const auto &file : session->files()) {
    solver::FileReport report;
    report.file = file->name;
    // As the CLI's reports: the module's own opaque ops unless one
    // function is asked for.
    if (only.empty())
      for (const frontend::SkippedOp &op : file->module.skipped) {
        report.moduleOpaque.push_back(
            {frontend::toSolver(op.loc), op.op, op.reason});
        result.opaque.push_back(
            {positionOf(*session, buffer, op.loc), op.op, op.reason});
      }
    for (const frontend::FunctionAnalysis &fn : file->functions) {
      if (!only.empty() && fn.function->name != only)
        continue;
      solver::FunctionReport function;
      function.problem = fn.problem.get();
      function.verdicts = &fn.verdicts;
      function.shapes = fn.shapes ? &*fn.shapes : nullptr;
      function.contract = &fn.contract;
      function.impliedBy = &fn.impliedBy;
      function.argumentNames = exportedArgumentNames(*fn.function, *fn.problem);
      summary.add(function, {});
      for (const solver::OpaqueOp &op : fn.problem->opaque)
        result.opaque.push_back(
            {positionOf(*session, buffer, frontend::fromSolver(op.loc)), op.op,
             op.reason});
      // The messages `symshape check` prints: a first line per finding,
      // its notes, and the notes that stand alone ("2 later obligations
      // are unreachable" after a safe entry).
      solver::forEachFindingMessage(
          function, {}, [&](solver::ReportMessage &&message) {
            addCheckMessage(*session, buffer, file->module, *fn.function,
                            std::move(message), result.messages);
          });
      report.functions.push_back(std::move(function));
    }
    files.push_back(std::move(report));
  }
  result.allSafe = summary.noUb(); // checks that can fail are no UB
  result.coverage = solver::coverageLine(files);
  result.summary = summary.line();
  return result;
}

RefineResult refineOrThrow(const std::string &name, const std::string &text,
                           const Options &options, bool dropChecks) {
  using Kind = frontend::RefineStep::Kind;
  RefineResult result;
  uint32_t buffer = 0;
  std::unique_ptr<Session> session =
      analyse(name, text, options, true, buffer, result.failure, result.errors);
  if (!session)
    return result;
  for (const auto &file : session->files()) {
    // The op and result index defining each value of the current function.
    const frontend::Function *current = nullptr;
    std::unordered_map<frontend::ValueId,
                       std::pair<const frontend::Operation *, uint32_t>>
        definitions;
    for (const frontend::RefineStep &step :
         dropChecks
             ? frontend::redundantCheckSteps(*session, *file, options.function)
             : frontend::refineSteps(*session, *file, options.function)) {
      if (step.function != current) {
        current = step.function;
        definitions.clear();
        recordDefinitions(current->body, definitions);
      }
      RefineEdit edit;
      switch (step.kind) {
      case Kind::Result:
        edit.kind = RefineEdit::Kind::Result;
        break;
      case Kind::Cast:
        edit.kind = RefineEdit::Kind::Cast;
        break;
      case Kind::RemoveCast:
        edit.kind = RefineEdit::Kind::RemoveCast;
        break;
      case Kind::InPlace:
        edit.kind = RefineEdit::Kind::InPlace;
        break;
      case Kind::Rename:
        edit.kind = RefineEdit::Kind::Rename;
        break;
      case Kind::RemoveOp:
        edit.kind = RefineEdit::Kind::RemoveOp;
        break;
      case Kind::PassWitness:
        edit.kind = RefineEdit::Kind::PassWitness;
        break;
      }
      edit.op = positionOf(*session, buffer, step.op->range.begin);
      edit.index = static_cast<uint32_t>(step.index);
      if (step.kind == Kind::Result || step.kind == Kind::Cast ||
          step.kind == Kind::InPlace) {
        edit.dims = step.type.dims;
        edit.type = step.type.str();
      }
      if (step.kind == Kind::Cast || step.kind == Kind::InPlace ||
          step.kind == Kind::Rename) {
        auto defined = definitions.find(step.source);
        if (defined == definitions.end() || defined->second.first == nullptr)
          edit.sourceResult = ~0u; // not an op result: the pass casts
        else {
          edit.source =
              positionOf(*session, buffer, defined->second.first->range.begin);
          edit.sourceResult = defined->second.second;
        }
      }
      result.edits.push_back(std::move(edit));
    }
  }
  return result;
}

/// Runs `body`; an exception becomes an input failure with one message
/// (the pass reports it instead of taking mlir-opt down).
template <typename Result, typename Body>
Result guarded(Body body, std::vector<Message> Result::*messages) {
  std::string what;
  try {
    return body();
  } catch (const std::bad_alloc &) {
    what = "out of memory";
  } catch (const std::exception &e) {
    what = e.what();
  } catch (...) {
    what = "unexpected failure";
  }
  Result result;
  result.failure = Failure::Input;
  (result.*messages).push_back(bridgeError(what));
  return result;
}

} // namespace

CheckResult check(const std::string &name, const std::string &text,
                  const Options &options) {
  return guarded<CheckResult>([&] { return checkOrThrow(name, text, options); },
                              &CheckResult::messages);
}

RefineResult refine(const std::string &name, const std::string &text,
                    const Options &options) {
  return guarded<RefineResult>(
      [&] { return refineOrThrow(name, text, options, /*dropChecks=*/false); },
      &RefineResult::errors);
}

RefineResult dropRedundantChecks(const std::string &name,
                                 const std::string &text,
                                 const Options &options) {
  return guarded<RefineResult>(
      [&] { return refineOrThrow(name, text, options, /*dropChecks=*/true); },
      &RefineResult::errors);
}

} // namespace symshape::plugin
