//===- PublicSession.h - What the public API's classes hold -----*- C++ -*-===//
//
// The bridge between symshape/symshape.h and the internal session: the
// data behind a public Function handle, and the conversions of internal
// diagnostics and findings into the public value types. Not installed as
// part of the public API.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_DRIVER_PUBLICSESSION_H
#define SYMSHAPE_DRIVER_PUBLICSESSION_H

#include "symshape/driver/Session.h"
#include "symshape/symshape.h"

namespace symshape {
namespace detail {

/// What a public Function points at: one analysed function of a session.
struct FunctionData {
  const frontend::Session *session = nullptr;
  const frontend::FileAnalysis *file = nullptr;
  const frontend::FunctionAnalysis *analysis = nullptr;
};

/// A public Diagnostic of an internal one.
Diagnostic toDiagnostic(const frontend::Session &session,
                        const frontend::Diagnostic &diag);
/// A diagnostic of no position: "error: message".
Diagnostic plainError(std::string message);
/// The public Location of a solver location.
Location toLocation(const frontend::Session &session, solver::Location loc);
/// Finding `k` of a function, with everything its obligation says.
Finding toFinding(const FunctionData &data, size_t k);

} // namespace detail
} // namespace symshape

#endif // SYMSHAPE_DRIVER_PUBLICSESSION_H
