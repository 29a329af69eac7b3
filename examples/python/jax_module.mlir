// A StableHLO module as JAX prints it (`jax.jit(f).lower(...).as_text()`),
// written by hand so that no JAX is needed: f(x, b, skip) = x + b + skip
// with a symbolic batch (x: (?, 4), b: (4,), skip: (?, 4)), the bias
// broadcast explicit as JAX lowers it. stablehlo.add takes equal shapes:
// the expected answer is that the bias broadcast is safe and the residual
// add is UB exactly when %arg0[0] != %arg2[0] (python/tests/
// test_examples.py).
// check_jax_module.py prints what symshape says.
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<?x4xf32>) -> (tensor<?x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
    %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<4> : tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %3 = stablehlo.dynamic_broadcast_in_dim %arg1, %2, dims = [1] : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
    %4 = stablehlo.add %arg0, %3 : tensor<?x4xf32>
    %5 = stablehlo.add %4, %arg2 : tensor<?x4xf32>
    return %5 : tensor<?x4xf32>
  }
}
