// A JAX shape-polymorphic export (jax.export with `b` symbolic): the public
// @main reads the sizes, checks them with `shape_assertion` custom calls
// (kind `assert`) and calls the private wrapped main with the dimension
// variable `b` as a tensor<i64>. The private function is judged only
// through that call: its findings are at its own ops, in terms of @main's
// inputs, with the call as a note.
#loc = loc(unknown)
module @jit_f attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x4xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"} loc(unknown), %arg1: tensor<?x6xf32> {jax.arg_info = "y", mhlo.sharding = "{replicated}"} loc(unknown)) -> (tensor<?x4x6xf32> {jax.result_info = ""}) {
    %c = stablehlo.constant dense<1> : tensor<i64> loc(#loc)
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32> loc(#loc3)
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64> loc(#loc3)
    %2 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x6xf32>) -> tensor<i32> loc(#loc4)
    %3 = stablehlo.convert %2 : (tensor<i32>) -> tensor<i64> loc(#loc4)
    %4 = stablehlo.compare  GE, %1, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1> loc(#loc5)
    // expected-ub-possible @+1 {{assert: %arg0[0] == 0}}
    stablehlo.custom_call @shape_assertion(%4, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 4),args[1].shape = (b, 6). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://jax.readthedocs.io/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> () loc(#loc5)
    %5 = stablehlo.compare  EQ, %3, %1,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1> loc(#loc5)
    // expected-ub-possible @+1 {{assert: %arg0[0] != %arg1[0]}}
    stablehlo.custom_call @shape_assertion(%5, %3, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[1].shape[0] (= {0}) and the specification 'b' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, 4),args[1].shape = (b, 6). Obtained dimension variables: 'b' = {1} from specification 'b' for dimension args[0].shape[0] (= {1}), . Please see https://jax.readthedocs.io/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>, tensor<i64>) -> () loc(#loc5)
    %6 = call @_wrapped_jax_export_main(%1, %arg0, %arg1) : (tensor<i64>, tensor<?x4xf32>, tensor<?x6xf32>) -> tensor<?x4x6xf32> loc(#loc)
    return %6 : tensor<?x4x6xf32> loc(#loc)
  } loc(#loc)
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"} loc(unknown), %arg1: tensor<?x4xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"} loc(unknown), %arg2: tensor<?x6xf32> {jax.arg_info = "y", mhlo.sharding = "{replicated}"} loc(unknown)) -> (tensor<?x4x6xf32> {jax.result_info = ""}) {
    // The output shape [b, 4, 6] built piecewise: the constants stay known
    // whatever b is.
    %0 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32> loc(#loc6)
    %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32> loc(#loc6)
    %c = stablehlo.constant dense<4> : tensor<1xi32> loc(#loc6)
    %c_0 = stablehlo.constant dense<6> : tensor<1xi32> loc(#loc6)
    %2 = stablehlo.concatenate %1, %c, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32> loc(#loc6)
    // The declared 4 and 6 are the shape's own entries: the casts are safe.
    // expected-safe @+4 {{mapped-dim dim 0}}
    // expected-safe @+3 {{mapped-dim dim 1}}
    // expected-safe @+2 {{result-cast dim 1}}
    // expected-safe @+1 {{result-cast dim 2}}
    %3 = stablehlo.dynamic_broadcast_in_dim %arg1, %2, dims = [0, 1] : (tensor<?x4xf32>, tensor<3xi32>) -> tensor<?x4x6xf32> loc(#loc6)
    // expected-safe @+2 {{mapped-dim dim 0}}
    // expected-safe @+1 {{mapped-dim dim 2}}
    %4 = stablehlo.dynamic_broadcast_in_dim %arg2, %2, dims = [0, 2] : (tensor<?x6xf32>, tensor<3xi32>) -> tensor<?x4x6xf32> loc(#loc6)
    // Both operands have the sizes [b, 4, 6]: nothing to check.
    %5 = stablehlo.add %3, %4 : tensor<?x4x6xf32> loc(#loc7)
    // A size computed from b: 2 * b rows, which the checks do not tie to
    // the input's b rows (the planted mismatch).
    %c_1 = stablehlo.constant dense<2> : tensor<i64> loc(#loc8)
    %6 = stablehlo.multiply %c_1, %arg0 : tensor<i64> loc(#loc8)
    %7 = stablehlo.convert %6 : (tensor<i64>) -> tensor<i32> loc(#loc8)
    %8 = stablehlo.reshape %7 : (tensor<i32>) -> tensor<1xi32> loc(#loc8)
    %9 = stablehlo.concatenate %8, %c, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32> loc(#loc8)
    %10 = stablehlo.dynamic_iota %9, dim = 0 : (tensor<3xi32>) -> tensor<?x4x6xf32> loc(#loc8)
    // UB unless 2 * b == b, i.e. b == 0, which the first check excludes.
    // expected-ub-guaranteed @+1 {{equal: true}}
    %11 = stablehlo.add %5, %10 : tensor<?x4x6xf32> loc(#loc9)
    return %5 : tensor<?x4x6xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("model.py":12:0)
#loc2 = loc("model.py":14:0)
#loc3 = loc("/dimension_size[dimension=0]"(#loc1))
#loc4 = loc("/dimension_size[dimension=0]"(#loc2))
#loc5 = loc("/shape_assertion"(#loc1))
#loc6 = loc("jit(f)/jit(main)/broadcast_in_dim[shape=(b, 4, 6) broadcast_dimensions=(0, 1)]"(#loc1))
#loc7 = loc("jit(f)/jit(main)/add"(#loc1))
#loc8 = loc("jit(f)/jit(main)/iota[dtype=float32 shape=(2*b, 4, 6) dimension=0]"(#loc2))
#loc9 = loc("jit(f)/jit(main)/add"(#loc2))
// expected-summary {{safe=8 ub-possible=2 ub-guaranteed=1 error=0 unreachable=0 unknown=0}}
