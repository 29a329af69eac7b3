//===- symshape.cpp - The command-line tool -------------------------------===//
//
// A thin layer over symshape::frontend::Session: parse the command line,
// read the files, print what the session reports. Exit status: 0 when every
// obligation is safe, 1 when one is not, 2 on bad input or usage.
//
//===----------------------------------------------------------------------===//

#include "symshape/frontend/Rewrite.h"
#include "symshape/frontend/Session.h"
#include "symshape/frontend/SplitInput.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace symshape;

namespace {

const char *const kUsage = R"(usage: symshape check FILE.mlir... [options]
       symshape refine FILE.mlir [-o OUT.mlir] [options]
       symshape graph FILE.mlir [--func NAME] [-o OUT.dot] [options]

Proves every broadcast in MLIR functions safe for all runtime sizes, or
reports which sizes trigger undefined behaviour, with a witness, and refines
`?` dims to the most specific sizes.

commands:
  check FILE...          judge every obligation; FILE '-' reads stdin
  refine FILE            print FILE with the most specific result types
                         (signatures never change; casts keep old uses valid)
  graph FILE             print the dim graph as Graphviz DOT: dims with their
                         source names and refined sizes, obligations coloured
                         by verdict

options:
  -o FILE                refine, graph: write the result to FILE (atomically)
  --func NAME            graph: only function NAME
  --json                 print the JSON report instead of diagnostics
  --strict               a dynamic size under a static result dim is an
                         error (seed 000's pseudo-code) instead of a cast
  --assume EXPR          a fact about sizes, e.g. "%a[0] == 8" (repeatable)
  --timeout-ms N         per-query solver time-out (default 2000)
  --min-dim N            every dynamic dim is at least N (default 0)
  --broadcastable NAME   treat op NAME as an implicit broadcast (repeatable)
  --no-fast-paths        ask the solver even where folding decides
  -j N, --jobs N         lower and judge functions on N threads (default:
                         one per hardware thread; the output does not
                         depend on N)
  --memory-limit-mb N    stop cleanly (exit 2) beyond N MB; Z3 is capped too
  --solver-rlimit N      Z3 resource limit per query (deterministic; 0 none;
                         nonlinear queries may overrun it: keep a time-out)
  --split-input-file     split each FILE at '// -----' lines and judge each
                         piece on its own, as mlir-opt does (a piece with an
                         error is reported and skipped; exit status 2)
  --stats                print solver statistics on stderr
  -h, --help             show this help

exit status: 0 every obligation safe, 1 some obligation not safe,
             2 bad input or usage
)";

struct CommandLine {
  std::string command;
  std::vector<std::string> files;
  std::vector<std::string> assumptions;
  std::string output;
  std::string function;
  bool json = false;
  bool help = false;
  bool stats = false;
  bool splitInput = false;
  int64_t memoryLimitMb = 0;
  frontend::SessionOptions options;
  CommandLine() {
    options.jobs = std::max(1u, std::thread::hardware_concurrency());
  }
};

int usageError(const std::string &message) {
  std::cerr << "symshape: error: " << message
            << "\nrun 'symshape --help' for usage\n";
  return 2;
}

std::optional<int64_t> parseCount(const std::string &text, int64_t max) {
  if (text.empty() || text.size() > 12)
    return std::nullopt;
  int64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9')
      return std::nullopt;
    value = value * 10 + (c - '0');
  }
  if (value > max)
    return std::nullopt;
  return value;
}

/// Fills `cl`; returns an error message, or "" on success.
std::string parseArgs(int argc, char **argv, CommandLine &cl) {
  std::vector<std::string> args(argv + 1, argv + argc);
  for (size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    std::string inlineValue;
    bool hasInline = false;
    if (arg.rfind("--", 0) == 0 && arg.find('=') != std::string::npos) {
      inlineValue = arg.substr(arg.find('=') + 1);
      arg = arg.substr(0, arg.find('='));
      hasInline = true;
    }
    auto value = [&](std::string &out) -> bool {
      if (hasInline) {
        out = inlineValue;
        return true;
      }
      if (i + 1 >= args.size())
        return false;
      out = args[++i];
      return true;
    };
    std::string v;
    static const char *const flags[] = {"--help",   "--json",
                                        "--strict", "--no-fast-paths",
                                        "--stats",  "--split-input-file"};
    for (const char *flag : flags)
      if (hasInline && arg == flag)
        return "option '" + arg + "' takes no value";
    if (arg == "-h" || arg == "--help" || arg == "help") {
      cl.help = true;
    } else if (arg == "--json") {
      cl.json = true;
    } else if (arg == "-o" || arg == "--output") {
      if (!value(v) || v.empty())
        return "-o needs a file name";
      cl.output = v;
    } else if (arg == "--func") {
      if (!value(v) || v.empty())
        return "--func needs a function name";
      cl.function = v;
    } else if (arg == "--stats") {
      cl.stats = true;
    } else if (arg == "--split-input-file") {
      cl.splitInput = true;
    } else if (arg == "--strict") {
      cl.options.lowering.strict = true;
    } else if (arg == "--no-fast-paths") {
      cl.options.judge.fastPaths = false;
    } else if (arg == "--assume") {
      if (!value(v))
        return "--assume needs an expression";
      cl.assumptions.push_back(v);
    } else if (arg == "--broadcastable") {
      if (!value(v) || v.empty())
        return "--broadcastable needs an op name";
      cl.options.lowering.broadcastable.push_back(v);
    } else if (arg == "-j" || arg == "--jobs" ||
               (arg.size() > 2 && arg.rfind("-j", 0) == 0 &&
                arg.find_first_not_of("0123456789", 2) == std::string::npos)) {
      if (arg.size() > 2 && arg[1] == 'j')
        v = arg.substr(2); // -j4
      else if (!value(v))
        return arg + " needs a number";
      std::optional<int64_t> n = parseCount(v, 256);
      if (!n || *n == 0)
        return arg + " expects a number from 1 to 256, got '" + v + "'";
      cl.options.jobs = unsigned(*n);
    } else if (arg == "--solver-rlimit") {
      // Z3's deterministic resource limit per query (for tests: unlike a
      // time-out it gives the same answer on every machine).
      if (!value(v))
        return arg + " needs a number";
      std::optional<int64_t> n = parseCount(v, int64_t(1) << 31);
      if (!n)
        return arg + " expects a non-negative integer, got '" + v + "'";
      cl.options.judge.limits.rlimit = unsigned(*n);
    } else if (arg == "--memory-limit-mb") {
      if (!value(v))
        return arg + " needs a number";
      std::optional<int64_t> n = parseCount(v, int64_t(1) << 22);
      if (!n || *n < 64)
        return arg + " expects a number of megabytes >= 64, got '" + v + "'";
      cl.memoryLimitMb = *n;
    } else if (arg == "--timeout-ms" || arg == "--min-dim") {
      if (!value(v))
        return arg + " needs a number";
      std::optional<int64_t> n = parseCount(
          v, arg == "--min-dim" ? int64_t(1) << 40 : int64_t(86400000));
      if (!n)
        return arg +
               (arg == "--min-dim"
                    ? " expects an integer from 0 to 1099511627776"
                    : " expects an integer from 0 to 86400000") +
               ", got '" + v + "'";
      if (arg == "--min-dim")
        cl.options.lowering.minDim = *n;
      else
        cl.options.judge.limits.timeoutMs = unsigned(*n);
    } else if (arg.size() > 1 && arg[0] == '-') {
      return "unknown option '" + arg + "'";
    } else if (cl.command.empty()) {
      cl.command = arg;
    } else {
      cl.files.push_back(arg);
    }
  }
  return "";
}

/// Reads a file (or stdin for "-"); an error message on failure.
std::optional<std::string> readInput(const std::string &path,
                                     std::string &error) {
  std::ostringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
    return text.str();
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = path + ": error: cannot read file: Is a directory";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": error: cannot open file: " + std::strerror(errno);
    return std::nullopt;
  }
  text << in.rdbuf();
  if (in.bad()) {
    error = path + ": error: cannot read file";
    return std::nullopt;
  }
  return text.str();
}

/// The CLI's session lives until the process ends: main() leaves with
/// _Exit, so a large module is never freed piece by piece.
frontend::Session &newSession(const CommandLine &cl) {
  return *new frontend::Session(cl.options);
}

/// Writes `text` to `path` atomically: a temporary file beside it, renamed
/// over it once complete. Returns an error message, or "" on success.
std::string writeAtomically(const std::string &path, const std::string &text) {
  std::string pattern = path + ".tmpXXXXXX";
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  int fd = mkstemp(name.data());
  if (fd < 0)
    return path +
           ": error: cannot create a temporary file: " + std::strerror(errno);
  size_t written = 0;
  while (written < text.size()) {
    ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n <= 0) {
      std::string why = std::strerror(errno);
      ::close(fd);
      std::remove(name.data());
      return path + ": error: cannot write: " + why;
    }
    written += size_t(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0 ||
      std::rename(name.data(), path.c_str()) != 0) {
    std::string why = std::strerror(errno);
    std::remove(name.data());
    return path + ": error: cannot write: " + why;
  }
  return "";
}

/// Reads the files and assumptions into `session` and analyses them;
/// prints errors and returns false on bad input. With --split-input-file a
/// piece that does not parse only sets `badPiece`: the others are analysed.
bool load(const CommandLine &cl, frontend::Session &session, bool &badPiece) {
  for (const std::string &assumption : cl.assumptions)
    if (!session.addAssumption(assumption)) {
      std::cerr << session.diagnostics().renderAll();
      return false;
    }
  for (const std::string &path : cl.files) {
    std::string error;
    std::optional<std::string> text = readInput(path, error);
    if (!text) {
      std::cerr << error << "\n";
      return false;
    }
    std::string name = path == "-" ? "<stdin>" : path;
    if (cl.splitInput) {
      std::string errors;
      if (!frontend::addSplitFile(session, name, *text, errors)) {
        std::cerr << errors;
        badPiece = true;
      }
      continue;
    }
    if (!session.addFile(name, std::move(*text))) {
      std::cerr << session.diagnostics().renderAll();
      return false;
    }
  }
  if (!session.analyze()) {
    std::cerr << session.diagnostics().renderAll();
    return false;
  }
  return true;
}

int exitStatus(const frontend::Session &session) {
  const solver::Summary &summary = session.summary();
  return summary.counts[size_t(solver::Verdict::Safe)] == summary.total() ? 0
                                                                          : 1;
}

int emit(const CommandLine &cl, const std::string &text);

int runRefine(CommandLine &cl) {
  if (cl.files.size() != 1)
    return usageError("refine takes exactly one FILE (or '-' for stdin)");
  cl.options.computeShapes = true;
  frontend::Session &session = newSession(cl);
  bool badPiece = false;
  // A piece left out would make the output partial: nothing is written.
  if (!load(cl, session, badPiece) || badPiece)
    return 2;
  std::string text;
  for (const auto &file : session.files())
    text += (text.empty() ? "" : "// -----\n") +
            frontend::rewriteRefined(session, *file);
  if (emit(cl, text) != 0)
    return 2;
  return exitStatus(session);
}

/// Prints `text`, or writes it to -o's file atomically.
int emit(const CommandLine &cl, const std::string &text) {
  if (cl.output.empty()) {
    std::cout << text;
    std::cout.flush();
    return 0;
  }
  std::string error = writeAtomically(cl.output, text);
  if (!error.empty()) {
    std::cerr << error << "\n";
    return 2;
  }
  return 0;
}

int runGraph(CommandLine &cl) {
  if (cl.files.size() != 1)
    return usageError("graph takes exactly one FILE (or '-' for stdin)");
  cl.options.computeShapes = true;
  frontend::Session &session = newSession(cl);
  bool badPiece = false;
  if (!load(cl, session, badPiece))
    return 2;
  if (!cl.function.empty() && !session.function(cl.function)) {
    std::cerr << cl.files[0] << ": error: no function named '@" << cl.function
              << "' with a body\n";
    return 2;
  }
  if (emit(cl, session.dot(cl.function)) != 0 || badPiece)
    return 2;
  return exitStatus(session);
}

int runCheck(CommandLine &cl) {
  if (cl.files.empty())
    return usageError("check needs at least one FILE (or '-' for stdin)");
  cl.options.computeShapes = cl.json; // the JSON lists most specific shapes
  frontend::Session &session = newSession(cl);
  bool badPiece = false;
  if (!load(cl, session, badPiece))
    return 2;
  std::cout << (cl.json ? session.json() : session.text());
  std::cout.flush();
  if (cl.stats) {
    const solver::JudgeStats &s = session.stats();
    std::cerr << "stats: static=" << s.decidedStatically
              << " solver=" << s.decidedBySolver << " unknown=" << s.unknown
              << " checks=" << s.solverChecks << "\n";
  }
  return badPiece ? 2 : exitStatus(session);
}

} // namespace

int main(int argc, char **argv) {
  CommandLine cl;
  std::string error = parseArgs(argc, argv, cl);
  if (!error.empty())
    return usageError(error);
  if (cl.help || cl.command.empty()) {
    std::cout << kUsage;
    return cl.help ? 0 : 2;
  }
  if (cl.memoryLimitMb) {
    // The address space, so an allocation beyond it fails cleanly (and is
    // reported as an error), and Z3's own allocator, below that.
    rlim_t bytes = rlim_t(cl.memoryLimitMb) << 20;
    struct rlimit limit = {bytes, bytes};
    setrlimit(RLIMIT_AS, &limit);
    solver::setSolverMemoryLimit(unsigned(cl.memoryLimitMb * 3 / 4));
  }
  int status;
  try {
    if (cl.command == "check")
      status = runCheck(cl);
    else if (cl.command == "refine")
      status = runRefine(cl);
    else if (cl.command == "graph")
      status = runGraph(cl);
    else
      return usageError("unknown command '" + cl.command + "'");
  } catch (const std::bad_alloc &) {
    // Past the library's own checks (while printing): still a clean stop.
    std::cout.flush();
    std::cerr << "symshape: error: out of memory\n";
    std::_Exit(2);
  }
  // Everything is written; freeing a large module's memory piece by piece
  // would only cost time (compilers skip it the same way).
  std::cout.flush();
  std::cerr.flush();
  std::_Exit(status);
}
