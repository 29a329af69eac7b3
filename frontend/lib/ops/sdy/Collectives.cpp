//===- Collectives.cpp - stablehlo / mhlo collectives ---------------------===//
//
// The ops that exchange data between the devices of a process group, as
// the StableHLO specification (docs/spec.md) defines their shapes. The
// groups are the rows of `replica_groups` (dense<[[0, 1], [2, 3]]> :
// tensor<2x2xi64>: two groups of two), all of one size, dim(process_groups,
// 1):
//
//   all_gather     dim(result, all_gather_dim) = dim(operand, ..) * size
//   reduce_scatter dim(result, scatter_dimension) = dim(operand, ..) / size,
//                  which must divide (reduce_scatter_c1)
//   all_to_all     split_dimension / split_count (which must divide:
//                  all_to_all_c2), concat_dimension * split_count
//   all_reduce, collective_permute, collective_broadcast: the same shapes
//
// A divisibility the declared types decide is a static error (the op's
// verifier); on a `?` dim it is a runtime requirement (kind `equal`).
//
//===----------------------------------------------------------------------===//

#include "SdyInternal.h"
#include "ops/stablehlo/StablehloInternal.h"

namespace symshape::frontend::sdy {

namespace {

/// The size of each process group: dim(replica_groups, 1). nullopt (after
/// making the op opaque or reporting an error) when it is not known.
std::optional<int64_t> groupSize(OpContext &ctx) {
  const Attribute *groups = ctx.attr("replica_groups");
  if (!groups || groups->kind != AttrKind::DenseInt || !groups->hasType) {
    ctx.opaque("replica_groups not understood");
    return std::nullopt;
  }
  const Type &type = groups->type;
  if (!type.hasRank() || type.dims.size() != 2 || type.dims[0] == kDynamic ||
      type.dims[1] == kDynamic) {
    ctx.error("expects replica_groups of rank 2, got '" + type.str() + "'");
    return std::nullopt;
  }
  if (type.dims[0] == 0 || type.dims[1] == 0) {
    // No groups: one group of every replica, whose number the program does
    // not say.
    ctx.opaque("empty replica_groups: the group is every replica, of a "
               "number the program does not give");
    return std::nullopt;
  }
  return type.dims[1];
}

/// The size of each process group of all_gather / reduce_scatter, whose
/// mode the spec derives from channel_id and use_global_device_ids: with a
/// channel_id > 0 and no use_global_device_ids (cross_replica_and_partition)
/// each group also spans every partition, a number the program does not
/// give; otherwise (cross_replica, flattened_ids) dim(replica_groups, 1).
std::optional<int64_t> processGroupSize(OpContext &ctx) {
  int64_t channel = 0;
  if (const Attribute *handle = ctx.attr("channel_handle")) {
    std::optional<hlo::Fields> fields = hlo::structFields(*handle);
    auto at = fields ? fields->find("handle") : hlo::Fields::iterator();
    if (!fields || (at != fields->end() && at->second.size() != 1)) {
      ctx.opaque("channel_handle not understood");
      return std::nullopt;
    }
    if (at != fields->end())
      channel = at->second[0];
  }
  const Attribute *global = ctx.attr("use_global_device_ids");
  bool flattened =
      global && (global->kind == AttrKind::Unit ||
                 (global->kind == AttrKind::Bool && global->boolValue));
  if (channel > 0 && !flattened) {
    ctx.opaque("cross_replica_and_partition: each group spans every "
               "partition, a number the program does not give");
    return std::nullopt;
  }
  return groupSize(ctx);
}

/// The integer attribute `name`, a dim of operand 0 (`rule`: 0 <= d <
/// rank); nullopt after an error or making the op opaque.
std::optional<size_t> dimAttr(OpContext &ctx, const char *name,
                              const char *rule) {
  std::optional<int64_t> d = ctx.integer(name);
  if (!d) {
    ctx.opaque(std::string(name) + " not understood");
    return std::nullopt;
  }
  for (size_t i = 0; i < ctx.numOperands(); ++i)
    if (*d < 0 || size_t(*d) >= ctx.rank(i)) {
      ctx.error("expects " + std::string(name) + " " + std::to_string(*d) +
                " within the rank of " + ctx.operandName(i) + " (" + rule +
                ")");
      return std::nullopt;
    }
  return size_t(*d);
}

/// Operands and results pair up one to one (variadic all_gather,
/// all_reduce, all_to_all).
bool expectPaired(OpContext &ctx) {
  if (!ctx.expectRanked())
    return false;
  if (ctx.numOperands() == ctx.numResults() && ctx.numOperands() > 0)
    return true;
  ctx.error("expects one result per operand, got " +
            std::to_string(ctx.numOperands()) + " operands and " +
            std::to_string(ctx.numResults()) + " results");
  return false;
}

} // namespace

std::optional<TermId> requireDivides(OpContext &ctx, TermId size, int64_t by,
                                     const std::string &what,
                                     const std::string &rule) {
  if (by == 1)
    return size;
  if (std::optional<int64_t> c = ctx.constantValue(size)) {
    if (*c % by != 0) {
      // `what` names a static dim by its size already ("the scattered size
      // 6"); a size known otherwise gets its value.
      std::string value = std::to_string(*c), shown = what;
      if (shown.size() < value.size() ||
          shown.compare(shown.size() - value.size(), value.size(), value) != 0)
        shown += " (" + value + ")";
      ctx.error("expects " + shown + " to be divisible by " +
                std::to_string(by) + " (" + rule + ")");
      return std::nullopt;
    }
    return ctx.constant(*c / by);
  }
  TermId quotient = ctx.floorDiv(size, ctx.constant(by));
  ctx.requireEqual(size, ctx.mul(quotient, ctx.constant(by)),
                   "the division of " + what + " into " + std::to_string(by) +
                       " equal parts (" + rule + ")");
  return quotient;
}

void lowerAllGather(OpContext &ctx) {
  if (!expectPaired(ctx))
    return;
  std::optional<size_t> dim = dimAttr(ctx, "all_gather_dim", "all_gather_c1");
  std::optional<int64_t> size = dim ? processGroupSize(ctx) : std::nullopt;
  if (!size)
    return;
  // all_gather_c6: the gathered dim times the group size.
  for (size_t i = 0; i < ctx.numOperands(); ++i) {
    std::vector<TermId> dims = ctx.dims(i);
    dims[*dim] = ctx.mul(dims[*dim], ctx.constant(*size));
    ctx.setResult(i, std::move(dims));
  }
}

void lowerReduceScatter(OpContext &ctx) {
  if (!expectPaired(ctx))
    return;
  std::optional<size_t> dim =
      dimAttr(ctx, "scatter_dimension", "reduce_scatter_c2");
  std::optional<int64_t> size = dim ? processGroupSize(ctx) : std::nullopt;
  if (!size)
    return;
  for (size_t i = 0; i < ctx.numOperands(); ++i) {
    std::vector<TermId> dims = ctx.dims(i);
    // reduce_scatter_c1: the group size divides the scattered dim;
    // reduce_scatter_c8: the result has the quotient there.
    ctx.setRule("reduce_scatter_c1");
    std::optional<TermId> part = requireDivides(
        ctx, dims[*dim], *size, "the scattered size " + ctx.dimName(i, *dim),
        "reduce_scatter_c1");
    if (!part)
      return;
    dims[*dim] = *part;
    ctx.setRule("reduce_scatter_c8");
    ctx.setResult(i, std::move(dims));
  }
}

void lowerAllToAll(OpContext &ctx) {
  if (!expectPaired(ctx))
    return;
  std::optional<size_t> split =
      dimAttr(ctx, "split_dimension", "all_to_all_c1");
  std::optional<size_t> concat =
      split ? dimAttr(ctx, "concat_dimension", "all_to_all_c3") : std::nullopt;
  if (!concat)
    return;
  std::optional<int64_t> count = ctx.integer("split_count");
  if (!count)
    return ctx.opaque("split_count not understood");
  if (*count <= 0)
    return ctx.error("expects a positive split_count, got " +
                     std::to_string(*count) + " (all_to_all_c4)");
  if (ctx.attr("replica_groups")) {
    std::optional<int64_t> size = groupSize(ctx);
    if (!size)
      return;
    if (*size != *count)
      return ctx.error("expects groups of split_count (" +
                       std::to_string(*count) + ") devices, got " +
                       std::to_string(*size) + " (all_to_all_c8)");
  }
  for (size_t i = 0; i < ctx.numOperands(); ++i) {
    std::vector<TermId> dims = ctx.dims(i);
    // all_to_all_c2: split_count divides the split dim; c9: the result
    // has the quotient there and the concat dim times split_count.
    ctx.setRule("all_to_all_c2");
    std::optional<TermId> part = requireDivides(
        ctx, dims[*split], *count, "the split size " + ctx.dimName(i, *split),
        "all_to_all_c2");
    if (!part)
      return;
    if (*split != *concat) {
      dims[*split] = *part;
      dims[*concat] = ctx.mul(dims[*concat], ctx.constant(*count));
    }
    ctx.setRule("all_to_all_c9");
    ctx.setResult(i, std::move(dims));
  }
}

void lowerSameShapeCollective(OpContext &ctx) {
  // all_reduce_c6, collective_permute_c5: results of the operands' shapes.
  if (!expectPaired(ctx))
    return;
  for (size_t i = 0; i < ctx.numOperands(); ++i)
    ctx.setResult(i, ctx.dims(i));
}

void lowerCollectiveBroadcast(OpContext &ctx) {
  if (!ctx.expectRanked())
    return;
  // collective_broadcast_c3..c5: one result per operand of its shape; with
  // has_dynamic_root, the last operand is the root and has no result.
  size_t data = ctx.numOperands();
  if (const Attribute *root = ctx.attr("has_dynamic_root"))
    if (root->kind == AttrKind::Unit ||
        (root->kind == AttrKind::Bool && root->boolValue))
      data = data == 0 ? 0 : data - 1;
  if (data == 0 || ctx.numResults() != data)
    return ctx.error("expects one result per broadcast operand (" +
                     std::to_string(data) + "), got " +
                     std::to_string(ctx.numResults()) +
                     " (collective_broadcast_c5)");
  for (size_t i = 0; i < data; ++i)
    ctx.setResult(i, ctx.dims(i));
}

} // namespace symshape::frontend::sdy
