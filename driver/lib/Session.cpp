//===- Session.cpp - Parse, lower and judge a set of files ----------------===//
//
// The input half of Session: files, modules and assumptions in, then
// analyze(): lowering every function (in parallel, merged in source order)
// and judging them (SessionJudge.cpp). The reports of the results are in
// SessionReports.cpp.
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Session.h"

#include "SessionStream.h"
#include "symshape/driver/RefinedType.h"
#include "symshape/frontend/Parser.h"

#include <algorithm>
#include <atomic>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <unordered_set>

namespace symshape::frontend {

Session::Session(SessionOptions options) : options(std::move(options)) {}

Session::~Session() = default;

bool Session::acceptsInput(uint32_t buffer) {
  if (!analyzed)
    return true;
  diags.error({buffer, 0}, "input added after analyze(); add every file and "
                           "assumption before analysing");
  return false;
}

bool Session::addFile(std::string name, SourceText text, uint32_t firstLine) {
  uint32_t buffer = sourceManager.addBuffer(name, std::move(text), firstLine);
  if (!acceptsInput(buffer))
    return false;
  std::optional<Module> module;
  Early early;
  try {
    module = parseFile(buffer, early);
  } catch (const std::bad_alloc &) {
    diags.error({buffer, 0}, "out of memory while parsing");
    return false;
  }
  if (!module)
    return false;
  // A symbol is defined once per module (MLIR's symbol table rule); a
  // nested module has a table of its own.
  std::unordered_map<std::string, const Function *> symbols;
  for (const Function &function : module->functions)
    if (!symbols.emplace(function.qualifiedName(), &function).second) {
      diags.error(function.loc,
                  "redefinition of symbol named '" + function.name + "'");
      return false;
    }
  auto file = std::make_unique<FileAnalysis>();
  file->name = std::move(name);
  file->buffer = buffer;
  file->module = std::move(*module);
  moduleByBuffer.emplace(buffer, &file->module);
  fileList.push_back(std::move(file));
  for (auto &[index, lowered] : early)
    streamed.emplace(std::make_pair(buffer, index), std::move(lowered));
  return true;
}

std::optional<Module> Session::parseFile(uint32_t buffer, Early &early) {
  const bool release = !options.keepFunctionBodies;
  // Threads lowering beside the parser pay on a large file only. On a
  // small one the parser allocates the next function's ops while the
  // blocks of the last one, freed on the lowering thread, wait in that
  // thread's cache: the 60 small functions of bench/gen_cliff.py's
  // addchain made 690 page faults at -j 2, 432 on one thread.
  const bool beside = options.jobs >= 2 &&
                      sourceManager.buffer(buffer).size() >= options.streamFrom;
  if (!beside && !release)
    return parseModule(sourceManager, buffer, diags);
  std::optional<Module> module;
  {
    // Without threads beside it, no function is streamed op by op, and
    // the parser's thread lowers those that lower alone.
    StreamedLowering stream(sourceManager, options.lowering, release,
                            beside ? options.streamFrom : SIZE_MAX,
                            beside ? options.jobs - 1 : 0, dropsValues());
    module = parseModule(sourceManager, buffer, diags, &stream);
    early = stream.finish(module ? &*module : nullptr);
  }
  if (!module)
    return module; // a parse error: nothing is lowered
  if (!module->functions.empty()) {
    // The first function, streamed op by op: its ops are there to read
    // unless some were freed.
    Function &fn = module->functions.front();
    if (!fn.body.blocks.empty() &&
        fn.body.blocks.front().operations.firstHeld() == 0)
      fn.freedCallees.reset();
  }
  bool again = false;
  for (size_t k = 0; k < early.size();) {
    const Function &fn = module->functions[early[k].first];
    again |= early[k].second->name != fn.name; // never
    if (!early[k].second->abandoned) {
      ++k;
      continue;
    }
    again |= fn.freedCallees.has_value(); // its ops are gone: read again
    early.erase(early.begin() + std::ptrdiff_t(k));
  }
  // A call of a function whose ops were freed reads them.
  if (!again && std::any_of(module->functions.begin(), module->functions.end(),
                            [](const Function &fn) {
                              return fn.freedCallees.has_value();
                            })) {
    std::unordered_set<std::string> called = calledNames(*module);
    for (const Function &fn : module->functions)
      again |= fn.freedCallees && called.count(fn.qualifiedName());
  }
  if (again) {
    early.clear();
    module = parseAgain(buffer);
  }
  return module;
}

std::optional<Module> Session::parseAgain(uint32_t buffer) {
  // Its diagnostics were given the first time.
  DiagnosticEngine quiet(sourceManager);
  return parseModule(sourceManager, buffer, quiet);
}

void Session::forgetStreamed() {
  for (std::unique_ptr<FileAnalysis> &file : fileList) {
    const std::vector<Function> &functions = file->module.functions;
    if (std::none_of(functions.begin(), functions.end(),
                     [](const Function &fn) { return fn.freedCallees; }))
      continue;
    if (std::optional<Module> again = parseAgain(file->buffer))
      file->module = std::move(*again);
  }
  streamed.clear();
}

void Session::dropFindings() {
  for (std::unique_ptr<FileAnalysis> &file : fileList)
    for (FunctionAnalysis &analysis : file->functions) {
      if (analysis.problem) {
        analysis.problem->obligations.clear();
        analysis.problem->sites.clear();
        analysis.problem->sites.push_back(solver::ObligationSite());
      }
      analysis.verdicts.findings = solver::Findings();
      analysis.contract = solver::Contract();
      analysis.impliedBy = solver::Implications();
    }
}

bool Session::dropsValues() const {
  // Until analyze(), an unused assumption's error names a function's values.
  return !options.keepFunctionBodies && !options.keepFunctionValues &&
         options.lowering.assumptions.empty();
}

bool Session::addModule(std::string name, Module module) {
  auto file = std::make_unique<FileAnalysis>();
  file->buffer = sourceManager.addBuffer(name, "");
  if (!acceptsInput(file->buffer))
    return false;
  file->name = std::move(name);
  file->module = std::move(module);
  file->module.buffer = file->buffer;
  moduleByBuffer.emplace(file->buffer, &file->module);
  fileList.push_back(std::move(file));
  return true;
}

const FunctionAnalysis *Session::function(const std::string &name) const {
  for (const std::unique_ptr<FileAnalysis> &file : fileList)
    for (const FunctionAnalysis &analysis : file->functions)
      if (analysis.function->name == name)
        return &analysis;
  return nullptr;
}

std::optional<ValueId>
FunctionAnalysis::valueNamed(const std::string &name) const {
  std::string bare = !name.empty() && name[0] == '%' ? name.substr(1) : name;
  for (ValueId id = 0; id < function->values.size(); ++id)
    if (function->values[id].name == bare)
      return id;
  return std::nullopt;
}

std::optional<std::vector<std::string>>
FunctionAnalysis::shapeOf(const std::string &name) const {
  std::optional<ValueId> id = valueNamed(name);
  if (!id || !shapes || *id >= problem->values.size() ||
      !problem->values[*id].ranked)
    return std::nullopt;
  // Without a well-defined execution nothing is refined; what the types
  // say (a static size) still holds.
  std::vector<std::string> dims;
  // The constants the refinement kept: a tensor's negative constant dim
  // (index arithmetic) is UB, never a size; extents are kept as written.
  for (solver::TermId dim : problem->values[*id].dims) {
    std::optional<int64_t> c = shapes->constant(dim);
    dims.push_back(shapes->wellDefined() ? shapes->dimText(dim)
                   : c                   ? std::to_string(*c)
                                         : "?");
  }
  return dims;
}

std::optional<std::string>
FunctionAnalysis::refinedTypeOf(const std::string &name) const {
  std::optional<ValueId> id = valueNamed(name);
  if (!id)
    return std::nullopt;
  const Type &declared = function->values[*id].type;
  if (!shapes || *id >= problem->values.size())
    return declared.str();
  return refinedType(declared, problem->values[*id], *problem, &*shapes).str();
}

bool FunctionAnalysis::sameSize(const std::string &a, size_t dimA,
                                const std::string &b, size_t dimB) const {
  std::optional<ValueId> x = valueNamed(a), y = valueNamed(b);
  if (!x || !y || !shapes)
    return false;
  const solver::ValueInfo &vx = problem->values[*x];
  const solver::ValueInfo &vy = problem->values[*y];
  if (dimA >= vx.dims.size() || dimB >= vy.dims.size())
    return false;
  solver::TermId s = vx.dims[dimA], t = vy.dims[dimB];
  std::optional<int64_t> cs = shapes->constant(s), ct = shapes->constant(t);
  if (cs || ct)
    return cs && ct && *cs == *ct;
  // Without a well-defined execution only the types' sizes are known.
  if (!shapes->wellDefined())
    return false;
  return s == t ||
         (!shapes->name(s).empty() && shapes->name(s) == shapes->name(t));
}

std::vector<size_t> FunctionAnalysis::unsafeFindings() const {
  std::vector<size_t> out;
  for (size_t k = 0; k < verdicts.findings.size(); ++k)
    if (verdicts.findings[k].verdict != solver::Verdict::Safe)
      out.push_back(k);
  return out;
}

bool Session::addAssumption(std::string text) {
  uint32_t buffer = sourceManager.addBuffer("<command-line>", text);
  if (!acceptsInput(buffer))
    return false;
  SourceLoc start{buffer, 0};
  std::optional<Expr> expr =
      parseExpr(sourceManager.buffer(buffer), start, diags);
  if (!expr)
    return false;
  options.lowering.assumptions.push_back(
      {std::move(*expr), std::move(text), start});
  // The functions lowered while they were parsed did without it.
  forgetStreamed();
  return true;
}

void Session::runOnThreads(const std::function<void()> &worker,
                           size_t tasks) const {
  unsigned jobs = unsigned(std::max<size_t>(
      1, std::min<size_t>(options.jobs, std::max<size_t>(tasks, 1))));
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < jobs; ++t) {
    try {
      threads.emplace_back(worker);
    } catch (const std::system_error &) {
      break; // no memory for another thread: the ones started do the work
    }
  }
  worker();
  for (std::thread &thread : threads)
    thread.join();
}

bool Session::analyze() {
  // Lowering appends to every file's functions and judging to the totals:
  // a second run would list every finding twice.
  if (!analyzed)
    analyzed = analyzeOnce();
  return *analyzed;
}

bool Session::analyzeOnce() {
  if (!lowerAll())
    return false;
  if (!options.keepFunctionBodies)
    for (std::unique_ptr<FileAnalysis> &file : fileList)
      for (Function &function : file->module.functions) {
        function.body = Region();
        // Its values stay for the reports, unless they do not read them.
        if (!options.keepFunctionValues)
          function.dropValues();
      }
  return judgeAll();
}

/// Functions are lowered in parallel, each into its own diagnostics and
/// assumption flags, which are merged in source order afterwards: the
/// output is the one of lowering them one after the other, which stops
/// at the first function that fails.
struct Session::LoweringPlan {
  struct Lowered {
    FunctionAnalysis analysis;
    const Module *module = nullptr; ///< for the callees of func.call
    /// The function, when its ops may be freed as they are lowered.
    Function *release = nullptr;
    DiagnosticEngine diags;
    std::vector<bool> used;
    bool outOfMemory = false;
    bool done = false; ///< lowered while it was parsed
  };
  /// A private function that other functions of its module call is judged
  /// through those calls (its ops under each caller's sizes), not on its
  /// own, unless some call could not be inlined.
  std::unordered_set<const Function *> throughCalls;
  std::vector<Lowered> lowered;
  std::unordered_map<const Function *, size_t> indexOf;
};

void Session::planLowering(LoweringPlan &plan, bool secondPass,
                           const std::unordered_set<std::string> &notInlined) {
  for (std::unique_ptr<FileAnalysis> &file : fileList) {
    // A body nothing reads after its lowering (no call names it, and
    // analyzeOnce drops bodies) is freed while it is lowered: in the first
    // pass, before any body is freed.
    bool mayRelease = !options.keepFunctionBodies && !secondPass;
    std::unordered_set<std::string> called;
    if (mayRelease)
      called = calledNames(file->module);
    for (size_t index = 0; index < file->module.functions.size(); ++index) {
      Function &function = file->module.functions[index];
      if (function.isDeclaration ||
          plan.throughCalls.count(&function) != size_t(secondPass) ||
          (secondPass && !notInlined.count(function.qualifiedName())))
        continue;
      bool release = mayRelease && !called.count(function.qualifiedName());
      plan.indexOf[&function] = plan.lowered.size();
      plan.lowered.push_back(LoweringPlan::Lowered{
          FunctionAnalysis(), &file->module, release ? &function : nullptr,
          DiagnosticEngine(sourceManager), std::vector<bool>(), false, false});
      LoweringPlan::Lowered &item = plan.lowered.back();
      item.analysis.function = &function;
      auto first = streamed.find({file->buffer, index});
      if (!secondPass && first != streamed.end()) {
        item.analysis.problem = std::move(first->second->problem);
        for (const Diagnostic &d : first->second->diags.diagnostics())
          item.diags.emit(d.loc, d.severity, d.message);
        item.used = std::move(first->second->used);
        item.outOfMemory = first->second->outOfMemory;
        item.done = true;
        ++streamedCount;
        streamed.erase(first);
      }
    }
  }
}

void Session::lowerPlanned(LoweringPlan &plan, size_t from) const {
  // Progress counts on from the functions already lowered.
  std::atomic<size_t> nextFunction{from}, loweredCount{from};
  auto lowerer = [&] {
    for (size_t i; (i = nextFunction++) < plan.lowered.size();) {
      LoweringPlan::Lowered &item = plan.lowered[i];
      if (item.done) {
        if (options.progress)
          options.progress("lowering", ++loweredCount, plan.lowered.size());
        continue;
      }
      item.used.assign(options.lowering.assumptions.size(), false);
      try {
        item.analysis.problem =
            lowerFunction(*item.analysis.function, options.lowering, item.diags,
                          item.used, item.module, item.release, dropsValues());
      } catch (const std::bad_alloc &) {
        item.analysis.problem.reset();
        item.outOfMemory = true;
      }
      // Nothing reads a body freed as it was lowered: its last ops go too.
      if (item.release)
        item.release->body = Region();
      if (item.release && dropsValues())
        item.release->dropValues();
      if (options.progress)
        options.progress("lowering", ++loweredCount, plan.lowered.size());
    }
  };
  runOnThreads(lowerer, plan.lowered.size() - from);
}

bool Session::mergeLowered(LoweringPlan &plan) {
  std::vector<bool> used(options.lowering.assumptions.size(), false);
  for (std::unique_ptr<FileAnalysis> &file : fileList) {
    for (const Function &function : file->module.functions) {
      auto at = plan.indexOf.find(&function);
      if (at == plan.indexOf.end())
        continue;
      LoweringPlan::Lowered &item = plan.lowered[at->second];
      for (const Diagnostic &d : item.diags.diagnostics())
        diags.emit(d.loc, d.severity, d.message);
      if (item.outOfMemory) {
        diags.error(function.loc,
                    "out of memory while lowering '@" + function.name + "'");
        return false;
      }
      if (!item.analysis.problem)
        return false;
      for (size_t i = 0; i < used.size(); ++i)
        used[i] = used[i] || item.used[i];
      file->functions.push_back(std::move(item.analysis));
    }
  }
  for (size_t i = 0; i < used.size(); ++i)
    if (!used[i]) {
      reportUnusedAssumption(options.lowering.assumptions[i]);
      return false;
    }
  return true;
}

bool Session::lowerAll() {
  LoweringPlan plan;
  for (std::unique_ptr<FileAnalysis> &file : fileList)
    for (const Function *callee : privateCallees(file->module))
      plan.throughCalls.insert(callee);
  planLowering(plan, false, {});
  lowerPlanned(plan, 0);
  // Private callees some call did not inline: judged on their own too.
  std::unordered_set<std::string> notInlined;
  for (const LoweringPlan::Lowered &item : plan.lowered)
    if (item.analysis.problem)
      notInlined.insert(item.analysis.problem->calleesNotInlined.begin(),
                        item.analysis.problem->calleesNotInlined.end());
  size_t firstPass = plan.lowered.size();
  planLowering(plan, true, notInlined);
  if (plan.lowered.size() > firstPass)
    lowerPlanned(plan, firstPass);
  return mergeLowered(plan);
}

/// Whether `ref` denotes a size in `fn`: a dim of a ranked value (a shape
/// value's extents) or an index / !shape.size value.
static bool resolves(const FunctionAnalysis &fn, const ExprNode &ref,
                     bool &nameExists) {
  if (ref.name[0] == '$') {
    // A size the exporter named: one of the function's symbols.
    const std::vector<solver::SymbolInfo> &symbols =
        fn.problem->graph.symbols();
    nameExists = std::any_of(
        symbols.begin(), symbols.end(),
        [&](const solver::SymbolInfo &s) { return s.name == ref.name; });
    return nameExists;
  }
  std::optional<ValueId> id = fn.valueNamed(ref.name);
  nameExists = id.has_value();
  if (!id || *id >= fn.problem->values.size())
    return false;
  const solver::ValueInfo &value = fn.problem->values[*id];
  if (!ref.dim)
    return value.scalar != solver::kNoTerm;
  // Extent tensors resolve by their extents too (the lowering's view).
  const Type &type = fn.function->value(*id).type;
  size_t count = type.isExtentTensor() && type.dims[0] >= 0
                     ? size_t(type.dims[0])
                     : value.dims.size();
  return (value.ranked || type.isExtentTensor()) && *ref.dim >= 0 &&
         size_t(*ref.dim) < count;
}

void Session::reportUnusedAssumption(const Assumption &assumption) {
  // The values it names, in order, each once.
  std::vector<const ExprNode *> refs;
  for (const ExprNode &node : assumption.expr.nodes)
    if (node.kind == ExprKind::Ref &&
        std::none_of(refs.begin(), refs.end(), [&](const ExprNode *r) {
          return r->name == node.name && r->dim == node.dim;
        }))
      refs.push_back(&node);
  // The function that resolves most of them tells what is wrong.
  const FunctionAnalysis *best = nullptr;
  size_t bestCount = 0;
  for (const std::unique_ptr<FileAnalysis> &file : fileList)
    for (const FunctionAnalysis &fn : file->functions) {
      size_t count = 0;
      bool exists;
      for (const ExprNode *ref : refs)
        count += resolves(fn, *ref, exists);
      if (!best || count > bestCount) {
        best = &fn;
        bestCount = count;
      }
    }
  for (const ExprNode *ref : refs) {
    bool exists = false;
    if (best && resolves(*best, *ref, exists))
      continue;
    std::string name = ref->name[0] == '$' ? ref->name : "%" + ref->name;
    if (exists) {
      diags.error(ref->loc, ref->dim ? "'" + name + "' has no dim " +
                                           std::to_string(*ref->dim)
                                     : "'" + name +
                                           "' is not an index or !shape.size "
                                           "value; name one of its dims, as "
                                           "in '" +
                                           name + "[0]'");
      return;
    }
    bool anywhere = false;
    for (const std::unique_ptr<FileAnalysis> &file : fileList)
      for (const FunctionAnalysis &fn : file->functions) {
        bool named = false;
        resolves(fn, *ref, named);
        anywhere |= named;
      }
    if (!anywhere || refs.size() == 1) {
      diags.error(ref->loc,
                  "no function has " +
                      std::string(ref->name[0] == '$' ? "a size named '"
                                                      : "a value named '") +
                      name + "'");
      return;
    }
    std::string all;
    for (size_t k = 0; k < refs.size(); ++k)
      all += std::string(k ? (k + 1 == refs.size() ? " and " : ", ") : "") +
             "'" + (refs[k]->name[0] == '$' ? "" : "%") + refs[k]->name + "'";
    diags.error(ref->loc, (refs.size() == 2 ? "no function has both "
                                            : "no function has all of ") +
                              all);
    return;
  }
  diags.error(assumption.loc, "the assumption applies to no function");
}

} // namespace symshape::frontend
