//===- ExportGen.h - Programs as JAX, torch-mlir and chlo print them -*- C++
//-*-===//
//
// Seeded, deterministic programs in three exporter styles, guarded by the
// runtime checks those exporters emit (SPEC section 2):
//
//   jax    JAX shape-polymorphic export: public @main reads the sizes with
//          stablehlo.get_dimension_size, checks them with
//          stablehlo.custom_call @shape_assertion, and calls the private
//          @_wrapped_jax_export_main, which builds every shape from the
//          dimension variables (0-d integer tensors); the 2023 form and
//          the current one.
//   torch  torch-mlir's linalg-on-tensors output: tensor.dim,
//          arith.cmpi + cf.assert "mismatched size for broadcast" (and the
//          matmul messages), tensor.empty, linalg.generic/matmul/
//          batch_matmul, expand/collapse_shape, #map aliases.
//   chlo   chlo-legalize-to-stablehlo: shape.shape_of,
//          shape.cstr_broadcastable (cstr_eq, assuming_all) and
//          shape.assuming regions with shape.broadcast and
//          stablehlo.dynamic_broadcast_in_dim.
//
// A program is clean (no UB for any size; some checks can fail, some are
// redundant), planted (one op whose sizes no check ties: UB for some
// sizes, at that op only; for jax inside the private callee) or doomed (a
// check that fails whenever it is reached). Each comes with a twin, the
// same ops in generic form, which the oracle runs.
//
//   ExportProgram p = generateExport(ExportFamily::Jax, 3, Variant::Planted);
//   p.text      // as the exporter prints it (locations, aliases, names)
//   p.twin      // the oracle's input
//   p.planted   // {"_wrapped_jax_export_main", "%5"}
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_EXPORTERS_EXPORTGEN_H
#define SYMSHAPE_EXPORTERS_EXPORTGEN_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace symshape::exporters {

enum class ExportFamily { Jax, Torch, Chlo };
enum class Variant { Clean, Planted, Doomed };

const char *familyName(ExportFamily family);
std::optional<ExportFamily> familyNamed(const std::string &name);
const char *variantName(Variant variant);

/// An op of a program: by its function and first result ("%5"), or, for
/// the doomed check, by its function and op name alone.
struct OpRef {
  std::string function; ///< without '@'
  std::string result;   ///< "%5"; empty for an op without results
  std::string name;     ///< op name when `result` is empty
};

struct ExportProgram {
  ExportFamily family = ExportFamily::Jax;
  Variant variant = Variant::Clean;
  uint64_t seed = 0;
  std::string entry; ///< the public function judged on its own
  std::string text;  ///< as the exporter prints it
  std::string twin;  ///< every op in generic form (the oracle's input)
  /// For mlir-opt-22: upstream dialects (func, arith, tensor, linalg, cf,
  /// shape) in their pretty form, StableHLO ops generic (mlir-opt runs
  /// with --allow-unregistered-dialect), no locations.
  std::string mlirOptText;
  /// Whether `text` uses only upstream dialects (mlir-opt-22 reprints it;
  /// the verify test compares the reprint with `text`).
  bool upstreamOnly = false;
  std::optional<OpRef> planted; ///< the op with UB (Planted only)
  std::string plantedWhat;
  /// Doomed only: the function and kind of the check that fails whenever
  /// it is reached.
  std::optional<OpRef> doomed;
  std::vector<std::string> features; ///< blocks and forms used, in order
  /// A hand-written program (`compare --file`): its path, which failures
  /// name instead of family and seed; empty for a generated one.
  std::string origin;
};

ExportProgram generateExport(ExportFamily family, uint64_t seed,
                             Variant variant);

} // namespace symshape::exporters

#endif // SYMSHAPE_EXPORTERS_EXPORTGEN_H
