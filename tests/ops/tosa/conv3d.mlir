// tosa.conv3d (MLIR 16 generic form; TOSA spec CONV3D): input
// [N, ID, IH, IW, IC] and weight [OC, KD, KH, KW, IC] give
// [N, OD, OH, OW, OC] with OD = (ID - 1 + pad_d0 + pad_d1 - (KD - 1) *
// dilation_d) / stride_d + 1, and alike for H and W; the window must fit.

func.func @conv3d(%in: tensor<1x?x5x5x3xf32>, %w: tensor<8x3x3x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x2x3x3x8xf32> {
  // No padding, stride and dilation 1: OD = ID - 2, declared 2.
  // expected-ub-possible @+2 {{in-bounds: %in[1] <= 1}}
  // expected-ub-possible @+1 {{result-cast dim 1: %in[1] != 4}}
  %0 = "tosa.conv3d"(%in, %w, %b) {dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x?x5x5x3xf32>, tensor<8x3x3x3x3xf32>, tensor<8xf32>) -> tensor<1x2x3x3x8xf32>
  return %0 : tensor<1x2x3x3x8xf32>
}
