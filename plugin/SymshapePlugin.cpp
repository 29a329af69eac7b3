//===- SymshapePlugin.cpp - symshape as MLIR passes (mlir-opt plugin) -----===//
//
//   mlir-opt-22 --load-pass-plugin=build/lib/SymshapePlugin.so
//     --pass-pipeline='builtin.module(symshape-check)' x.mlir
//
// `symshape-check` reports what `symshape check` finds, as diagnostics at
// the ops; `symshape-refine` makes result types as static as `symshape
// refine` does, in place, with a tensor.cast back to the old type where a
// use needs it.
//
// How the module reaches the library: the pass prints it (custom form, the
// text `mlir-opt` would print) with an AsmState location map, hands the
// text to symshape's public API, and maps each finding's line back to the
// operation that starts there. Printing keeps one reader for every input:
// the CLI, the Python module and the passes all go through the parser the
// golden, corpus and differential tests check, so an attribute the parser
// does not understand makes an op opaque here as there, never a guess.
//
// Compiled as LLVM is: no exceptions (the bridge catches them all), and no
// RTTI when LLVM has none.
//
//===----------------------------------------------------------------------===//

#include "Bridge.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <thread>
#include <utility>
#include <vector>

using namespace mlir;

namespace {

namespace bridge = symshape::plugin;

/// The module as the pass handed it to symshape: the text, and which op
/// starts where in it.
class PrintedModule {
public:
  explicit PrintedModule(ModuleOp module) {
    // The text mlir-opt prints by default, whatever printing flags the
    // command line set for the output: custom forms, no locations, no
    // elided constants, every region.
    OpPrintingFlags flags;
    flags.printGenericOpForm(false)
        .enableDebugInfo(false)
        .skipRegions(false)
        .printNameLocAsPrefix(false)
        .printValueUsers(false)
        .elideLargeElementsAttrs(std::numeric_limits<int64_t>::max())
        .elideLargeResourceString(std::numeric_limits<int64_t>::max());
    AsmState::LocationMap locations;
    AsmState state(module, flags, &locations);
    llvm::raw_string_ostream os(text);
    module->print(os, state);
    os.flush();
    // The map gives the 1-based line and the 0-based column of each op's
    // first character.
    for (const auto &[op, where] : locations)
      starts[where.first].push_back({where.second + 1, op});
    for (auto &[line, ops] : starts)
      std::sort(ops.begin(), ops.end(),
                [](const auto &a, const auto &b) { return a.first < b.first; });
    this->module = module;
  }

  const std::string &str() const { return text; }

  /// The op starting exactly at `pos`, or null.
  Operation *opAt(const bridge::Position &pos) const {
    auto line = starts.find(pos.line);
    if (pos.line == 0 || line == starts.end())
      return nullptr;
    for (const auto &[col, op] : line->second)
      if (col == pos.col)
        return op;
    return nullptr;
  }

  /// The op a message at `pos` is about: the last op starting on its line
  /// at or before it (a finding points at the op name, after the results),
  /// else the module.
  Operation *opFor(const bridge::Position &pos) const {
    auto line = starts.find(pos.line);
    if (pos.line == 0 || line == starts.end())
      return module;
    Operation *found = nullptr;
    for (const auto &[col, op] : line->second)
      if (col <= pos.col)
        found = op;
    return found ? found : line->second.front().second;
  }

private:
  std::string text;
  std::map<uint32_t, std::vector<std::pair<uint32_t, Operation *>>> starts;
  Operation *module = nullptr;
};

/// The options `symshape check` and `refine` share, as pass options.
template <typename Pass> struct SharedOptions {
  explicit SharedOptions(Pass &pass)
      : assume(pass, "assume",
               llvm::cl::desc("A fact on sizes, in symshape's expression "
                              "grammar (e.g. \"%arg0[0] == 8\"); repeatable")),
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

DiagnosticSeverity severityOf(bridge::Message::Severity severity) {
  switch (severity) {
  case bridge::Message::Severity::Error:
    return DiagnosticSeverity::Error;
  case bridge::Message::Severity::Warning:
    return DiagnosticSeverity::Warning;
  case bridge::Message::Severity::Note:
    break;
  }
  return DiagnosticSeverity::Note;
}

/// Emits `message` at the op it is about, its notes attached. A message
/// about other text (an `assume` option) says where, at the module.
void emit(const PrintedModule &printed, const bridge::Message &message,
          DiagnosticSeverity severity) {
  Operation *op = printed.opFor(message.pos);
  std::string text = message.text;
  if (message.pos.line == 0 && !message.pos.where.empty())
    text = message.pos.where + ": " + text;
  InFlightDiagnostic diag =
      op->getContext()->getDiagEngine().emit(op->getLoc(), severity);
  diag << text;
  for (const std::string &note : message.notes)
    diag.attachNote(op->getLoc()) << note;
}

/// Errors of symshape reading the printed module (bad input, as the CLI's
/// exit status 2).
void emitErrors(const PrintedModule &printed,
                const std::vector<bridge::Message> &errors) {
  for (const bridge::Message &error : errors)
    emit(printed, error, severityOf(error.severity));
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
    if (!result.ok) {
      emitErrors(printed, result.messages);
      return signalPassFailure();
    }
    for (const bridge::Message &message : result.messages) {
      // A runtime check that can fail is the input contract: a note, not
      // an alarm. UB is a warning; a static error an error.
      bool contract = (message.kind == "assert" || message.kind == "cstr") &&
                      message.verdict == "ub-possible";
      emit(printed, message,
           contract ? DiagnosticSeverity::Note : severityOf(message.severity));
    }
    if (remarkOpaque)
      for (const bridge::CheckResult::Opaque &op : result.opaque) {
        bridge::Message message;
        message.pos = op.pos;
        message.text = "symshape: " + op.op + " is opaque: " + op.reason;
        emit(printed, message, DiagnosticSeverity::Remark);
      }
    // What `symshape check` ends with: so "no finding" never hides
    // "nothing was checked".
    if (!result.coverage.empty())
      emitRemark(module->getLoc()) << "symshape: " << result.coverage;
    if (summary)
      emitRemark(module->getLoc()) << "symshape: " << result.summary;
    if (failOnUb && !result.allSafe)
      signalPassFailure();
  }

  SharedOptions<CheckPass> shared{*this};
  Option<bool> failOnUb{
      *this, "fail-on-ub",
      llvm::cl::desc("Fail the pass when some obligation is not proved safe "
                     "(when `symshape check` exits 1)"),
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

/// `type` with the refined `dims`; null when they do not fit it.
Type refinedType(Type type, const std::vector<int64_t> &dims) {
  llvm::SmallVector<int64_t> shape;
  for (int64_t dim : dims)
    shape.push_back(dim < 0 ? ShapedType::kDynamic : dim);
  if (auto ranked = dyn_cast<RankedTensorType>(type)) {
    if (ranked.getRank() != static_cast<int64_t>(shape.size()))
      return nullptr;
    return RankedTensorType::get(shape, ranked.getElementType(),
                                 ranked.getEncoding());
  }
  if (auto unranked = dyn_cast<UnrankedTensorType>(type))
    return RankedTensorType::get(shape, unranked.getElementType());
  return nullptr;
}

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
    using Kind = bridge::RefineEdit::Kind;
    ModuleOp module = getOperation();
    PrintedModule printed(module);
    bridge::RefineResult result = bridge::refine(
        moduleName(module), printed.str(), shared.options(getContext()));
    if (!result.ok) {
      emitErrors(printed, result.errors);
      return signalPassFailure();
    }
    // Everything is located before anything changes.
    struct Located {
      const bridge::RefineEdit *edit;
      Operation *op;
      Value source; ///< InPlace, Cast, Rename
    };
    std::vector<Located> located;
    for (const bridge::RefineEdit &edit : result.edits) {
      Located at{&edit, printed.opAt(edit.op), Value()};
      if (!at.op) {
        module->emitError()
            << "symshape-refine: no op starts at line " << edit.op.line
            << ", column " << edit.op.col << " of the printed module";
        return signalPassFailure();
      }
      if (edit.kind == Kind::InPlace || edit.kind == Kind::Cast ||
          edit.kind == Kind::Rename) {
        Operation *def = printed.opAt(edit.source);
        if (def && edit.sourceResult < def->getNumResults())
          at.source = def->getResult(edit.sourceResult);
      }
      located.push_back(at);
    }
    // The type each use had, for the casts back to it.
    llvm::DenseMap<OpOperand *, Type> declared;
    for (const Located &at : located)
      if (at.edit->kind == Kind::Cast &&
          at.edit->index < at.op->getNumOperands())
        declared[&at.op->getOpOperand(at.edit->index)] =
            at.op->getOperand(at.edit->index).getType();

    // 1. Result types.
    llvm::SmallVector<std::pair<Value, Type>> changed; // value, old type
    for (const Located &at : located) {
      if (at.edit->kind != Kind::Result)
        continue;
      if (at.edit->index >= at.op->getNumResults())
        continue;
      Value value = at.op->getResult(at.edit->index);
      Type type = refinedType(value.getType(), at.edit->dims);
      if (!type || type == value.getType())
        continue;
      changed.push_back({value, value.getType()});
      value.setType(type);
    }
    // 2. Casts that became identities go; their uses read the source.
    llvm::SmallVector<Operation *> erased;
    for (const Located &at : located)
      if (at.edit->kind == Kind::RemoveCast && at.op->getNumOperands() == 1 &&
          at.op->getNumResults() == 1 &&
          at.op->getOperand(0).getType() == at.op->getResult(0).getType()) {
        at.op->getResult(0).replaceAllUsesWith(at.op->getOperand(0));
        erased.push_back(at.op);
      }
    // 3. Uses that take the refined type as it is.
    llvm::DenseSet<OpOperand *> accepted;
    for (const Located &at : located)
      if ((at.edit->kind == Kind::InPlace || at.edit->kind == Kind::Rename) &&
          at.edit->index < at.op->getNumOperands() &&
          at.op->getOperand(at.edit->index) == at.source)
        accepted.insert(&at.op->getOpOperand(at.edit->index));
    // 4. Casts back to the declared type, where refine writes them, then
    // wherever else a use of a changed value was not accepted (an operand
    // symshape's reading of the op did not list).
    OpBuilder builder(&getContext());
    auto castBack = [&](OpOperand &use, Type to) {
      builder.setInsertionPoint(use.getOwner());
      auto cast = tensor::CastOp::create(builder, use.getOwner()->getLoc(), to,
                                         use.get());
      accepted.insert(&cast->getOpOperand(0)); // reads the refined type
      use.set(cast.getResult());
      accepted.insert(&use);
    };
    for (const Located &at : located) {
      if (at.edit->kind != Kind::Cast ||
          at.edit->index >= at.op->getNumOperands())
        continue;
      OpOperand &use = at.op->getOpOperand(at.edit->index);
      auto before = declared.find(&use);
      if (use.get() != at.source || before == declared.end() ||
          accepted.count(&use) || use.get().getType() == before->second)
        continue;
      castBack(use, before->second);
    }
    for (auto &[value, old] : changed) {
      llvm::SmallVector<OpOperand *> uses;
      for (OpOperand &use : value.getUses())
        if (!accepted.count(&use) &&
            !llvm::is_contained(erased, use.getOwner()))
          uses.push_back(&use);
      for (OpOperand *use : uses)
        castBack(*use, old);
    }
    for (Operation *op : erased)
      op->erase();
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
    if (!result.ok) {
      emitErrors(printed, result.errors);
      return signalPassFailure();
    }
    llvm::SmallVector<Operation *> erased;
    for (const bridge::RefineEdit &edit : result.edits)
      if (edit.kind == bridge::RefineEdit::Kind::RemoveOp)
        if (Operation *op = printed.opAt(edit.op))
          erased.push_back(op);
    // Users before what they read: the checks come after their feeders.
    for (auto it = erased.rbegin(); it != erased.rend(); ++it)
      if ((*it)->use_empty())
        (*it)->erase();
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
