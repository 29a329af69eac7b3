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
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_SHARDED_SHARDEDGEN_H
#define SYMSHAPE_TESTS_SHARDED_SHARDEDGEN_H

#include <cstdint>
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
};

ShardedProgram generateSharded(uint64_t seed, bool planted);

} // namespace symshape::sharded

#endif // SYMSHAPE_TESTS_SHARDED_SHARDEDGEN_H
