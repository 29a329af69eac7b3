//===- GenerateSpellings.h - One chain in three dialect spellings -*- C++ -*-=//
//
// Families `chain-stablehlo`, `chain-torch` and `chain-onnx` of the
// benchmark generator (see bench/README.md): the same chain of matmuls and
// elementwise ops over a dynamic batch dim, written in StableHLO, in the
// torch dialect as torch-mlir's FX importer prints it, and in the ONNX
// dialect as onnx-mlir prints it.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_BENCH_GENERATESPELLINGS_H
#define SYMSHAPE_BENCH_GENERATESPELLINGS_H

#include "GenerateModels.h"

#include <cstdint>
#include <functional>
#include <string>

namespace symshape_bench {

enum class Spelling { StableHlo, Torch, Onnx };

/// The spelling of family name `family`; false if it is none of the three.
bool parseSpelling(const std::string &family, Spelling &spelling);

/// Functions of `funcOps` ops (0: one function) with exactly `totalOps`
/// chain ops and returns in all. `extraOps` receives the number of other
/// ops the spelling needs (the torch dialect's `torch.constant.int` alphas,
/// `torch.symbolic_int`s and `torch.bind_symbolic_shape`s); they are not
/// counted in `totalOps`, so the three files have the same graph. Text goes
/// to `write` one function at a time. The output does not depend on a seed.
Written
generateSpelledChain(Spelling spelling, int64_t totalOps, int64_t funcOps,
                     int64_t &extraOps,
                     const std::function<void(const std::string &)> &write);

} // namespace symshape_bench

#endif // SYMSHAPE_BENCH_GENERATESPELLINGS_H
