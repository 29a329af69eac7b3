//===- ShardedMain.cpp - Generated sharded programs against symshape ------===//
//
//   symshape_sharded gen --seed 3 [--planted]
//   symshape_sharded check --symshape build/tools/symshape --count 24
//
// `check` generates `count` clean and `count` planted programs
// (ShardedGen.h), runs each with the brute-force oracle of tests/models
// (its sizes are static: one run) and with `symshape check --json`, and
// requires, as SPEC sections 4 and 7 say:
//   - the oracle runs every op (no unsupported op); clean: no UB; planted:
//     UB at the planted op;
//   - symshape lists no opaque op;
//   - clean: every finding safe, exit 0; planted: a non-safe finding at
//     the planted op's line and none elsewhere, exit 1.
//
//===----------------------------------------------------------------------===//

#include "Json.h"
#include "ShardedGen.h"
#include "oracle/Oracle.h"
#include "symshape/frontend/Parser.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sys/wait.h>

using namespace symshape;

namespace {

/// The 1-based line of the op defining `result` ("%3 = ...").
unsigned lineOf(const std::string &text, const std::string &result) {
  size_t at = text.find(" " + result + " = ");
  if (at == std::string::npos)
    return 0;
  unsigned line = 1;
  for (size_t i = 0; i < at; ++i)
    line += text[i] == '\n';
  return line;
}

/// The oracle's verdict: "" when it matches the variant, else why not.
std::string checkOracle(const sharded::ShardedProgram &p) {
  frontend::SourceManager sources;
  uint32_t buffer = sources.addBuffer("gen.mlir", p.text);
  frontend::DiagnosticEngine diags(sources);
  std::optional<frontend::Module> module =
      frontend::parseModule(sources, buffer, diags);
  if (!module || module->functions.empty())
    return "does not parse";
  models::Oracle oracle(*module);
  models::OracleResult r = oracle.run(module->functions.front(), {});
  if (!r.unsupported.empty())
    return "oracle: unsupported: " + r.unsupported;
  if (!p.planted)
    return r.ub ? "oracle: UB at " + r.ub->op + ": " + r.ub->rule : "";
  if (!r.ub)
    return "oracle: no UB";
  const frontend::Operation *at = r.ub->at.op;
  if (!at || at->results.empty() ||
      "%" + module->functions.front().value(at->results[0]).name !=
          p.plantedResult)
    return "oracle: UB elsewhere (" + r.ub->op + ": " + r.ub->rule + ")";
  return "";
}

/// symshape's verdict: "" when it matches the variant, else why not.
std::string checkSymshape(const sharded::ShardedProgram &p,
                          const std::string &cli, const std::string &path) {
  std::ofstream(path) << p.text;
  std::string cmd = "'" + cli + "' check --json -j 1 '" + path + "'";
  FILE *pipe = popen(cmd.c_str(), "r");
  if (!pipe)
    return "cannot run symshape";
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;)
    out.append(buf, n);
  int status = pclose(pipe);
  int exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::remove(path.c_str());
  std::string error;
  std::optional<exporters::Json> json = exporters::Json::parse(out, error);
  if (!json)
    return "symshape: exit " + std::to_string(exit) + ", no JSON: " + error;
  unsigned planted = p.planted ? lineOf(p.text, p.plantedResult) : 0;
  bool found = false;
  const exporters::Json *files = json->get("files");
  for (const exporters::Json &file :
       files ? files->items : decltype(files->items){})
    for (const exporters::Json &fn : file.get("functions")->items) {
      const exporters::Json *opaque = fn.get("opaque");
      if (opaque && !opaque->items.empty())
        return "symshape: opaque " + opaque->items[0].get("op")->string;
      const exporters::Json *findings = fn.get("findings");
      if (!findings)
        return "symshape: a function without findings";
      for (const exporters::Json &f : findings->items) {
        if (f.get("verdict")->string == "safe")
          continue;
        std::string loc = f.get("loc")->string;
        size_t b = loc.rfind(':'), a = loc.rfind(':', b - 1);
        unsigned line = unsigned(std::stoul(loc.substr(a + 1, b - a - 1)));
        if (line != planted || !p.planted)
          return "symshape: " + f.get("verdict")->string + " at " + loc + ": " +
                 f.get("message")->string;
        found = true;
      }
    }
  if (p.planted && !found)
    return "symshape: nothing at the planted op (line " +
           std::to_string(planted) + ")";
  if (exit != (p.planted ? 1 : 0))
    return "symshape: exit " + std::to_string(exit);
  return "";
}

int usage() {
  std::cerr << "usage: symshape_sharded gen --seed N [--planted]\n"
               "       symshape_sharded check --symshape CLI --count N\n";
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2)
    return usage();
  std::string command = argv[1], cli;
  uint64_t seed = 0, count = 24;
  bool planted = false;
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--planted")
      planted = true;
    else if (arg == "--seed" && i + 1 < argc)
      seed = std::stoull(argv[++i]);
    else if (arg == "--count" && i + 1 < argc)
      count = std::stoull(argv[++i]);
    else if (arg == "--symshape" && i + 1 < argc)
      cli = argv[++i];
    else
      return usage();
  }
  if (command == "gen") {
    std::cout << sharded::generateSharded(seed, planted).text;
    return 0;
  }
  if (command != "check" || cli.empty())
    return usage();
  unsigned failures = 0, programs = 0;
  std::string path = "symshape_sharded_" + std::to_string(::getpid()) + ".mlir";
  for (uint64_t s = 0; s < count; ++s)
    for (bool plant : {false, true}) {
      sharded::ShardedProgram p = sharded::generateSharded(s, plant);
      ++programs;
      std::string why = checkOracle(p);
      if (why.empty())
        why = checkSymshape(p, cli, path);
      if (!why.empty()) {
        ++failures;
        std::cout << "FAIL seed " << s << (plant ? " planted (" : " clean (")
                  << p.plantedWhat << "): " << why << "\n";
      }
    }
  std::cout << "sharded: " << programs - failures << "/" << programs
            << " programs agree (" << count << " clean, " << count
            << " planted)\n";
  return failures ? 1 : 0;
}
