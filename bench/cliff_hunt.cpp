//===- cliff_hunt.cpp - The slowest functions of generated or real files --===//
//
// Issue 46's cliff hunt: times `check` of each function of a file on its
// own, as the command line does (a Session of that one function: parse,
// lower, judge, contract, the text report), and prints the count, the
// median and the maximum time, how many are over the limit, and the
// slowest functions with the shape line that precedes each
// (`// family: ...`, as bench/gen_cliff.py writes them):
//
//   symshape_cliff_hunt FILE... [--top N] [--limit-ms MS] [--cpu] [--json]
//
// A file is first split at its `// -----` lines, as `check
// --split-input-file` splits it. A piece whose functions are all at the
// top level, outside a `module`, with no other top-level op (the
// generator's files) is split further at each line that begins with
// `func.func`; any other piece (an exporter's module: its functions may
// call each other) is timed whole, named by its file, first line and
// first function.
//
// With --json each function is timed as `check --format json` does it:
// the safe checks explained and every value refined, the JSON report.
//
// Times are wall-clock, or with --cpu the process's CPU time (every
// thread's): on a machine other work loads, the wall-clock time of a
// function grows with the load and its CPU time does not.
//
// Exit status 0 when no function is over the limit, 1 otherwise, 2 on a
// bad command line or input.
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Session.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Function {
  std::string shape; ///< the comment line before it, if any
  std::string name;  ///< FILE:LINE @first-function
  std::string text;
  double ms = 0;
};

/// The first function name (`@name`) after a `func.func` in `text`.
std::string firstFunction(const std::string &text) {
  size_t at = text.find("func.func");
  at = at == std::string::npos ? at : text.find('@', at);
  if (at == std::string::npos)
    return "";
  size_t end = text.find_first_of("( \n<", at);
  return text.substr(at, end == std::string::npos ? end : end - at);
}

/// The pieces of `piece` (its first line `firstLine` of `file`), each with
/// the comment line before it: one per top-level `func.func` when every
/// other top-level line is a comment or a blank, else the piece whole.
void splitPiece(const std::string &file, size_t firstLine,
                const std::string &piece, std::vector<Function> &out) {
  std::vector<std::string> lines;
  std::istringstream in(piece);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  bool perFunction = false, other = false;
  for (const std::string &line : lines) {
    if (line.rfind("func.func", 0) == 0)
      perFunction = true;
    else if (!line.empty() && line[0] != ' ' && line[0] != '}' &&
             line.rfind("//", 0) != 0)
      other = true; // `module {`, a global, an attribute alias ...
  }
  if (!perFunction || other) {
    size_t blank = 0; // named by its first line that is not blank
    while (blank < lines.size() &&
           lines[blank].find_first_not_of(' ') == std::string::npos)
      ++blank;
    if (blank == lines.size())
      return;
    out.push_back({"",
                   file + ":" + std::to_string(firstLine + blank) + " " +
                       firstFunction(piece),
                   piece, 0});
    return;
  }
  std::string comment;
  size_t start = out.size();
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string &line = lines[i];
    if (line.rfind("// family:", 0) == 0) {
      comment = line.substr(3);
      continue;
    }
    if (line.rfind("func.func", 0) == 0) {
      out.push_back({comment,
                     file + ":" + std::to_string(firstLine + i) + " " +
                         firstFunction(line),
                     "", 0});
      comment.clear();
    }
    if (out.size() > start)
      out.back().text += line + "\n";
  }
}

/// The functions (or pieces) of `text`, read from `file`.
void split(const std::string &file, const std::string &text,
           std::vector<Function> &out) {
  std::istringstream in(text);
  std::string line, piece;
  size_t lineNo = 0, pieceLine = 1;
  while (std::getline(in, line)) {
    ++lineNo;
    if (line.rfind("// -----", 0) == 0) {
      splitPiece(file, pieceLine, piece, out);
      piece.clear();
      pieceLine = lineNo + 1;
      continue;
    }
    piece += line + "\n";
  }
  splitPiece(file, pieceLine, piece, out);
}

/// Milliseconds of the process's CPU time (`cpu`) or of the wall clock.
double nowMs(bool cpu) {
  if (cpu) {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
  }
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

double timeCheck(const std::string &text, bool cpu, bool json) {
  double start = nowMs(cpu);
  symshape::frontend::SessionOptions options;
  // As `check` in text, or in JSON (symshape.cpp's sessionOptions).
  options.computeShapes = json;
  options.explainChecks = json;
  options.keepFunctionBodies = false;
  options.keepFunctionValues = json; // the JSON's refined types
  symshape::frontend::Session session(options);
  if (session.addFile("cliff.mlir", text) && session.analyze()) {
    std::string report = json ? session.json() : session.text();
    if (report.empty())
      std::fputs("", stdout); // keep the report from being optimised out
  }
  return nowMs(cpu) - start;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<std::string> files;
  size_t top = 10;
  double limitMs = 50;
  bool cpu = false, json = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--top" && i + 1 < argc)
      top = size_t(std::atoi(argv[++i]));
    else if (arg == "--limit-ms" && i + 1 < argc)
      limitMs = std::atof(argv[++i]);
    else if (arg == "--cpu")
      cpu = true;
    else if (arg == "--json")
      json = true;
    else if (!arg.empty() && arg[0] != '-')
      files.push_back(arg);
    else {
      std::fprintf(stderr, "usage: symshape_cliff_hunt FILE... [--top N] "
                           "[--limit-ms MS] [--cpu] [--json]\n");
      return 2;
    }
  }
  if (files.empty()) {
    std::fprintf(stderr, "symshape_cliff_hunt: no file given\n");
    return 2;
  }
  std::vector<Function> functions;
  for (const std::string &file : files) {
    std::ifstream in(file);
    if (!in) {
      std::fprintf(stderr, "symshape_cliff_hunt: cannot read '%s'\n",
                   file.c_str());
      return 2;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    split(file, buffer.str(), functions);
  }
  if (functions.empty()) {
    std::fprintf(stderr, "symshape_cliff_hunt: no function in the input\n");
    return 2;
  }
  timeCheck(functions.front().text, cpu, json); // warm-up: Z3's and the heap's
  std::vector<double> times;
  size_t over = 0;
  for (Function &f : functions) {
    f.ms = timeCheck(f.text, cpu, json);
    times.push_back(f.ms);
    over += f.ms > limitMs;
  }
  std::sort(times.begin(), times.end());
  double total = 0;
  for (double t : times)
    total += t;
  std::printf("%s%s", json ? "check --format json. " : "",
              cpu ? "CPU time. " : "");
  std::printf("functions: %zu  total: %.1f ms  median: %.3f ms  "
              "p99: %.3f ms  max: %.3f ms  over %.0f ms: %zu\n",
              times.size(), total, times[times.size() / 2],
              times[std::min(times.size() - 1, times.size() * 99 / 100)],
              times.back(), limitMs, over);
  std::vector<const Function *> slowest;
  for (const Function &f : functions)
    slowest.push_back(&f);
  std::stable_sort(
      slowest.begin(), slowest.end(),
      [](const Function *a, const Function *b) { return a->ms > b->ms; });
  std::printf("slowest %zu:\n", std::min(top, slowest.size()));
  for (size_t i = 0; i < top && i < slowest.size(); ++i) {
    const Function &f = *slowest[i];
    std::printf("  %9.3f ms  %s  %s\n", f.ms, f.name.c_str(), f.shape.c_str());
  }
  return over ? 1 : 0;
}
