//===- BroadcastTables.h - Static rules of the Broadcastable trait ---*- C++
//-*-===//
//
// Pure functions over static shapes with a dynamic marker; no solver. They
// are the compile-time half of the Broadcastable trait: what mlir's verifier
// decides from types alone. Runtime behaviour is the solver's business.
//
//   inferDim(kDynamicDim, 4) == 4      (?, >1) -> dim1
//   inferDim(3, 2)           == nullopt  (>1, >1) unequal: ERROR
//   inferShape({4}, {2, 3, 4}) == {2, 3, 4}
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_BROADCASTTABLES_H
#define SYMSHAPE_SOLVER_BROADCASTTABLES_H

#include <cstdint>
#include <optional>
#include <vector>

namespace symshape::solver {

/// `?` in a static shape.
constexpr int64_t kDynamicDim = -1;

using StaticShape = std::vector<int64_t>;

/// The Broadcastable trait, "Dimension inference": the inferred static size of
/// one result dim from two operand dims, or nullopt for the table's
/// compile-time error.
///
///   | dim0 | dim1 | inferredDim |
///   |  ?   |  ?   |  ?          |
///   |  ?   |  1   |  ?          |
///   |  ?   |  >1  |  dim1       |
///   |  1   |  1   |  1          |
///   |  1   |  >1  |  dim1       |
///   |  >1  |  >1  |  dim0, ERROR_IF(dim0 != dim1)
///
/// SEMANTICS.md §4: a static 0 counts as neither 1 nor >1: (0, ?) -> ?, (0, 1)
/// -> 0, (0, 0) -> 0, and (0, n) for n > 1 is an error like two unequal sizes.
std::optional<int64_t> inferDim(int64_t dim0, int64_t dim1);

/// The Broadcastable trait, ExpandRank: prepends 1s until `shape` has `rank`
/// dims.
StaticShape expandRank(StaticShape shape, size_t rank);

/// Inference of two ranked shapes, column by column after ExpandRank.
struct ShapeInference {
  StaticShape shape;
  /// Result dims (indices into `shape`) where InferDim reported ERROR; the
  /// shape holds kDynamicDim there.
  std::vector<size_t> errorDims;
  bool ok() const { return errorDims.empty(); }
};

/// The Broadcastable trait, InferShape(shape0, shape1).
ShapeInference inferShape(const StaticShape &shape0, const StaticShape &shape1);

/// The Broadcastable trait, InferResultShape: discards unranked operands
/// (nullopt entries) and folds InferShape left to right. nullopt when no
/// operand is ranked. Error dims of every fold step are collected
/// (deduplicated, sorted).
std::optional<ShapeInference>
inferResultShape(const std::vector<std::optional<StaticShape>> &operands);

/// Outcome of comparing one inferred dim with the declared result dim.
enum class ResultDimCheck {
  Ok,           ///< compatible by types alone
  RuntimeCheck, ///< inferred ?, declared static: UB unless sizes agree
  Error,        ///< compile-time error
};

/// The Broadcastable trait's "Verification" table, with SEMANTICS.md §3's
/// resolution:
///
///   | inferredDim | actualDim | outcome |
///   |  ?          |  ?        | OK      |
///   |  ?          |  static   | OK (a runtime dynamic-to-static cast);
///   |             |           |   Error under --strict (the pseudo-code)
///   |  static     |  ?        | OK      |
///   |  static     |  static   | OK if equal, else Error
ResultDimCheck checkResultDim(int64_t inferred, int64_t actual, bool strict);

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_BROADCASTTABLES_H
