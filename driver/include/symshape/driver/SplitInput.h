//===- SplitInput.h - Split a file at `// -----` lines ----------*- C++ -*-===//
//
// `--split-input-file`, as mlir-opt does it: a file of test cases
//
//   func.func @a() { ... }
//   // -----
//   func.func @b() { ... }
//
// is two inputs, each parsed and judged on its own. Every line that holds
// `// -----` ends a chunk; chunks keep the file's line numbers.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_DRIVER_SPLITINPUT_H
#define SYMSHAPE_DRIVER_SPLITINPUT_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace symshape::frontend {

class Session;

/// One piece of a split file.
struct InputChunk {
  std::string text;       ///< the lines between two markers
  uint32_t firstLine = 1; ///< line number of `text`'s first line in the file
};

/// Splits `text` at every line that holds `// -----` (the marker line
/// itself belongs to no chunk). A file without a marker is one chunk.
/// For example "a\n// -----\nb\n" gives {"a\n", 1} and {"b\n", 3}.
std::vector<InputChunk> splitInputFile(std::string_view text);

/// Adds every chunk of `text` to `session` as a file named `name`. A chunk
/// that does not parse is left out: its rendered diagnostics are appended
/// to `errors` and the session's diagnostics are cleared, so the other
/// chunks are still analysed. Returns false when a chunk was left out.
bool addSplitFile(Session &session, const std::string &name,
                  std::string_view text, std::string &errors);

} // namespace symshape::frontend

#endif // SYMSHAPE_DRIVER_SPLITINPUT_H
