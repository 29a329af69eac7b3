//===- GenerateModels.h - Model-shaped benchmark inputs ---------*- C++ -*-===//
//
// Families of the benchmark generator that write whole models with real
// compute ops (see bench/README.md), kept apart from generate.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_BENCH_GENERATEMODELS_H
#define SYMSHAPE_BENCH_GENERATEMODELS_H

#include <cstdint>
#include <functional>
#include <string>

namespace symshape_bench {

/// What a family wrote: ops in function bodies (terminators and region ops
/// included) and functions.
struct Written {
  int64_t ops = 0;
  int64_t functions = 0;
};

/// Family `transformer-ops`: BERT-style post-LN encoder functions of
/// `layersPerFunc` layers (0: one function holding every layer) in
/// linalg-on-tensors form as torch-mlir writes it, with exactly `totalOps`
/// ops in all. `seed` picks the model size of each function. Text goes to
/// `write` in pieces of one function. Every file verifies in plain
/// mlir-opt-16 and every obligation in it is safe.
Written
generateTransformerOps(uint64_t seed, int64_t totalOps, int64_t layersPerFunc,
                       const std::function<void(const std::string &)> &write);

} // namespace symshape_bench

#endif // SYMSHAPE_BENCH_GENERATEMODELS_H
