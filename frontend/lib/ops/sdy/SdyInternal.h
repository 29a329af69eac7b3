//===- SdyInternal.h - Shared by the sharded family's files -----*- C++ -*-===//
//
// Sharded StableHLO: Shardy's `sdy` ops (Sdy.cpp's entries, SdyForms.cpp's
// custom forms, SdyRules.cpp's shape functions), the shardings they carry
// (read by parser/ShardyAttrs.cpp), and the collectives of StableHLO and mhlo
// that exchange data between devices (Collectives.cpp).
//
//   sdy.mesh @mesh = <["x"=4, "y"=2]>
//   %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>]
//          out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"}
//          (%l: tensor<4x8xf32>) { ... sdy.return %r : tensor<4x8xf32> }
//          : (tensor<16x8xf32>) -> tensor<16x8xf32>
//
// The body of a manual computation sees per-device sizes: each global dim
// divided by the product of the manual axes that shard it (which must
// divide it), and its results are multiplied back.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_SDY_SDYINTERNAL_H
#define SYMSHAPE_FRONTEND_OPS_SDY_SDYINTERNAL_H

#include "ops/OpContext.h"
#include "ops/OpTable.h"
#include "ops/rules/PrettyForms.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace symshape::frontend::sdy {

//===--- Shardings
//---------------------------------------------------------===//
// Read once by the parser (parser/ShardyAttrs.cpp, ShardyValue): the
// custom forms below and the generic forms' readShardyAttrs give each
// attribute its value; the rules read ctx.shardyAttr.

/// Gives `in_shardings` / `out_shardings` (lists of shardings),
/// `manual_axes` (axis names) and `mesh` their ShardyValue, read from
/// their text; an attribute that does not read as one gets none. The
/// normalizer of the generic forms; the custom forms call it too.
void readShardyAttrs(Operation &op);

//===--- Custom forms (SdyForms.cpp) -------------------------------------===//
/// `sdy.mesh @name = <[...]>`: sym_name and `mesh` (its axes' text).
bool parseMesh(Parser &p, PendingOp &pending);
/// The ops whose result has the type of their one operand
/// (SameOperandsAndResultType): `[{..}] %x out_sharding=<..> : T`,
/// `%x <@mesh, [..]> : T`, `%x allowed_direction=BOTH : T`; and
/// sharding_group, which has no result.
bool parseSameType(Parser &p, PendingOp &pending);
/// `(%a) in_shardings=[..] out_shardings=[..] manual_axes={..}
/// (%l: T) { .. } : (T) -> R`.
bool parseManualComputation(Parser &p, PendingOp &pending);
/// `<"name">(%a) [in_shardings=[..]] [out_shardings=[..]] (%l: T) { .. }
/// : (T) -> R`.
bool parseNamedComputation(Parser &p, PendingOp &pending);

/// stablehlo.composite `"name" %a {decomposition = @f} : (T) -> R`.
bool parseComposite(Parser &p, PendingOp &pending);

//===--- Shape functions (SdyRules.cpp, Collectives.cpp, Composite.cpp) --===//
/// A call of the `decomposition` function (composite_c2..c4).
void lowerComposite(OpContext &ctx);
void lowerSameType(OpContext &ctx);
void lowerNoResult(OpContext &ctx);
void lowerSdyConstant(OpContext &ctx);
void lowerManualComputation(OpContext &ctx);
void lowerNamedComputation(OpContext &ctx);
/// stablehlo / mhlo collectives with `replica_groups`.
void lowerAllGather(OpContext &ctx);
void lowerReduceScatter(OpContext &ctx);
void lowerAllToAll(OpContext &ctx);
void lowerSameShapeCollective(OpContext &ctx); ///< all_reduce, permute, ...
void lowerCollectiveBroadcast(OpContext &ctx);

/// `size` is divisible by `by` (> 0): a static error when both are
/// constants and it is not (`what` and `rule` say which requirement), else
/// an `equal` obligation `size == (size floordiv by) * by`. Returns
/// size floordiv by.
std::optional<TermId> requireDivides(OpContext &ctx, TermId size, int64_t by,
                                     const std::string &what,
                                     const std::string &rule);

} // namespace symshape::frontend::sdy

#endif // SYMSHAPE_FRONTEND_OPS_SDY_SDYINTERNAL_H
