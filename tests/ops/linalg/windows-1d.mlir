// 1-D linalg convolutions and pooling (MLIR's linalg named-op
// definitions), with the window rule of windows.mlir: each output width is
//   out = floor((in - dilation * (k - 1) - 1) / stride) + 1
// where k comes from the filter or the window operand; the window must fit
// (`in-bounds`: out >= 0), the outs' sizes must be the computed ones, and
// batch / channel sizes their counterparts (`equal`).

// conv_1d_nwc_wcf: [N, W, C] * [KW, C, F] -> [N, OW, F]; stride 1, k 3:
// out = in - 2.
func.func @conv(%in: tensor<1x?x3xf32>, %f: tensor<3x3x8xf32>, %o: tensor<1x?x8xf32>) -> tensor<1x?x8xf32> {
  // expected-ub-possible @+2 {{in-bounds: %in[1] <= 1}}
  // expected-ub-possible @+1 {{equal: %in[1] != %o[1] + 2}}
  %0 = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%in, %f : tensor<1x?x3xf32>, tensor<3x3x8xf32>) outs(%o : tensor<1x?x8xf32>) -> tensor<1x?x8xf32>
  return %0 : tensor<1x?x8xf32>
}

// depthwise_conv_1d_nwc_wc: [N, W, C] * [KW, C] -> [N, OW, C]; the channel
// is shared; out 4 = in - 2 needs in = 6.
func.func @depthwise(%in: tensor<1x?x?xf32>, %f: tensor<3x?xf32>, %o: tensor<1x4x?xf32>) -> tensor<1x4x?xf32> {
  // expected-ub-possible @+4 {{equal: %in[2] != %f[1]}}
  // expected-ub-possible @+3 {{equal: %in[2] != %o[2]}}
  // expected-ub-possible @+2 {{in-bounds: %in[1] <= 1}}
  // expected-ub-possible @+1 {{equal: %in[1] != 6}}
  %0 = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%in, %f : tensor<1x?x?xf32>, tensor<3x?xf32>) outs(%o : tensor<1x4x?xf32>) -> tensor<1x4x?xf32>
  return %0 : tensor<1x4x?xf32>
}

// pooling_nwc_max: width 8, window 2, stride 2: floor(6 / 2) + 1 = 4; the
// batch %in[0] must be the outs' 4.
func.func @pool_max(%in: tensor<?x8x3xf32>, %w: tensor<2xf32>, %o: tensor<4x4x3xf32>) -> tensor<4x4x3xf32> {
  // expected-ub-possible @+1 {{equal: %in[0] != 4}}
  %0 = linalg.pooling_nwc_max {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%in, %w : tensor<?x8x3xf32>, tensor<2xf32>) outs(%o : tensor<4x4x3xf32>) -> tensor<4x4x3xf32>
  return %0 : tensor<4x4x3xf32>
}

// pooling_nwc_min: window 3, stride 1: out = in - 2.
func.func @pool_min(%in: tensor<1x?x3xf32>, %w: tensor<3xf32>, %o: tensor<1x?x3xf32>) -> tensor<1x?x3xf32> {
  // expected-ub-possible @+2 {{in-bounds: %in[1] <= 1}}
  // expected-ub-possible @+1 {{equal: %in[1] != %o[1] + 2}}
  %0 = linalg.pooling_nwc_min {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%in, %w : tensor<1x?x3xf32>, tensor<3xf32>) outs(%o : tensor<1x?x3xf32>) -> tensor<1x?x3xf32>
  return %0 : tensor<1x?x3xf32>
}

// pooling_nwc_sum: width 8, window 2, stride 1: 7; the channel %in[2] must
// be the outs' 4.
func.func @pool_sum(%in: tensor<2x8x?xf32>, %w: tensor<2xf32>, %o: tensor<2x7x4xf32>) -> tensor<2x7x4xf32> {
  // expected-ub-possible @+1 {{equal: %in[2] != 4}}
  %0 = linalg.pooling_nwc_sum {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%in, %w : tensor<2x8x?xf32>, tensor<2xf32>) outs(%o : tensor<2x7x4xf32>) -> tensor<2x7x4xf32>
  return %0 : tensor<2x7x4xf32>
}
