//===- PassDiagnostics.cpp - symshape's messages as MLIR diagnostics ------===//

#include "PassDiagnostics.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Support/WalkResult.h"

#include <string>

using namespace mlir;

namespace symshape::plugin {

namespace {

/// Whether `loc` names a place in some file (else a reader cannot tell
/// which op a diagnostic there is about).
bool hasFilePosition(Location loc) {
  bool found = false;
  loc->walk([&](Location inner) {
    if (!isa<FileLineColRange>(inner))
      return WalkResult::advance();
    found = true;
    return WalkResult::interrupt();
  });
  return found;
}

/// A diagnostic at `op` as Operation::emitError makes one: at its location,
/// and, when that names no file position, with the op itself as a note
/// if the context prints ops on diagnostics (without its regions: a
/// function's contract note shows the function's signature, not its body).
InFlightDiagnostic emitAt(Operation *op, DiagnosticSeverity severity) {
  MLIRContext *context = op->getContext();
  InFlightDiagnostic diag =
      context->getDiagEngine().emit(op->getLoc(), severity);
  if (!isa<ModuleOp>(op) && context->shouldPrintOpOnDiagnostic() &&
      !hasFilePosition(op->getLoc()))
    diag.attachNote(op->getLoc())
        .append("see current operation: ")
        .appendOp(*op, OpPrintingFlags().printGenericOpForm().skipRegions());
  return diag;
}

/// The message's text, with where it is when that is not the module.
std::string textOf(const Message &message) {
  if (message.pos.line == 0 && !message.pos.where.empty())
    return message.pos.where + ": " + message.text;
  return message.text;
}

} // namespace

DiagnosticSeverity severityOf(Message::Severity severity) {
  switch (severity) {
  case Message::Severity::Error:
    return DiagnosticSeverity::Error;
  case Message::Severity::Warning:
    return DiagnosticSeverity::Warning;
  case Message::Severity::Note:
    break;
  }
  return DiagnosticSeverity::Note;
}

void emitMessage(const PrintedModule &printed, const Message &message,
                 DiagnosticSeverity severity) {
  Operation *op = printed.opFor(message.pos);
  InFlightDiagnostic diag = emitAt(op, severity);
  diag << textOf(message);
  for (const std::string &note : message.notes)
    diag.attachNote(op->getLoc()) << note;
}

void emitErrors(const PrintedModule &printed,
                const std::vector<Message> &errors) {
  for (const Message &error : errors)
    emitMessage(printed, error, severityOf(error.severity));
}

void emitUnreadable(const PrintedModule &printed,
                    const std::vector<Message> &errors,
                    llvm::StringRef consequence, DiagnosticSeverity severity) {
  Operation *op = printed.opFor(errors.empty() ? Position() : errors[0].pos);
  InFlightDiagnostic diag = emitAt(op, severity);
  diag << "symshape cannot read this module, so " << consequence;
  for (size_t i = 0; i < errors.size(); ++i) {
    Operation *at = printed.opFor(errors[i].pos);
    if (i == 0)
      diag << ": " << textOf(errors[i]);
    else
      diag.attachNote(at->getLoc()) << textOf(errors[i]);
    for (const std::string &note : errors[i].notes)
      diag.attachNote(at->getLoc()) << note;
  }
}

} // namespace symshape::plugin
