//===- PassDiagnostics.h - symshape's messages as MLIR diagnostics -*- C++
//-*-===//
//
// Each message of the bridge becomes one diagnostic at the op it is about,
// its notes attached. An op whose location says nothing (`loc(unknown)`,
// after --strip-debuginfo) is shown as Operation::emitError shows it: with
// a "see current operation" note (generic form, regions skipped) when the
// context prints ops on diagnostics (mlir-opt's
// --mlir-print-op-on-diagnostic, on by default).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_PLUGIN_PASSDIAGNOSTICS_H
#define SYMSHAPE_PLUGIN_PASSDIAGNOSTICS_H

#include "Bridge.h"
#include "PrintedModule.h"

#include "mlir/IR/Diagnostics.h"

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace symshape::plugin {

mlir::DiagnosticSeverity severityOf(Message::Severity severity);

/// Emits `message` at the op it is about, with `severity`, its notes
/// attached. A message about other text (an `assume` option) says where,
/// at the module.
void emitMessage(const PrintedModule &printed, const Message &message,
                 mlir::DiagnosticSeverity severity);

/// Emits `errors` (bad options) with their own severities.
void emitErrors(const PrintedModule &printed,
                const std::vector<Message> &errors);

/// Says that symshape cannot read the module (Failure::Input) and what the
/// pass does about it (`consequence`: "symshape-refine leaves it
/// unchanged"), then the first error's text: one diagnostic of `severity`
/// at the op of the first error, the other errors and the notes attached.
void emitUnreadable(const PrintedModule &printed,
                    const std::vector<Message> &errors,
                    llvm::StringRef consequence,
                    mlir::DiagnosticSeverity severity);

} // namespace symshape::plugin

#endif // SYMSHAPE_PLUGIN_PASSDIAGNOSTICS_H
