// stablehlo.dynamic_conv: convolution whose padding is its third operand,
// a [N, 2] tensor (lo, hi per spatial dim; StableHLO spec, "functionally
// identical to convolution"), read when its values are constants or sizes
// symshape follows; else the op is opaque. Each spatial output size is
// floor((in + lo + hi - (k - 1) - 1) / stride) + 1.

// StableHLO's verify_dynamic_conv example with a dynamic batch: padding 2
// gives 26 + 4 - 3 + 1 = 28, so only the batch of %y can differ.
func.func @constant_padding(%arg0: tensor<?x26x26x32xf32>, %arg1: tensor<3x3x1x32xf32>, %y: tensor<?x28x28x1xf32>) -> tensor<?x28x28x1xf32> {
  %padding = stablehlo.constant dense<2> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%arg0, %arg1, %padding) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<?x26x26x32xf32>, tensor<3x3x1x32xf32>, tensor<2x2xi64>) -> tensor<?x28x28x1xf32>
  // expected-ub-possible @+1 {{equal: %arg0[0] != %y[0]}}
  %1 = stablehlo.add %0, %y : tensor<?x28x28x1xf32>
  return %1 : tensor<?x28x28x1xf32>
}

// A declared size the padding values contradict: a runtime cast (the
// verifier does not read the operand), which always fails.
func.func @wrong_declared(%arg0: tensor<?x26x26x32xf32>, %arg1: tensor<3x3x1x32xf32>) -> tensor<?x27x28x1xf32> {
  %padding = stablehlo.constant dense<[[2, 2], [2, 2]]> : tensor<2x2xi32>
  // expected-ub-guaranteed @+1 {{result-cast dim 1}}
  %0 = "stablehlo.dynamic_conv"(%arg0, %arg1, %padding) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<?x26x26x32xf32>, tensor<3x3x1x32xf32>, tensor<2x2xi32>) -> tensor<?x27x28x1xf32>
  return %0 : tensor<?x27x28x1xf32>
}

// Padding [[0, b], [1, 1]] built from the batch size b (JAX-style shape
// arithmetic, reshaped to [2, 2]): the result is [b, 24 + b, 26, 1].
func.func @size_padding(%arg0: tensor<?x26x26x32xf32>, %arg1: tensor<3x3x1x32xf32>, %z: tensor<?x?x26x1xf32>) -> tensor<?x?x26x1xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x26x26x32xf32>) -> tensor<i32>
  %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
  %2 = stablehlo.reshape %1 : (tensor<i64>) -> tensor<1xi64>
  %c = stablehlo.constant dense<0> : tensor<1xi64>
  %c_0 = stablehlo.constant dense<1> : tensor<2xi64>
  %3 = stablehlo.concatenate %c, %2, %c_0, dim = 0 : (tensor<1xi64>, tensor<1xi64>, tensor<2xi64>) -> tensor<4xi64>
  %4 = stablehlo.reshape %3 : (tensor<4xi64>) -> tensor<2x2xi64>
  // The window of spatial dim 0 fits: 24 + b is never negative.
  // expected-safe @+1 {{in-bounds}}
  %5 = "stablehlo.dynamic_conv"(%arg0, %arg1, %4) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<?x26x26x32xf32>, tensor<3x3x1x32xf32>, tensor<2x2xi64>) -> tensor<?x?x26x1xf32>
  // expected-ub-possible @+2 {{equal: %arg0[0] != %z[0]}}
  // expected-ub-possible @+1 {{equal: %arg0[0] + 24 != %z[1]}}
  %6 = stablehlo.add %5, %z : tensor<?x?x26x1xf32>
  return %6 : tensor<?x?x26x1xf32>
}

// Padding values symshape does not know (an argument): opaque.
func.func @unknown_padding(%arg0: tensor<?x26x26x32xf32>, %arg1: tensor<3x3x1x32xf32>, %p: tensor<2x2xi64>) -> tensor<?x?x?x1xf32> {
  // expected-opaque @+1 {{stablehlo.dynamic_conv}}
  %0 = "stablehlo.dynamic_conv"(%arg0, %arg1, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<?x26x26x32xf32>, tensor<3x3x1x32xf32>, tensor<2x2xi64>) -> tensor<?x?x?x1xf32>
  return %0 : tensor<?x?x?x1xf32>
}

// Padding of shape [3, 2] for two spatial dims (dynamic_conv_c4): a static
// error.
func.func @padding_shape(%arg0: tensor<1x8x8x207xf32>, %arg1: tensor<3x3x207x16xf32>) -> tensor<1x8x8x16xf32> {
  %padding = stablehlo.constant dense<1> : tensor<3x2xi64>
  // expected-error @+1 {{rank}}
  %0 = "stablehlo.dynamic_conv"(%arg0, %arg1, %padding) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x207xf32>, tensor<3x3x207x16xf32>, tensor<3x2xi64>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}
// expected-summary {{safe=1 ub-possible=3 ub-guaranteed=1 error=1 unreachable=0 unknown=0}}
