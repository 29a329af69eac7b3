// Programs with no inputs, in the style of TensorRT-Incubator's
// stablehlo-simplification tests (mlir-tensorrt/test/Pipelines/
// StableHloInputPipeline/): every size is a constant that the program
// moves through dynamic_reshape, dynamic_broadcast_in_dim, concatenate,
// real_dynamic_slice, minimum / maximum and compare before using it as a
// shape. SPEC 2: integer values are tracked element by element and one
// unknown element never makes its known neighbours unknown; here none is
// unknown, so every requirement holds for the one run there is. (The
// requirements on constants alone, such as dynamic_reshape's element
// count 1 == 1, are decided where they are stated and not listed.)

// Issue 44, reduced: 1024 through a dynamic_reshape of a scalar, then
// concatenated after [2, 3]: the shape is [2, 3, 1024].
func.func @reduced() -> tensor<2x3x1024xf32> {
  %x = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %c = stablehlo.constant dense<1024> : tensor<i32>
  %s = stablehlo.constant dense<[1]> : tensor<1xi32>
  %r = stablehlo.dynamic_reshape %c, %s : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  %a = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %shape = stablehlo.concatenate %a, %r, dim = 0 : (tensor<2xi32>, tensor<1xi32>) -> tensor<3xi32>
  // expected-safe @+3 {{result-cast dim 0}}
  // expected-safe @+2 {{result-cast dim 1}}
  // expected-safe @+1 {{result-cast dim 2}}
  %b = stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<2x3x1024xf32>
  return %b : tensor<2x3x1024xf32>
}

// A constant scalar broadcast to a `tensor<?xi32>` of two elements is
// [7, 7]; concatenated with get_dimension_size through dynamic_reshape it
// gives [7, 7, 5], and a real_dynamic_slice of it at [1, 3) is [7, 5].
func.func @splat_and_slice() -> tensor<7x5xf32> {
  %c = stablehlo.constant dense<7> : tensor<i32>
  %c_0 = stablehlo.constant dense<2> : tensor<1xi32>
  %0 = stablehlo.dynamic_broadcast_in_dim %c, %c_0, dims = [] : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
  %c_1 = stablehlo.constant dense<5> : tensor<1xi32>
  %1 = stablehlo.dynamic_iota %c_1, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
  %2 = stablehlo.get_dimension_size %1, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %c_2 = stablehlo.constant dense<1> : tensor<1xi32>
  %3 = stablehlo.dynamic_reshape %2, %c_2 : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  %4 = stablehlo.concatenate %0, %3, dim = 0 : (tensor<?xi32>, tensor<1xi32>) -> tensor<3xi32>
  %c_3 = stablehlo.constant dense<1> : tensor<1xi32>
  %c_4 = stablehlo.constant dense<3> : tensor<1xi32>
  %5 = stablehlo.real_dynamic_slice %4, %c_3, %c_4, %c_2 : (tensor<3xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xi32>
  %6 = stablehlo.dynamic_iota %5, dim = 0 : (tensor<?xi32>) -> tensor<?x?xf32>
  // expected-safe @+2 {{cast dim 0}}
  // expected-safe @+1 {{cast dim 1}}
  %7 = tensor.cast %6 : tensor<?x?xf32> to tensor<7x5xf32>
  return %7 : tensor<7x5xf32>
}

// minimum of a reshaped constant and a sliced size, clamp, a 0-element
// maximum, and a comparison of sizes that decides a select: the shape
// [min(2, 4), clamp(1, 9, 6)] = [2, 6].
func.func @min_clamp_select() -> tensor<2x6xf32> {
  %c = stablehlo.constant dense<2> : tensor<i32>
  %0 = stablehlo.reshape %c : (tensor<i32>) -> tensor<1xi32>
  %c_0 = stablehlo.constant dense<[4, 9]> : tensor<2xi32>
  %1 = stablehlo.slice %c_0 [0:1] : (tensor<2xi32>) -> tensor<1xi32>
  %2 = stablehlo.minimum %0, %1 : tensor<1xi32>
  %c_1 = stablehlo.constant dense<1> : tensor<i32>
  %c_2 = stablehlo.constant dense<6> : tensor<i32>
  %3 = stablehlo.slice %c_0 [1:2] : (tensor<2xi32>) -> tensor<1xi32>
  %4 = stablehlo.reshape %3 : (tensor<1xi32>) -> tensor<i32>
  %5 = stablehlo.clamp %c_1, %4, %c_2 : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
  %6 = stablehlo.reshape %5 : (tensor<i32>) -> tensor<1xi32>
  %c_3 = stablehlo.constant dense<> : tensor<0xi32>
  %7 = stablehlo.maximum %c_3, %c_3 : tensor<0xi32>
  %8 = stablehlo.concatenate %7, %2, %6, dim = 0 : (tensor<0xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %9 = stablehlo.compare  GE, %4, %c_2 : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %c_4 = stablehlo.constant dense<[100, 100]> : tensor<2xi32>
  %10 = stablehlo.select %9, %8, %c_4 : (tensor<i1>, tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %c_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  // expected-safe @+2 {{result-cast dim 0}}
  // expected-safe @+1 {{result-cast dim 1}}
  %11 = stablehlo.dynamic_broadcast_in_dim %c_5, %10, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<2x6xf32>
  return %11 : tensor<2x6xf32>
}

// A piece whose values symshape does not read (an element of a float
// tensor, converted) is one unknown per element: the known 2 and 3 beside
// it stay known, so only the dim it gives is in question.
func.func @one_unknown_element(%f: tensor<1xf32>) -> tensor<2x3x?xf32> {
  %x = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %0 = stablehlo.convert %f : (tensor<1xf32>) -> tensor<1xi32>
  %a = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %shape = stablehlo.concatenate %a, %0, dim = 0 : (tensor<2xi32>, tensor<1xi32>) -> tensor<3xi32>
  // expected-ub-possible @+3 {{in-bounds dim 2: %0[0] <= -1}}
  // expected-safe @+2 {{result-cast dim 0}}
  // expected-safe @+1 {{result-cast dim 1}}
  %b = stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<2x3x?xf32>
  return %b : tensor<2x3x?xf32>
}

// In the style of TensorRT-Incubator's canonicalizer-stress-test.mlir:
// a float scalar splatted by a constant shape, a splat of the integer 1
// concatenated with a size read back through get_dimension_size and
// dynamic_reshape, a dynamic_gather whose slice sizes come from
// real_dynamic_slice of a computed shape, a compare of sizes broadcast to
// a `tensor<?xi1>`, and a maximum of empty shapes.
func.func @stress_style() -> tensor<1x128x64xf32> {
  %0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %1 = stablehlo.constant dense<64> : tensor<1xi32>
  %2 = stablehlo.dynamic_broadcast_in_dim %0, %1, dims = [] : (tensor<f32>, tensor<1xi32>) -> tensor<?xf32>
  %3 = stablehlo.constant dense<1> : tensor<i32>
  %4 = stablehlo.constant dense<2> : tensor<1xi32>
  %5 = stablehlo.dynamic_broadcast_in_dim %3, %4, dims = [] : (tensor<i32>, tensor<1xi32>) -> tensor<?xi32>
  %6 = stablehlo.get_dimension_size %2, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %7 = stablehlo.constant dense<1> : tensor<1xi32>
  %8 = stablehlo.dynamic_reshape %6, %7 : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  %9 = stablehlo.concatenate %8, dim = 0 : (tensor<1xi32>) -> tensor<1xi32>
  %10 = stablehlo.concatenate %5, %9, dim = 0 : (tensor<?xi32>, tensor<1xi32>) -> tensor<3xi32>
  // [1, 1, 64]: %2 (64 long) maps to dim 2.
  // expected-safe @+1 {{mapped-dim dim 2}}
  %11 = stablehlo.dynamic_broadcast_in_dim %2, %10, dims = [2] : (tensor<?xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  %12 = stablehlo.constant dense<[512, 64]> : tensor<2xi32>
  %13 = stablehlo.dynamic_iota %12, dim = 0 : (tensor<2xi32>) -> tensor<?x?xf32>
  %14 = stablehlo.constant dense<1> : tensor<1x128xi32>
  %15 = stablehlo.constant dense<1> : tensor<1xi32>
  %16 = stablehlo.get_dimension_size %13, dim = 0 : (tensor<?x?xf32>) -> tensor<i32>
  %17 = stablehlo.dynamic_reshape %16, %15 : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  %18 = stablehlo.get_dimension_size %13, dim = 1 : (tensor<?x?xf32>) -> tensor<i32>
  %19 = stablehlo.dynamic_reshape %18, %15 : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  %20 = stablehlo.concatenate %17, %19, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %21 = stablehlo.constant dense<1> : tensor<1xi32>
  %22 = stablehlo.constant dense<2> : tensor<1xi32>
  %23 = stablehlo.real_dynamic_slice %20, %21, %22, %15 : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xi32>
  %24 = stablehlo.concatenate %15, %23, dim = 0 : (tensor<1xi32>, tensor<?xi32>) -> tensor<2xi32>
  // slice sizes [1, 64] from the shape of %13 ([512, 64]): 1x128x64,
  // requirements on constants, decided where they are stated.
  %25 = "stablehlo.dynamic_gather"(%13, %14, %24) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>} : (tensor<?x?xf32>, tensor<1x128xi32>, tensor<2xi32>) -> tensor<1x128x?xf32>
  %26 = stablehlo.get_dimension_size %25, dim = 2 : (tensor<1x128x?xf32>) -> tensor<i32>
  %27 = stablehlo.dynamic_reshape %26, %15 : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  %28 = stablehlo.constant dense<[1, 128]> : tensor<2xi32>
  %29 = stablehlo.concatenate %28, %27, dim = 0 : (tensor<2xi32>, tensor<1xi32>) -> tensor<3xi32>
  // %29 = [1, 128, 64]; %11 is [1, 1, 64].
  // expected-safe @+6 {{mapped-dim dim 0}}
  // expected-safe @+5 {{mapped-dim dim 1}}
  // expected-safe @+4 {{mapped-dim dim 2}}
  // expected-safe @+3 {{result-cast dim 0}}
  // expected-safe @+2 {{result-cast dim 1}}
  // expected-safe @+1 {{result-cast dim 2}}
  %30 = stablehlo.dynamic_broadcast_in_dim %11, %29, dims = [0, 1, 2] : (tensor<?x?x?xf32>, tensor<3xi32>) -> tensor<1x128x64xf32>
  %31 = stablehlo.add %30, %25 : (tensor<1x128x64xf32>, tensor<1x128x?xf32>) -> tensor<1x128x64xf32>
  %32 = stablehlo.constant dense<> : tensor<0xi32>
  %33 = stablehlo.dynamic_reshape %23, %32 : (tensor<?xi32>, tensor<0xi32>) -> tensor<i32>
  %34 = stablehlo.compare  GE, %33, %3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %35 = stablehlo.dynamic_broadcast_in_dim %34, %15, dims = [] : (tensor<i1>, tensor<1xi32>) -> tensor<?xi1>
  %36 = stablehlo.get_dimension_size %35, dim = 0 : (tensor<?xi1>) -> tensor<i32>
  %37 = stablehlo.dynamic_reshape %36, %15 : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  %38 = stablehlo.maximum %32, %32 : tensor<0xi32>
  %39 = stablehlo.dynamic_broadcast_in_dim %33, %38, dims = [] : (tensor<i32>, tensor<0xi32>) -> tensor<i32>
  return %31 : tensor<1x128x64xf32>
}
// expected-summary {{safe=16 ub-possible=1 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
