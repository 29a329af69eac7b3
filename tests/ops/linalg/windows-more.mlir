// More linalg convolutions and pooling (MLIR's linalg named-op
// definitions), with the window rule of windows.mlir: each spatial output
// size is out = floor((in - dilation * (k - 1) - 1) / stride) + 1, the
// window must fit (`in-bounds`: out >= 0), the outs' sizes must be the
// computed ones, and batch / channel sizes their counterparts (`equal`).

// conv_2d: [H, W] * [KH, KW] -> [OH, OW], stride and dilation 1: out =
// in - 2; the width 8 gives the declared 6.
func.func @conv_plain(%in: tensor<?x8xf32>, %f: tensor<3x3xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  // expected-ub-possible @+2 {{in-bounds: %in[0] <= 1}}
  // expected-ub-possible @+1 {{equal: %in[0] != 6}}
  %0 = linalg.conv_2d ins(%in, %f : tensor<?x8xf32>, tensor<3x3xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// conv_2d_nhwc_fhwc: [N, H, W, C] * [F, KH, KW, C] -> [N, OH, OW, F].
func.func @conv_fhwc(%in: tensor<1x?x5x?xf32>, %f: tensor<8x3x3x3xf32>, %o: tensor<1x?x3x8xf32>) -> tensor<1x?x3x8xf32> {
  // expected-ub-possible @+3 {{equal: %in[3] != 3}}
  // expected-ub-possible @+2 {{in-bounds: %in[1] <= 1}}
  // expected-ub-possible @+1 {{equal: %in[1] != %o[1] + 2}}
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %f : tensor<1x?x5x?xf32>, tensor<8x3x3x3xf32>) outs(%o : tensor<1x?x3x8xf32>) -> tensor<1x?x3x8xf32>
  return %0 : tensor<1x?x3x8xf32>
}

// conv_3d_ndhwc_dhwcf: [N, D, H, W, C] * [KD, KH, KW, C, F] ->
// [N, OD, OH, OW, F]; the declared depth 2 needs in = 4.
func.func @conv_3d(%in: tensor<1x?x5x5x3xf32>, %f: tensor<3x3x3x3x8xf32>, %o: tensor<1x2x3x3x8xf32>) -> tensor<1x2x3x3x8xf32> {
  // expected-ub-possible @+2 {{in-bounds: %in[1] <= 1}}
  // expected-ub-possible @+1 {{equal: %in[1] != 4}}
  %0 = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%in, %f : tensor<1x?x5x5x3xf32>, tensor<3x3x3x3x8xf32>) outs(%o : tensor<1x2x3x3x8xf32>) -> tensor<1x2x3x3x8xf32>
  return %0 : tensor<1x2x3x3x8xf32>
}

// depthwise_conv_2d_nchw_chw: [N, C, H, W] * [C, KH, KW] -> [N, C, OH, OW];
// the channel is shared; the declared height 4 needs in = 6.
func.func @depthwise_nchw(%in: tensor<1x?x?x6xf32>, %f: tensor<?x3x3xf32>, %o: tensor<1x?x4x4xf32>) -> tensor<1x?x4x4xf32> {
  // expected-ub-possible @+4 {{equal: %in[1] != %f[0]}}
  // expected-ub-possible @+3 {{equal: %in[1] != %o[1]}}
  // expected-ub-possible @+2 {{in-bounds: %in[2] <= 1}}
  // expected-ub-possible @+1 {{equal: %in[2] != 6}}
  %0 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %f : tensor<1x?x?x6xf32>, tensor<?x3x3xf32>) outs(%o : tensor<1x?x4x4xf32>) -> tensor<1x?x4x4xf32>
  return %0 : tensor<1x?x4x4xf32>
}

// Unsigned pooling, as pooling_nhwc_max / _min: 8 by a window of 2 with
// stride 2 is 4; batch and channel sizes are the outs'.
func.func @pool_unsigned(%in: tensor<?x8x8x3xi32>, %w: tensor<2x2xi32>, %o: tensor<4x4x4x3xi32>, %j: tensor<1x8x8x?xi32>, %p: tensor<1x4x4x3xi32>) -> (tensor<4x4x4x3xi32>, tensor<1x4x4x3xi32>) {
  // expected-ub-possible @+1 {{equal: %in[0] != 4}}
  %0 = linalg.pooling_nhwc_max_unsigned {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %w : tensor<?x8x8x3xi32>, tensor<2x2xi32>) outs(%o : tensor<4x4x4x3xi32>) -> tensor<4x4x4x3xi32>
  // expected-ub-possible @+1 {{equal: %j[3] != 3}}
  %1 = linalg.pooling_nhwc_min_unsigned {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%j, %w : tensor<1x8x8x?xi32>, tensor<2x2xi32>) outs(%p : tensor<1x4x4x3xi32>) -> tensor<1x4x4x3xi32>
  return %0, %1 : tensor<4x4x4x3xi32>, tensor<1x4x4x3xi32>
}
