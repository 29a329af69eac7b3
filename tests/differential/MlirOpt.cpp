//===- MlirOpt.cpp - Running mlir-opt-16 on a batch of functions ----------===//

#include "MlirOpt.h"

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sys/wait.h>
#include <unistd.h>

namespace symshape::differential {

bool mlirOptAvailable(const char *tool) {
  std::string command = std::string("command -v ") + tool + " > /dev/null 2>&1";
  return std::system(command.c_str()) == 0;
}

namespace {

/// A path no other run (of this or another process) uses.
std::filesystem::path uniqueTempFile() {
  static std::atomic<unsigned> counter{0};
  std::error_code error;
  std::filesystem::path dir = std::filesystem::temp_directory_path(error);
  if (error)
    dir = "/tmp";
  return dir / ("symshape-differential-" + std::to_string(::getpid()) + "-" +
                std::to_string(counter++) + ".mlir");
}

/// Runs `command`, returning its exit status (-1 when it did not run).
int runCapturing(const std::string &command, std::string &output) {
  FILE *pipe = ::popen(command.c_str(), "r");
  if (!pipe)
    return -1;
  char buffer[4096];
  size_t read;
  while ((read = std::fread(buffer, 1, sizeof buffer, pipe)) > 0)
    output.append(buffer, read);
  int status = ::pclose(pipe);
  if (status == -1 || !WIFEXITED(status))
    return -1;
  return WEXITSTATUS(status);
}

void parseErrors(MlirOptRun &run, const std::string &path) {
  static const std::regex kSplitError(
      R"(^within split at .*:([0-9]+) offset :([0-9]+):[0-9]+: error: (.*)$)");
  // Current MLIR gives the line in the whole file.
  static const std::regex kFileError(R"(^(.*):([0-9]+):[0-9]+: error: (.*)$)");
  size_t start = 0;
  while (start < run.output.size()) {
    size_t end = run.output.find('\n', start);
    if (end == std::string::npos)
      end = run.output.size();
    std::string line = run.output.substr(start, end - start);
    start = end + 1;
    if (line.find("error:") == std::string::npos)
      continue;
    std::smatch match;
    if (std::regex_match(line, match, kFileError) && match[1] == path) {
      run.errors.emplace(static_cast<unsigned>(std::stoul(match[2])), match[3]);
      continue;
    }
    if (!std::regex_match(line, match, kSplitError)) {
      run.unparsed.push_back(line);
      continue;
    }
    unsigned absolute =
        static_cast<unsigned>(std::stoul(match[1]) + std::stoul(match[2]) - 1);
    run.errors.emplace(absolute, match[3]);
  }
}

} // namespace

MlirOptRun runMlirOpt(const std::string &text, MlirOptPrint print,
                      const char *tool) {
  MlirOptRun run;
  std::filesystem::path path = uniqueTempFile();
  std::filesystem::path out =
      print == MlirOptPrint::None ? "/dev/null" : uniqueTempFile();
  {
    std::ofstream file(path);
    file << text;
    if (!file)
      return run;
  }
  // mlir-opt deletes its -o file when a split fails to verify, so the
  // print goes through stdout; the pipe reads stderr.
  std::string command =
      std::string(tool) + " -split-input-file " +
      (print == MlirOptPrint::Generic ? "--mlir-print-op-generic " : "") + "'" +
      path.string() + "' -o - 2>&1 >'" + out.string() + "'";
  run.exitStatus = runCapturing(command, run.output);
  run.ran = run.exitStatus >= 0;
  std::error_code ignored;
  std::filesystem::remove(path, ignored);
  if (print != MlirOptPrint::None) {
    std::ifstream file(out);
    run.printed.assign(std::istreambuf_iterator<char>(file),
                       std::istreambuf_iterator<char>());
    std::filesystem::remove(out, ignored);
  }
  parseErrors(run, path.string());
  return run;
}

} // namespace symshape::differential
