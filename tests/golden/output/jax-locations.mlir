// RUN: check %s
// EXIT: 1
// A JAX shape-polymorphic export as current JAX prints it with debug
// information (`exported.mlir_module()`): each op's loc(...) is its name
// path on the Python traceback of the line that made it, frames joined by
// call sites, each frame a range named by its function, the aliases after
// the module. The program of checks/jax-export.mlir (same findings): the
// two shape assertions can fail (the input contract), and in the private
// function judged through its call, the last add is UB for every b (it adds
// b rows to 2 * b rows). Each finding names model.py's line first, then
// the MLIR op, then the Python lines that called it; the call from @main
// last. jax-locations-*.mlir check the same file with other options.
#loc = loc(unknown)
module @jit_f attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x4xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"} loc("x"), %arg1: tensor<?x6xf32> {jax.arg_info = "y", mhlo.sharding = "{replicated}"} loc("y")) -> (tensor<?x4x6xf32> {jax.result_info = ""}) {
    %c = stablehlo.constant dense<1> : tensor<i64> loc(#loc)
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32> loc(#loc20)
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64> loc(#loc20)
    %2 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x6xf32>) -> tensor<i32> loc(#loc21)
    %3 = stablehlo.convert %2 : (tensor<i32>) -> tensor<i64> loc(#loc21)
    %4 = stablehlo.compare  GE, %1, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1> loc(#loc22)
    stablehlo.custom_call @shape_assertion(%4, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 4),args[1].shape = (b, 6). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://jax.readthedocs.io/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> () loc(#loc22)
    %5 = stablehlo.compare  EQ, %3, %1,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1> loc(#loc22)
    stablehlo.custom_call @shape_assertion(%5, %3, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[1].shape[0] (= {0}) and the specification 'b' (= {1}). Using the following polymorphic shapes specifications: args[0].shape = (b, 4),args[1].shape = (b, 6). Obtained dimension variables: 'b' = {1} from specification 'b' for dimension args[0].shape[0] (= {1}), . Please see https://jax.readthedocs.io/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i64>, tensor<i64>) -> () loc(#loc22)
    %6 = call @_wrapped_jax_export_main(%1, %arg0, %arg1) : (tensor<i64>, tensor<?x4xf32>, tensor<?x6xf32>) -> tensor<?x4x6xf32> loc(#loc)
    return %6 : tensor<?x4x6xf32> loc(#loc)
  } loc(#loc)
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"} loc(unknown), %arg1: tensor<?x4xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"} loc(unknown), %arg2: tensor<?x6xf32> {jax.arg_info = "y", mhlo.sharding = "{replicated}"} loc(unknown)) -> (tensor<?x4x6xf32> {jax.result_info = ""}) {
    %0 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32> loc(#loc23)
    %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32> loc(#loc23)
    %c = stablehlo.constant dense<4> : tensor<1xi32> loc(#loc23)
    %c_0 = stablehlo.constant dense<6> : tensor<1xi32> loc(#loc23)
    %2 = stablehlo.concatenate %1, %c, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32> loc(#loc23)
    %3 = stablehlo.dynamic_broadcast_in_dim %arg1, %2, dims = [0, 1] : (tensor<?x4xf32>, tensor<3xi32>) -> tensor<?x4x6xf32> loc(#loc23)
    %4 = stablehlo.dynamic_broadcast_in_dim %arg2, %2, dims = [0, 2] : (tensor<?x6xf32>, tensor<3xi32>) -> tensor<?x4x6xf32> loc(#loc28)
    %5 = stablehlo.add %3, %4 : tensor<?x4x6xf32> loc(#loc24)
    %c_1 = stablehlo.constant dense<2> : tensor<i64> loc(#loc25)
    %6 = stablehlo.multiply %c_1, %arg0 : tensor<i64> loc(#loc25)
    %7 = stablehlo.convert %6 : (tensor<i64>) -> tensor<i32> loc(#loc25)
    %8 = stablehlo.reshape %7 : (tensor<i32>) -> tensor<1xi32> loc(#loc25)
    %9 = stablehlo.concatenate %8, %c, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32> loc(#loc25)
    %10 = stablehlo.dynamic_iota %9, dim = 0 : (tensor<3xi32>) -> tensor<?x4x6xf32> loc(#loc25)
    %11 = stablehlo.add %5, %10 : tensor<?x4x6xf32> loc(#loc26)
    return %5 : tensor<?x4x6xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("model.py":9:7 to :62)
#loc2 = loc("model.py":10:7 to :62)
#loc3 = loc("model.py":11:6 to :13)
#loc4 = loc("model.py":12:8 to :44)
#loc5 = loc("model.py":13:9 to :16)
#loc6 = loc("model.py":16:9 to :20)
#loc7 = loc("model.py":19:11 to :70)
#loc8 = loc("layer"(#loc1))
#loc9 = loc("layer"(#loc2))
#loc10 = loc("layer"(#loc3))
#loc11 = loc("layer"(#loc4))
#loc12 = loc("layer"(#loc5))
#loc13 = loc("f"(#loc6))
#loc14 = loc("<module>"(#loc7))
#loc15 = loc(callsite(#loc13 at #loc14))
#loc16 = loc(callsite(#loc8 at #loc15))
#loc17 = loc(callsite(#loc10 at #loc15))
#loc18 = loc(callsite(#loc11 at #loc15))
#loc19 = loc(callsite(#loc12 at #loc15))
#loc20 = loc("/dimension_size[dimension=0]"(#loc14))
#loc21 = loc("/dimension_size[dimension=0]"(#loc14))
#loc22 = loc("/shape_assertion"(#loc14))
#loc23 = loc("jit(f)/broadcast_in_dim"(#loc16))
#loc24 = loc("jit(f)/add"(#loc17))
#loc25 = loc("jit(f)/iota"(#loc18))
#loc26 = loc("jit(f)/add"(#loc19))
#loc27 = loc(callsite(#loc9 at #loc15))
#loc28 = loc("jit(f)/broadcast_in_dim"(#loc27))
