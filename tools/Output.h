//===- Output.h - Reading inputs, writing outputs ---------------*- C++ -*-===//
//
// Where the CLI's output goes (SEMANTICS.md §7): standard output, or `-o FILE`.
// A regular FILE (or a new one) is replaced atomically: a temporary file beside
// it, renamed over it once complete, so a failed run leaves the old FILE and no
// partial one. Anything else is written through, as a shell's
// `>` would: a device (`/dev/null`), a FIFO, and a symlink's target (a
// regular target is itself replaced atomically, the link stays). A
// writable FILE in a directory where no temporary file can be made is, as
// with `>`, written in place: not atomic, but only once the output is
// complete (held in memory until commit). A device,
// a FIFO or a symlink is never replaced by a regular file. Every write is
// checked: a failure is "symshape: error: ..." and exit status 2.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TOOLS_OUTPUT_H
#define SYMSHAPE_TOOLS_OUTPUT_H

#include "symshape/frontend/SourceManager.h"

#include <optional>
#include <string>
#include <string_view>

namespace symshape::tool {

/// Reads a file (or stdin for "-"); nullopt and `error` ("x.mlir: error:
/// cannot open file: No such file or directory") on failure.
std::optional<std::string> readInput(const std::string &path,
                                     std::string &error);
/// The same as an input to analyse: a regular file of 1 MiB or more is
/// mapped (SourceText::mapFile), its pages given back as it is parsed.
std::optional<frontend::SourceText> readSource(const std::string &path,
                                               std::string &error);

/// One output, written in pieces: open(), write()..., commit(). Each call
/// returns an error message ("symshape: error: cannot write 'x.json': No
/// space left on device"), or "" on success; after a failure the later
/// calls do nothing and return "". Destroyed without a commit (or after a
/// failure), a temporary file is removed and FILE is untouched.
class Output {
public:
  /// `path` "" or "-": standard output.
  explicit Output(std::string path);
  ~Output();
  Output(const Output &) = delete;
  Output &operator=(const Output &) = delete;

  std::string open();
  std::string write(std::string_view text);
  /// Writes what is buffered; for a replaced file also syncs it and renames
  /// it over FILE (keeping FILE's mode, or 0666 less the umask when new).
  std::string commit();

  /// Whether this is standard output.
  bool toStdout() const { return path.empty(); }

private:
  std::string flush();
  std::string writeAll(std::string_view text);
  std::string fail(const std::string &what, int error);
  /// commit() when FILE is written in place.
  std::string commitInPlace();

  std::string path;      ///< "" for stdout
  std::string target;    ///< the file written (a symlink resolved)
  std::string temporary; ///< beside `target`, when replacing it
  std::string buffer;
  int fd = -1;
  bool ownsFd = false;
  bool failed = false;
  bool inPlace = false; ///< FILE rewritten in place at commit
};

/// Writes `text` to standard output or FILE in one go (Output above).
std::string writeOutput(const std::string &path, std::string_view text);

} // namespace symshape::tool

#endif // SYMSHAPE_TOOLS_OUTPUT_H
