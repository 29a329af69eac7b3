//===- ShardedMain.cpp - Generated sharded programs against symshape ------===//
//
//   symshape_sharded gen --seed 3 [--planted] [--dynamic | --gspmd]
//   symshape_sharded check --symshape build/tools/symshape --count 24
//
// `check` generates `count` clean and `count` planted programs
// (ShardedGen.h), each with static sizes, with a dynamic batch and in
// GSPMD's form, runs
// each with the brute-force oracle of tests/models (at the generator's
// sizes: one run) and with `symshape check --json`, and requires, as SPEC
// sections 4, 5 and 7 say:
//   - the oracle runs every op (no unsupported op); clean: no UB; planted:
//     UB at the planted op;
//   - symshape lists no opaque op;
//   - clean: every finding safe, exit 0; planted: a non-safe finding at
//     the planted op's line and none elsewhere, exit 1;
//   - dynamic: also the finding the generator predicts (a batch its manual
//     axes must divide), with its exact condition and verdict ub-possible,
//     and nothing else; the witness of every ub-possible or ub-guaranteed
//     finding replays: the oracle, run at it, has UB at that finding's op.
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

/// One oracle run of @main at `sizes`: "" with the first result of the op
/// with UB in `ubAt` ("" when none), or why it could not run.
std::string runOracle(const std::string &text, const models::Assignment &sizes,
                      std::string &ubAt, std::string &rule) {
  frontend::SourceManager sources;
  uint32_t buffer = sources.addBuffer("gen.mlir", text);
  frontend::DiagnosticEngine diags(sources);
  std::optional<frontend::Module> module =
      frontend::parseModule(sources, buffer, diags);
  if (!module || module->functions.empty())
    return "does not parse";
  models::Oracle oracle(*module);
  const frontend::Function &main = module->functions.front();
  models::OracleResult r = oracle.run(main, sizes);
  if (!r.unsupported.empty())
    return "oracle: unsupported: " + r.unsupported;
  ubAt.clear();
  if (r.ub) {
    const frontend::Operation *at = r.ub->at.op;
    ubAt = at && !at->results.empty() ? "%" + main.value(at->results[0]).name
                                      : "(" + r.ub->op + ")";
    rule = r.ub->op + ": " + r.ub->rule;
  }
  return "";
}

/// The oracle's verdict: "" when it matches the variant, else why not.
std::string checkOracle(const sharded::ShardedProgram &p) {
  std::string ubAt, rule;
  std::string why = runOracle(p.text, p.sizes, ubAt, rule);
  if (!why.empty())
    return why;
  if (!p.planted)
    return ubAt.empty() ? "" : "oracle: UB at " + rule;
  if (ubAt.empty())
    return "oracle: no UB";
  if (ubAt != p.plantedResult)
    return "oracle: UB elsewhere (" + rule + ")";
  return "";
}

/// A witness replayed (SPEC 5: every size it does not name is 1): "" when
/// the oracle has UB at the op defining `result`, else why not.
std::string replay(const sharded::ShardedProgram &p, const exporters::Json &w,
                   const std::string &result) {
  models::Assignment sizes;
  for (const auto &[name, value] : w.members)
    sizes[name] = value.integer;
  if (!sizes.count("%arg0[0]") && p.dynamic)
    sizes["%arg0[0]"] = 1;
  std::string ubAt, rule;
  std::string why = runOracle(p.text, sizes, ubAt, rule);
  if (!why.empty())
    return why;
  if (ubAt != result)
    return "witness does not replay: oracle " +
           (ubAt.empty() ? std::string("has no UB") : "has UB at " + rule);
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
  unsigned expected =
      p.expectedResult.empty() ? 0 : lineOf(p.text, p.expectedResult);
  bool found = false, foundExpected = false, nonSafe = false;
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
        nonSafe = true;
        std::string loc = f.get("loc")->string;
        std::string verdict = f.get("verdict")->string;
        size_t b = loc.rfind(':'), a = loc.rfind(':', b - 1);
        unsigned line = unsigned(std::stoul(loc.substr(a + 1, b - a - 1)));
        const exporters::Json *cond = f.get("condition");
        if (expected && line == expected && verdict == "ub-possible" && cond &&
            cond->string == p.expectedCondition) {
          foundExpected = true;
        } else if (line == planted && p.planted) {
          found = true;
        } else {
          return "symshape: " + verdict + " at " + loc + ": " +
                 f.get("message")->string +
                 (cond ? " (" + cond->string + ")" : "");
        }
        const exporters::Json *witness = f.get("witness");
        if (witness && witness->isObject() &&
            (verdict == "ub-possible" || verdict == "ub-guaranteed")) {
          std::string why =
              replay(p, *witness,
                     line == expected ? p.expectedResult : p.plantedResult);
          if (!why.empty())
            return "symshape: " + loc + ": " + why;
        }
      }
    }
  if (p.planted && !found)
    return "symshape: nothing at the planted op (line " +
           std::to_string(planted) + ")";
  if (expected && !foundExpected)
    return "symshape: not the expected ub-possible at line " +
           std::to_string(expected) + ": " + p.expectedCondition;
  if (exit != (nonSafe ? 1 : 0))
    return "symshape: exit " + std::to_string(exit);
  return "";
}

int usage() {
  std::cerr << "usage: symshape_sharded gen --seed N [--planted] [--dynamic | "
               "--gspmd]\n"
               "       symshape_sharded check --symshape CLI --count N\n";
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2)
    return usage();
  std::string command = argv[1], cli;
  uint64_t seed = 0, count = 24;
  bool planted = false, dynamic = false, gspmd = false;
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--planted")
      planted = true;
    else if (arg == "--dynamic")
      dynamic = true;
    else if (arg == "--gspmd")
      gspmd = true;
    else if (arg == "--seed" && i + 1 < argc)
      seed = std::stoull(argv[++i]);
    else if (arg == "--count" && i + 1 < argc)
      count = std::stoull(argv[++i]);
    else if (arg == "--symshape" && i + 1 < argc)
      cli = argv[++i];
    else
      return usage();
  }
  if (command == "gen" && gspmd) {
    std::cout << sharded::generateGspmd(seed, planted).text;
    return 0;
  }
  if (command == "gen") {
    std::cout << sharded::generateSharded(seed, planted, dynamic).text;
    return 0;
  }
  if (command != "check" || cli.empty())
    return usage();
  unsigned failures = 0, programs = 0;
  std::string path = "symshape_sharded_" + std::to_string(::getpid()) + ".mlir";
  unsigned expectedFindings = 0;
  const char *forms[] = {"static", "dynamic", "gspmd"};
  for (uint64_t s = 0; s < count; ++s)
    for (int form = 0; form < 3; ++form)
      for (bool plant : {false, true}) {
        sharded::ShardedProgram p =
            form == 2 ? sharded::generateGspmd(s, plant)
                      : sharded::generateSharded(s, plant, form == 1);
        ++programs;
        expectedFindings += !p.expectedResult.empty();
        std::string why = checkOracle(p);
        if (why.empty())
          why = checkSymshape(p, cli, path);
        if (!why.empty()) {
          ++failures;
          std::cout << "FAIL seed " << s << " " << forms[form]
                    << (plant ? " planted (" : " clean (") << p.plantedWhat
                    << "): " << why << "\n";
        }
      }
  std::cout << "sharded: " << programs - failures << "/" << programs
            << " programs agree (" << count << " clean and " << count
            << " planted, Shardy static and dynamic, GSPMD; "
            << expectedFindings << " dynamic batches that must divide)\n";
  return failures ? 1 : 0;
}
