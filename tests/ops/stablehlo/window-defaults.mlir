// Window attributes printed as empty lists (`stride = []`, `pad = []`):
// StableHLO's verifier reads an empty list as the default (stride and
// dilations 1, padding 0; TypeInference.cpp,
// verifyWindowAttributesAndInferWindowDimensions), as stablehlo-opt prints
// a convolution built without them. Expectations derived by hand.
func.func @conv_empty_window(%x: tensor<1x?x26x32xf32>, %k: tensor<3x3x32x8xf32>) -> tensor<1x24x24x8xf32> {
  // Spatial dim 0: (%x[1] - 3) / 1 + 1 = %x[1] - 2, or 0 windows for
  // %x[1] <= 2 (the window does not fit: is_empty_window in the spec, not
  // UB), and declared 24: a cast that holds exactly when %x[1] == 26.
  // Spatial dim 1: 26 - 2 = 24 (static). The padded input, %x[1] + 0 + 0,
  // is never negative.
  // expected-safe @+2 {{in-bounds}}
  // expected-ub-possible @+1 {{result-cast dim 1: %x[1] != 26}}
  %0 = stablehlo.convolution(%x, %k)
         dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
         window = {stride = [], pad = [], lhs_dilate = [], rhs_dilate = [], reverse = []}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x?x26x32xf32>, tensor<3x3x32x8xf32>) -> tensor<1x24x24x8xf32>
  return %0 : tensor<1x24x24x8xf32>
}

func.func @reduce_window_empty_strides(%x: tensor<4x9xf32>, %init: tensor<f32>) -> tensor<4x7xf32> {
  // Window 1x3, strides and padding given as empty arrays: dim 1 is
  // 9 - 3 + 1 = 7, dim 0 stays 4.
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3>, window_strides = array<i64>, base_dilations = array<i64>, window_dilations = array<i64>} : (tensor<4x9xf32>, tensor<f32>) -> tensor<4x7xf32>
  return %0 : tensor<4x7xf32>
}
