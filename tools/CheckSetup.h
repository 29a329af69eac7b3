//===- CheckSetup.h - Inputs and configuration of `check` -------*- C++ -*-===//
//
// Before `check` reads anything: each directory among its inputs becomes
// the `*.mlir` files below it (recursively, in sorted order), and the
// configuration of each input is found (Config.h) and its options set
// beneath the command line's, which override them.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TOOLS_CHECKSETUP_H
#define SYMSHAPE_TOOLS_CHECKSETUP_H

#include "CommandLine.h"
#include "Config.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace symshape::tool {

struct CheckSetup {
  std::vector<std::unique_ptr<Config>> configs;
  /// Each input's configuration by the name reports give the file
  /// ("<stdin>" for '-'); null for none.
  std::map<std::string, const Config *> configOf;
  /// Whether some configuration has a [[suppress]] table.
  bool anySuppression() const;
};

/// `path`'s `*.mlir` files, recursively, sorted; `path` itself when it is
/// not a directory. An empty list when a directory has none.
std::vector<std::string> expandInput(const std::string &path);

/// For `check`, parsed from `args` (argv without the program name) into
/// `cl`: expands directories and applies the configuration (options from
/// the first input's, suppressions per input). Returns "" or a message to
/// print as it is (exit status 2).
std::string setUpCheck(const std::vector<std::string> &args, CommandLine &cl,
                       CheckSetup &setup);

} // namespace symshape::tool

#endif // SYMSHAPE_TOOLS_CHECKSETUP_H
