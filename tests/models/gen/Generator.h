//===- Generator.h - Model-like programs in three families ------*- C++ -*-===//
//
// Seeded, deterministic generator of functions shaped like what torch-mlir
// (tosa; linalg + tensor + arith), IREE and JAX (stablehlo) export: a
// dynamic batch (and sometimes sequence) dim that stays `?` through the
// graph, static feature dims, blocks such as linear, attention, layer norm,
// residual add, conv + pool, slice + pad, transpose and reshape.
//
// A program is either correct (UB-free for every runtime size >= 0) or has
// exactly one planted mismatch at a known top-level op. Each program comes
// with a twin: the same ops, in the same order, all in generic form, which
// the oracle runs (the frontend reads every generic op; the twin does not
// depend on which custom forms the frontend knows).
//
//   Program p = generate(Family::Stablehlo, 7, /*planted=*/true);
//   p.text        // what symshape reads
//   p.twin        // what the oracle runs
//   p.plantedOp   // index of the planted op among the body's top-level ops
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_GENERATOR_H
#define SYMSHAPE_MODELS_GENERATOR_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace symshape::models {

enum class Family { Tosa, Linalg, Stablehlo };

const char *familyName(Family family);
std::optional<Family> familyNamed(const std::string &name);

struct Program {
  Family family = Family::Tosa;
  uint64_t seed = 0;
  std::string function = "model"; ///< the function's name
  std::string text;               ///< the program as an exporter writes it
  std::string twin;               ///< every op in generic form (oracle input)
  /// Whether `text` can be fed to mlir-opt-16 (tosa in generic form).
  bool mlirOpt16 = false;
  /// Whether `text` is in current MLIR's syntax (mlir-opt-22 reads it:
  /// linalg, whose older forms are not the point).
  bool mlirOpt22 = false;
  int plantedOp = -1; ///< top-level op index; -1 for a correct program
  /// False when the planted mismatch is between static sizes, which MLIR's
  /// verifiers reject (symshape must say `error`).
  bool verifies = true;
  std::string plantedWhat;         ///< the planted mismatch, for messages
  std::vector<std::string> blocks; ///< blocks used, in order
};

/// One program of `family`; a planted one when `planted`.
Program generate(Family family, uint64_t seed, bool planted);

} // namespace symshape::models

#endif // SYMSHAPE_MODELS_GENERATOR_H
