// tosa conv3d (pads, strides and dilations per spatial dim) and rfft2d (two results of width W / 2 + 1) on static inputs: both infer every dim.
func.func @f(%in: tensor<1x6x8x10x3xf32>, %w: tensor<4x3x3x3x3xf32>, %b: tensor<4xf32>, %r: tensor<2x8x16xf32>) -> (tensor<?x?x?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>) {
  %0 = "tosa.conv3d"(%in, %w, %b) {pad = array<i64: 1, 1, 0, 0, 2, 2>, stride = array<i64: 1, 2, 3>, dilation = array<i64: 1, 1, 2>} : (tensor<1x6x8x10x3xf32>, tensor<4x3x3x3x3xf32>, tensor<4xf32>) -> tensor<?x?x?x?x?xf32>
  %1, %2 = "tosa.rfft2d"(%r) : (tensor<2x8x16xf32>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>)
  return %0, %1, %2 : tensor<?x?x?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>
}
