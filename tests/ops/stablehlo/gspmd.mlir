// GSPMD's shard_map boundary as JAX exports it without Shardy (the
// corpus's ttmlir *_gspmd.mlir): `Sharding` annotates a value with an
// `mhlo.sharding`, `SPMDFullToShardShape` turns it into the per-device
// shard and `SPMDShardToFullShape` back. Expectations by hand from XLA's
// SPMD partitioner (custom_call_handler.cc: the shard is the operand
// partitioned by its sharding, padded when uneven) and
// HloSharding::TileShape (hlo_sharding.cc): each data dim becomes
// ceil(dim / tiles); replicated, maximal and manual shardings keep it.

// jit_loss_tp's first layer: x [32, 784] sharded [1, 8] (784 / 8 = 98),
// w [784, 128] sharded [8, 1], the body's [32, 16] gathered back to
// [32, 128] (ceil(128 / 8) = 16). Nothing to find.
func.func public @tensor_parallel(%arg0: tensor<784x128xf32> {mhlo.sharding = "{devices=[8,1]<=[8]}"}, %arg1: tensor<32x784xf32> {mhlo.sharding = "{devices=[1,8]<=[8]}"}) -> (tensor<32x128xf32> {jax.result_info = ""}) {
  %0 = stablehlo.custom_call @Sharding(%arg1) {backend_config = "", mhlo.sharding = "{devices=[1,8]<=[8]}"} : (tensor<32x784xf32>) -> tensor<32x784xf32>
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<32x784xf32>) -> tensor<32x98xf32>
  %2 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", mhlo.sharding = "{devices=[8,1]<=[8]}"} : (tensor<784x128xf32>) -> tensor<784x128xf32>
  %3 = stablehlo.custom_call @SPMDFullToShardShape(%2) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<784x128xf32>) -> tensor<98x128xf32>
  %4 = stablehlo.dot_general %1, %3, contracting_dims = [1] x [0] : (tensor<32x98xf32>, tensor<98x128xf32>) -> tensor<32x128xf32>
  %5 = stablehlo.slice %4 [0:32, 0:16] : (tensor<32x128xf32>) -> tensor<32x16xf32>
  %6 = stablehlo.custom_call @Sharding(%5) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<32x16xf32>) -> tensor<32x16xf32>
  %7 = stablehlo.custom_call @SPMDShardToFullShape(%6) {backend_config = "", mhlo.sharding = "{devices=[1,8]<=[8]}"} : (tensor<32x16xf32>) -> tensor<32x128xf32>
  return %7 : tensor<32x128xf32>
}

// The text forms of HloSharding::Print, each on a static operand.
func.func public @forms(%arg0: tensor<8x8xf32>, %arg1: tensor<100xf32>, %arg2: tensor<8x6xf32>) -> (tensor<2x4xf32>, tensor<4x4xf32>, tensor<13xf32>, tensor<4x6xf32>, tensor<8x6xf32>, tensor<8x6xf32>, tensor<4x3xf32>) {
  // Iota devices reshaped [2, 4] and transposed: 8 / 4 rows, 8 / 2 cols.
  %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0)}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<8x8xf32>) -> tensor<2x4xf32>
  // An explicit device list.
  %2 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[2,2]0,2,1,3}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %3 = stablehlo.custom_call @SPMDFullToShardShape(%2) {mhlo.sharding = "{manual}"} : (tensor<8x8xf32>) -> tensor<4x4xf32>
  // Uneven: 100 over 8 devices is padded to shards of ceil(100 / 8) = 13.
  %4 = stablehlo.custom_call @Sharding(%arg1) {mhlo.sharding = "{devices=[8]<=[8]}"} : (tensor<100xf32>) -> tensor<100xf32>
  %5 = stablehlo.custom_call @SPMDFullToShardShape(%4) {mhlo.sharding = "{manual}"} : (tensor<100xf32>) -> tensor<13xf32>
  // The last tile dim (4) replicates: only [2, 1] tile the data.
  %6 = stablehlo.custom_call @Sharding(%arg2) {mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"} : (tensor<8x6xf32>) -> tensor<8x6xf32>
  %7 = stablehlo.custom_call @SPMDFullToShardShape(%6) {mhlo.sharding = "{manual}"} : (tensor<8x6xf32>) -> tensor<4x6xf32>
  // Replicated and maximal keep the shape.
  %8 = stablehlo.custom_call @Sharding(%arg2) {mhlo.sharding = "{replicated}"} : (tensor<8x6xf32>) -> tensor<8x6xf32>
  %9 = stablehlo.custom_call @SPMDFullToShardShape(%8) {mhlo.sharding = "{manual}"} : (tensor<8x6xf32>) -> tensor<8x6xf32>
  %10 = stablehlo.custom_call @Sharding(%arg2) {mhlo.sharding = "{maximal device=3}"} : (tensor<8x6xf32>) -> tensor<8x6xf32>
  %11 = stablehlo.custom_call @SPMDFullToShardShape(%10) {mhlo.sharding = "{manual}"} : (tensor<8x6xf32>) -> tensor<8x6xf32>
  // A replicated subgroup written as last_tile_dims: [2, 2] tile the data.
  %12 = stablehlo.custom_call @Sharding(%arg2) {mhlo.sharding = "{devices=[2,2,2]<=[8] last_tile_dims={replicated}}"} : (tensor<8x6xf32>) -> tensor<8x6xf32>
  %13 = stablehlo.custom_call @SPMDFullToShardShape(%12) {mhlo.sharding = "{manual}"} : (tensor<8x6xf32>) -> tensor<4x3xf32>
  return %1, %3, %5, %7, %9, %11, %13 : tensor<2x4xf32>, tensor<4x4xf32>, tensor<13xf32>, tensor<4x6xf32>, tensor<8x6xf32>, tensor<8x6xf32>, tensor<4x3xf32>
}

// Back to the full view: the shard must be ceil(full / tiles).
func.func public @back(%arg0: tensor<13xf32>, %arg1: tensor<16xf32>) -> (tensor<100xf32>, tensor<100xf32>) {
  %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{manual}"} : (tensor<13xf32>) -> tensor<13xf32>
  %1 = stablehlo.custom_call @SPMDShardToFullShape(%0) {mhlo.sharding = "{devices=[8]<=[8]}"} : (tensor<13xf32>) -> tensor<100xf32>
  // ceil(100 / 8) = 13, not 16: XLA's CHECK fails, a static error.
  %2 = stablehlo.custom_call @Sharding(%arg1) {mhlo.sharding = "{manual}"} : (tensor<16xf32>) -> tensor<16xf32>
  // expected-error @+1 {{equal}}
  %3 = stablehlo.custom_call @SPMDShardToFullShape(%2) {mhlo.sharding = "{devices=[8]<=[8]}"} : (tensor<16xf32>) -> tensor<100xf32>
  return %1, %3 : tensor<100xf32>, tensor<100xf32>
}

// A shard of the wrong size: 784 / 8 is 98, never 96.
func.func public @wrong_shard(%arg0: tensor<32x784xf32>) -> tensor<32x96xf32> {
  %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[1,8]<=[8]}"} : (tensor<32x784xf32>) -> tensor<32x784xf32>
  // expected-error @+1 {{result-cast dim 1}}
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<32x784xf32>) -> tensor<32x96xf32>
  return %1 : tensor<32x96xf32>
}

// A dynamic batch, sharded by its argument's attribute: the shard is
// ceil(%arg0[0] / 4) rows, so a static 8 holds only for 29..32 rows; back
// to a static 64, the shard must be ceil(64 / 4) = 16.
func.func public @dynamic(%arg0: tensor<?x16xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"}, %arg1: tensor<?x16xf32>) -> (tensor<?x16xf32>, tensor<8x16xf32>, tensor<64x16xf32>, tensor<?x16xf32>) {
  %0 = stablehlo.custom_call @SPMDFullToShardShape(%arg0) {mhlo.sharding = "{manual}"} : (tensor<?x16xf32>) -> tensor<?x16xf32>
  // expected-ub-possible @+1 {{result-cast dim 0: ((%arg0[0] + 3) floordiv 4) != 8}}
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%arg0) {mhlo.sharding = "{manual}"} : (tensor<?x16xf32>) -> tensor<8x16xf32>
  %2 = stablehlo.custom_call @Sharding(%arg1) {mhlo.sharding = "{manual}"} : (tensor<?x16xf32>) -> tensor<?x16xf32>
  // expected-ub-possible @+1 {{equal: %arg1[0] != 16}}
  %3 = stablehlo.custom_call @SPMDShardToFullShape(%2) {mhlo.sharding = "{devices=[4,1]<=[4]}"} : (tensor<?x16xf32>) -> tensor<64x16xf32>
  // A `?` full size: whichever the shard came from (nothing to check).
  %4 = stablehlo.custom_call @SPMDShardToFullShape(%0) {mhlo.sharding = "{devices=[4,1]<=[4]}"} : (tensor<?x16xf32>) -> tensor<?x16xf32>
  return %0, %1, %3, %4 : tensor<?x16xf32>, tensor<8x16xf32>, tensor<64x16xf32>, tensor<?x16xf32>
}

// What is not read makes the op opaque, never a guess.
func.func public @not_understood(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x8xf32>) {
  // No sharding states how %arg0 is split.
  // expected-opaque @+1 {{stablehlo.custom_call}}
  %0 = stablehlo.custom_call @SPMDFullToShardShape(%arg0) {mhlo.sharding = "{manual}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  // A form XLA prints that is not read here.
  %1 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{unknown}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  // expected-opaque @+1 {{stablehlo.custom_call}}
  %2 = stablehlo.custom_call @SPMDFullToShardShape(%1) {mhlo.sharding = "{manual}"} : (tensor<8x8xf32>) -> tensor<4x8xf32>
  // Partially manual (a manual subgroup): not modelled.
  %3 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[2,1,2]<=[4] last_tile_dims={manual}}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  // expected-opaque @+1 {{stablehlo.custom_call}}
  %4 = stablehlo.custom_call @SPMDFullToShardShape(%3) {mhlo.sharding = "{devices=[1,1,2]<=[2] last_tile_dims={manual}}"} : (tensor<8x8xf32>) -> tensor<4x8xf32>
  // A tuple sharding on one tensor.
  %5 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{{replicated}, {devices=[2]<=[2]}}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  // expected-opaque @+1 {{stablehlo.custom_call}}
  %6 = stablehlo.custom_call @SPMDFullToShardShape(%5) {mhlo.sharding = "{manual}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0, %2, %4, %6 : tensor<8x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x8xf32>
}

// A tile assignment of another rank than the value: XLA rejects it
// (HloSharding::Validate).
func.func public @wrong_rank(%arg0: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[2]<=[2]}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  // expected-error @+1 {{rank}}
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<8x8xf32>) -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
