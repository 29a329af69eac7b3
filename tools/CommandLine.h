//===- CommandLine.h - The symshape command line ----------------*- C++ -*-===//
//
// Parses `symshape COMMAND [FILE...] [options]` into a CommandLine and
// rejects options that do not apply to the command.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TOOLS_COMMANDLINE_H
#define SYMSHAPE_TOOLS_COMMANDLINE_H

#include "symshape/driver/Session.h"

#include <string>
#include <vector>

namespace symshape::tool {

enum class Format { Text, Json, Sarif, Html };
enum class When { Auto, Always, Never };

struct CommandLine {
  std::string command;
  std::vector<std::string> files;
  std::vector<std::string> assumptions;
  std::string output;   ///< -o; "" or "-" for stdout
  std::string function; ///< --func
  Format format = Format::Text;
  bool help = false;
  bool version = false;
  bool stats = false;
  bool requireCoverage = false;
  bool explain = false;             ///< check --explain
  bool dropRedundantChecks = false; ///< refine --drop-redundant-checks
  bool strictExit = false;
  bool splitInput = false; ///< --split-input-file
  /// check --config FILE: the configuration file (none looked for).
  std::string configPath;
  bool noConfig = false; ///< check --no-config
  /// check --baseline FILE (a configuration's is relative to it).
  std::string baselinePath;
  bool writeBaseline = false; ///< check --write-baseline
  When color = When::Auto;
  When progress = When::Auto;
  int64_t memoryLimitMb = 0;
  /// check --fail-on: what makes the exit status 1.
  solver::FailOn failOn = solver::FailOn::UbPossible;
  /// --loc: where findings at ops with the exporter's positions go.
  solver::LocationMode locations = solver::LocationMode::Both;
  frontend::SessionOptions options;
  /// Options given, as spelled, for the per-command check.
  std::vector<std::string> given;
  CommandLine();
};

/// The --help text.
extern const char *const kUsage;

/// Fills `cl` from argv; returns an error message, or "" on success.
std::string parseArgs(int argc, char **argv, CommandLine &cl);
/// parseArgs over arguments without the program name; a later option
/// overrides what an earlier call set (a repeatable one adds to it).
std::string parseArgList(const std::vector<std::string> &args, CommandLine &cl);

/// The known command or option nearest to `word` (at most a third of its
/// letters changed), or "" when none is near: for "did you mean".
std::string nearestName(const std::string &word);

/// An error message when an option given does not apply to `cl.command`
/// (`refine --json`), or "" when all do.
std::string checkOptionsApply(const CommandLine &cl);

} // namespace symshape::tool

#endif // SYMSHAPE_TOOLS_COMMANDLINE_H
