//===- SdyRules.cpp - Shape functions of Shardy's ops ---------------------===//
//
// Most sdy ops annotate a value in the global view and keep its type
// (SameOperandsAndResultType in shardy/dialect/sdy/ir/ops.td). The manual
// computation is the one that changes sizes: its body runs once per device
// on the local part of each operand (ManualComputationOp::verifySymbolUses,
// verifyManualComputationValue in shardy/dialect/sdy/ir/verifiers.cc):
//
//   in_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"}, mesh x=4:
//     global tensor<?x8xf32>  ->  body argument [%a[0] / 4, 8]
//
// "5. The manual axes cannot introduce padding. The dimension size must be
// divisible by the corresponding manual axes size." and "6. The global
// shape and local shapes of the op regions arguments/results match."; the
// results are the returned local sizes times the same products.
//
//===----------------------------------------------------------------------===//

#include "SdyInternal.h"
#include "ops/stablehlo/StablehloInternal.h"

#include <algorithm>

namespace symshape::frontend::sdy {

void lowerSameType(OpContext &ctx) {
  if (!ctx.expectRanked() || ctx.numResults() == 0)
    return;
  if (ctx.numOperands() != 1 || ctx.numResults() != 1)
    return ctx.error("expects one operand and one result");
  ctx.setResult(0, ctx.dims(0));
}

void lowerNoResult(OpContext &) {}

void lowerSdyConstant(OpContext &ctx) { hlo::lowerConstant(ctx); }

namespace {

/// The product of the manual axes' sizes that shard each dim of a value
/// with `sharding`; nullopt after making the op opaque or an error.
std::optional<std::vector<int64_t>>
manualFactors(OpContext &ctx, const TensorSharding &sharding, size_t rank,
              const std::vector<std::string> &manual, const std::string &what) {
  const std::vector<MeshAxis> *mesh = &sharding.inlineMesh;
  if (!sharding.mesh.empty()) {
    mesh = ctx.findMesh(sharding.mesh);
    if (!mesh) {
      ctx.opaque("the mesh @" + sharding.mesh + " of " + what +
                 " is not declared in this module");
      return std::nullopt;
    }
  }
  if (sharding.dims.size() != rank) {
    ctx.error("expects " + what + " to shard " + std::to_string(rank) +
              " dims, got " + std::to_string(sharding.dims.size()));
    return std::nullopt;
  }
  std::vector<int64_t> factors;
  for (const std::vector<AxisRef> &axes : sharding.dims) {
    int64_t product = 1;
    for (const AxisRef &axis : axes) {
      if (std::find(manual.begin(), manual.end(), axis.name) == manual.end())
        continue; // a free axis: the body still sees it whole
      auto at =
          std::find_if(mesh->begin(), mesh->end(),
                       [&](const MeshAxis &m) { return m.name == axis.name; });
      if (at == mesh->end()) {
        ctx.error("expects " + what + "'s axis \"" + axis.name +
                  "\" in its mesh");
        return std::nullopt;
      }
      int64_t size = axis.subSize ? *axis.subSize : at->size;
      if (size <= 0 || product > INT64_MAX / size) {
        ctx.opaque("the axes of " + what + " multiply past int64");
        return std::nullopt;
      }
      product *= size;
    }
    factors.push_back(product);
  }
  return factors;
}

/// Reads in_shardings / out_shardings / manual_axes; nullopt after making
/// the op opaque.
struct ManualAttrs {
  std::vector<TensorSharding> in, out;
  std::vector<std::string> manual;
};
std::optional<ManualAttrs> readManualAttrs(OpContext &ctx, bool named) {
  ManualAttrs attrs;
  for (const char *key : {"in_shardings", "out_shardings"}) {
    if (!ctx.attr(key) && named)
      continue;
    const ShardyValue *list =
        ctx.shardyAttr(key, ShardyValue::Kind::ShardingList);
    if (!list) {
      ctx.opaque(std::string(key) + " not understood");
      return std::nullopt;
    }
    (key[0] == 'i' ? attrs.in : attrs.out) = list->shardings;
  }
  if (named)
    return attrs;
  const ShardyValue *manual =
      ctx.shardyAttr("manual_axes", ShardyValue::Kind::AxisNames);
  if (!manual) {
    ctx.opaque("manual_axes not understood");
    return std::nullopt;
  }
  attrs.manual = manual->axisNames;
  return attrs;
}

/// The body of a computation op: its single block, or nullptr (opaque).
const Block *bodyBlock(OpContext &ctx) {
  const Operation &op = ctx.op();
  if (op.regions.size() != 1 || op.regions[0].blocks.size() != 1) {
    ctx.opaque("the body is not one block");
    return nullptr;
  }
  const Block &body = op.regions[0].blocks[0];
  if (body.arguments.size() != ctx.numOperands()) {
    ctx.error("expects one body argument per operand, got " +
              std::to_string(body.arguments.size()));
    return nullptr;
  }
  return &body;
}

/// Binds body argument `arg` to `dims`: its declared rank must match, and a
/// declared static size another constant is an error (verifier 6).
bool bindArgument(OpContext &ctx, ValueId arg, std::vector<TermId> dims) {
  const Type &declared = ctx.valueType(arg);
  if (!declared.hasRank() || declared.dims.size() != dims.size()) {
    ctx.error("expects a body argument of rank " + std::to_string(dims.size()) +
              ", got '" + declared.str() + "'");
    return false;
  }
  for (size_t d = 0; d < dims.size(); ++d) {
    if (declared.dims[d] == kDynamic)
      continue;
    std::optional<int64_t> c = ctx.constantValue(dims[d]);
    if (c && *c != declared.dims[d]) {
      ctx.error("expects the body argument '" + declared.str() +
                "' to have local size " + std::to_string(*c) + " in dim " +
                std::to_string(d) + " (Shardy: the local shapes match)");
      return false;
    }
    if (!c)
      ctx.requireEqual(dims[d], ctx.constant(declared.dims[d]),
                       "the local size of dim " + std::to_string(d) +
                           " and the body argument's declared " +
                           std::to_string(declared.dims[d]));
  }
  ctx.defineValueDims(arg, std::move(dims));
  return true;
}

/// Lowers the body and sets each result to what it returns times
/// `factors[r]` per dim (all 1 for a named computation).
void finishBody(OpContext &ctx, const Block &body,
                const std::vector<std::vector<int64_t>> &factors) {
  std::vector<ValueId> returned = ctx.lowerRegionInline(0);
  if (returned.size() != ctx.numResults())
    return ctx.error("expects the body to return one value per result, got " +
                     std::to_string(returned.size()));
  (void)body;
  for (size_t r = 0; r < ctx.numResults(); ++r) {
    std::optional<std::vector<TermId>> local = ctx.valueDims(returned[r]);
    if (!ctx.resultType(r).hasRank() || !local ||
        local->size() != factors[r].size()) {
      ctx.setResultFromType(r);
      continue;
    }
    std::vector<TermId> dims;
    for (size_t d = 0; d < local->size(); ++d)
      dims.push_back(factors[r][d] == 1
                         ? (*local)[d]
                         : ctx.mul((*local)[d], ctx.constant(factors[r][d])));
    ctx.setResult(r, std::move(dims));
  }
}

} // namespace

void lowerManualComputation(OpContext &ctx) {
  std::optional<ManualAttrs> attrs = readManualAttrs(ctx, /*named=*/false);
  if (!attrs || !ctx.expectRanked())
    return;
  const Block *body = bodyBlock(ctx);
  if (!body)
    return;
  if (attrs->in.size() != ctx.numOperands() ||
      attrs->out.size() != ctx.numResults())
    return ctx.error("expects one in_sharding per operand and one "
                     "out_sharding per result");
  for (size_t i = 0; i < ctx.numOperands(); ++i) {
    if (!ctx.ranked(i)) // a token: "Skipping verification for non-shaped
      continue;         // types" (verifyManualComputationValue)
    std::string what = "in_shardings[" + std::to_string(i) + "]";
    std::optional<std::vector<int64_t>> factors =
        manualFactors(ctx, attrs->in[i], ctx.rank(i), attrs->manual, what);
    if (!factors)
      return;
    std::vector<TermId> local;
    for (size_t d = 0; d < ctx.rank(i); ++d) {
      // Shardy verifier 5: the manual axes divide the dim, no padding.
      std::optional<TermId> part = requireDivides(
          ctx, ctx.dim(i, d), (*factors)[d],
          "the global size " + ctx.dimName(i, d),
          "Shardy manual_computation: its manual axes cannot pad it");
      if (!part)
        return;
      local.push_back(*part);
    }
    if (!bindArgument(ctx, body->arguments[i], std::move(local)))
      return;
  }
  std::vector<std::vector<int64_t>> outFactors;
  for (size_t r = 0; r < ctx.numResults(); ++r) {
    const Type &type = ctx.resultType(r);
    if (type.kind == TypeKind::UnrankedTensor)
      return ctx.opaque("unranked result: its sizes are not checked");
    if (!type.hasRank()) { // a token
      outFactors.emplace_back();
      continue;
    }
    std::optional<std::vector<int64_t>> factors =
        manualFactors(ctx, attrs->out[r], type.dims.size(), attrs->manual,
                      "out_shardings[" + std::to_string(r) + "]");
    if (!factors)
      return;
    outFactors.push_back(std::move(*factors));
  }
  finishBody(ctx, *body, outFactors);
}

void lowerNamedComputation(OpContext &ctx) {
  // The body sees the operands as they are, and returns the results.
  if (!readManualAttrs(ctx, /*named=*/true) || !ctx.expectRanked())
    return;
  const Block *body = bodyBlock(ctx);
  if (!body)
    return;
  for (size_t i = 0; i < ctx.numOperands(); ++i)
    if (ctx.ranked(i) && !bindArgument(ctx, body->arguments[i], ctx.dims(i)))
      return;
  std::vector<std::vector<int64_t>> ones;
  for (size_t r = 0; r < ctx.numResults(); ++r) {
    const Type &type = ctx.resultType(r);
    if (type.kind == TypeKind::UnrankedTensor)
      return ctx.opaque("unranked result: its sizes are not checked");
    ones.emplace_back(type.hasRank() ? type.dims.size() : 0, 1);
  }
  finishBody(ctx, *body, ones);
}

} // namespace symshape::frontend::sdy
