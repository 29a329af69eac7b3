//===- ExportersMain.cpp - symshape_exporters: gen, print, compare, verify
//--===//
//
//   symshape_exporters gen --family jax --seed 3 [--planted|--doomed]
//                          [--twin|--mlir-opt]
//       one program on stdout (--twin: the generic twin the oracle runs;
//       --mlir-opt: what the verify test feeds mlir-opt-22)
//   symshape_exporters print [--family F]... [--count N] [--seed S]
//       a few programs of each family with what they contain, for humans
//   symshape_exporters compare --symshape PATH [--family F]... [--count N]
//                              [--seed S] [--require-contract] [-v]
//       symshape against the oracle; exit 1 on any failed check
//   symshape_exporters compare --symshape PATH --file X.mlir...
//                              [--integers-from N] [--require-contract] [-v]
//       the same comparison on hand-written programs (their first public
//       function; the oracle runs the file as written), integer values
//       (`%n: index`) from N (default 0) in the brute force
//   symshape_exporters intent [--family F]... [--count N]
//       the oracle against the generator's intent (no symshape)
//   symshape_exporters verify [--family F]... [--count N]
//       every program through mlir-opt-22 --verify-each
//       (--allow-unregistered-dialect; StableHLO ops in generic form);
//       each must print back as written (torch: exactly; with StableHLO
//       ops: up to SSA names, which mlir-opt cannot give unregistered
//       ops). Exit 77 when mlir-opt-22 is missing.
//
// Program i of a run (seed S): seed S + i/4, variant clean for i%4 in
// {0, 2}, planted for 1, doomed for 3 (planted for chlo, which has no
// doomed form).
//
//===----------------------------------------------------------------------===//

#include "ExportCompare.h"

#include "symshape/driver/Session.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <unistd.h>

using namespace symshape::exporters;

namespace {

struct Args {
  std::string command, symshape;
  std::vector<ExportFamily> families;
  uint64_t seed = 1;
  bool seedGiven = false;
  int count = 12;
  Variant variant = Variant::Clean;
  bool twin = false, mlirOpt = false, verbose = false, requireContract = false;
  std::vector<std::string> files; ///< compare --file
  int64_t integersFrom = 0;
};

int usage(const std::string &why) {
  std::cerr << "symshape_exporters: " << why
            << "\nusage: symshape_exporters gen --family F --seed N "
               "[--planted|--doomed] [--twin|--mlir-opt]\n"
               "       symshape_exporters print|intent|verify [--family F]... "
               "[--count N] [--seed S]\n"
               "       symshape_exporters compare --symshape PATH [--family "
               "F]... [--count N] [--seed S] [--require-contract] [-v]\n"
               "       symshape_exporters compare --symshape PATH --file "
               "X.mlir... [--integers-from N] [--require-contract] [-v]\n"
               "families: jax, torch, chlo\n";
  return 2;
}

ExportProgram nth(ExportFamily f, uint64_t seed, int i) {
  Variant v = i % 4 == 1   ? Variant::Planted
              : i % 4 == 3 ? (f == ExportFamily::Chlo ? Variant::Planted
                                                      : Variant::Doomed)
                           : Variant::Clean;
  return generateExport(f, seed + uint64_t(i / 4) * 7 + uint64_t(i % 4), v);
}

void printFailures(const std::vector<std::string> &failures, bool verbose) {
  size_t shown = 0;
  for (const std::string &msg : failures) {
    if (!verbose && shown >= 30)
      break;
    ++shown;
    std::string text = msg;
    for (size_t p = 0; (p = text.find('\n', p)) != std::string::npos; p += 5)
      text.insert(p + 1, "    ");
    std::cout << "  FAIL " << text << "\n";
  }
  if (failures.size() > shown)
    std::cout << "  ... " << failures.size() - shown
              << " more (-v shows all)\n";
}

std::string slurp(const std::string &path);

/// compare --file: each hand-written program against the oracle, judged
/// from its first public function.
int compareFiles(const Args &a, const CompareOptions &options) {
  bool ok = true;
  for (const std::string &path : a.files) {
    ExportProgram p;
    p.origin = path;
    p.text = p.twin = slurp(path);
    symshape::frontend::Session session{symshape::frontend::SessionOptions{}};
    if (!session.addFile(path, p.text)) {
      std::cout << path << ": does not parse:\n"
                << session.diagnostics().renderAll();
      ok = false;
      continue;
    }
    for (const symshape::frontend::Function &fn :
         session.files().front()->module.functions)
      if (!fn.isPrivate && !fn.isDeclaration) {
        p.entry = fn.name;
        break;
      }
    ExportStats stats;
    compareExport(p, options, stats);
    std::cout << summarize(path, stats) << "\n";
    printFailures(stats.failures, a.verbose);
    if (a.verbose)
      for (const std::string &note : stats.notes)
        std::cout << "  note: " << note << "\n";
    ok = ok && stats.failures.empty() && stats.programs == 1;
  }
  return ok ? 0 : 1;
}

int runCompare(const Args &a) {
  if (a.symshape.empty())
    return usage("compare needs --symshape PATH");
  CompareOptions options;
  options.symshape = a.symshape;
  options.requireContract = a.requireContract;
  options.integerLo = a.integersFrom;
  if (const char *tmp = std::getenv("TMPDIR"))
    options.tempDir = tmp;
  if (!a.files.empty())
    return compareFiles(a, options);
  bool ok = true;
  for (ExportFamily f : a.families) {
    ExportStats stats;
    for (int i = 0; i < a.count; ++i) {
      ExportProgram p = nth(f, a.seed, i);
      size_t before = stats.failures.size();
      compareExport(p, options, stats);
      if (a.verbose && stats.failures.size() > before)
        std::cout << "  (regenerate with: symshape_exporters gen --family "
                  << familyName(f) << " --seed " << p.seed
                  << (p.variant == Variant::Planted  ? " --planted"
                      : p.variant == Variant::Doomed ? " --doomed"
                                                     : "")
                  << ")\n";
    }
    std::cout << summarize(f, stats) << "\n";
    if (a.verbose)
      for (const std::string &note : stats.notes)
        std::cout << "  note: " << note << "\n";
    printFailures(stats.failures, a.verbose);
    ok = ok && stats.failures.empty();
  }
  return ok ? 0 : 1;
}

int runIntent(const Args &a) {
  bool ok = true;
  for (ExportFamily f : a.families) {
    int bad = 0;
    for (int i = 0; i < a.count; ++i) {
      ExportProgram p = nth(f, a.seed, i);
      std::string why = checkIntent(p);
      if (!why.empty()) {
        ++bad;
        std::cout << "  FAIL " << familyName(f) << " seed " << p.seed << " "
                  << variantName(p.variant) << ": " << why << "\n";
      }
    }
    std::cout << familyName(f) << ": " << a.count << " programs, " << bad
              << " where the oracle disagrees with the generator\n";
    ok = ok && bad == 0;
  }
  return ok ? 0 : 1;
}

std::string slurp(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Lines without trailing blanks, blank lines dropped.
std::string normalized(const std::string &text) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r'))
      line.pop_back();
    if (!line.empty())
      out += line + "\n";
  }
  return out;
}

/// SSA names renamed %v0, %v1, ... in order of first appearance in each
/// function: what mlir-opt cannot reproduce for unregistered ops (it
/// prints %0 where StableHLO names a constant %c).
std::string renamed(const std::string &text) {
  std::map<std::string, std::string> names;
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 10, "func.func ") == 0)
      names.clear();
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    size_t j = i + 1;
    while (j < text.size() &&
           (std::isalnum((unsigned char)text[j]) || text[j] == '_' ||
            text[j] == '$' || text[j] == '.' || text[j] == '-'))
      ++j;
    std::string name = text.substr(i, j - i);
    auto it = names.find(name);
    if (it == names.end())
      it = names.emplace(name, "%v" + std::to_string(names.size())).first;
    out += it->second;
    i = j - 1;
  }
  return out;
}

/// The chunks of mlir-opt's --split-input-file output.
std::vector<std::string> chunks(const std::string &text) {
  std::vector<std::string> out(1);
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line == "// -----") {
      out.emplace_back();
      continue;
    }
    out.back() += line + "\n";
  }
  if (normalized(out.back()).empty())
    out.pop_back();
  return out;
}

/// One mlir-opt-22 run per family over all its programs (split input).
int runVerify(const Args &a) {
  if (std::system("command -v mlir-opt-22 > /dev/null 2>&1") != 0) {
    std::cout << "mlir-opt-22 not found: skipped\n";
    return 77;
  }
  int bad = 0, checked = 0;
  std::string dir = std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp";
  std::string path = dir + "/symshape-exporters-verify-" +
                     std::to_string(::getpid()) + ".mlir";
  for (ExportFamily f : a.families) {
    std::vector<ExportProgram> programs;
    std::string all;
    for (int i = 0; i < a.count; ++i) {
      programs.push_back(nth(f, a.seed, i));
      all += (i ? "// -----\n" : "") + programs.back().mlirOptText;
    }
    std::ofstream(path) << all;
    std::string cmd = "mlir-opt-22 --split-input-file --verify-each "
                      "--allow-unregistered-dialect '" +
                      path + "' > '" + path + ".out' 2> '" + path + ".err'";
    int rc = std::system(cmd.c_str());
    checked += a.count;
    std::vector<std::string> printed = chunks(slurp(path + ".out"));
    if (rc != 0 || printed.size() != programs.size()) {
      ++bad;
      std::cout << "FAIL " << familyName(f) << ": mlir-opt-22 rejects ("
                << "line numbers of the concatenation, " << path << "):\n"
                << slurp(path + ".err") << "\n";
      continue;
    }
    for (size_t i = 0; i < programs.size(); ++i) {
      const ExportProgram &p = programs[i];
      std::string want = normalized(p.mlirOptText),
                  got = normalized(printed[i]);
      if (got == want || (!p.upstreamOnly && renamed(got) == renamed(want)))
        continue;
      ++bad;
      std::cout << "FAIL " << familyName(f) << " seed " << p.seed << " "
                << variantName(p.variant)
                << " printed back differently:\n--- written\n"
                << want << "--- mlir-opt-22\n"
                << got << "\n";
    }
  }
  std::remove(path.c_str());
  std::remove((path + ".out").c_str());
  std::remove((path + ".err").c_str());
  std::cout << checked << " programs through mlir-opt-22, " << bad
            << " rejected or printed back differently\n";
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
      std::optional<ExportFamily> f = familyNamed(value());
      if (!f)
        return usage("unknown family");
      a.families.push_back(*f);
    } else if (s == "--seed") {
      a.seed = std::strtoull(value().c_str(), nullptr, 10);
      a.seedGiven = true;
    } else if (s == "--count") {
      a.count = std::atoi(value().c_str());
    } else if (s == "--planted") {
      a.variant = Variant::Planted;
    } else if (s == "--doomed") {
      a.variant = Variant::Doomed;
    } else if (s == "--twin") {
      a.twin = true;
    } else if (s == "--mlir-opt") {
      a.mlirOpt = true;
    } else if (s == "--symshape") {
      a.symshape = value();
    } else if (s == "--require-contract") {
      a.requireContract = true;
    } else if (s == "--file") {
      a.files.push_back(value());
    } else if (s == "--integers-from") {
      a.integersFrom = std::strtoll(value().c_str(), nullptr, 10);
    } else if (s == "-v") {
      a.verbose = true;
    } else {
      return usage("unknown argument " + s);
    }
  }
  if (a.families.empty())
    a.families = {ExportFamily::Jax, ExportFamily::Torch, ExportFamily::Chlo};
  if (a.command == "gen") {
    if (a.families.size() != 1 || !a.seedGiven)
      return usage("gen needs one --family and --seed");
    ExportProgram p = generateExport(a.families[0], a.seed, a.variant);
    std::cout << (a.twin ? p.twin : a.mlirOpt ? p.mlirOptText : p.text);
    return 0;
  }
  if (a.command == "print") {
    for (ExportFamily f : a.families)
      for (int i = 0; i < std::min(a.count, 4); ++i) {
        ExportProgram p = nth(f, a.seed, i);
        std::cout << "// " << familyName(f) << " seed " << p.seed << " ("
                  << variantName(p.variant) << "):";
        for (const std::string &feature : p.features)
          std::cout << " [" << feature << "]";
        if (p.planted)
          std::cout << " planted " << p.planted->result << " in @"
                    << p.planted->function << ": " << p.plantedWhat;
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
