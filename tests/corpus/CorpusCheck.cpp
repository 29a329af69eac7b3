//===- CorpusCheck.cpp - symshape over MLIR that nobody on the project wrote
//-===//
//
// Usage: symshape_corpus_models [--expect-safe] [--max-opaque PERCENT]
//                               [--max-opaque-total PERCENT] [--verbose]
//                               FILE.mlir...
//
// Splits each file at `// -----` (as mlir-opt --split-input-file does) and
// analyses every chunk through the library. Prints, per file:
//   - chunks read, and valid chunks (no `expected-error`) that symshape
//     rejects: there must be none;
//   - non-safe findings on valid chunks (with --expect-safe there must be
//     none: exported models are valid);
//   - ops (terminators excluded) and opaque ops, with the reasons;
//   - for chunks with `expected-error`: whether symshape reports `error` or
//     `ub-guaranteed` on the line the annotation names, or rejects the chunk.
// Then the totals over every file. Exits 1 when a valid chunk is rejected,
// or --expect-safe / --max-opaque (each file's share of opaque ops) /
// --max-opaque-total (the share over all the files) is violated.
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Session.h"

#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

using namespace symshape;

namespace {

struct Chunk {
  std::string text;
  unsigned firstLine = 1; ///< line of the file where the chunk starts
};

std::vector<Chunk> split(const std::string &text) {
  std::vector<Chunk> chunks(1);
  std::istringstream in(text);
  std::string line;
  for (unsigned number = 1; std::getline(in, line); ++number) {
    if (line.rfind("// -----", 0) == 0) {
      chunks.push_back({"", number + 1});
      continue;
    }
    chunks.back().text += line + "\n";
  }
  return chunks;
}

/// Chunk-relative lines named by `expected-error` annotations.
std::vector<unsigned> expectedErrorLines(const std::string &text) {
  std::vector<unsigned> lines;
  std::istringstream in(text);
  std::string line;
  for (unsigned number = 1; std::getline(in, line); ++number) {
    size_t at = line.find("expected-error");
    if (at == std::string::npos)
      continue;
    std::string rest = line.substr(at + 14);
    rest.erase(0, rest.find_first_not_of(' '));
    unsigned target = number;
    if (rest.rfind("@+", 0) == 0)
      target = number + unsigned(std::stoi(rest.substr(2)));
    else if (rest.rfind("@-", 0) == 0)
      target = number - unsigned(std::stoi(rest.substr(2)));
    else if (rest.rfind("@below", 0) == 0)
      target = number + 1;
    else if (rest.rfind("@above", 0) == 0)
      target = number - 1;
    lines.push_back(target);
  }
  return lines;
}

bool isTerminator(const std::string &name) {
  size_t dot = name.find('.');
  std::string base = dot == std::string::npos ? name : name.substr(dot + 1);
  return base == "return" || base == "yield" || base == "assuming_yield";
}

size_t countOps(const frontend::Region &region) {
  size_t n = 0;
  for (const frontend::Block &block : region.blocks)
    for (const frontend::Operation &op : block.operations) {
      n += isTerminator(op.name) ? 0 : 1;
      for (const frontend::Region &inner : op.regions)
        n += countOps(inner);
    }
  return n;
}

struct FileStats {
  size_t chunks = 0, rejected = 0, unsafe = 0, ops = 0, opaque = 0;
  size_t invalid = 0, caught = 0, caughtByParser = 0, missed = 0;
  std::map<std::string, size_t> reasons;
};

} // namespace

int main(int argc, char **argv) {
  bool expectSafe = false, verbose = false;
  double maxOpaque = 100, maxOpaqueTotal = 100;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--expect-safe")
      expectSafe = true;
    else if (a == "--verbose")
      verbose = true;
    else if (a == "--max-opaque" && i + 1 < argc)
      maxOpaque = std::stod(argv[++i]);
    else if (a == "--max-opaque-total" && i + 1 < argc)
      maxOpaqueTotal = std::stod(argv[++i]);
    else
      files.push_back(a);
  }
  bool ok = true;
  size_t totalOps = 0, totalOpaque = 0, totalUnsafe = 0;
  for (const std::string &path : files) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    FileStats stats;
    for (const Chunk &chunk : split(buffer.str())) {
      ++stats.chunks;
      std::vector<unsigned> expected = expectedErrorLines(chunk.text);
      bool invalid = !expected.empty();
      frontend::Session session({});
      bool read = session.addFile(path, chunk.text) && session.analyze();
      auto fileLine = [&](unsigned line) {
        return path + ":" + std::to_string(chunk.firstLine + line - 1);
      };
      if (invalid)
        ++stats.invalid;
      if (!read) {
        if (invalid) {
          ++stats.caughtByParser;
        } else {
          ++stats.rejected;
          std::cout << "REJECTED " << fileLine(1) << ": "
                    << session.diagnostics().renderAll();
        }
        continue;
      }
      bool caught = false;
      for (const auto &file : session.files()) {
        for (const frontend::Function &fn : file->module.functions)
          stats.ops += countOps(fn.body);
        for (const frontend::FunctionAnalysis &fn : file->functions) {
          stats.opaque += fn.problem->opaque.size();
          for (const solver::OpaqueOp &o : fn.problem->opaque) {
            ++stats.reasons[o.op + ": " + o.reason];
            if (verbose)
              std::cout << "opaque " << session.format(o.loc) << " " << o.op
                        << ": " << o.reason << "\n";
          }
          for (size_t k : fn.unsafeFindings()) {
            const solver::Obligation &ob = fn.problem->obligations[k];
            const solver::Finding &f = fn.verdicts.findings[k];
            unsigned line =
                session.sources()
                    .lineCol(frontend::fromSolver(fn.problem->locOf(ob)))
                    .line;
            bool hit = (f.verdict == solver::Verdict::Error ||
                        f.verdict == solver::Verdict::UbGuaranteed) &&
                       std::count(expected.begin(), expected.end(), line);
            caught |= hit;
            if (!invalid) {
              ++stats.unsafe;
              std::cout << "FINDING " << fileLine(line) << " "
                        << fn.problem->opOf(ob) << " "
                        << solver::obligationKindName(ob.kind) << " "
                        << solver::verdictName(f.verdict) << "\n";
            }
          }
        }
      }
      if (invalid) {
        caught ? ++stats.caught : ++stats.missed;
        if (!caught && verbose)
          std::cout << "MISSED " << fileLine(expected.front()) << "\n";
      }
    }
    double share =
        stats.ops ? 100.0 * double(stats.opaque) / double(stats.ops) : 0.0;
    std::cout << path << ": chunks " << stats.chunks << ", valid rejected "
              << stats.rejected << ", non-safe findings on valid chunks "
              << stats.unsafe << ", ops " << stats.ops << ", opaque "
              << stats.opaque << " (" << share << "%)";
    if (stats.invalid)
      std::cout << "; expected-error chunks " << stats.invalid
                << ": error/ub-guaranteed at the line " << stats.caught
                << ", rejected by the parser " << stats.caughtByParser
                << ", neither " << stats.missed;
    std::cout << "\n";
    for (const auto &[reason, count] : stats.reasons)
      std::cout << "  " << count << "x " << reason << "\n";
    ok &= stats.rejected == 0 && (!expectSafe || stats.unsafe == 0) &&
          share <= maxOpaque;
    totalOps += stats.ops;
    totalOpaque += stats.opaque;
    totalUnsafe += stats.unsafe;
  }
  double total =
      totalOps ? 100.0 * double(totalOpaque) / double(totalOps) : 0.0;
  std::cout << "total: files " << files.size() << ", ops " << totalOps
            << ", opaque " << totalOpaque << " (" << total
            << "%), non-safe findings on valid chunks " << totalUnsafe << "\n";
  ok &= total <= maxOpaqueTotal;
  return ok ? 0 : 1;
}
