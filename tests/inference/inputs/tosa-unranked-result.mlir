// tosa results declared unranked (`tensor<*xf32>`) get their rank and sizes from their ranked operands: both refine them.
func.func @unranked_results(%a: tensor<2x?xf32>, %in: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %0 = "tosa.abs"(%a) : (tensor<2x?xf32>) -> tensor<*xf32>
  %1 = "tosa.conv2d"(%in, %w, %b) {pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<*xf32>
  return %0, %1 : tensor<*xf32>, tensor<*xf32>
}
