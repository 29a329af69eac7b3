// A small NHWC convolution block in TOSA 1.0: conv2d with bias and
// zero-point operands, max_pool2d, avg_pool2d with its zero points, pad
// with a const_shape padding, and a depthwise convolution.
func.func @conv(%x: tensor<1x16x16x3xf32>, %w: tensor<8x3x3x3xf32>, %b: tensor<8xf32>, %dw: tensor<3x3x8x2xf32>, %db: tensor<16xf32>) -> (tensor<1x7x7x8xf32>, tensor<1x16x16x16xf32>) {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x16x16x3xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x16x8xf32>
  %1 = tosa.max_pool2d %0 {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x16x16x8xf32>) -> tensor<1x8x8x8xf32>
  %2 = tosa.avg_pool2d %1, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x8x8x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x7x7x8xf32>
  %padding = tosa.const_shape {values = dense<[0, 0, 1, 1, 1, 1, 0, 0]> : tensor<8xindex>} : () -> !tosa.shape<8>
  %3 = tosa.pad %0, %padding, %zp : (tensor<1x16x16x8xf32>, !tosa.shape<8>, tensor<1xf32>) -> tensor<1x18x18x8xf32>
  %4 = tosa.depthwise_conv2d %3, %dw, %db, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x18x18x8xf32>, tensor<3x3x8x2xf32>, tensor<16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x16x16xf32>
  return %2, %4 : tensor<1x7x7x8xf32>, tensor<1x16x16x16xf32>
}
