//===- CheckSetup.cpp - Inputs and configuration of `check` ---------------===//

#include "CheckSetup.h"

#include <algorithm>
#include <filesystem>

namespace symshape::tool {

namespace fs = std::filesystem;

bool CheckSetup::anySuppression() const {
  for (const auto &config : configs)
    if (!config->suppressions.empty())
      return true;
  return false;
}

std::vector<std::string> expandInput(const std::string &path) {
  std::error_code ec;
  if (path == "-" || !fs::is_directory(path, ec))
    return {path};
  std::vector<std::string> files;
  fs::recursive_directory_iterator it(path, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const fs::path &entry = it->path();
    if (entry.extension() == ".mlir" && it->is_regular_file(ec))
      files.push_back(entry.generic_string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

namespace {

/// Loads `path` once (kept in `setup`); null and `error` on failure.
const Config *loadOnce(const std::string &path, CheckSetup &setup,
                       std::string &error) {
  for (const auto &config : setup.configs)
    if (config->path == path)
      return config.get();
  std::optional<Config> config = loadConfig(path, error);
  if (!config)
    return nullptr;
  setup.configs.push_back(std::make_unique<Config>(std::move(*config)));
  return setup.configs.back().get();
}

} // namespace

std::string setUpCheck(const std::vector<std::string> &args, CommandLine &cl,
                       CheckSetup &setup) {
  if (cl.command != "check")
    return "";
  std::vector<std::string> files;
  for (const std::string &input : cl.files) {
    std::vector<std::string> found = expandInput(input);
    if (found.empty())
      return input + ": error: no *.mlir file in this directory\n";
    files.insert(files.end(), found.begin(), found.end());
  }
  // Each file's configuration; the first file's options.
  const Config *first = nullptr;
  if (!cl.noConfig) {
    std::string error;
    const Config *given = nullptr;
    if (!cl.configPath.empty() &&
        !(given = loadOnce(cl.configPath, setup, error)))
      return error + "\n";
    // The files of one directory share its lookup.
    std::map<std::string, const Config *> byDirectory;
    for (size_t i = 0; i < files.size(); ++i) {
      const Config *config = given;
      std::string dir =
          files[i] == "-" ? "-" : fs::path(files[i]).parent_path().string();
      if (auto known = byDirectory.find(dir);
          !given && known != byDirectory.end()) {
        config = known->second;
      } else if (!given) {
        std::optional<std::string> path = findConfig(files[i], error);
        if (!path)
          return error + "\n";
        if (!path->empty() && !(config = loadOnce(*path, setup, error)))
          return error + "\n";
        byDirectory[dir] = config;
      }
      if (i == 0)
        first = config;
      setup.configOf[files[i] == "-" ? "<stdin>" : files[i]] = config;
    }
  }
  if (first) {
    CommandLine configured;
    for (const ConfigOption &option : first->options)
      if (std::string error = parseArgList(option.args, configured);
          !error.empty())
        return option.where + ": error: " + error + "\n";
    // The command line's options over the file's.
    if (std::string error = parseArgList(args, configured); !error.empty())
      return "symshape: error: " + error + "\n";
    cl = std::move(configured);
  }
  cl.files = std::move(files);
  if (cl.writeBaseline && cl.baselinePath.empty())
    return "symshape: error: --write-baseline needs --baseline FILE\n"
           "run 'symshape --help' for usage\n";
  return "";
}

} // namespace symshape::tool
