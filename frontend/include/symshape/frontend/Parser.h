//===- Parser.h - MLIR subset parser ----------------------------*- C++ -*-===//
//
// Parses the textual IR subset of SEMANTICS.md §1 into a Module. On the first
// malformed construct it emits one positioned error and returns nullopt; it
// never throws and never aborts.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_PARSER_H
#define SYMSHAPE_FRONTEND_PARSER_H

#include "symshape/frontend/Diagnostics.h"
#include "symshape/frontend/IR.h"
#include "symshape/frontend/SourceManager.h"

#include <optional>

namespace symshape::frontend {

/// Parses buffer `buffer` of `sources`. Errors go to `diags`.
std::optional<Module> parseModule(const SourceManager &sources, uint32_t buffer,
                                  DiagnosticEngine &diags);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_PARSER_H
