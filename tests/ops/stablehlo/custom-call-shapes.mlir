// Custom calls whose result sizes are known without knowing the function:
// JAX appends one shape operand per result and lists them in
// `indices_of_shape_operands` (its mlir.custom_call with result_shapes;
// StableHLO's shape refinement reads each result's sizes from them), and
// an external function whose operands and results are all static (LAPACK,
// cuSOLVER) has nothing to relate: its results are their declared types.
// An external function with `?` sizes and no shape operands stays opaque.
// Expectations derived by hand.

// lax.approx_max_k(a, k = b - 4) for a: f32[b], exported with the result
// shapes [k] and [k] as trailing operands (5 and 6).
func.func public @approx_max_k_shapes(%arg0: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
  %c = stablehlo.constant dense<-4> : tensor<i64>
  %2 = stablehlo.add %1, %c : tensor<i64>
  %3 = stablehlo.convert %2 : (tensor<i64>) -> tensor<i32>
  %4 = stablehlo.reshape %3 : (tensor<i32>) -> tensor<1xi32>
  %5 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %6 = stablehlo.dynamic_iota %5, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c_0 = stablehlo.constant dense<-1> : tensor<i32>
  // k = b - 4 must be within [0, b].
  // expected-ub-possible @+1 {{in-bounds: %arg0[0] <= 3}}
  %7:2 = stablehlo.custom_call @stablehlo.dynamic_approx_top_k(%arg0, %6, %cst, %c_0, %3, %4, %4) {called_computations = [@top_k_gt_f32_comparator], indices_of_shape_operands = dense<[5, 6]> : tensor<2xi64>, mhlo.backend_config = {aggregate_to_topk = true, is_fallback = true, recall_target = 0.949999988 : f32, reduction_dim = 0 : i64, reduction_input_size_override = -1 : i64}} : (tensor<?xf32>, tensor<?xi32>, tensor<f32>, tensor<i32>, tensor<i32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<?xf32>, tensor<?xi32>)
  return %7#0, %7#1 : tensor<?xf32>, tensor<?xi32>
}
func.func private @top_k_gt_f32_comparator(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare  GT, %arg0, %arg1,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// An FFI call exported with its result shape [2 * b] as operand 1: the
// result has 2 * b elements whatever the function does.
func.func public @ffi_result_shape(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<2> : tensor<i32>
  %1 = stablehlo.multiply %0, %c : tensor<i32>
  %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
  // Its entry 2 * b is a size (>= 0): always.
  // expected-safe @+1 {{in-bounds}}
  %3 = stablehlo.custom_call @my_ffi_duplicate(%arg0, %2) {api_version = 4 : i32, indices_of_shape_operands = dense<1> : tensor<1xi64>} : (tensor<?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %4 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // Both have 2 * b elements.
  // expected-safe @+1 {{equal}}
  %5 = stablehlo.add %3, %4 : tensor<?xf32>
  return %5 : tensor<?xf32>
}

// jnp.linalg.lu on a static 3x3 matrix (CPU): every type static.
func.func public @lu_static(%arg0: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<i32>) {
  %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%arg0) {mhlo.backend_config = {}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<i32>)
  return %0#0, %0#1, %0#2 : tensor<3x3xf32>, tensor<3xi32>, tensor<i32>
}

// The same target on a matrix of dynamic size, with no shape operands:
// nothing says what its results' sizes are.
func.func public @lu_dynamic(%arg0: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-opaque @+1 {{stablehlo.custom_call}}
  %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%arg0) {mhlo.backend_config = {}} : (tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?xi32>, tensor<i32>)
  return %0#0 : tensor<?x?xf32>
}
