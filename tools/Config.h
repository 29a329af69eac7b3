//===- Config.h - symshape.toml and [tool.symshape] -------------*- C++ -*-===//
//
// `check`'s configuration file, found as ruff finds its own: from each
// input's directory up to the root, the first directory with a
// `symshape.toml`, or with a `pyproject.toml` that has a `[tool.symshape]`
// table, gives it (symshape.toml first in one directory); `--config FILE`
// names it, `--no-config` ignores it. Every option of `check` is a key,
// spelled without its dashes; the command line overrides it:
//
//   fail-on = "opaque"
//   assume = ["%a[0] == 8"]
//   timeout-ms = 500
//   baseline = "symshape-baseline.json"   # relative to this file
//
//   [[suppress]]
//   func = "main"
//   op = "stablehlo.add"
//   kind = "broadcast"
//   rule = "broadcastable"
//   reason = "the caller checks %a[0] == 4"
//
// An unknown key, a wrong type or a suppression without a reason is an
// error at its position (`symshape.toml:3:1: error: ...`, exit status 2).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TOOLS_CONFIG_H
#define SYMSHAPE_TOOLS_CONFIG_H

#include "Findings.h"

#include <optional>
#include <string>
#include <vector>

namespace symshape::tool {

/// One `[[suppress]]` table: the findings it accepts and why.
struct Suppression {
  std::string func, op, kind, rule;
  std::optional<std::string> value;     ///< a value the finding compares
  std::optional<std::string> condition; ///< its condition, exactly
  std::string reason;
  std::string where; ///< "symshape.toml:12:1", for notes
  /// Whether it accepts `key` (`func` without '@').
  bool matches(const FindingKey &key) const;
};

/// One option of the file, as command-line arguments, and where it is.
struct ConfigOption {
  std::vector<std::string> args; ///< "--timeout-ms=500"
  std::string where;             ///< "symshape.toml:3:14"
};

struct Config {
  std::string path; ///< the file read
  std::vector<ConfigOption> options;
  std::vector<Suppression> suppressions;
};

/// The configuration file that applies to `input` (a file, a directory,
/// or "-" for the current directory): its path, or "" when there is none;
/// nullopt and `error` when a pyproject.toml on the way is not TOML.
std::optional<std::string> findConfig(const std::string &input,
                                      std::string &error);

/// Reads a configuration file (a pyproject.toml: its [tool.symshape]
/// table); nullopt and `error` ("FILE:LINE:COL: error: ...") when it is
/// not a valid one.
std::optional<Config> loadConfig(const std::string &path, std::string &error);

} // namespace symshape::tool

#endif // SYMSHAPE_TOOLS_CONFIG_H
