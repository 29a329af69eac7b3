// A private function called twice with other sizes (SPEC 2, 4): @main
// broadcasts z to the rows of x, then to the rows of y, through one
// private @_wrapped_jax_export_main. Each call is judged under its own
// sizes; the findings at the broadcast differ (first call: z against x;
// second call, reached only when the first passed: z against y), so each
// has its own condition and witness and names only its own call. With
// x = 2, y = 3, z = 2 rows the first call passes and the second fails:
// the second condition holds there, the first does not.
module @jit_f attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x4xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"}, %arg1: tensor<?x4xf32> {jax.arg_info = "y", mhlo.sharding = "{replicated}"}, %arg2: tensor<?x4xf32> {jax.arg_info = "z", mhlo.sharding = "{replicated}"}) -> (tensor<?x4xf32> {jax.result_info = "[0]"}, tensor<?x4xf32> {jax.result_info = "[1]"}) {
    %0 = call @_wrapped_jax_export_main(%arg0, %arg2) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    %1 = call @_wrapped_jax_export_main(%arg1, %arg2) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    return %0, %1 : tensor<?x4xf32>, tensor<?x4xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<?x4xf32> {mhlo.sharding = "{replicated}"}, %arg1: tensor<?x4xf32> {mhlo.sharding = "{replicated}"}) -> (tensor<?x4xf32> {jax.result_info = ""}) {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
    %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<4> : tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    // Dim 0: the callee's %arg1[0] must be 1 or its %arg0[0]. First call
    // (x, z): UB exactly when z != 1 and z != x. Second call (y, z), under
    // "z == 1 or z == x": UB exactly when z != 1 and z != y (and then
    // z == x). Dim 1 (4 and 4) and the cast of the shape's 4 to the
    // declared 4 are safe in both calls: one finding each.
    // expected-ub-possible @+4 {{mapped-dim dim 0: %arg2[0] != 1 && %arg0[0] != %arg2[0]}}
    // expected-ub-possible @+3 {{mapped-dim dim 0: %arg2[0] != 1 && %arg1[0] != %arg2[0]}}
    // expected-safe @+2 {{mapped-dim dim 1}}
    // expected-safe @+1 {{result-cast dim 1}}
    %3 = stablehlo.dynamic_broadcast_in_dim %arg1, %2, dims = [0, 1] : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
    // The add: both operands have the sizes [x, 4]; nothing to check.
    %4 = stablehlo.add %arg0, %3 : tensor<?x4xf32>
    return %4 : tensor<?x4xf32>
  }
}
// expected-summary {{safe=2 ub-possible=2 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
