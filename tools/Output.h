//===- Output.h - Reading inputs, writing outputs ---------------*- C++ -*-===//

#ifndef SYMSHAPE_TOOLS_OUTPUT_H
#define SYMSHAPE_TOOLS_OUTPUT_H

#include <optional>
#include <string>

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

} // namespace symshape::tool

#endif // SYMSHAPE_TOOLS_OUTPUT_H
