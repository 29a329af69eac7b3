//===- StablehloSpmd.cpp - GSPMD's sharding custom calls ------------------===//
//
// Without Shardy, JAX's shard_map exports its body's boundary as three XLA
// custom calls (corpus: ttmlir's *_gspmd.mlir):
//
//   %0 = custom_call @Sharding(%x) {mhlo.sharding = "{devices=[1,8]<=[8]}"}
//          : (tensor<32x784xf32>) -> tensor<32x784xf32>
//   %1 = custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"}
//          : (tensor<32x784xf32>) -> tensor<32x98xf32>
//   ... the body on per-device shards ...
//   %8 = custom_call @SPMDShardToFullShape(%7)
//          {mhlo.sharding = "{devices=[1,8]<=[8]}"}
//          : (tensor<32x16xf32>) -> tensor<32x128xf32>
//
// XLA's SPMD partitioner (xla/service/spmd/custom_call_handler.cc,
// SpmdPartitioningVisitor::HandleCustomCall) gives SPMDFullToShardShape the
// operand partitioned by the operand's sharding, padded when the tiles do
// not divide it (`PadWithValue`), and CHECKs that the result shape is that;
// SPMDShardToFullShape CHECKs that its operand is MakePartitionedShape of
// its result under its own sharding. Both partitioned shapes are
// HloSharding::TileShape (xla/hlo/ir/hlo_sharding.cc): each data dim is
// CeilOfRatio(dim, tiles) and a replicated, maximal or manual sharding
// keeps the shape. The operand's sharding is the one the `Sharding` call
// that made it states, or its function argument's `mhlo.sharding`.
//
// Partially manual shardings (`last_tile_dims={manual}`) are not modelled:
// the op is opaque.
//
//===----------------------------------------------------------------------===//

#include "StablehloInternal.h"

namespace symshape::frontend::hlo {

namespace {

/// ceil(size / tiles), tiles >= 1 (CeilOfRatio on a size >= 0).
TermId ceilOfRatio(OpContext &ctx, TermId size, int64_t tiles) {
  if (tiles == 1)
    return size;
  std::optional<int64_t> c = ctx.constantValue(size);
  if (c && *c >= 0 && *c <= INT64_MAX - tiles)
    return ctx.constant((*c + tiles - 1) / tiles);
  return ctx.floorDiv(ctx.add(size, ctx.constant(tiles - 1)),
                      ctx.constant(tiles));
}

/// The tile count of each of `rank` dims under the `mhlo.sharding`
/// attribute `sharding` (`what` names it in messages): all 1 for a
/// replicated, maximal or manual sharding; nullopt after making the op
/// opaque or an error.
std::optional<std::vector<int64_t>> tileCounts(OpContext &ctx,
                                               const Attribute *sharding,
                                               size_t rank,
                                               const std::string &what) {
  if (!sharding) {
    ctx.opaque(what + " is not stated (no `Sharding` custom call or "
                      "argument `mhlo.sharding` gives it)");
    return std::nullopt;
  }
  const std::string *text = &sharding->str;
  // The parser read the string (Attribute::hloSharding).
  const HloSharding *s = sharding->hloSharding.get();
  if (!s || s->kind == HloSharding::Kind::Tuple) {
    ctx.opaque(what + " \"" + *text + "\" not understood");
    return std::nullopt;
  }
  if (s->kind != HloSharding::Kind::Tiled)
    return std::vector<int64_t>(rank, 1);
  if (s->manualSubgroup()) {
    ctx.opaque(what + " \"" + *text + "\" is partially manual: not modelled");
    return std::nullopt;
  }
  if (s->dataRank() != rank) {
    // HloSharding::Validate: "Number of tile assignment dimensions
    // (excluding subgroups) is different than the input rank".
    ctx.error("expects " + what + " \"" + *text + "\" to tile " +
              std::to_string(rank) + " dims, got " +
              std::to_string(s->dataRank()));
    return std::nullopt;
  }
  return std::vector<int64_t>(s->tiles.begin(),
                              s->tiles.begin() + ptrdiff_t(rank));
}

/// The op's own `mhlo.sharding` string attribute, null when absent.
const Attribute *ownSharding(OpContext &ctx) {
  const Attribute *a = ctx.attr("mhlo.sharding");
  return a && a->kind == AttrKind::String ? a : nullptr;
}

/// One ranked operand and one result; else opaque.
bool oneToOne(OpContext &ctx) {
  if (ctx.numOperands() != 1 || ctx.numResults() != 1) {
    ctx.opaque("expected one operand and one result");
    return false;
  }
  return ctx.expectRanked();
}

} // namespace

void lowerShardingCall(OpContext &ctx) {
  // An annotation: the result is the operand, sharded as stated.
  if (!oneToOne(ctx))
    return;
  ctx.setResult(0, ctx.dims(0));
  if (const Attribute *sharding = ownSharding(ctx))
    ctx.setResultSharding(0, *sharding);
}

void lowerFullToShard(OpContext &ctx) {
  if (!oneToOne(ctx))
    return;
  const Attribute *own = ownSharding(ctx);
  const HloSharding *manual = own ? own->hloSharding.get() : nullptr;
  if (!manual || manual->kind != HloSharding::Kind::Manual)
    return ctx.opaque("only a fully manual result sharding (\"{manual}\") "
                      "is modelled");
  std::optional<std::vector<int64_t>> tiles =
      tileCounts(ctx, ctx.operandSharding(0), ctx.rank(0),
                 "the sharding of " + ctx.operandName(0));
  if (!tiles)
    return;
  std::vector<TermId> shard;
  for (size_t d = 0; d < ctx.rank(0); ++d)
    shard.push_back(ceilOfRatio(ctx, ctx.dim(0, d), (*tiles)[d]));
  ctx.setResult(0, std::move(shard));
}

void lowerShardToFull(OpContext &ctx) {
  if (!oneToOne(ctx))
    return;
  const Type &full = ctx.resultType(0);
  if (!full.hasRank())
    return ctx.opaque("unranked result: its sizes are not checked");
  size_t rank = ctx.rank(0);
  if (full.dims.size() != rank)
    return ctx.error("expects a result of rank " + std::to_string(rank) +
                     ", got '" + full.str() + "'");
  std::optional<std::vector<int64_t>> tiles =
      tileCounts(ctx, ownSharding(ctx), rank, "the result sharding");
  if (!tiles)
    return;
  std::vector<TermId> dims;
  for (size_t d = 0; d < rank; ++d) {
    int64_t t = (*tiles)[d];
    if (t == 1) { // the shard is the whole dim
      dims.push_back(ctx.dim(0, d));
      continue;
    }
    TermId size = full.dims[d] == kDynamic ? ctx.freshResultDim(0, d)
                                           : ctx.constant(full.dims[d]);
    TermId part = ceilOfRatio(ctx, size, t);
    std::optional<int64_t> got = ctx.constantValue(part);
    std::optional<int64_t> shard = ctx.staticDim(0, d);
    if (full.dims[d] == kDynamic) {
      // A full size the op does not fix: any one the shard came from.
      ctx.addFact(ctx.formulas().mkEq(part, ctx.dim(0, d)));
    } else if (got && shard && *got != *shard) {
      // XLA's CHECK(ShapeUtil::Compatible(..)) fails at compile time.
      ctx.staticError(solver::ObligationKind::Equal,
                      "the shard " + std::to_string(*shard) + " in dim " +
                          std::to_string(d) + " and ceil(" +
                          std::to_string(full.dims[d]) + " / " +
                          std::to_string(t) + ") = " + std::to_string(*got),
                      "MakePartitionedShape of the result differs");
      return ctx.resultsFromTypes();
    } else {
      ctx.requireEqual(part, ctx.dim(0, d),
                       "the shard " + ctx.dimName(0, d) + " and ceil(" +
                           std::to_string(full.dims[d]) + " / " +
                           std::to_string(t) + ") of the result's dim " +
                           std::to_string(d));
    }
    dims.push_back(size);
  }
  ctx.setResult(0, std::move(dims));
}

} // namespace symshape::frontend::hlo
