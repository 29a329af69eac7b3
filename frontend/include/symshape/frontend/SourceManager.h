//===- SourceManager.h - Source buffers and locations -----------*- C++ -*-===//
//
// Owns the text of every input file. A location is a (buffer, offset) pair;
// it becomes `file:line:col` only when printed.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_SOURCEMANAGER_H
#define SYMSHAPE_FRONTEND_SOURCEMANAGER_H

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace symshape::frontend {

/// A position in a buffer owned by a SourceManager.
struct SourceLoc {
  uint32_t buffer = 0;
  uint32_t offset = 0;
};

/// A half-open character range [begin, end) in one buffer.
struct SourceRange {
  SourceLoc begin;
  SourceLoc end;
};

/// 1-based line and column.
struct LineCol {
  uint32_t line = 1;
  uint32_t col = 1;
};

/// Holds input buffers; buffers are never moved once added, so string_views
/// into them (tokens) stay valid for the manager's lifetime.
class SourceManager {
public:
  /// Adds a buffer named `name` (a path, or "<stdin>") and returns its id.
  /// `firstLine` is the line number of its first line: a piece of a file
  /// split at `// -----` keeps the file's line numbers in diagnostics.
  uint32_t addBuffer(std::string name, std::string contents,
                     uint32_t firstLine = 1);

  std::string_view buffer(uint32_t id) const;
  const std::string &name(uint32_t id) const;
  size_t numBuffers() const { return buffers.size(); }

  /// Line and column of `loc` (columns count bytes, as mlir-opt does);
  /// `line` (when given) gets the line's text, as lineText gives it.
  LineCol lineCol(SourceLoc loc, std::string_view *line = nullptr) const;
  /// The text of the line holding `loc`, without its newline.
  std::string_view lineText(SourceLoc loc) const;
  /// "name:line:col".
  std::string format(SourceLoc loc) const;

private:
  /// 0-based index into lineStarts of the line holding `loc`, and the
  /// clamped offset.
  std::pair<size_t, uint32_t> lineIndex(SourceLoc loc) const;

  struct Buffer {
    std::string name;
    std::string text;
    std::vector<uint32_t> lineStarts; // offsets of each line's first byte
    uint32_t firstLine = 1;
  };
  /// The text of line `line` (an index into lineStarts) of `buf`.
  static std::string_view textOfLine(const Buffer &buf, size_t line);
  std::vector<std::unique_ptr<Buffer>> buffers;
};

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_SOURCEMANAGER_H
