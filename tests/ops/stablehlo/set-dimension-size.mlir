// set_dimension_size (StablehloOps.td; XLA's SetDimensionSize): the
// result is the operand with dim `dimension` of the runtime size given by
// the 0-d integer `size`. The verifier (hlo::inferSetDimensionSizeOp)
// wants `dimension` in [0, rank); at runtime the size must fit what the
// operand's buffer holds there: 0 <= size <= its static size or its
// `#stablehlo.bounds` bound (`in-bounds`). The sizes here stay small so
// that the oracle's brute force (every `?` in [0, 4],
// tests/ops/stablehlo/CMakeLists.txt) reaches every failing size.

// The size of %x onto 2 elements: %x longer than 2 does not fit.
func.func @static_size(%x: tensor<?xf32>, %pad: tensor<2xf32>) -> tensor<?xf32, #stablehlo.bounds<2>> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  // expected-ub-possible @+1 {{in-bounds: %x[0] >= 3}}
  %0 = stablehlo.set_dimension_size %pad, %n, dim = 0 : (tensor<2xf32>, tensor<i32>) -> tensor<?xf32, #stablehlo.bounds<2>>
  return %0 : tensor<?xf32, #stablehlo.bounds<2>>
}

// One less than the length of %x: -1 for an empty %x, which no dim holds,
// and more than the 4 columns for %x longer than 5.
func.func @negative(%x: tensor<?xf32>, %m: tensor<2x4xf32>) -> tensor<2x?xf32, #stablehlo.bounds<?, 4>> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<1> : tensor<i32>
  %k = stablehlo.subtract %n, %c : tensor<i32>
  // expected-ub-possible @+1 {{in-bounds: %x[0] >= 6 || %x[0] == 0}}
  %0 = stablehlo.set_dimension_size %m, %k, dim = 1 : (tensor<2x4xf32>, tensor<i32>) -> tensor<2x?xf32, #stablehlo.bounds<?, 4>>
  return %0 : tensor<2x?xf32, #stablehlo.bounds<?, 4>>
}

// mhlo's generic form (mlir-hlo's tests print it so). The result's dim 1
// is the size of %x, against a declared 3.
func.func @mhlo_generic(%x: tensor<?xf32>, %m: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %n = "mhlo.get_dimension_size"(%x) {dimension = 0 : i64} : (tensor<?xf32>) -> tensor<i32>
  // expected-ub-possible @+2 {{in-bounds: %x[0] >= 4}}
  // expected-ub-possible @+1 {{result-cast dim 1: %x[0] != 3}}
  %0 = "mhlo.set_dimension_size"(%m, %n) {dimension = 1 : i64} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// A dimension outside the operand's rank: the verifier rejects it
// ("expects dimension 2 of an operand of rank 2").
func.func @dimension_out_of_range(%m: tensor<2x3xf32>, %n: tensor<i32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{rank}}
  %0 = stablehlo.set_dimension_size %m, %n, dim = 2 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
// expected-summary {{safe=0 ub-possible=4 ub-guaranteed=0 error=1 unreachable=0 unknown=0}}
