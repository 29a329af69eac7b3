// A JAX shape-polymorphic export of `jnp.roll(x, 3)` for x of shape (b,):
// the shift is `3 mod max(b, 1)`, computed by JAX's private `remainder`
// helper (Python's modulo: C's remainder, then the divisor added when the
// signs differ) and returned as a tensor<i32>; the rolled vector is a
// slice of size b of concat(x, x). Sizes divided by a value that is not a
// constant but is at least 1 stay exact, and the helper's returned value
// and JAX's scalar-to-vector broadcast_in_dim carry their integers, so
// the slice is read and proved in bounds. Expectations derived by hand.
#loc = loc(unknown)
module @jit_roll attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"} loc(unknown)) -> (tensor<?xf32> {jax.result_info = ""}) {
    %c = stablehlo.constant dense<1> : tensor<i64> loc(#loc)
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32> loc(#loc2)
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64> loc(#loc2)
    %2 = stablehlo.compare  GE, %1, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1> loc(#loc3)
    // expected-ub-possible @+1 {{assert: %arg0[0] == 0}}
    stablehlo.custom_call @shape_assertion(%2, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b,). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://jax.readthedocs.io/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> () loc(#loc3)
    %3 = call @_wrapped_jax_export_main(%1, %arg0) : (tensor<i64>, tensor<?xf32>) -> tensor<?xf32> loc(#loc)
    return %3 : tensor<?xf32> loc(#loc)
  } loc(#loc)
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"} loc(unknown), %arg1: tensor<?xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"} loc(unknown)) -> (tensor<?xf32> {jax.result_info = ""}) {
    %c = stablehlo.constant dense<3> : tensor<i32> loc(#loc4)
    %0 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32> loc(#loc4)
    %c_0 = stablehlo.constant dense<1> : tensor<i32> loc(#loc4)
    %1 = stablehlo.maximum %0, %c_0 : tensor<i32> loc(#loc4)
    // shift = 3 mod max(b, 1), in [0, b - 1] for b >= 1.
    %2 = call @remainder(%c, %1) : (tensor<i32>, tensor<i32>) -> tensor<i32> loc(#loc5)
    // concat(x, x) has 2 * b elements.
    %3 = stablehlo.concatenate %arg1, %arg1, dim = 0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32> loc(#loc4)
    // start = b - shift in [1, b]; limit = start + b <= 2 * b.
    %4 = stablehlo.subtract %0, %2 : tensor<i32> loc(#loc4)
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i32>) -> tensor<1xi32> loc(#loc4)
    %6 = stablehlo.add %4, %0 : tensor<i32> loc(#loc4)
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<i32>) -> tensor<1xi32> loc(#loc4)
    %c_1 = stablehlo.constant dense<1> : tensor<1xi32> loc(#loc4)
    // 0 <= start <= limit <= 2 * b holds under the check b >= 1, and the
    // result has limit - start = b elements.
    // expected-safe @+1 {{in-bounds}}
    %8 = stablehlo.real_dynamic_slice %3, %5, %7, %c_1 : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32> loc(#loc4)
    // Both operands have b elements.
    // expected-safe @+1 {{equal}}
    %9 = stablehlo.add %8, %arg1 : tensor<?xf32> loc(#loc6)
    return %9 : tensor<?xf32> loc(#loc)
  } loc(#loc)
  func.func private @remainder(%arg0: tensor<i32> loc(unknown), %arg1: tensor<i32> loc(unknown)) -> tensor<i32> {
    %c = stablehlo.constant dense<0> : tensor<i32> loc(#loc5)
    %0 = stablehlo.compare  EQ, %arg1, %c,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1> loc(#loc5)
    %c_0 = stablehlo.constant dense<1> : tensor<i32> loc(#loc5)
    %1 = stablehlo.select %0, %c_0, %arg1 : tensor<i1>, tensor<i32> loc(#loc5)
    %2 = stablehlo.remainder %arg0, %1 : tensor<i32> loc(#loc5)
    %3 = stablehlo.compare  NE, %2, %c,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1> loc(#loc5)
    %4 = stablehlo.compare  LT, %2, %c,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1> loc(#loc5)
    %5 = stablehlo.compare  LT, %1, %c,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1> loc(#loc5)
    %6 = stablehlo.compare  NE, %4, %5,  UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1> loc(#loc5)
    %7 = stablehlo.and %6, %3 : tensor<i1> loc(#loc5)
    %8 = stablehlo.add %2, %1 : tensor<i32> loc(#loc5)
    %9 = stablehlo.select %7, %8, %2 : tensor<i1>, tensor<i32> loc(#loc5)
    return %9 : tensor<i32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("roll.py":7:0)
#loc2 = loc("/dimension_size[dimension=0]"(#loc1))
#loc3 = loc("/shape_assertion"(#loc1))
#loc4 = loc("jit(roll)/jit(main)/roll"(#loc1))
#loc5 = loc("jit(roll)/jit(main)/remainder"(#loc1))
#loc6 = loc("jit(roll)/jit(main)/add"(#loc1))
