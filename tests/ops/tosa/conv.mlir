// tosa convolutions, pooling and contractions (MLIR 16 generic form): the
// channels they contract must be equal, the bias is the output channels or
// 1, and each spatial output size is
//   floor((in + pad_lo + pad_hi - dilation * (k - 1) - 1) / stride) + 1,
// which must not be negative (the window fits).
func.func @conv2d(%in: tensor<?x?x?x3xf32>, %w: tensor<8x3x3x?xf32>, %b: tensor<8xf32>) -> tensor<?x4x?x8xf32> {
  // Height and width: floor((%in[i] - 1) / 2) + 1, never negative. The
  // declared height 4 needs %in[1] in {7, 8} (a division: no printed
  // condition).
  // expected-ub-possible @+4 {{equal: %w[3] != 3}}
  // expected-safe @+3 {{in-bounds}}
  // expected-safe @+2 {{in-bounds}}
  // expected-ub-possible @+1 {{result-cast dim 1}}
  %0 = "tosa.conv2d"(%in, %w, %b) {pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>} : (tensor<?x?x?x3xf32>, tensor<8x3x3x?xf32>, tensor<8xf32>) -> tensor<?x4x?x8xf32>
  return %0 : tensor<?x4x?x8xf32>
}

func.func @depthwise(%in: tensor<1x?x?x?xf32>, %w: tensor<3x3x2x?xf32>, %b: tensor<6xf32>) -> tensor<?x?x?x6xf32> {
  // Dilation 2 makes the 3x3 window 5 wide: out = %in[i] - 4. The output
  // channels are %in[3] * %w[3], which the bias pins to 6.
  // expected-ub-possible @+5 {{equal: %in[3] != 2}}
  // expected-ub-possible @+4 {{in-bounds: %in[1] <= 3}}
  // expected-ub-possible @+3 {{in-bounds: %in[2] <= 3}}
  // expected-ub-possible @+2 {{equal}}
  // expected-safe @+1 {{result-cast dim 3}}
  %0 = "tosa.depthwise_conv2d"(%in, %w, %b) {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 2, 2>} : (tensor<1x?x?x?xf32>, tensor<3x3x2x?xf32>, tensor<6xf32>) -> tensor<?x?x?x6xf32>
  return %0 : tensor<?x?x?x6xf32>
}

func.func @pool(%x: tensor<?x?x?x?xf32>) -> tensor<?x4x?x?xf32> {
  // max: floor((%x[i] - 2) / 2) + 1, never negative; height 4 needs
  // %x[1] in {8, 9}.
  // expected-safe @+3 {{in-bounds}}
  // expected-safe @+2 {{in-bounds}}
  // expected-ub-possible @+1 {{result-cast dim 1}}
  %0 = "tosa.max_pool2d"(%x) {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<?x?x?x?xf32>) -> tensor<?x4x?x?xf32>
  // avg 3x3, stride 1, pad 1 keeps the size: height 4 is static already.
  // expected-safe @+1 {{in-bounds}}
  %1 = "tosa.avg_pool2d"(%0) {kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, acc_type = f32} : (tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32>
  return %1 : tensor<?x4x?x?xf32>
}

func.func @transpose_conv(%in: tensor<1x?x?x8xf32>, %w: tensor<4x2x2x8xf32>, %b: tensor<4xf32>) -> tensor<1x?x?x4xf32> {
  // out = (%in[i] - 1) * 2 + 2 = 2 * %in[i]; out_shape names height 8.
  // expected-safe @+3 {{in-bounds}}
  // expected-safe @+2 {{in-bounds}}
  // expected-ub-possible @+1 {{equal: %in[1] != 4}}
  %0 = "tosa.transpose_conv2d"(%in, %w, %b) {out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>, out_shape = array<i64: -1, 8, -1, -1>} : (tensor<1x?x?x8xf32>, tensor<4x2x2x8xf32>, tensor<4xf32>) -> tensor<1x?x?x4xf32>
  return %0 : tensor<1x?x?x4xf32>
}

func.func @contract(%a: tensor<?x3x4xf32>, %b: tensor<2x?x5xf32>, %x: tensor<?x?xf32>, %fw: tensor<6x4xf32>, %fb: tensor<?xf32>) -> (tensor<?x3x5xf32>, tensor<?x6xf32>) {
  // expected-ub-possible @+2 {{equal: %a[0] != 2}}
  // expected-ub-possible @+1 {{equal: %b[1] != 4}}
  %0 = "tosa.matmul"(%a, %b) : (tensor<?x3x4xf32>, tensor<2x?x5xf32>) -> tensor<?x3x5xf32>
  // expected-ub-possible @+2 {{equal: %x[1] != 4}}
  // expected-ub-possible @+1 {{equal: %fb[0] not in {1, 6}}}
  %1 = "tosa.fully_connected"(%x, %fw, %fb) : (tensor<?x?xf32>, tensor<6x4xf32>, tensor<?xf32>) -> tensor<?x6xf32>
  return %0, %1 : tensor<?x3x5xf32>, tensor<?x6xf32>
}
// expected-summary {{safe=8 ub-possible=12 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
