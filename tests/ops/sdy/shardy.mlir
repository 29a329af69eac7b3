// Shardy's sdy ops as JAX prints a program sharded over a device mesh
// (`jax.jit` with NamedSharding and shard_map). Expectations by hand from
// openxla/shardy: the annotations (sharding_constraint, reshard, the
// global-view collectives) keep their operand's type
// (SameOperandsAndResultType, ops.td); the body of a manual computation
// sees each dim divided by the product of the manual axes that shard it,
// which must divide it (verifiers.cc, verifyManualComputationValue 5 and
// 6), and its results are the returned local sizes multiplied back.

sdy.mesh @mesh = <["x"=4, "y"=2]>
sdy.mesh @single = <["a"=4]>

func.func @constraint(%arg0: tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<?x8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x", ?}, {"y"}p1]> : tensor<?x8xf32>
  %1 = sdy.reshard %0 <@mesh, [{}, {"y":(1)2}]> : tensor<?x8xf32>
  %2 = sdy.all_gather [{}, {"y"}] %1 out_sharding=<@mesh, [{}, {}]> : tensor<?x8xf32>
  %3 = stablehlo.add %2, %arg0 : tensor<?x8xf32>
  return %3 : tensor<?x8xf32>
}

func.func @shard_map(%arg0: tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  // Manual axes x (4) and y (2): the body sees [%arg0[0] / 4, 8 / 2];
  // %arg0[0] must be a multiple of 4.
  // expected-ub-possible @+1 {{equal: %arg0[0] mod 4 != 0}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x", "y"} (%arg1: tensor<?x4xf32>) {
    // The local columns (4) gathered over y (2): 8, replicated in y.
    %1 = "stablehlo.all_gather"(%arg1) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3], [4, 5], [6, 7]]> : tensor<4x2xi64>, use_global_device_ids}> : (tensor<?x4xf32>) -> tensor<?x8xf32>
    sdy.return %1 : tensor<?x8xf32>
  } : (tensor<?x8xf32>) -> tensor<?x8xf32>
  // The result: %arg0[0] / 4 * 4 rows, %arg0[0] itself after the check.
  %2 = stablehlo.add %0, %arg0 : tensor<?x8xf32>
  return %2 : tensor<?x8xf32>
}

func.func @free_axes(%arg0: tensor<16x?xf32>) -> tensor<16x?xf32> {
  // Only "a" shards: dim 1 stays whole, dim 0 is 16 / 4. The sub-axis
  // "a":(1)2 of the result multiplies by 2 only: 8 rows, never the
  // declared 16 (decided by sizes the types fix, though not all operand
  // dims are static: a runtime finding that always fails).
  // expected-ub-guaranteed @+1 {{result-cast dim 0}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@single, [{"a"}, {}]>] out_shardings=[<@single, [{"a":(1)2}, {}]>] manual_axes={"a"} (%arg1: tensor<4x?xf32>) {
    sdy.return %arg1 : tensor<4x?xf32>
  } : (tensor<16x?xf32>) -> tensor<16x?xf32>
  return %0 : tensor<16x?xf32>
}

func.func @padding(%arg0: tensor<6x8xf32>) -> tensor<6x8xf32> {
  // 6 rows over the 4 devices of x: padding, the verifier's error.
  // expected-error @+1 {{rank}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<1x8xf32>) {
    sdy.return %arg1 : tensor<1x8xf32>
  } : (tensor<6x8xf32>) -> tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

func.func @inside(%arg0: tensor<?x8xf32>, %arg1: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // Both sharded on x: the bodies see %arg0[0] / 4 and %arg1[0] / 4 rows
  // (each a multiple of 4), and the add inside needs them equal.
  // expected-ub-possible @+2 {{equal: %arg0[0] mod 4 != 0}}
  // expected-ub-possible @+1 {{equal: %arg1[0] mod 4 != 0}}
  %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%l0: tensor<?x8xf32>, %l1: tensor<?x8xf32>) {
    // expected-ub-possible @+1 {{equal: (%arg0[0] floordiv 4) != (%arg1[0] floordiv 4)}}
    %1 = stablehlo.add %l0, %l1 : tensor<?x8xf32>
    sdy.return %1 : tensor<?x8xf32>
  } : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}
