// The dynamic custom calls JAX's shape-polymorphic export emits, and
// real_dynamic_slice with bounds computed from sizes, as jax.export prints
// them. Expectations by hand from XLA's stablehlo_ext definitions:
// dynamic_top_k's results are the operand with its last dim k
// (0 <= k <= that dim, dynamic_top_k_c3); dynamic_approx_top_k's, the
// inputs with reduction_dim k; dynamic_rng_bit_generator's output has the
// shape output_shape holds (its elements are sizes); real_dynamic_slice is
// slice with value bounds: 0 <= start <= limit <= dim (slice_c3),
// stride > 0 (slice_c4), result ceil((limit - start) / stride).

// jax.random.bits(key, (10 * b0 * b1, 4)) sliced [::10] (the body of the
// export's wrapped function, with the dimension variables computed where
// they are used): b0 * b1 rows.
func.func public @random_bits(%arg0: tensor<4xui32>, %arg1: tensor<?x?xf32>) -> tensor<?x4xui32> {
  %0 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x?xf32>) -> tensor<i32>
  %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
  %2 = stablehlo.get_dimension_size %arg1, dim = 1 : (tensor<?x?xf32>) -> tensor<i32>
  %3 = stablehlo.convert %2 : (tensor<i32>) -> tensor<i64>
  %4 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
  %5 = stablehlo.bitcast_convert %4 : (tensor<2x2xui32>) -> tensor<2xui64>
  %6 = stablehlo.multiply %1, %3 : tensor<i64>
  %c = stablehlo.constant dense<10> : tensor<i64>
  %7 = stablehlo.multiply %6, %c : tensor<i64>
  %c_0 = stablehlo.constant dense<4> : tensor<i64>
  %8 = stablehlo.convert %7 : (tensor<i64>) -> tensor<i32>
  %9 = stablehlo.reshape %8 : (tensor<i32>) -> tensor<1xi32>
  %10 = stablehlo.convert %c_0 : (tensor<i64>) -> tensor<i32>
  %11 = stablehlo.reshape %10 : (tensor<i32>) -> tensor<1xi32>
  %12 = stablehlo.concatenate %9, %11, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  // output_shape [10 * b0 * b1, 4]: its elements are sizes.
  // expected-safe @+1 {{in-bounds}}
  %13:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%5, %12) {api_version = 2 : i32, rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<2xui64>, tensor<2xi32>) -> (tensor<2xui64>, tensor<?x4xui32>)
  %c_1 = stablehlo.constant dense<0> : tensor<2xi32>
  %c_2 = stablehlo.constant dense<[10, 1]> : tensor<2xi32>
  // 0 <= 0 <= 10 * b0 * b1 <= %13#1[0]; dim 1 is static.
  // expected-safe @+1 {{in-bounds}}
  %14 = stablehlo.real_dynamic_slice %13#1, %c_1, %12, %c_2 : (tensor<?x4xui32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x4xui32>
  // The slice has (10 * b0 * b1) ceildiv 10 = b0 * b1 rows: as many as a
  // broadcast to [b0 * b1, 4].
  %15 = stablehlo.convert %6 : (tensor<i64>) -> tensor<i32>
  %16 = stablehlo.reshape %15 : (tensor<i32>) -> tensor<1xi32>
  %17 = stablehlo.concatenate %16, %11, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %c_3 = stablehlo.constant dense<1> : tensor<ui32>
  %18 = stablehlo.dynamic_broadcast_in_dim %c_3, %17, dims = [] : (tensor<ui32>, tensor<2xi32>) -> tensor<?x4xui32>
  // expected-safe @+1 {{equal}}
  %19 = stablehlo.add %14, %18 : tensor<?x4xui32>
  return %19 : tensor<?x4xui32>
}

// lax.top_k(a, k = b - 1) for a: f32[4, b]: k is negative when b = 0.
func.func public @top_k(%arg0: tensor<4x?xf32>, %arg1: tensor<4x?xf32>) -> (tensor<4x?xf32>, tensor<4x?xi32>) {
  %0 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<4x?xf32>) -> tensor<i32>
  %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
  %c = stablehlo.constant dense<-1> : tensor<i64>
  %2 = stablehlo.add %1, %c : tensor<i64>
  %3 = stablehlo.convert %2 : (tensor<i64>) -> tensor<i32>
  // expected-ub-possible @+1 {{in-bounds: %arg0[1] == 0}}
  %4:2 = stablehlo.custom_call @stablehlo.dynamic_top_k(%arg0, %3) {api_version = 2 : i32} : (tensor<4x?xf32>, tensor<i32>) -> (tensor<4x?xf32>, tensor<4x?xi32>)
  // The values are [4, b - 1].
  // expected-ub-possible @+1 {{equal: %arg0[1] != %arg1[1] + 1}}
  %5 = stablehlo.add %4#0, %arg1 : tensor<4x?xf32>
  return %5, %4#1 : tensor<4x?xf32>, tensor<4x?xi32>
}

// lax.approx_max_k(a, k = b - 4) for a: f32[b]: k must fit in b.
func.func public @approx_max_k(%arg0: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
  %c = stablehlo.constant dense<-4> : tensor<i64>
  %3 = stablehlo.add %1, %c : tensor<i64>
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c_0 = stablehlo.constant dense<-1> : tensor<i32>
  %r = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %4 = stablehlo.dynamic_iota %r, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
  // expected-ub-possible @+1 {{in-bounds: %arg0[0] <= 3}}
  %5:2 = stablehlo.custom_call @stablehlo.dynamic_approx_top_k(%arg0, %4, %cst, %c_0, %3) {called_computations = [@top_k_gt_f32_comparator], mhlo.backend_config = {aggregate_to_topk = true, is_fallback = true, recall_target = 0.949999988 : f32, reduction_dim = 0 : i64, reduction_input_size_override = -1 : i64}} : (tensor<?xf32>, tensor<?xi32>, tensor<f32>, tensor<i32>, tensor<i64>) -> (tensor<?xf32>, tensor<?xi32>)
  return %5#0, %5#1 : tensor<?xf32>, tensor<?xi32>
}
func.func private @top_k_gt_f32_comparator(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare GT, %arg0, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// A variadic dynamic_reduce_window: its inputs have one shape
// (reduce_window_c2); windows [2, 2], strides and dilations 1, the padding
// a rank-2 constant 0: each result is [max(0, %arg0[0] - 1), 3]
// (reduce_window_c15), so the add with %arg2 needs its rows to be that.
func.func public @reduce_window(%arg0: tensor<?x4xf32>, %arg1: tensor<?x4xi32>, %arg2: tensor<?x3xf32>) -> (tensor<?x?xf32>, tensor<?x?xi32>) {
  %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %c = stablehlo.constant dense<2> : tensor<i32>
  %c_0 = stablehlo.constant dense<[2, 2]> : tensor<2xi32>
  %c_1 = stablehlo.constant dense<1> : tensor<2xi32>
  %c_2 = stablehlo.constant dense<0> : tensor<2x2xi32>
  // expected-ub-possible @+1 {{equal: %arg0[0] != %arg1[0]}}
  %0:2 = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%arg0, %arg1, %cst, %c, %c_0, %c_1, %c_1, %c_1, %c_2) {api_version = 2 : i32, called_computations = [@generic_reduce_window_reducer]} : (tensor<?x4xf32>, tensor<?x4xi32>, tensor<f32>, tensor<i32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<?x?xf32>, tensor<?x?xi32>)
  // With r = max(0, %arg0[0] - 1): UB exactly when %arg0[0] >= 1 and
  // %arg0[0] != %arg2[0] + 1, or %arg0[0] == 0 and %arg2[0] != 0.
  // expected-ub-possible @+1 {{equal: (%arg2[0] != 0 && %arg0[0] != %arg2[0] + 1) || (%arg0[0] >= 1 && %arg0[0] != %arg2[0] + 1)}}
  %1 = "stablehlo.add"(%0#0, %arg2) : (tensor<?x?xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %0#0, %0#1 : tensor<?x?xf32>, tensor<?x?xi32>
}
func.func private @generic_reduce_window_reducer(%arg0: tensor<f32>, %arg1: tensor<i32>, %arg2: tensor<f32>, %arg3: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  %0 = stablehlo.add %arg0, %arg2 : tensor<f32>
  %1 = stablehlo.subtract %arg1, %arg3 : tensor<i32>
  return %0, %1 : tensor<f32>, tensor<i32>
}

// real_dynamic_slice of the last two rows: start = d - 2 must not be
// negative; the result then has 2 rows, as the add needs.
func.func public @last_two(%arg0: tensor<?x3xf32>, %arg1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<2> : tensor<i32>
  %1 = stablehlo.subtract %0, %c : tensor<i32>
  %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
  %3 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %c_0 = stablehlo.constant dense<0> : tensor<1xi32>
  %c_1 = stablehlo.constant dense<3> : tensor<1xi32>
  %c_2 = stablehlo.constant dense<1> : tensor<2xi32>
  %4 = stablehlo.concatenate %2, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %5 = stablehlo.concatenate %3, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  // expected-ub-possible @+1 {{in-bounds: %arg0[0] <= 1}}
  %6 = stablehlo.real_dynamic_slice %arg0, %4, %5, %c_2 : (tensor<?x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x3xf32>
  // expected-safe @+1 {{equal}}
  %7 = stablehlo.add %6, %arg1 : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %7 : tensor<2x3xf32>
}

// A stride of 0 (slice_c4): every run that gets there has UB.
func.func public @zero_stride(%arg0: tensor<?x10xf32>) -> tensor<2x?xf32> {
  %c = stablehlo.constant dense<0> : tensor<2xi64>
  %c_0 = stablehlo.constant dense<[2, 10]> : tensor<2xi64>
  %c_1 = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  // expected-ub-possible @+2 {{in-bounds rule slice_c3: %arg0[0] <= 1}}
  // expected-ub-guaranteed @+1 {{in-bounds rule slice_c4}}
  %0 = "mhlo.real_dynamic_slice"(%arg0, %c, %c_0, %c_1) : (tensor<?x10xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// x[0:x.shape[0]] with its limit from the operand's own size: within
// bounds (slice_c3), and its result ceil((%arg0[0] - 0) / 1) = %arg0[0]
// rows (slice_c5), declared 4.
func.func public @limit_from_size(%arg0: tensor<?xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<0> : tensor<1xi32>
  %c_0 = stablehlo.constant dense<1> : tensor<1xi32>
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  // expected-safe @+2 {{in-bounds rule slice_c3}}
  // expected-ub-possible @+1 {{result-cast dim 0 rule slice_c5: %arg0[0] != 4}}
  %2 = stablehlo.real_dynamic_slice %arg0, %c, %1, %c_0 : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// The verifier's checks of the dynamic custom calls, and a declared size
// that k contradicts.
func.func public @errors(%arg0: tensor<?x10xf32>, %arg1: tensor<2xui64>) {
  %c = stablehlo.constant dense<0> : tensor<2xi64>
  %c_0 = stablehlo.constant dense<[2, 10]> : tensor<2xi64>
  %k = stablehlo.constant dense<3> : tensor<ui64>
  // The values keep the operand's rank (dynamic_top_k_c1).
  // expected-error @+1 {{rank}}
  %1:2 = stablehlo.custom_call @stablehlo.dynamic_top_k(%c, %k) : (tensor<2xi64>, tensor<ui64>) -> (tensor<2x3xi64>, tensor<2x3xi32>)
  // output_shape has 2 elements: the output has rank 2
  // (dynamic_rng_bit_generator_c3).
  // expected-error @+1 {{rank}}
  %2:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%arg1, %c_0) {rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<2xui64>, tensor<2xi64>) -> (tensor<2xui64>, tensor<?xf32>)
  // k = 3 makes both results 3 wide, not 4: result-casts that always fail.
  // expected-ub-guaranteed @+2 {{result-cast dim 1}}
  // expected-ub-guaranteed @+1 {{result-cast dim 1}}
  %3:2 = stablehlo.custom_call @stablehlo.dynamic_top_k(%arg0, %k) : (tensor<?x10xf32>, tensor<ui64>) -> (tensor<?x4xf32>, tensor<?x4xi32>)
  return
}
// expected-summary {{safe=7 ub-possible=8 ub-guaranteed=3 error=2 unreachable=0 unknown=0}}
