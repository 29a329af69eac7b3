//===- TorchMain.cpp - symshape_models_torch: FX programs -----------------===//
//
//   symshape_models_torch gen --seed 3 [--plant positions] [--twin]
//   symshape_models_torch compare [--count 20] [--plant window] [-v]
//                                 [--timeout-ms 20000] [--no-even-batch-view]
//   symshape_models_torch intent [--count 200]   # oracle vs generator only
//
// `compare` runs every seed in [0, count) with every plant (none,
// broadcast, matmul, view, positions, window) unless one is named, and
// exits 1 on any failure (TorchCompare.h).
//
//===----------------------------------------------------------------------===//

#include "TorchCompare.h"

#include <cstdlib>
#include <iostream>

using namespace symshape::models;

int main(int argc, char **argv) {
  if (argc < 2) {
    std::cerr << "usage: symshape_models_torch gen|compare|intent [options]\n";
    return 2;
  }
  std::string command = argv[1];
  uint64_t seed = 0, count = 20;
  unsigned timeoutMs = 0;
  TorchGenOptions options;
  std::optional<TorchPlant> only;
  bool verbose = false, twin = false;
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
      only = torchPlantNamed(next());
      if (!only) {
        std::cerr << "unknown plant (none, broadcast, matmul, view, "
                     "positions, window)\n";
        return 2;
      }
    } else if (a == "--timeout-ms") {
      timeoutMs = unsigned(std::strtoul(next().c_str(), nullptr, 10));
    } else if (a == "--no-even-batch-view") {
      options.evenBatchView = false;
    } else if (a == "--twin") {
      twin = true;
    } else if (a == "-v") {
      verbose = true;
    } else {
      std::cerr << "unknown option " << a << "\n";
      return 2;
    }
  }
  if (command == "gen") {
    TorchProgram p =
        generateTorch(seed, only.value_or(TorchPlant::None), options);
    std::cout << (twin ? p.twin : p.text);
    if (p.plantedOp >= 0)
      std::cerr << "planted at op #" << p.plantedOp << ": " << p.plantedWhat
                << "\n";
    return 0;
  }
  std::vector<TorchPlant> plants = torchPlants();
  if (only)
    plants = {*only};
  if (command == "intent") {
    size_t wrong = 0;
    for (uint64_t s = 0; s < count; ++s)
      for (TorchPlant plant : plants) {
        std::string why = checkTorchIntent(generateTorch(s, plant, options));
        if (!why.empty()) {
          ++wrong;
          std::cout << "seed " << s << " " << torchPlantName(plant) << ": "
                    << why << "\n";
        }
      }
    std::cout << "torch intent: " << count * plants.size() << " programs, "
              << wrong << " not as intended\n";
    return wrong ? 1 : 0;
  }
  if (command != "compare") {
    std::cerr << "unknown command " << command << "\n";
    return 2;
  }
  TorchStats stats;
  for (uint64_t s = 0; s < count; ++s)
    for (TorchPlant plant : plants)
      compareTorch(generateTorch(s, plant, options), stats, timeoutMs);
  size_t shown = 0;
  for (const std::string &f : stats.failures)
    if (verbose || shown++ < 20)
      std::cout << f << "\n";
  if (!verbose && stats.failures.size() > 20)
    std::cout << "... " << stats.failures.size() - 20
              << " more failures (-v shows all)\n";
  std::cout << summarizeTorch(stats) << "\n";
  return stats.failures.empty() ? 0 : 1;
}
