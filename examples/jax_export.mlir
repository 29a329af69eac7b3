// A JAX shape-polymorphic export (`jax.export` with the batch `b` symbolic)
// as it prints today: the public @main reads the sizes, checks them with
// `shape_assertion` custom calls and calls the private wrapped main with
// the dimension variable `b`, which builds every shape from it.
//
// symshape check reports (exit 1):
//  - both shape assertions can fail: the input contract of @main (notes),
//    failing exactly when %arg0[0] == 0 (b >= 1 is required) and when
//    %arg0[0] != %arg1[0] (both inputs have b rows);
//  - inside the private function, judged through its call: the output of
//    the positional add is built with 2 * b rows while %arg2 has b rows:
//    the add is UB whenever the checks pass (ub-guaranteed), reported at
//    its own op with "called from @main".
module @jit_f attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x4xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"}, %arg1: tensor<?x4xf32> {jax.arg_info = "y", mhlo.sharding = "{replicated}"}) -> (tensor<?x4xf32> {jax.result_info = ""}) {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
    %2 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
    %3 = stablehlo.convert %2 : (tensor<i32>) -> tensor<i64>
    %4 = stablehlo.compare  GE, %1, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%4, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 4),args[1].shape = (b, 4). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://jax.readthedocs.io/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> ()
    %5 = stablehlo.compare  EQ, %3, %1,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%5, %3, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[1].shape[0] (= {0}) and the specification 'b' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, 4),args[1].shape = (b, 4). Obtained dimension variables: 'b' = {1} from specification 'b' for dimension args[0].shape[0] (= {1}), . Please see https://jax.readthedocs.io/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>, tensor<i64>) -> ()
    %6 = call @_wrapped_jax_export_main(%1, %arg0, %arg1) : (tensor<i64>, tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    return %6 : tensor<?x4xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<?x4xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"}, %arg2: tensor<?x4xf32> {jax.arg_info = "y", mhlo.sharding = "{replicated}"}) -> (tensor<?x4xf32> {jax.result_info = ""}) {
    %0 = stablehlo.add %arg1, %arg2 : tensor<?x4xf32>
    %c = stablehlo.constant dense<2> : tensor<i64>
    %1 = stablehlo.multiply %c, %arg0 : tensor<i64>
    %2 = stablehlo.convert %1 : (tensor<i64>) -> tensor<i32>
    %3 = stablehlo.reshape %2 : (tensor<i32>) -> tensor<1xi32>
    %c_0 = stablehlo.constant dense<4> : tensor<1xi32>
    %4 = stablehlo.concatenate %3, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %5 = stablehlo.dynamic_iota %4, dim = 0 : (tensor<2xi32>) -> tensor<?x4xf32>
    %6 = stablehlo.add %5, %arg2 : tensor<?x4xf32>
    return %0 : tensor<?x4xf32>
  }
}
