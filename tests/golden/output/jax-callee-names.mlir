// RUN: check %s
// EXIT: 1
// A JAX shape-polymorphic export (`jax.export` with x of shape (b, 4) and y
// of shape (c, 4), as current JAX prints it) where the wrapped main
// broadcasts y to x's shape (a planted mismatch: c must be 1 or b). Both
// functions have an %arg0 and an %arg1: the finding's first line names the
// private callee's %arg3 (y there), its condition and example @main's
// values, which a note says, with the names `jax.arg_info` gives @main's
// arguments (%arg0 is x, %arg1 is y); so does the contract of @main. The
// shape assertions' notes give the same names.
module @jit_f attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x4xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"}, %arg1: tensor<?x4xf32> {jax.arg_info = "y", mhlo.sharding = "{replicated}"}) -> (tensor<?x4xf32> {jax.result_info = ""}) {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
    %2 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
    %3 = stablehlo.convert %2 : (tensor<i32>) -> tensor<i64>
    %4 = stablehlo.compare  GE, %1, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%4, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 4),args[1].shape = (c, 4). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://jax.readthedocs.io/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> ()
    %5 = stablehlo.compare  GE, %3, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%5, %3) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'c'. Using the following polymorphic shapes specifications: args[0].shape = (b, 4),args[1].shape = (c, 4). Obtained dimension variables: 'c' = {0} from specification 'c' for dimension args[1].shape[0] (= {0}), . Please see https://jax.readthedocs.io/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> ()
    %6 = call @_wrapped_jax_export_main(%1, %3, %arg0, %arg1) : (tensor<i64>, tensor<i64>, tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    return %6 : tensor<?x4xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<i64> {jax.global_constant = "c"}, %arg2: tensor<?x4xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"}, %arg3: tensor<?x4xf32> {jax.arg_info = "y", mhlo.sharding = "{replicated}"}) -> (tensor<?x4xf32> {jax.result_info = ""}) {
    %0 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<4> : tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %3 = stablehlo.dynamic_broadcast_in_dim %arg3, %2, dims = [0, 1] : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
    %4 = stablehlo.add %arg2, %3 : tensor<?x4xf32>
    return %4 : tensor<?x4xf32>
  }
}
