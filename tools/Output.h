//===- Output.h - Reading inputs, writing outputs ---------------*- C++ -*-===//

#ifndef SYMSHAPE_TOOLS_OUTPUT_H
#define SYMSHAPE_TOOLS_OUTPUT_H

#include <optional>
#include <string>
#include <string_view>

namespace symshape::tool {

/// Reads a file (or stdin for "-"); nullopt and `error` ("x.mlir: error:
/// cannot open file: No such file or directory") on failure.
std::optional<std::string> readInput(const std::string &path,
                                     std::string &error);

/// Writes `text` to `path` atomically: a temporary file beside it, given
/// the mode of the file it replaces (or 0666 less the umask for a new
/// file, as open(2) would), renamed over it once complete. Returns an error
/// message, or "" on success.
std::string writeAtomically(const std::string &path, const std::string &text);

/// writeAtomically for text that comes in pieces: the temporary file is
/// created by open(), filled by write(), and renamed over `path` by
/// commit(); destroyed without a commit (or after a failure), it is removed
/// and `path` is untouched. Each call returns an error message, or "".
class AtomicFile {
public:
  explicit AtomicFile(std::string path) : path(std::move(path)) {}
  ~AtomicFile();
  AtomicFile(const AtomicFile &) = delete;
  AtomicFile &operator=(const AtomicFile &) = delete;

  std::string open();
  std::string write(std::string_view text);
  std::string commit();

private:
  std::string fail(const char *what);
  std::string path;
  std::string temporary;
  int fd = -1;
};

} // namespace symshape::tool

#endif // SYMSHAPE_TOOLS_OUTPUT_H
