//===- ChunkCheck.h - Read one corpus chunk and grade it --------*- C++ -*-===//
//
// One `// -----` piece of an outside MLIR file, parsed and judged through
// the library, and graded:
//
//   - a chunk without `expected-error` must be read (no bad-input error),
//     and every line of a function that looks like the start of an op
//     (`%r = d.op`, `%r = "d.op"`, `"d.op"(`) must begin an op the parser
//     read (an unknown op never swallows the next one);
//   - for a chunk with `// expected-error @+1 {{...}}`: whether the error
//     is about shapes, whether symshape models the op on the target line
//     (reads it and states obligations there), and whether symshape also
//     finds `error` / `ub-guaranteed` there;
//   - what was judged: runtime checks, private calls, and the opaque ops
//     with their reasons.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_CORPUS_CHUNKCHECK_H
#define SYMSHAPE_TESTS_CORPUS_CHUNKCHECK_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace symshape::corpus {

/// What one chunk gave. Serialised as one line between the worker process
/// that grades a chunk and the runner.
struct ChunkResult {
  bool invalid = false;     ///< the chunk carries `expected-error`
  bool rejected = false;    ///< symshape reported bad input
  std::string message;      ///< the first error when rejected
  std::string misread;      ///< "LINE: text" of a swallowed op, if any
  unsigned shapeErrors = 0; ///< expected errors about shapes
  unsigned onModelled = 0;  ///< ... on an op symshape states obligations for
  unsigned agreed = 0;      ///< ... where symshape finds error/ub-guaranteed
  unsigned rejectedAt = 0;  ///< ... where symshape rejects that very line
  /// "LINE op: message" of each shape error on a modelled op where symshape
  /// finds nothing, joined by " | ".
  std::string missed;
  /// Runtime checks judged (SPEC 2): ops with an `assert` obligation
  /// (cf.assert, shape_assertion) and ops with a `cstr` one (shape.cstr_*).
  unsigned asserts = 0, cstrs = 0;
  /// Calls of private functions judged through their calls (SPEC 2: one
  /// per call chain of a judged function).
  unsigned privateCalls = 0;
  /// Every opaque op of the chunk (functions' and the module's): its name
  /// and the reason given.
  std::vector<std::pair<std::string, std::string>> opaque;

  std::string serialize() const;
  static ChunkResult deserialize(const std::string &line);
};

/// Parses and judges `text` (the lines of `file` from `firstLine` on).
ChunkResult checkChunk(const std::string &file, const std::string &text,
                       uint32_t firstLine);

/// Whether an expected-error message speaks of shapes, dims or
/// broadcasting (rather than element types, attributes or syntax).
bool isShapeMessage(const std::string &message);

} // namespace symshape::corpus

#endif // SYMSHAPE_TESTS_CORPUS_CHUNKCHECK_H
