//===- Sdy.cpp - Op entries: Shardy and the collectives -------------------===//
//
// Sharded StableHLO as JAX prints it for programs over a device mesh
// (`jax.jit` with NamedSharding / shard_map): Shardy's `sdy` ops
// (openxla/shardy, shardy/dialect/sdy/ir/ops.td) and the collectives of
// StableHLO (docs/spec.md) and mhlo, which exchange data between devices.
// See OpTable.h for what an entry holds.
//
//===----------------------------------------------------------------------===//

#include "SdyInternal.h"

namespace symshape::frontend {

using namespace sdy;

namespace {

constexpr uint8_t kSdyBoth = kRefineBoth, kSdyNone = kRefineNone;

/// `entry` reaching a device mesh of the module (GlobalAccess::Mesh).
constexpr OpEntry readingMeshes(OpEntry entry) {
  entry.global = GlobalAccess::Mesh;
  return entry;
}

#define COLLECTIVE(op, lower, summary)                                         \
  {"stablehlo." op, nullptr, lower, kSdyBoth, summary}, {                      \
    "mhlo." op, nullptr, lower, kSdyBoth, summary                              \
  }
/// A Shardy op whose result has its operand's type (the global view). Not
/// refined: SameOperandsAndResultType rejects a result more static than its
/// operand.
#define SAME_TYPE(op, summary)                                                 \
  { "sdy." op, parseSameType, lowerSameType, kSdyNone, summary }

const OpEntry kSdyEntries[] = {
    // Collectives (replica_groups: groups of dim(replica_groups, 1)).
    COLLECTIVE("all_gather", lowerAllGather,
               "all_gather_dim times the group size (all_gather_c6)"),
    COLLECTIVE("reduce_scatter", lowerReduceScatter,
               "scatter_dimension divided by the group size, which must "
               "divide it (reduce_scatter_c1, c8)"),
    COLLECTIVE("all_to_all", lowerAllToAll,
               "split_dimension / split_count (must divide: all_to_all_c2), "
               "concat_dimension * split_count (c9)"),
    COLLECTIVE("all_reduce", lowerSameShapeCollective,
               "results = operands (all_reduce_c6)"),
    COLLECTIVE("collective_permute", lowerSameShapeCollective,
               "result = operand (collective_permute_c5)"),
    COLLECTIVE("collective_broadcast", lowerCollectiveBroadcast,
               "results = operands (collective_broadcast_c3)"),
    // A composite is a call of its decomposition.
    withRole({"stablehlo.composite", parseComposite, lowerComposite, kSdyNone,
              "a call of its decomposition function (composite_c2..c4)"},
             OpRole::Call),
    withRole({"mhlo.composite", parseComposite, lowerComposite, kSdyNone,
              "a call of its decomposition function (composite_c2..c4)"},
             OpRole::Call),
    // Shardy.
    withGenericNormalizer(
        withRole({"sdy.mesh", parseMesh, lowerNoResult, kSdyNone,
                  "a device mesh: its axes' sizes, read by the manual "
                  "computations"},
                 OpRole::Mesh),
        readShardyAttrs),
    withGenericNormalizer(
        readingMeshes({"sdy.manual_computation", parseManualComputation,
                       lowerManualComputation, kSdyNone,
                       "the body sees each dim divided by its manual axes' "
                       "sizes (which must divide it); results multiplied "
                       "back"}),
        readShardyAttrs),
    withGenericNormalizer({"sdy.named_computation", parseNamedComputation,
                           lowerNamedComputation, kSdyNone,
                           "the body sees the operands; results = what it "
                           "returns"},
                          readShardyAttrs),
    withRole(
        {"sdy.return", parseTerminatorForm, nullptr, kSdyNone, "terminator"},
        OpRole::Yield),
    withoutSideEffects({"sdy.constant", parseArithConstant, lowerSdyConstant,
                        kSdyNone, "static"}),
    SAME_TYPE("sharding_constraint", "result = operand"),
    SAME_TYPE("reshard", "result = operand"),
    SAME_TYPE("propagation_barrier", "result = operand"),
    SAME_TYPE("data_flow_edge", "result = operand"),
    SAME_TYPE("func_data_flow_edge", "result = operand"),
    SAME_TYPE("all_gather", "result = operand (global view)"),
    SAME_TYPE("all_slice", "result = operand (global view)"),
    SAME_TYPE("all_to_all", "result = operand (global view)"),
    SAME_TYPE("all_reduce", "result = operand (global view)"),
    SAME_TYPE("reduce_scatter", "result = operand (global view)"),
    SAME_TYPE("collective_permute", "result = operand (global view)"),
    SAME_TYPE("sharded_to_unreduced", "result = operand (global view)"),
    SAME_TYPE("replicated_to_unreduced", "result = operand (global view)"),
    {"sdy.sharding_group", parseSameType, lowerNoResult, kSdyNone,
     "no result (ties the shardings of values)"},
};

#undef COLLECTIVE
#undef SAME_TYPE

} // namespace

OpFamily shardedFamily() {
  return {"sharded", kSdyEntries, sizeof(kSdyEntries) / sizeof(kSdyEntries[0])};
}

} // namespace symshape::frontend
