//===- ShardedGen.h - Sharded programs as JAX prints them -------*- C++ -*-===//
//
// Seeded, deterministic programs in the form `jax.jit` with `shard_map`
// over a NamedSharding mesh exports them today (Shardy): a module with an
// `sdy.mesh`, a public @main whose arguments and result carry
// `sdy.sharding`, a `sdy.sharding_constraint`, and an
// `sdy.manual_computation` whose body sees per-device sizes and talks to
// the other devices with StableHLO collectives (all_gather, all_reduce,
// reduce_scatter, all_to_all, collective_permute) over `replica_groups`
// built from the mesh, as jit_loss_fsdp in the corpus's stablehlo-sharded
// folder shows them.
//
//   ShardedProgram p = generateSharded(7, /*planted=*/true);
//   p.text      // the module
//   p.planted   // "%1": the op with UB (a global dim its manual axes do
//               // not divide, or a reduce_scatter over a dim its group
//               // size does not divide)
//
// The dynamic variant (`dynamic`) writes the batch as `?` everywhere (a
// shape-polymorphic export: the global batch, the body's local one and
// the all_to_all's gathered one), runs the oracle at a batch its manual
// axes divide, and predicts the one finding that is real for some batch:
// with x > 1 the global batch must be a multiple of x (`expectedResult`,
// `expectedCondition`).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_SHARDED_SHARDEDGEN_H
#define SYMSHAPE_TESTS_SHARDED_SHARDEDGEN_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace symshape::sharded {

struct ShardedProgram {
  uint64_t seed = 0;
  bool planted = false;
  std::string text;
  /// Planted only: the first result of the op with UB ("%1") and what is
  /// wrong with it.
  std::string plantedResult, plantedWhat;
  std::vector<std::string> features; ///< the collectives used, in order
  bool dynamic = false;
  bool gspmd = false;
  /// The sizes the oracle runs with ("%arg0[0]" -> the batch; empty when
  /// every size is static).
  std::map<std::string, int64_t> sizes;
  /// Dynamic only: the op of the finding that is real for some runtime
  /// sizes ("%1", the manual computation) and its exact condition; empty
  /// when there is none (x = 1).
  std::string expectedResult, expectedCondition;
};

ShardedProgram generateSharded(uint64_t seed, bool planted,
                               bool dynamic = false);

/// The same layer as JAX exports it without Shardy (GSPMD, as the corpus's
/// ttmlir *_gspmd.mlir): `mhlo.sharding` strings, the body in a private
/// @shmap_body called between @Sharding / @SPMDFullToShardShape and
/// @Sharding / @SPMDShardToFullShape. Clean programs may have a batch the
/// x devices do not divide (GSPMD pads the last shard: ceil(B / x) rows);
/// planted ones declare a shard or a full size that is not the tiling's.
ShardedProgram generateGspmd(uint64_t seed, bool planted);

} // namespace symshape::sharded

#endif // SYMSHAPE_TESTS_SHARDED_SHARDEDGEN_H
