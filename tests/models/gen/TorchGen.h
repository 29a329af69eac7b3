//===- TorchGen.h - Model-like programs as the FX importer's ----*- C++ -*-===//
//
// Seeded generator of torch-dialect functions shaped like what
// `torch_mlir.fx.export_and_import` prints for a transformer block
// exported with dynamic shapes (gen/TorchGen.cpp says which block): the
// exporter's size symbols (`torch.symbolic_int "s1" {min_val = 2, max_val
// = 512}`) and bindings (`torch.bind_symbolic_shape`), constants and lists
// before each use, `loc(...)` lines, `torch.assume_strict_symbolic_shapes`
// where the program keeps that promise.
//
// The ranges matter: a program is correct when its only mismatches lie
// outside the symbols' ranges (a position table of 64 rows sliced to the
// sequence length and added to it, with the sequence in [2, 64]), or has
// exactly one planted mismatch inside them, at a known op (the same table
// with the sequence in [2, 100]).
//
//   TorchProgram p = generateTorch(7, TorchPlant::Positions);
//   p.text, p.twin           // what symshape reads, what the oracle runs
//   p.plantedOp              // index among the function's top-level ops
//   p.symbols, p.argDims     // the ranges, and each argument dim's size
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_TORCHGEN_H
#define SYMSHAPE_MODELS_TORCHGEN_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace symshape::models {

/// The planted mismatch: none; an add of the sequence and a second input's
/// own length (`broadcast`); a weight input whose rows must equal the
/// features (`matmul`); a view to [-1, 2 * H] of a batch that need not be
/// even (`view`); a position table shorter than the sequence's range
/// (`positions`); a window of `c` tokens contracted with a [c, E] weight
/// while the sequence may be shorter (`window`).
enum class TorchPlant { None, Broadcast, MatMul, View, Positions, Window };

const char *torchPlantName(TorchPlant plant);
std::optional<TorchPlant> torchPlantNamed(const std::string &name);
/// Every plant, `None` first.
std::vector<TorchPlant> torchPlants();

/// One dim: static `size`, or `coef` times the product of the symbols
/// `syms` (indices into TorchProgram::symbols), or a `?` the exporter
/// cannot state (`unbound`).
struct TorchDim {
  int64_t size = 0;
  std::vector<int> syms;
  int64_t coef = 1;
  bool unbound = false;
  bool dynamic() const { return unbound || !syms.empty(); }
  static TorchDim fixed(int64_t v) { return {v, {}, 1, false}; }
  static TorchDim of(int sym, int64_t coef = 1) { return {0, {sym}, coef}; }
  static TorchDim unknown() { return {0, {}, 1, true}; }
  /// Its value for the symbols' values `s` (nullopt when unbound).
  std::optional<int64_t> value(const std::vector<int64_t> &s) const;
  TorchDim times(const TorchDim &o) const;
};
using TorchDims = std::vector<TorchDim>;

struct TorchSymbol {
  std::string name; ///< "s0"
  int64_t lo = 2, hi = 2;
};

/// One torch.bind_symbolic_shape: its op index, the bound value (source
/// name without '%') and the dims it states.
struct TorchBind {
  size_t op = 0;
  std::string value;
  TorchDims dims;
  bool argument = false;
};

struct TorchProgram {
  uint64_t seed = 0;
  TorchPlant plant = TorchPlant::None;
  std::string function = "main";
  std::string text; ///< as the FX importer prints it
  std::string twin; ///< the same, the exporter's facts as no-ops
  int plantedOp = -1;
  std::string plantedWhat;
  bool strict = false; ///< torch.assume_strict_symbolic_shapes written
  std::vector<TorchSymbol> symbols;
  /// Per argument ("%arg0"), its dims (the oracle's "%arg0[d]" for `?`).
  std::vector<std::pair<std::string, TorchDims>> argDims;
  std::vector<TorchBind> binds;
  /// The sizes the program compares with (slice ends, static sizes): the
  /// comparison samples each symbol around them.
  std::vector<int64_t> landmarks;
  int opCount = 0; ///< top-level ops, `return` included
};

struct TorchGenOptions {
  /// Correct programs may view a batch bound to `s0 * 2` as [-1, 2 * H]
  /// (its element count always divides). `--no-even-batch-view` leaves it
  /// out (the View plant is kept), to tell a failure of that view from
  /// the rest's.
  bool evenBatchView = true;
};

/// The program of `seed`, correct or with `plant`.
TorchProgram generateTorch(uint64_t seed, TorchPlant plant,
                           const TorchGenOptions &options = {});

} // namespace symshape::models

#endif // SYMSHAPE_MODELS_TORCHGEN_H
