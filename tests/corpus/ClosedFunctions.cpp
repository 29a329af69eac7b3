//===- ClosedFunctions.cpp - No free symbol, no doubt ---------------------===//
//
// Usage: symshape_closed [--quiet] [--generate N] PATH...
//        symshape_closed --print SEED   (prints one generated program)
//        (files, or folders of *.mlir; --generate adds N programs of
//        ClosedPrograms.h, seeds 1..N)
//
// A function with no free symbol has one run: no argument with a `?` dim,
// an unranked type or integer values (a size symshape would read), no
// opaque op (whose `?` dims are free) and no size the data decides (ONNX
// NonZero, Compress, Unique: a fresh size, like an opaque op's). Every
// size in it is a constant that
// its ops compute, so each requirement is decided: `safe`, `error`,
// `ub-guaranteed` or `unreachable`, never `ub-possible` or `unknown`. A
// function that breaks this has lost a value on the way (issue 44: a
// dynamic_reshape that forgot the integer it moved made 234 false alarms
// in a program with no inputs).
//
// Splits each file at `// -----` (as mlir-opt --split-input-file does),
// skips chunks with `expected-error`, and checks every closed function of
// the others. Prints the functions checked and each violation; exits 1
// when there is one. A generated program declares every shape it uses
// with the static type its generator computed, so there every finding
// must even be `safe`.
//
//===----------------------------------------------------------------------===//

#include "ClosedPrograms.h"

#include "symshape/driver/Session.h"
#include "symshape/driver/SplitInput.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace symshape;
namespace fs = std::filesystem;

namespace {

/// Whether an argument of this type may hold a size symshape reads as a
/// free symbol: a `?` dim, no rank, or integer values (index, an integer,
/// an integer tensor of rank 0 or 1).
bool isOpenArgument(const frontend::Type &type) {
  if (type.kind == frontend::TypeKind::Integer || type.isSizeLike())
    return true;
  if (!type.isShaped())
    return false;
  if (!type.hasRank())
    return true;
  for (int64_t d : type.dims)
    if (d == frontend::kDynamic)
      return true;
  const std::string &e = type.element;
  bool integer = e == "index" || e.rfind("i", 0) == 0 ||
                 e.rfind("si", 0) == 0 || e.rfind("ui", 0) == 0;
  return integer && type.dims.size() <= 1;
}

struct Totals {
  size_t files = 0, chunks = 0, functions = 0, closed = 0, findings = 0;
  size_t violations = 0, generated = 0, generatedUnsafe = 0;
};

void checkChunk(const std::string &path, const std::string &text,
                unsigned firstLine, bool quiet, Totals &totals,
                bool generated = false) {
  ++totals.chunks;
  if (text.find("expected-error") != std::string::npos)
    return;
  frontend::Session session({});
  if (!session.addFile(path, text) || !session.analyze())
    return; // rejected chunks are the corpus test's business
  for (const auto &file : session.files()) {
    if (!file->module.skipped.empty())
      continue;
    for (const frontend::FunctionAnalysis &fn : file->functions) {
      ++totals.functions;
      if (!fn.function || !fn.problem->opaque.empty())
        continue;
      bool open = false;
      for (const solver::SymbolInfo &symbol : fn.problem->graph.symbols())
        open |= symbol.origin == solver::SymbolOrigin::OpaqueDim;
      for (const frontend::Type &type : fn.function->argumentTypes)
        open |= isOpenArgument(type);
      if (open)
        continue;
      ++totals.closed;
      totals.findings += fn.verdicts.findings.size();
      for (size_t k = 0; k < fn.verdicts.findings.size(); ++k) {
        solver::Verdict v = fn.verdicts.findings[k].verdict;
        bool open =
            v == solver::Verdict::UbPossible || v == solver::Verdict::Unknown;
        if (generated && v != solver::Verdict::Safe)
          ++totals.generatedUnsafe;
        else if (!open)
          continue;
        totals.violations += open;
        const solver::Obligation &ob = fn.problem->obligations[k];
        unsigned line =
            session.sources()
                .lineCol(frontend::fromSolver(fn.problem->locOf(ob)))
                .line;
        if (!quiet)
          std::cout << "VIOLATION " << path << ":" << firstLine + line - 1
                    << " @" << fn.function->name << " " << fn.problem->opOf(ob)
                    << " " << solver::obligationKindName(ob.kind) << " "
                    << solver::verdictName(v) << "\n";
      }
    }
  }
}

void checkFile(const std::string &path, bool quiet, Totals &totals) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  ++totals.files;
  for (const frontend::InputChunk &chunk :
       frontend::splitInputFile(buffer.str()))
    checkChunk(path, chunk.text, chunk.firstLine, quiet, totals);
}

} // namespace

int main(int argc, char **argv) {
  bool quiet = false;
  Totals totals;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--quiet") {
      quiet = true;
      continue;
    }
    if (arg == "--print" && i + 1 < argc) { // one generated program
      std::cout << corpus::generateClosedProgram(
          unsigned(std::stoul(argv[++i])), 40);
      return 0;
    }
    if (arg == "--generate" && i + 1 < argc) {
      unsigned n = unsigned(std::stoul(argv[++i]));
      for (unsigned seed = 1; seed <= n; ++seed) {
        std::string name = "generated-" + std::to_string(seed) + ".mlir";
        ++totals.generated;
        checkChunk(name, corpus::generateClosedProgram(seed, 40), 1, quiet,
                   totals, /*generated=*/true);
      }
      continue;
    }
    if (!fs::is_directory(arg)) {
      checkFile(arg, quiet, totals);
      continue;
    }
    std::vector<std::string> files;
    for (const auto &entry : fs::recursive_directory_iterator(arg))
      if (entry.is_regular_file() && entry.path().extension() == ".mlir")
        files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    for (const std::string &file : files)
      checkFile(file, quiet, totals);
  }
  std::cout << "files " << totals.files << ", chunks " << totals.chunks
            << ", functions " << totals.functions
            << ", closed (no free symbol) " << totals.closed << " with "
            << totals.findings << " findings: ub-possible or unknown "
            << totals.violations;
  if (totals.generated)
    std::cout << "; generated programs " << totals.generated
              << ", their findings other than safe " << totals.generatedUnsafe;
  std::cout << "\n";
  return totals.violations == 0 && totals.generatedUnsafe == 0 ? 0 : 1;
}
