//===- SourceManager.h - Source buffers and locations -----------*- C++ -*-===//
//
// Owns the text of every input file. A location is a (buffer, offset) pair;
// it becomes `file:line:col` only when printed. A large file's text may be
// a read-only mapping of the file, whose pages the parser gives back to
// the system as it reads on (see SourceText).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_SOURCEMANAGER_H
#define SYMSHAPE_FRONTEND_SOURCEMANAGER_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
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

/// The bytes of a buffer: a string, or a file mapped read-only. A
/// mapping's pages can be given back to the system once read (forget):
/// they are read again from the file when touched, so the text of a large
/// input is not all held in memory while the parser reads it. Copies share
/// the bytes.
class SourceText {
public:
  SourceText() : SourceText(std::string()) {}
  SourceText(std::string text); // NOLINT: a string is a text
  SourceText(const char *text) : SourceText(std::string(text)) {} // NOLINT
  /// Maps the first `size` bytes (> 0) of the regular file open on `fd`;
  /// nullopt when the system does not map it (read it instead).
  static std::optional<SourceText> mapFile(int fd, size_t size);

  std::string_view view() const { return {data, size}; }
  bool mapped() const;
  /// The whole pages among the first `upTo` bytes of a mapping go back to
  /// the system (no effect on a string's bytes). What is read afterwards is
  /// the same: a page is read again from the file when touched.
  void forget(size_t upTo) const;

private:
  struct Storage;
  std::shared_ptr<const Storage> storage;
  const char *data = nullptr;
  size_t size = 0;
};

/// Holds input buffers; buffers are never moved once added, so string_views
/// into them (tokens) stay valid for the manager's lifetime.
class SourceManager {
public:
  /// Adds a buffer named `name` (a path, or "<stdin>") and returns its id.
  /// `firstLine` is the line number of its first line: a piece of a file
  /// split at `// -----` keeps the file's line numbers in diagnostics.
  uint32_t addBuffer(std::string name, SourceText contents,
                     uint32_t firstLine = 1);

  std::string_view buffer(uint32_t id) const;
  /// The text of buffer `id`, shared.
  const SourceText &text(uint32_t id) const;
  /// The first `upTo` bytes of buffer `id` are read (SourceText::forget).
  void forgetBefore(uint32_t id, size_t upTo) const;
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
    SourceText text;
    std::vector<uint32_t> lineStarts; // offsets of each line's first byte
    uint32_t firstLine = 1;
  };
  /// The text of line `line` (an index into lineStarts) of `buf`.
  static std::string_view textOfLine(const Buffer &buf, size_t line);
  std::vector<std::unique_ptr<Buffer>> buffers;
};

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_SOURCEMANAGER_H
