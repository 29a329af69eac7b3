// Integer values through stablehlo.dynamic_slice at a start only known at
// runtime. StableHLO spec (dynamic_slice): the start is clamped to
// [0, dim - slice size], so result element k is operand element
// clamp(start) + k: one of a window of the operand's elements. SPEC 2:
// an unknown start never makes known values unknown; where every
// element of the window is the same, the result element is that value.
// Expectations by hand.

// [4, 4, 4] sliced 2 anywhere is [4, 4].
func.func @same_window(%arg0: tensor<f32>, %arg1: tensor<i32>) -> tensor<4x4xf32> {
  %c = stablehlo.constant dense<[4, 4, 4]> : tensor<3xi32>
  %0 = stablehlo.dynamic_slice %c, %arg1, sizes = [2] : (tensor<3xi32>, tensor<i32>) -> tensor<2xi32>
  // expected-safe @+2 {{result-cast dim 0}}
  // expected-safe @+1 {{result-cast dim 1}}
  %1 = stablehlo.dynamic_broadcast_in_dim %arg0, %0, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}

// [%n, 5, 5, 5] with %n the size of %arg2: element 1 of a slice of 2 is
// 5 wherever it starts, element 0 is %n only at start <= 0.
func.func @known_neighbours(%arg0: tensor<f32>, %arg1: tensor<i32>, %arg2: tensor<?xf32>) -> tensor<5x5xf32> {
  %0 = stablehlo.get_dimension_size %arg2, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %c = stablehlo.constant dense<[5, 5, 5]> : tensor<3xi32>
  %2 = stablehlo.concatenate %1, %c, dim = 0 : (tensor<1xi32>, tensor<3xi32>) -> tensor<4xi32>
  %3 = stablehlo.dynamic_slice %2, %arg1, sizes = [2] : (tensor<4xi32>, tensor<i32>) -> tensor<2xi32>
  // expected-ub-possible @+2 {{result-cast dim 0: %arg2[0] != 5 && %arg1 <= 0}}
  // expected-safe @+1 {{result-cast dim 1}}
  %4 = stablehlo.dynamic_broadcast_in_dim %arg0, %3, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<5x5xf32>
  return %4 : tensor<5x5xf32>
}

// [2, 3, 4] sliced 2: [2, 3] at a start <= 0, [3, 4] at a start >= 1
// (clamped to 1): a [3, 4] result is UB exactly when the start is <= 0.
func.func @window(%arg0: tensor<f32>, %arg1: tensor<i32>) -> tensor<3x4xf32> {
  %c = stablehlo.constant dense<[2, 3, 4]> : tensor<3xi32>
  %0 = stablehlo.dynamic_slice %c, %arg1, sizes = [2] : (tensor<3xi32>, tensor<i32>) -> tensor<2xi32>
  // expected-ub-possible @+2 {{result-cast dim 0: %arg1 <= 0}}
  // expected-ub-possible @+1 {{result-cast dim 1: %arg1 <= 0}}
  %1 = stablehlo.dynamic_broadcast_in_dim %arg0, %0, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<3x4xf32>
  return %1 : tensor<3x4xf32>
}
