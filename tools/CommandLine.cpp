//===- CommandLine.cpp - The symshape command line ------------------------===//

#include "CommandLine.h"

#include <algorithm>
#include <optional>
#include <thread>

namespace symshape::tool {

const char *const kUsage =
    R"(usage: symshape check FILE.mlir|DIR... [options]
       symshape refine FILE.mlir [-o OUT.mlir] [options]
       symshape graph FILE.mlir [-o OUT.dot] [options]
       symshape --help | --version

Proves every broadcast in MLIR functions safe for all runtime sizes, or
reports which sizes trigger undefined behaviour, with a witness, and refines
`?` dims to the most specific sizes.

commands:
  check FILE...          judge every obligation; FILE '-' reads stdin, a
                         directory its *.mlir files (recursively, sorted)
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
                         error (the Broadcastable trait's pseudo-code) instead of a cast
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
                         json (SEMANTICS.md §7, schema/symshape-report.schema.json),
                         sarif (SARIF 2.1.0, for code scanning) or html (one
                         self-contained page: the source with each finding
                         under its line, filters, contracts, dim graphs)
  --json                 the same as --format json
  --require-coverage     an op symshape cannot model (listed as `opaque`)
                         is an error
  --explain              for every safe obligation, a note naming the
                         earlier checks and ops that imply it (JSON:
                         "implied_by"; safe runtime checks always get it)
  --fail-on=LEVEL        what makes the exit status 1: error,
                         ub-guaranteed (and errors), ub-possible (the
                         default: any obligation that is not safe, but
                         runtime checks that can fail), unknown (the same:
                         an undecided obligation is not proved safe), or
                         opaque (also any op symshape cannot model)
  --loc=WHERE            where a finding goes when its op's loc(...) names
                         the exporter's source (JAX, torch-mlir: loc(
                         "model.py":12:4)): both (the default: at the
                         model's line, then the MLIR op as a note; SARIF:
                         as a related location), source (the model's line
                         only, as mlir-opt reports), mlir (the MLIR op
                         only; JSON without source_* fields)
  --config FILE          options and [[suppress]] tables from FILE (by
                         default the nearest symshape.toml, or pyproject.toml
                         with [tool.symshape], from each input's directory
                         up; the command line overrides it)
  --no-config            read no configuration file
  --baseline FILE        findings recorded in FILE are notes ("baselined"),
                         not failures: only new ones make the exit status 1;
                         FILE is written with today's findings when missing
  --write-baseline       write the --baseline FILE again from this run

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
                 (--fail-on changes what counts); a function whose ops
                 are all opaque is a warning, "nothing checked"
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

namespace {

/// One argument being read: its name, and its value inline (`--loc=mlir`)
/// or in the next argument.
struct Arg {
  const std::vector<std::string> &args;
  size_t &i;
  std::string name;
  std::string inlineValue;
  bool hasInline = false;

  Arg(const std::vector<std::string> &args, size_t &i) : args(args), i(i) {
    name = args[i];
    if (name.rfind("--", 0) == 0 && name.find('=') != std::string::npos) {
      inlineValue = name.substr(name.find('=') + 1);
      name = name.substr(0, name.find('='));
      hasInline = true;
    }
  }

  /// The option's value: inline, or the next argument (consumed).
  bool value(std::string &out) {
    if (hasInline) {
      out = inlineValue;
      return true;
    }
    if (i + 1 >= args.size())
      return false;
    out = args[++i];
    return true;
  }
};

/// An option that takes no value: sets it and returns true.
bool parseFlag(const std::string &arg, CommandLine &cl) {
  if (arg == "-h" || arg == "--help" || arg == "help")
    cl.help = true;
  else if (arg == "--version")
    cl.version = true;
  else if (arg == "--stats")
    cl.stats = true;
  else if (arg == "--split-input-file")
    cl.splitInput = true;
  else if (arg == "--require-coverage")
    cl.requireCoverage = true;
  else if (arg == "--explain")
    cl.explain = cl.options.explainAll = true;
  else if (arg == "--drop-redundant-checks")
    cl.dropRedundantChecks = true;
  else if (arg == "--strict-exit")
    cl.strictExit = true;
  else if (arg == "--strict")
    cl.options.lowering.strict = true;
  else if (arg == "--no-fast-paths")
    cl.options.judge.fastPaths = false;
  else if (arg == "--no-config")
    cl.noConfig = true;
  else if (arg == "--write-baseline")
    cl.writeBaseline = true;
  else
    return false;
  return true;
}

/// --json and --format FORMAT; an error when two formats are asked for.
std::string parseFormat(Arg &a, bool &formatGiven, CommandLine &cl) {
  std::string v;
  Format format = Format::Json;
  if (a.name == "--format") {
    if (!a.value(v))
      return "--format needs text, json, sarif or html";
    if (v == "text")
      format = Format::Text;
    else if (v == "sarif")
      format = Format::Sarif;
    else if (v == "html")
      format = Format::Html;
    else if (v != "json")
      return "--format expects text, json, sarif or html, got '" + v + "'";
  }
  if (formatGiven && format != cl.format) {
    // Named by the one that is not JSON (either may come first).
    Format other = cl.format == Format::Json ? format : cl.format;
    return "--json and --format " +
           std::string(other == Format::Sarif  ? "sarif"
                       : other == Format::Html ? "html"
                                               : "text") +
           " ask for two formats";
  }
  formatGiven = true;
  cl.format = format;
  return "";
}

/// The options with a word or a name for value (-o, --func, --color,
/// --progress, --loc, --assume, --broadcastable): true when `a` is one,
/// with `error` set when its value is wrong.
bool parseNamedOption(Arg &a, CommandLine &cl, std::string &error) {
  const std::string &arg = a.name;
  std::string v;
  if (arg == "-o" || arg == "--output") {
    if (!a.value(v) || v.empty())
      error = "-o needs a file name ('-' for stdout)";
    else
      cl.output = v;
  } else if (arg == "--config" || arg == "--baseline") {
    if (!a.value(v) || v.empty())
      error = arg + " needs a file name";
    else
      (arg == "--config" ? cl.configPath : cl.baselinePath) = v;
  } else if (arg == "--func") {
    if (!a.value(v) || v.empty())
      error = "--func needs a function name";
    else
      cl.function = v[0] == '@' ? v.substr(1) : v;
  } else if (arg == "--color" || arg == "--colour" || arg == "--progress") {
    std::optional<When> when;
    if (!a.hasInline)
      when = When::Always; // `--color` alone, as in clang
    else if (!(when = parseWhen(a.inlineValue)))
      error =
          arg + " expects auto, always or never, got '" + a.inlineValue + "'";
    if (when)
      (arg == "--progress" ? cl.progress : cl.color) = *when;
  } else if (arg == "--loc") {
    if (!a.value(v))
      error = "--loc needs both, source or mlir";
    else if (v == "both")
      cl.locations = solver::LocationMode::Both;
    else if (v == "source")
      cl.locations = solver::LocationMode::Source;
    else if (v == "mlir")
      cl.locations = solver::LocationMode::Mlir;
    else
      error = "--loc expects both, source or mlir, got '" + v + "'";
  } else if (arg == "--fail-on") {
    static const std::pair<const char *, solver::FailOn> levels[] = {
        {"error", solver::FailOn::Error},
        {"ub-guaranteed", solver::FailOn::UbGuaranteed},
        {"ub-possible", solver::FailOn::UbPossible},
        {"unknown", solver::FailOn::Unknown},
        {"opaque", solver::FailOn::Opaque}};
    error = "--fail-on expects error, ub-guaranteed, ub-possible, unknown or "
            "opaque";
    if (!a.value(v))
      return true;
    for (const auto &[name, level] : levels)
      if (v == name) {
        cl.failOn = level;
        error.clear();
      }
    if (!error.empty())
      error += ", got '" + v + "'";
  } else if (arg == "--assume") {
    if (!a.value(v))
      error = "--assume needs an expression";
    else
      cl.assumptions.push_back(v);
  } else if (arg == "--broadcastable") {
    if (!a.value(v) || v.empty())
      error = "--broadcastable needs an op name";
    else
      cl.options.lowering.broadcastable.push_back(v);
  } else {
    return false;
  }
  return true;
}

/// -j N, -jN, --jobs N.
std::string parseJobs(Arg &a, CommandLine &cl) {
  const std::string &arg = a.name;
  std::string v;
  if (arg.size() > 2 && arg[1] == 'j')
    v = arg.substr(2); // -j4
  else if (!a.value(v))
    return arg + " needs a number";
  std::optional<int64_t> n = parseCount(v, 256);
  if (!n || *n == 0)
    return arg + " expects a number from 1 to 256, got '" + v + "'";
  cl.options.jobs = unsigned(*n);
  return "";
}

/// The options with a number for value (-j, --solver-rlimit,
/// --memory-limit-mb, --timeout-ms, --min-dim): true when `a` is one, with
/// `error` set when its value is wrong.
bool parseNumberOption(Arg &a, CommandLine &cl, std::string &error) {
  const std::string &arg = a.name;
  std::string v;
  if (arg == "-j" || arg == "--jobs" ||
      (arg.size() > 2 && arg.rfind("-j", 0) == 0 &&
       arg.find_first_not_of("0123456789", 2) == std::string::npos)) {
    error = parseJobs(a, cl);
  } else if (arg == "--solver-rlimit") {
    // Z3's deterministic resource limit per query (for tests: unlike a
    // time-out it gives the same answer on every machine).
    std::optional<int64_t> n;
    if (!a.value(v))
      error = arg + " needs a number";
    else if (!(n = parseCount(v, int64_t(1) << 31)))
      error = arg + " expects a non-negative integer, got '" + v + "'";
    else
      cl.options.judge.limits.rlimit = unsigned(*n);
  } else if (arg == "--memory-limit-mb") {
    std::optional<int64_t> n;
    if (!a.value(v))
      error = arg + " needs a number";
    else if (!(n = parseCount(v, int64_t(1) << 22)) || *n < 16)
      error = arg + " expects a number of megabytes >= 16, got '" + v + "'";
    else
      cl.memoryLimitMb = *n;
  } else if (arg == "--timeout-ms" || arg == "--min-dim") {
    bool minDim = arg == "--min-dim";
    std::optional<int64_t> n;
    if (!a.value(v))
      error = arg + " needs a number";
    else if (!(n = parseCount(v,
                              minDim ? int64_t(1) << 40 : int64_t(86400000))))
      error = arg +
              (minDim ? " expects an integer from 0 to 1099511627776"
                      : " expects an integer from 0 to 86400000") +
              ", got '" + v + "'";
    else if (minDim)
      cl.options.lowering.minDim = *n;
    else
      cl.options.judge.limits.timeoutMs = unsigned(*n);
  } else {
    return false;
  }
  return true;
}

} // namespace

std::string parseArgs(int argc, char **argv, CommandLine &cl) {
  return parseArgList(std::vector<std::string>(argv + 1, argv + argc), cl);
}

std::string parseArgList(const std::vector<std::string> &args,
                         CommandLine &cl) {
  bool formatGiven = false;
  static const char *const flags[] = {"--help",
                                      "--json",
                                      "--strict",
                                      "--no-fast-paths",
                                      "--stats",
                                      "--version",
                                      "--require-coverage",
                                      "--strict-exit",
                                      "--explain",
                                      "--drop-redundant-checks",
                                      "--split-input-file",
                                      "--no-config",
                                      "--write-baseline"};
  for (size_t i = 0; i < args.size(); ++i) {
    Arg a(args, i);
    const std::string arg = a.name;
    for (const char *flag : flags)
      if (a.hasInline && arg == flag)
        return "option '" + arg + "' takes no value";
    if (arg.size() > 1 && arg[0] == '-')
      cl.given.push_back(arg);
    std::string error;
    if (arg == "--json" || arg == "--format")
      error = parseFormat(a, formatGiven, cl);
    else if (!parseFlag(arg, cl) && !parseNamedOption(a, cl, error) &&
             !parseNumberOption(a, cl, error)) {
      if (arg.size() > 1 && arg[0] == '-') {
        std::string near = nearestName(arg);
        return "unknown option '" + arg + "'" +
               (near.empty() ? "" : "; did you mean '" + near + "'?");
      }
      if (cl.command.empty())
        cl.command = arg;
      else
        cl.files.push_back(arg);
    }
    if (!error.empty())
      return error;
  }
  return "";
}

namespace {

/// Levenshtein distance between `a` and `b`.
size_t editDistance(const std::string &a, const std::string &b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1,
                         diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

} // namespace

std::string nearestName(const std::string &word) {
  static const char *const names[] = {"check",
                                      "refine",
                                      "graph",
                                      "--output",
                                      "--func",
                                      "--strict",
                                      "--assume",
                                      "--timeout-ms",
                                      "--min-dim",
                                      "--broadcastable",
                                      "--no-fast-paths",
                                      "--jobs",
                                      "--memory-limit-mb",
                                      "--solver-rlimit",
                                      "--color",
                                      "--progress",
                                      "--split-input-file",
                                      "--stats",
                                      "--help",
                                      "--version",
                                      "--format",
                                      "--json",
                                      "--require-coverage",
                                      "--explain",
                                      "--loc",
                                      "--fail-on",
                                      "--drop-redundant-checks",
                                      "--strict-exit",
                                      "--config",
                                      "--no-config",
                                      "--baseline",
                                      "--write-baseline"};
  std::string name = word.substr(0, word.find('='));
  std::string best;
  size_t bestDistance = name.size() / 3 + 1;
  for (const char *candidate : names) {
    size_t d = editDistance(name, candidate);
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return best;
}

std::string checkOptionsApply(const CommandLine &cl) {
  static const char *const checkOnly[] = {
      "--json",     "--format",        "--require-coverage", "--explain",
      "--loc",      "--fail-on",       "--config",           "--no-config",
      "--baseline", "--write-baseline"};
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
