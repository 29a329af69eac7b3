//===- SymshapePlugin.cpp - symshape as MLIR passes (mlir-opt plugin) -----===//
//
//   mlir-opt-22 --load-pass-plugin=build/lib/SymshapePlugin.so
//     --pass-pipeline='builtin.module(symshape-check)' x.mlir
//
// `symshape-check` reports what `symshape check` finds, as diagnostics at
// the ops; `symshape-refine` makes result types as static as `symshape
// refine` does, in place, with a tensor.cast back to the old type where a
// use needs it; `symshape-drop-redundant-checks` removes the runtime checks
// symshape proves can never fail.
//
// How the module reaches the library: the pass prints it (PrintedModule:
// the text `mlir-opt` prints by default), hands the text to symshape's
// public API (Bridge.h), and maps each finding's line back to the
// operation that starts there. Printing keeps one reader for every input:
// the CLI, the Python module and the passes all go through the parser the
// golden, corpus and differential tests check, so an attribute the parser
// does not understand makes an op opaque here as there, never a guess.
//
// When the passes fail, as MLIR's conventions say (an error means the pass
// failed): with bad options; symshape-check on a static error, and with
// fail-on-ub on any obligation not proved safe. A module symshape cannot
// read (a form its parser does not take, nesting deeper than it reads) is
// a warning: the module stays as it is, the pipeline goes on (an error,
// and a failure, under fail-on-ub).
//
// Compiled as LLVM is: no exceptions (the bridge catches them all), and no
// RTTI when LLVM has none.
//
//===----------------------------------------------------------------------===//

#include "Bridge.h"
#include "PassDiagnostics.h"
#include "PrintedModule.h"
#include "RefineEdits.h"
#include "SourceNames.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <thread>

using namespace mlir;

namespace {

namespace bridge = symshape::plugin;
using bridge::Failure;
using bridge::PrintedModule;

/// The options `symshape check` and `refine` share, as pass options.
template <typename Pass> struct SharedOptions {
  explicit SharedOptions(Pass &pass)
      : function(pass, "func",
                 llvm::cl::desc("Only this function (as `--func NAME`): "
                                "check reports it, refine refines it")),
        assume(pass, "assume",
               llvm::cl::desc("A fact on sizes, in symshape's expression "
                              "grammar (e.g. \"%arg0[0] == 8\"), about the "
                              "values of every function checked; "
                              "repeatable")),
        minDim(pass, "min-dim",
               llvm::cl::desc("Every dynamic dim is at least this"),
               llvm::cl::init(0)),
        strict(pass, "strict",
               llvm::cl::desc("An inferred ? under a declared static result "
                              "dim is an error (the trait's pseudo-code)"),
               llvm::cl::init(false)),
        broadcastable(pass, "broadcastable",
                      llvm::cl::desc("Treat this op as an implicit "
                                     "broadcast; repeatable")),
        timeoutMs(pass, "timeout-ms",
                  llvm::cl::desc("Solver time-out per query (0: none)"),
                  llvm::cl::init(2000)) {}

  bridge::Options options(MLIRContext &context) const {
    bridge::Options out;
    out.function = function;
    if (!out.function.empty() && out.function.front() == '@')
      out.function.erase(0, 1);
    out.assume.assign(assume.begin(), assume.end());
    out.minDim = minDim;
    out.strict = strict;
    out.broadcastable.assign(broadcastable.begin(), broadcastable.end());
    out.timeoutMs = timeoutMs;
    // As the CLI: one thread per core, unless MLIR runs on one.
    out.jobs = context.isMultithreadingEnabled()
                   ? std::max(1u, std::thread::hardware_concurrency())
                   : 1;
    return out;
  }

  typename Pass::template Option<std::string> function;
  typename Pass::template ListOption<std::string> assume;
  typename Pass::template Option<int64_t> minDim;
  typename Pass::template Option<bool> strict;
  typename Pass::template ListOption<std::string> broadcastable;
  typename Pass::template Option<unsigned> timeoutMs;
};

/// The name messages give the module: the file it came from, if known.
std::string moduleName(ModuleOp module) {
  if (auto loc = dyn_cast<FileLineColLoc>(module->getLoc()))
    return loc.getFilename().str();
  return "<module>";
}

struct CheckPass : public PassWrapper<CheckPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckPass)

  CheckPass() = default;
  CheckPass(const CheckPass &other) : PassWrapper(other) {}

  StringRef getArgument() const final { return "symshape-check"; }
  StringRef getDescription() const final {
    return "Prove shape safety with symshape: every finding of `symshape "
           "check` as a diagnostic at its op";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    PrintedModule printed(module);
    bridge::CheckResult result = bridge::check(
        moduleName(module), printed.str(), shared.options(getContext()));
    if (result.failure == Failure::Options) {
      bridge::emitErrors(printed, result.messages);
      return signalPassFailure();
    }
    if (result.failure == Failure::Input) {
      bridge::emitUnreadable(
          printed, result.messages, "symshape-check checked nothing",
          failOnUb ? DiagnosticSeverity::Error : DiagnosticSeverity::Warning);
      if (failOnUb)
        signalPassFailure();
      return;
    }
    bool staticError = false;
    // The values as the source names them, not as mlir-opt numbers them.
    bridge::SourceNames names(printed);
    for (const bridge::Message &found : result.messages) {
      bridge::Message message = names.rename(found, printed.opFor(found.pos));
      // A runtime check that can fail is the input contract: a note, not
      // an alarm. UB is a warning; a static error an error.
      bool contract = (message.kind == "assert" || message.kind == "cstr") &&
                      message.verdict == "ub-possible";
      DiagnosticSeverity severity = contract
                                        ? DiagnosticSeverity::Note
                                        : bridge::severityOf(message.severity);
      staticError |= severity == DiagnosticSeverity::Error;
      bridge::emitMessage(printed, message, severity);
    }
    if (remarkOpaque)
      for (const bridge::CheckResult::Opaque &op : result.opaque) {
        bridge::Message message;
        message.pos = op.pos;
        message.text = "symshape: " + op.op + " is opaque: " + op.reason;
        bridge::emitMessage(printed, message, DiagnosticSeverity::Remark);
      }
    // What `symshape check` ends with: so "no finding" never hides
    // "nothing was checked".
    if (!result.coverage.empty())
      emitRemark(module->getLoc()) << "symshape: " << result.coverage;
    if (summary)
      emitRemark(module->getLoc()) << "symshape: " << result.summary;
    // An error diagnostic means the pass failed (as `symshape check` exits
    // 1 on it).
    if (staticError)
      return signalPassFailure();
    if (failOnUb && !result.allSafe) {
      // The pass fails: an `error:` line says why (the findings above are
      // warnings and notes), at the first finding.
      bridge::Message why;
      for (const bridge::Message &message : result.messages)
        if (!message.kind.empty()) {
          why.pos = message.pos;
          break;
        }
      why.text = "symshape-check{fail-on-ub}: some obligation is not proved "
                 "safe";
      bridge::emitMessage(printed, why, DiagnosticSeverity::Error);
      signalPassFailure();
    }
  }

  SharedOptions<CheckPass> shared{*this};
  Option<bool> failOnUb{
      *this, "fail-on-ub",
      llvm::cl::desc("Fail the pass when some obligation is not proved safe "
                     "(when `symshape check` exits 1), and when symshape "
                     "cannot read the module"),
      llvm::cl::init(false)};
  Option<bool> summary{*this, "summary",
                       llvm::cl::desc("A remark with the summary line"),
                       llvm::cl::init(true)};
  Option<bool> remarkOpaque{
      *this, "remark-opaque",
      llvm::cl::desc("A remark at every op symshape cannot relate to its "
                     "operands, with the reason"),
      llvm::cl::init(false)};
};

struct RefinePass : public PassWrapper<RefinePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RefinePass)

  RefinePass() = default;
  RefinePass(const RefinePass &other) : PassWrapper(other) {}

  StringRef getArgument() const final { return "symshape-refine"; }
  StringRef getDescription() const final {
    return "Make op result types as static as every well-defined execution "
           "allows (`symshape refine`), with tensor.casts back to the old "
           "type where a use needs it";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<tensor::TensorDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    PrintedModule printed(module);
    bridge::RefineResult result = bridge::refine(
        moduleName(module), printed.str(), shared.options(getContext()));
    if (result.failure == Failure::Options) {
      bridge::emitErrors(printed, result.errors);
      return signalPassFailure();
    }
    if (result.failure == Failure::Input)
      return bridge::emitUnreadable(printed, result.errors,
                                    "symshape-refine leaves it unchanged",
                                    DiagnosticSeverity::Warning);
    if (failed(bridge::applyRefineEdits(printed, result.edits)))
      signalPassFailure();
  }

  SharedOptions<RefinePass> shared{*this};
};

struct DropRedundantChecksPass
    : public PassWrapper<DropRedundantChecksPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropRedundantChecksPass)

  DropRedundantChecksPass() = default;
  DropRedundantChecksPass(const DropRedundantChecksPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const final {
    return "symshape-drop-redundant-checks";
  }
  StringRef getDescription() const final {
    return "Remove each runtime check (cf.assert, shape_assertion) symshape "
           "proves can never fail, with the ops that only fed its predicate "
           "(`symshape refine --drop-redundant-checks`)";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    PrintedModule printed(module);
    bridge::RefineResult result = bridge::dropRedundantChecks(
        moduleName(module), printed.str(), shared.options(getContext()));
    if (result.failure == Failure::Options) {
      bridge::emitErrors(printed, result.errors);
      return signalPassFailure();
    }
    if (result.failure == Failure::Input)
      return bridge::emitUnreadable(
          printed, result.errors,
          "symshape-drop-redundant-checks leaves it unchanged",
          DiagnosticSeverity::Warning);
    bridge::eraseRemovedOps(printed, result.edits);
  }

  SharedOptions<DropRedundantChecksPass> shared{*this};
};

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "symshape", "0.1", []() {
            PassRegistration<CheckPass>();
            PassRegistration<RefinePass>();
            PassRegistration<DropRedundantChecksPass>();
          }};
}
