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

#include <mutex>
#include <optional>

namespace symshape::frontend {

/// Hands a function's entry-block ops on while the parser reads them, so
/// that another thread can work on them (the Session lowers them): the
/// parser and the lowering then run side by side. The parser is the only
/// writer. It publishes the ops and values that are final; a consumer
/// reads only those, and only while it holds the data lock (hold()), which
/// the parser takes before it changes anything a consumer may read (a
/// vector that grows, a value already published).
class FunctionStream {
public:
  virtual ~FunctionStream() = default;
  /// At the '{' of `function`'s body (its signature and attributes are
  /// parsed): whether to stream it. `remaining` is how many bytes of the
  /// buffer follow.
  virtual bool begin(Function &function, const Module &module,
                     size_t remaining) = 0;
  /// The entry block's first `ops` ops and the function's first `values`
  /// values are final.
  virtual void publish(size_t ops, size_t values) = 0;
  /// Keeps the consumer out while the parser grows a vector it reads.
  virtual std::unique_lock<std::mutex> hold() = 0;
  /// What was published is about to change (a second block, a value's
  /// type learnt late, an op the module annotates afterwards): the
  /// consumer stops and its work is dropped.
  virtual void abandon() = 0;
  /// The function is whole (`ok`), its range and location set, or its
  /// parse failed: returns once no consumer reads it any more.
  virtual void end(bool ok) = 0;
  /// `module`'s last function is whole (streamed or not; a function nested
  /// in another op is not `module`'s). The stream may move it out of
  /// `module`, leaving a function with its name and location alone, if
  /// it gives it back once the parse is over: nothing the parser does
  /// afterwards reads a function that lowersAlone() (Lowering.h).
  virtual void parsed(Module &module) { (void)module; }
};

/// Parses buffer `buffer` of `sources`. Errors go to `diags`. With a
/// `stream`, the functions it accepts are handed on as they are parsed.
std::optional<Module> parseModule(const SourceManager &sources, uint32_t buffer,
                                  DiagnosticEngine &diags,
                                  FunctionStream *stream = nullptr);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_PARSER_H
