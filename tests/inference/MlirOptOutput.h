//===- MlirOptOutput.h - mlir-opt-16's inference, read back -----*- C++ -*-===//
//
// Runs mlir-opt-16's own shape inference on one input file,
//
//   mlir-opt-16 --allow-unregistered-dialect --pass-pipeline=PIPELINE
//       --mlir-print-op-generic --mlir-print-debuginfo --mlir-print-local-scope
//
// and reads back what it printed. mlir-opt renumbers values and drops
// comments, but every op keeps (or, when a pattern replaces it, passes on)
// the location of the source op it came from, `loc("FILE":LINE:COL)` at the
// op name token. That location is how the test matches mlir-opt's values to
// the source's: symshape records the same token for each op.
//
// The generic form puts every op without regions on one line:
//
//   %3 = "tosa.add"(%1, %arg0) {attrs} : (T1, T2) -> T3 loc("x.mlir":5:8)
//
// which is all this reader understands; ops with regions are skipped (their
// results stay unmatched, and the test says so).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_INFERENCE_MLIROPTOUTPUT_H
#define SYMSHAPE_TESTS_INFERENCE_MLIROPTOUTPUT_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace symshape::inference {

/// The mlir-opt binary the test compares against.
constexpr const char *kMlirOpt = "mlir-opt-16";

/// mlir-opt's shape inference as the test measures it: canonicalize (folds
/// constant sizes into tensor.empty, shape ops into constants), TOSA's
/// forward shape propagation per function, and canonicalize again (folds
/// what the propagation made static). In mlir-opt 16 `tosa-infer-shapes`
/// is anchored on func.func, so it is nested explicitly.
constexpr const char *kPipeline =
    "builtin.module(canonicalize,func.func(tosa-infer-shapes),canonicalize)";

/// True when `mlir-opt-16` runs from PATH.
bool mlirOptAvailable();

/// A 1-based line and column in the input file.
using LineCol = std::pair<unsigned, unsigned>;

/// One op of mlir-opt's generic output.
struct GenericOp {
  std::string name;                      ///< "tosa.add"
  std::vector<std::string> results;      ///< "%0", or "%0#1" for `%0:2 =`
  std::vector<std::string> resultTypes;  ///< parallel to results
  std::vector<std::string> operands;     ///< "%arg0", "%3", "%0#1"
  std::vector<std::string> operandTypes; ///< parallel to operands
  std::string attributes;                ///< "{...}" as printed, or ""
  std::vector<LineCol> locs; ///< every FILE:LINE:COL in its location
  size_t function = 0;       ///< index of the enclosing func.func
};

/// mlir-opt's output for one input: its ops, and per function the type and
/// defining op of every value (names repeat across functions).
struct GenericModule {
  std::vector<GenericOp> ops;
  /// (function, value name) -> type; block arguments included.
  std::map<std::pair<size_t, std::string>, std::string> valueTypes;
  /// (function, value name) -> index into ops; op results only.
  std::map<std::pair<size_t, std::string>, size_t> definingOp;
  /// Op line that looked like an op but did not parse (for diagnostics).
  std::vector<std::string> unparsed;

  /// Indices of the ops whose location names `at`.
  std::vector<size_t> opsAt(LineCol at) const;
};

/// Parses text printed with the flags above.
GenericModule parseGenericModule(const std::string &text);

struct MlirOptRun {
  int exitStatus = -1;  ///< -1 when it did not run or crashed
  std::string messages; ///< what it wrote to stderr/stdout
  GenericModule module; ///< parsed output, when exitStatus == 0
};

/// Runs kMlirOpt with kPipeline on the file at `path`.
MlirOptRun runInference(const std::string &path);

/// Splits a comma-separated list at top level (not inside <>, (), [], {}).
std::vector<std::string> splitTopLevel(const std::string &text);

/// The extents of a `shape = dense<...> : tensor<Nxindex>` attribute of a
/// shape.const_shape, as printed in `attributes`.
std::optional<std::vector<int64_t>>
constShapeExtents(const std::string &attributes);

} // namespace symshape::inference

#endif // SYMSHAPE_TESTS_INFERENCE_MLIROPTOUTPUT_H
