//===- CommandLine.cpp - The symshape command line ------------------------===//

#include "CommandLine.h"

#include <algorithm>
#include <optional>
#include <thread>

namespace symshape::tool {

const char *const kUsage =
    R"(usage: symshape check FILE.mlir... [options]
       symshape refine FILE.mlir [-o OUT.mlir] [options]
       symshape graph FILE.mlir [-o OUT.dot] [options]
       symshape --help | --version

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

options for every command:
  -o FILE, --output FILE write the output to FILE: a regular file is
                         replaced atomically (keeping its mode), anything
                         else written through (/dev/null, a FIFO, a
                         symlink's target); '-o -' is stdout
  --func NAME            only function NAME (check: report it; refine:
                         refine it; graph: draw it)
  --strict               a dynamic size under a static result dim is an
                         error (seed 000's pseudo-code) instead of a cast
  --assume EXPR          a fact about sizes, e.g. "%a[0] == 8" (repeatable);
                         two facts that contradict each other are an error
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
  --color=WHEN           colour diagnostics: auto (on a terminal, unless
                         NO_COLOR is set), always, never (also --colour)
  --progress=WHEN        "judging function k of n, obligations judged: i of
                         m" on stderr: auto (stderr a terminal, once a run
                         has taken 2 s), always (from the start), never
  --split-input-file     split each FILE at '// -----' lines and judge each
                         piece on its own, as mlir-opt does (line numbers
                         stay the file's; a bad piece is reported, the
                         others judged, exit status 2)
  --stats                print solver statistics on stderr
  -h, --help             show this help
  --version              print the version

options for check:
  --format FORMAT        text (compiler-style diagnostics, the default),
                         json (SPEC 7, schema/symshape-report.schema.json)
                         or sarif (SARIF 2.1.0, for code scanning)
  --json                 the same as --format json
  --require-coverage     an op symshape cannot model (listed as `opaque`)
                         is an error
  --explain              for every safe obligation, a note naming the
                         earlier checks and ops that imply it (JSON:
                         "implied_by"; safe runtime checks always get it)

options for refine:
  --drop-redundant-checks
                         remove each runtime check proved safe (it can never
                         fail), with the ops that only fed its predicate

options for refine and graph:
  --strict-exit          exit 1 when some obligation is not safe (by
                         default they exit 0 once the output is written)

exit status:
  check          0 no UB can happen (every obligation safe but runtime
                 checks that can fail: the input contract), 1 otherwise
  refine, graph  0 output written (with --strict-exit: 1 some obligation
                 not safe)
  all            2 bad input, usage or a failed write (bad files are
                 named on stderr; the other files are still checked and
                 reported)

limits: regions, attributes and types nest at most 256 deep (deeper input
is an error, exit 2); memory is the machine's unless --memory-limit-mb caps
it (beyond the cap: "out of memory", exit 2, nothing half-written).
)";

CommandLine::CommandLine() {
  options.jobs = std::max(1u, std::thread::hardware_concurrency());
}

namespace {

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

std::optional<When> parseWhen(const std::string &text) {
  if (text == "auto")
    return When::Auto;
  if (text == "always")
    return When::Always;
  if (text == "never")
    return When::Never;
  return std::nullopt;
}

} // namespace

std::string parseArgs(int argc, char **argv, CommandLine &cl) {
  std::vector<std::string> args(argv + 1, argv + argc);
  bool formatGiven = false;
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
    static const char *const flags[] = {
        "--help",  "--json",    "--strict",           "--no-fast-paths",
        "--stats", "--version", "--require-coverage", "--strict-exit",
        "--explain", "--drop-redundant-checks",
        "--split-input-file"};
    for (const char *flag : flags)
      if (hasInline && arg == flag)
        return "option '" + arg + "' takes no value";
    if (arg.size() > 1 && arg[0] == '-')
      cl.given.push_back(arg);
    if (arg == "-h" || arg == "--help" || arg == "help") {
      cl.help = true;
    } else if (arg == "--version") {
      cl.version = true;
    } else if (arg == "--json" || arg == "--format") {
      Format format = Format::Json;
      if (arg == "--format") {
        if (!value(v))
          return "--format needs text, json or sarif";
        if (v == "text")
          format = Format::Text;
        else if (v == "sarif")
          format = Format::Sarif;
        else if (v != "json")
          return "--format expects text, json or sarif, got '" + v + "'";
      }
      if (formatGiven && format != cl.format)
        return "--json and --format " +
               std::string(cl.format == Format::Sarif ? "sarif" : "text") +
               " ask for two formats";
      formatGiven = true;
      cl.format = format;
    } else if (arg == "-o" || arg == "--output") {
      if (!value(v) || v.empty())
        return "-o needs a file name ('-' for stdout)";
      cl.output = v;
    } else if (arg == "--func") {
      if (!value(v) || v.empty())
        return "--func needs a function name";
      cl.function = v[0] == '@' ? v.substr(1) : v;
    } else if (arg == "--stats") {
      cl.stats = true;
    } else if (arg == "--split-input-file") {
      cl.splitInput = true;
    } else if (arg == "--require-coverage") {
      cl.requireCoverage = true;
    } else if (arg == "--explain") {
      cl.explain = true;
      cl.options.explainAll = true;
    } else if (arg == "--drop-redundant-checks") {
      cl.dropRedundantChecks = true;
    } else if (arg == "--strict-exit") {
      cl.strictExit = true;
    } else if (arg == "--color" || arg == "--colour" || arg == "--progress") {
      std::optional<When> when;
      if (!hasInline)
        when = When::Always; // `--color` alone, as in clang
      else if (!(when = parseWhen(inlineValue)))
        return arg + " expects auto, always or never, got '" + inlineValue +
               "'";
      (arg == "--progress" ? cl.progress : cl.color) = *when;
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

std::string checkOptionsApply(const CommandLine &cl) {
  static const char *const checkOnly[] = {"--json", "--format",
                                          "--require-coverage", "--explain"};
  static const char *const notCheck[] = {"--strict-exit"};
  for (const std::string &option : cl.given) {
    if (option == "--drop-redundant-checks" && cl.command != "refine")
      return "option '" + option + "' applies to refine only, not to " +
             cl.command;
    for (const char *name : checkOnly)
      if (option == name && cl.command != "check")
        return "option '" + option + "' applies to check only, not to " +
               cl.command;
    for (const char *name : notCheck)
      if (option == name && cl.command == "check")
        return "option '" + option + "' applies to refine and graph, not to " +
               "check (whose exit status always reports findings)";
  }
  return "";
}

} // namespace symshape::tool
