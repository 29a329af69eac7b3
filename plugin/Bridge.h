//===- Bridge.h - symshape's library behind the MLIR pass plugin -*- C++
//-*-===//
//
// The plugin's two halves meet here. The passes (SymshapePlugin.cpp) are
// compiled as LLVM is (without exceptions, and without RTTI when LLVM has
// none) and see only this header: plain standard types, no MLIR and no
// symshape types. The bridge (Bridge.cpp) is compiled as the symshape
// libraries are, calls the public API (Session.h, Rewrite.h) on the text
// the pass printed, and catches every exception, so none ever unwinds
// through MLIR's frames.
//
// Positions are 1-based lines and byte columns in that printed text: the
// pass maps them back to its operations with the printer's location map.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_PLUGIN_BRIDGE_H
#define SYMSHAPE_PLUGIN_BRIDGE_H

#include <cstdint>
#include <string>
#include <vector>

namespace symshape::plugin {

/// The options the CLI's `check` and `refine` share.
struct Options {
  /// Only this function (without '@'), as `--func`; empty: every one.
  std::string function;
  std::vector<std::string> assume;
  int64_t minDim = 0;
  bool strict = false;
  std::vector<std::string> broadcastable;
  unsigned timeoutMs = 2000;
  unsigned jobs = 1;
};

/// A place in the printed text; line 0 when the message is about other
/// text (an `assume` option), then `where` says which ("<command-line>:1:1").
struct Position {
  uint32_t line = 0;
  uint32_t col = 0;
  std::string where;
};

/// A finding as `symshape check` prints it: its first line, then its notes.
struct Message {
  enum class Severity { Error, Warning, Note };
  Severity severity = Severity::Note;
  Position pos;
  std::string text;
  /// The finding's kind ("broadcast", "assert", ...) and verdict
  /// ("ub-possible", ...); empty for a note that stands alone.
  std::string kind, verdict;
  std::vector<std::string> notes;
  /// Whose values `text` and `notes` name (qualified function names,
  /// "f" or "inner::f"; empty: unknown): `text` names the values of the
  /// function holding the op, the notes those of the function judged (a
  /// private callee's finding names the callee's operands, then the
  /// caller's sizes, `%callee.value` for the callee's own).
  std::string textFunction, notesFunction;
};

/// Why a result is empty (where `symshape` would exit 2).
enum class Failure {
  None,
  /// The options are wrong: an `assume` that does not parse or names no
  /// value of any function, a `func` that names no function with a body.
  Options,
  /// symshape cannot read or analyse the text (a form its parser does not
  /// take, nesting deeper than it reads, a `symshape.assume` attribute
  /// naming no value), or failed inside (out of memory).
  Input,
};

struct CheckResult {
  /// When not None, `messages` holds the errors.
  Failure failure = Failure::None;
  std::vector<Message> messages;
  /// Every obligation safe (what makes `symshape check` exit 0).
  bool allSafe = true;
  /// "symshape: 3 ops opaque: ..." and the summary line, as check ends.
  std::string coverage, summary;
  /// The opaque ops, for a remark each.
  struct Opaque {
    Position pos;
    std::string op, reason;
  };
  std::vector<Opaque> opaque;
};

/// `symshape check` of `text` (named `name` in messages).
CheckResult check(const std::string &name, const std::string &text,
                  const Options &options);

/// What `symshape refine` changes, in the steps of Rewrite.h's RefineStep,
/// located in the printed text.
struct RefineEdit {
  /// As frontend::RefineStep::Kind (driver/Rewrite.h).
  enum class Kind {
    Result,
    Cast,
    RemoveCast,
    InPlace,
    Rename,
    RemoveOp,
    PassWitness
  };
  Kind kind = Kind::Result;
  Position op; ///< where the op starts: its first result, or its name
  uint32_t index = 0;
  /// Result, InPlace, Cast: the refined type's dims (-1 for `?`); the
  /// element type and encoding stay the declared type's.
  std::vector<int64_t> dims;
  std::string type; ///< the refined type as text, for messages
  /// InPlace, Cast, Rename: the value the operand reads afterwards, result
  /// `sourceResult` of the op starting at `source` (always an op result).
  Position source;
  uint32_t sourceResult = 0;
};

struct RefineResult {
  Failure failure = Failure::None;
  std::vector<Message> errors; ///< when failure is not None
  std::vector<RefineEdit> edits;
};

/// `symshape refine` of `text`.
RefineResult refine(const std::string &name, const std::string &text,
                    const Options &options);

/// `symshape refine --drop-redundant-checks`'s removals alone: RemoveOp
/// edits, the checks proved safe and the ops that only fed them.
RefineResult dropRedundantChecks(const std::string &name,
                                 const std::string &text,
                                 const Options &options);

} // namespace symshape::plugin

#endif // SYMSHAPE_PLUGIN_BRIDGE_H
