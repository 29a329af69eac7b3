// RUN: --assume "%arg0 >= 1"
// JAX's earlier shape-polymorphic calling convention (jax2tf; StableHLO
// keeps such exports in its testdata/dynamic): the dimension variable `b`
// is the argument %arg0: tensor<i64> of the public @main, passed straight
// on to private functions, and nothing checks it against the arguments'
// sizes. The callees' requirements are then stated in @main's own inputs:
// %arg0 is @main's integer argument, not a fresh unknown of the callee,
// even though no op of @main reads it. Expectations derived by hand.
module @jit_fun_flat_jax {
  func.func public @main(%arg0: tensor<i64>, %arg1: tensor<?x3xf32> {mhlo.sharding = ""}) -> tensor<3xf32> {
    %0 = call @_sum_rows(%arg0, %arg1) : (tensor<i64>, tensor<?x3xf32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
  func.func private @_sum_rows(%arg0: tensor<i64>, %arg1: tensor<?x3xf32>) -> tensor<3xf32> {
    %0 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.constant dense<3> : tensor<1xi32>
    %3 = stablehlo.concatenate %1, %2, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    // [b, 3]: b >= 1 by the assumption, so the shape's entries are sizes.
    %4 = stablehlo.dynamic_iota %3, dim = 0 : (tensor<2xi32>) -> tensor<?x3xf32>
    // The rows of %arg1 must be b: nothing in the program says so.
    // expected-ub-possible @+1 {{equal: %arg1[0] != %arg0}}
    %5 = stablehlo.add %arg1, %4 : tensor<?x3xf32>
    %6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%5 init: %6) across dimensions = [0] : (tensor<?x3xf32>, tensor<f32>) -> tensor<3xf32>
     reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {
      %8 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %8 : tensor<f32>
    }
    return %7 : tensor<3xf32>
  }
  // A dimension variable no op reads (the function does not need `b`):
  // the assumption about it still names an integer argument, not an error.
  func.func public @main2(%arg0: tensor<i64>, %arg1: tensor<?x4xf32> {mhlo.sharding = ""}) -> tensor<?x4xf32> {
    %0 = stablehlo.negate %arg1 : tensor<?x4xf32>
    return %0 : tensor<?x4xf32>
  }
}
