//===- ModelsMain.cpp - symshape_models: gen, print, compare, verify
//-------===//
//
//   symshape_models gen --family tosa --seed 3 [--planted] [--twin]
//       one generated program on stdout (--twin: its generic-form twin)
//   symshape_models print [--family F] [--count N]
//       a few programs of each family, with what was planted, for humans
//   symshape_models compare [--family F]... [--count N] [--seed S]
//       symshape against the oracle (families also from the environment
//       variable SYMSHAPE_MODELS_FAMILIES=tosa,linalg); exit 1 on any
//       failed check
//   symshape_models intent [--family F]... [--count N]
//       the oracle against the generator's intent (no symshape)
//   symshape_models verify --family tosa|linalg [--count N]
//       every program through MLIR's verifier: linalg (current syntax)
//       mlir-opt-22 --verify-each, tosa (pre-1.0, the point of that family)
//       mlir-opt-16 --verify-each; exit 77 when the tool is missing
//
//===----------------------------------------------------------------------===//

#include "Compare.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>
#include <utility>

using namespace symshape::models;

namespace {

struct Args {
  std::string command;
  std::vector<Family> families;
  uint64_t seed = 1;
  bool seedGiven = false;
  int count = 40;
  bool planted = false, twin = false, verbose = false;
};

int usage(const std::string &why) {
  std::cerr << "symshape_models: " << why
            << "\nusage: symshape_models gen --family F --seed N [--planted] "
               "[--twin]\n       symshape_models print|compare|intent|verify "
               "[--family F]... [--count N] [--seed S] [-v]\n";
  return 2;
}

bool addFamilies(const std::string &list, std::vector<Family> &out) {
  std::stringstream ss(list);
  std::string name;
  while (std::getline(ss, name, ','))
    if (!name.empty()) {
      std::optional<Family> f = familyNamed(name);
      if (!f)
        return false;
      out.push_back(*f);
    }
  return true;
}

/// Program i of a run: even i correct, odd i planted, seeds from `seed`.
Program nth(Family f, uint64_t seed, int i) {
  return generate(f, seed + uint64_t(i / 2), i % 2 == 1);
}

int runCompare(const Args &a) {
  bool ok = true;
  for (Family f : a.families) {
    FamilyStats stats;
    for (int i = 0; i < a.count; ++i)
      compareProgram(nth(f, a.seed, i), stats);
    std::cout << summarize(f, stats) << "\n";
    size_t shown = 0;
    for (const std::string &msg : stats.failures)
      if (a.verbose || shown++ < 25) {
        std::string text = msg;
        for (size_t p = 0; (p = text.find('\n', p)) != std::string::npos;
             p += 5)
          text.insert(p + 1, "    ");
        std::cout << "  FAIL " << text << "\n";
      }
    if (stats.failures.size() > shown && !a.verbose)
      std::cout << "  ... " << stats.failures.size() - shown
                << " more (-v shows all)\n";
    ok = ok && stats.failures.empty();
  }
  return ok ? 0 : 1;
}

int runIntent(const Args &a) {
  bool ok = true;
  for (Family f : a.families) {
    int bad = 0;
    for (int i = 0; i < a.count; ++i) {
      Program p = nth(f, a.seed, i);
      std::string why = checkGeneratorIntent(p);
      if (!why.empty()) {
        ++bad;
        std::cout << "  FAIL " << familyName(f) << " seed " << p.seed
                  << (p.plantedOp >= 0 ? " planted" : " correct") << ": " << why
                  << "\n";
      }
    }
    std::cout << familyName(f) << ": " << a.count << " programs, " << bad
              << " where the oracle disagrees with the generator\n";
    ok = ok && bad == 0;
  }
  return ok ? 0 : 1;
}

/// The mlir-opt that verifies `p`, and which of its texts it reads:
/// current MLIR for a program in current syntax (linalg), mlir-opt 16 for
/// tosa's older forms (pretty tosa is newer than mlir-opt 16: its generic
/// twin then).
std::pair<std::string, const std::string *> verifierFor(const Program &p) {
  if (p.mlirOpt22)
    return {"mlir-opt-22", &p.text};
  return {"mlir-opt-16", p.mlirOpt16 ? &p.text : &p.twin};
}

int runVerify(const Args &a) {
  int bad = 0, checked = 0;
  std::string tools;
  for (Family f : a.families) {
    if (f == Family::Stablehlo)
      continue; // no stablehlo in mlir-opt
    Program first = nth(f, a.seed, 0);
    std::string tool = verifierFor(first).first;
    if (std::system(("command -v " + tool + " > /dev/null 2>&1").c_str()) !=
        0) {
      std::cout << tool << " not found: skipped\n";
      return 77;
    }
    if (tools.find(tool) == std::string::npos)
      tools += (tools.empty() ? "" : " and ") + tool;
    for (int i = 0; i < a.count; ++i) {
      Program p = nth(f, a.seed, i);
      if (!p.verifies)
        continue; // static errors on purpose
      std::string path = "/tmp/symshape-models-" + std::to_string(::getpid()) +
                         "-" + std::to_string(i) + ".mlir";
      std::ofstream(path) << *verifierFor(p).second;
      std::string cmd =
          tool + " --verify-each " + path + " > /dev/null 2> " + path + ".err";
      int rc = std::system(cmd.c_str());
      ++checked;
      if (rc != 0) {
        ++bad;
        std::ifstream err(path + ".err");
        std::stringstream ss;
        ss << err.rdbuf();
        std::cout << "FAIL " << familyName(f) << " seed " << p.seed
                  << (p.plantedOp >= 0 ? " planted" : " correct") << " ("
                  << tool << "):\n"
                  << ss.str() << "\n";
      }
      std::remove(path.c_str());
      std::remove((path + ".err").c_str());
    }
  }
  std::cout << checked << " programs verified by " << tools << ", " << bad
            << " rejected\n";
  return bad ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2)
    return usage("no command");
  Args a;
  a.command = argv[1];
  for (int i = 2; i < argc; ++i) {
    std::string s = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (s == "--family") {
      if (!addFamilies(value(), a.families))
        return usage("unknown family");
    } else if (s == "--seed") {
      a.seed = std::strtoull(value().c_str(), nullptr, 10);
      a.seedGiven = true;
    } else if (s == "--count") {
      a.count = std::atoi(value().c_str());
    } else if (s == "--planted") {
      a.planted = true;
    } else if (s == "--twin") {
      a.twin = true;
    } else if (s == "-v") {
      a.verbose = true;
    } else {
      return usage("unknown argument " + s);
    }
  }
  if (a.families.empty()) {
    const char *env = std::getenv("SYMSHAPE_MODELS_FAMILIES");
    if (env && !addFamilies(env, a.families))
      return usage("unknown family in SYMSHAPE_MODELS_FAMILIES");
    if (a.families.empty())
      a.families = {Family::Tosa, Family::Linalg, Family::Stablehlo};
  }
  if (a.command == "gen") {
    if (a.families.size() != 1 || !a.seedGiven)
      return usage("gen needs one --family and --seed");
    Program p = generate(a.families[0], a.seed, a.planted);
    std::cout << (a.twin ? p.twin : p.text);
    return 0;
  }
  if (a.command == "print") {
    for (Family f : a.families)
      for (int i = 0; i < std::min(a.count, 4); ++i) {
        Program p = nth(f, a.seed, i);
        std::cout << "// " << familyName(f) << " seed " << p.seed << ": ";
        for (const std::string &b : p.blocks)
          std::cout << b << " ";
        if (p.plantedOp >= 0)
          std::cout << "| planted at op #" << p.plantedOp << ": "
                    << p.plantedWhat;
        std::cout << "\n" << p.text << "// -----\n";
      }
    return 0;
  }
  if (a.command == "compare")
    return runCompare(a);
  if (a.command == "intent")
    return runIntent(a);
  if (a.command == "verify")
    return runVerify(a);
  return usage("unknown command " + a.command);
}
