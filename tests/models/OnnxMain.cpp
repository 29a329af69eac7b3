//===- OnnxMain.cpp - symshape_models_onnx: generate and compare ONNX
//------===//
//
//   symshape_models_onnx gen --seed 3 [--plant expand] [--spelling onnx]
//   symshape_models_onnx compare [--count 20] [--plant reshape] [-v]
//   symshape_models_onnx intent [--count 200]    # oracle vs generator only
//   symshape_models_onnx file x.mlir [--planted-op 4] [--function f]
//   symshape_models_onnx file x.mlir --sizes %arg0[0]=2,%arg0[1]=3   # one run
//
// `compare` runs every seed in [0, count) with every plant (none,
// broadcast, reshape, matmul, expand) unless one is named, in both
// spellings, and exits 1 on any failure (OnnxCompare.h).
//
//===----------------------------------------------------------------------===//

#include "OnnxCompare.h"

#include "symshape/driver/Session.h"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace symshape::models;

/// One oracle run of `text` with `sizes` ("%arg0[0]=2,%arg1[1]=3"):
/// every value's shape, then the first UB.
static int runOnce(const std::string &text, const std::string &function,
                   const std::string &sizes) {
  symshape::frontend::Session session{symshape::frontend::SessionOptions{}};
  if (!session.addFile("x.mlir", text)) {
    std::cerr << session.diagnostics().renderAll();
    return 2;
  }
  const symshape::frontend::Module &module = session.files().front()->module;
  Assignment a;
  std::stringstream in(sizes);
  std::string item;
  while (std::getline(in, item, ','))
    a[item.substr(0, item.find('='))] =
        std::strtoll(item.substr(item.find('=') + 1).c_str(), nullptr, 10);
  for (const symshape::frontend::Function &fn : module.functions) {
    if (fn.name != function)
      continue;
    OracleResult r = Oracle(module).run(fn, a);
    for (const auto &[name, shape] : r.shapes) {
      std::cout << "%" << name << ": [";
      for (size_t d = 0; d < shape.size(); ++d)
        std::cout << (d ? ", " : "") << shape[d];
      std::cout << "]\n";
    }
    if (r.ub)
      std::cout << "UB at op #" << r.ub->opIndex << ": " << r.ub->rule << "\n";
    if (!r.unsupported.empty())
      std::cout << "unsupported: " << r.unsupported << "\n";
    return 0;
  }
  std::cerr << "no function @" << function << "\n";
  return 2;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::cerr
        << "usage: symshape_models_onnx gen|compare|intent|file [options]\n";
    return 2;
  }
  std::string command = argv[1];
  uint64_t seed = 0, count = 20;
  std::optional<OnnxPlant> only;
  OnnxSpelling spelling = OnnxSpelling::Torch;
  bool verbose = false;
  std::string file, function = "main_graph";
  int plantedOp = -1;
  std::string sizes;
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      return i + 1 < argc ? argv[++i] : std::string();
    };
    if (a == "--seed") {
      seed = std::strtoull(next().c_str(), nullptr, 10);
    } else if (a == "--count") {
      count = std::strtoull(next().c_str(), nullptr, 10);
    } else if (a == "--plant") {
      only = plantNamed(next());
      if (!only) {
        std::cerr << "unknown plant (none, broadcast, reshape, matmul, "
                     "expand)\n";
        return 2;
      }
    } else if (a == "--spelling") {
      spelling = next() == "onnx" ? OnnxSpelling::Dialect : OnnxSpelling::Torch;
    } else if (a == "--planted-op") {
      plantedOp = std::atoi(next().c_str());
    } else if (a == "--sizes") {
      sizes = next();
    } else if (a == "--function") {
      function = next();
    } else if (command == "file" && file.empty() && a[0] != '-') {
      file = a;
    } else if (a == "-v") {
      verbose = true;
    } else {
      std::cerr << "unknown option " << a << "\n";
      return 2;
    }
  }
  if (command == "gen") {
    OnnxProgram p = generateOnnx(seed, only.value_or(OnnxPlant::None));
    std::cout << p.text(spelling);
    if (p.plantedNode >= 0)
      std::cerr << "planted at op #" << p.plantedOp(spelling) << ": "
                << p.plantedWhat << "\n";
    return 0;
  }
  if (command == "file") {
    // One hand-written program against the oracle (Compare.h's checks).
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) {
      std::cerr << "cannot read " << file << "\n";
      return 2;
    }
    if (!sizes.empty())
      return runOnce(text.str(), function, sizes);
    Program p;
    p.function = function;
    p.text = p.twin = text.str();
    p.plantedOp = plantedOp;
    p.plantedWhat = "given";
    FamilyStats stats;
    compareProgram(p, stats);
    for (const std::string &f : stats.failures)
      std::cout << f << "\n";
    std::cout << summarize(p.family, stats) << "\n";
    return stats.failures.empty() ? 0 : 1;
  }
  std::vector<OnnxPlant> plants = {OnnxPlant::None, OnnxPlant::Broadcast,
                                   OnnxPlant::Reshape, OnnxPlant::MatMul,
                                   OnnxPlant::Expand};
  if (only)
    plants = {*only};
  if (command == "intent") {
    size_t wrong = 0;
    for (uint64_t s = 0; s < count; ++s)
      for (OnnxPlant plant : plants) {
        std::string why = checkOnnxIntent(generateOnnx(s, plant));
        if (!why.empty()) {
          ++wrong;
          std::cout << "seed " << s << " " << plantName(plant) << ": " << why;
        }
      }
    std::cout << "onnx intent: " << count * plants.size() << " programs, "
              << wrong << " not as intended\n";
    return wrong ? 1 : 0;
  }
  if (command != "compare") {
    std::cerr << "unknown command " << command << "\n";
    return 2;
  }
  OnnxStats stats;
  for (uint64_t s = 0; s < count; ++s)
    for (OnnxPlant plant : plants)
      compareOnnx(generateOnnx(s, plant), stats);
  size_t shown = 0;
  for (const std::string &f : stats.failures)
    if (verbose || shown++ < 20)
      std::cout << f << "\n";
  if (!verbose && stats.failures.size() > 20)
    std::cout << "... " << stats.failures.size() - 20
              << " more failures (-v shows all)\n";
  if (verbose)
    for (const std::string &n : stats.notes)
      std::cout << "note: " << n << "\n";
  std::cout << summarizeOnnx(stats) << "\n";
  return stats.failures.empty() ? 0 : 1;
}
