// tosa results left unranked (as MLIR 16's TF legalization writes them): symshape gives the conv its rank and sizes, but the pool that reads it through a `tensor<*xf32>` operand type is opaque (SPEC 4), where tosa-infer-shapes carries on.
func.func @chain(%in: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<*xf32> {
  %0 = "tosa.conv2d"(%in, %w, %b) {pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<*xf32>
  %1 = "tosa.max_pool2d"(%0) {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<*xf32>) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}
