// Dynamic inputs to tosa concat, reshape, matmul, conv2d, slice, tile, reduce_sum and pad: mlir-opt keeps the sizes the static operands and attributes fix; symshape too.
func.func @dyn(%a: tensor<?x4xf32>, %b: tensor<2x?xf32>, %m: tensor<?x3x4xf32>, %n: tensor<2x4x?xf32>, %in: tensor<1x?x?x3xf32>, %w: tensor<?x3x3x3xf32>, %bias: tensor<8xf32>) -> (tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tosa.concat"(%a, %b) {axis = 0 : i64} : (tensor<?x4xf32>, tensor<2x?xf32>) -> tensor<?x?xf32>
  %1 = "tosa.reshape"(%a) {new_shape = array<i64: 2, -1, 2>} : (tensor<?x4xf32>) -> tensor<?x?x?xf32>
  %2 = "tosa.matmul"(%m, %n) : (tensor<?x3x4xf32>, tensor<2x4x?xf32>) -> tensor<?x?x?xf32>
  %3 = "tosa.conv2d"(%in, %w, %bias) {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<1x?x?x3xf32>, tensor<?x3x3x3xf32>, tensor<8xf32>) -> tensor<?x?x?x?xf32>
  %4 = "tosa.slice"(%a) {start = array<i64: 1, 0>, size = array<i64: 2, 4>} : (tensor<?x4xf32>) -> tensor<?x?xf32>
  %5 = "tosa.tile"(%a) {multiples = array<i64: 3, 2>} : (tensor<?x4xf32>) -> tensor<?x?xf32>
  %6 = "tosa.reduce_sum"(%a) {axis = 0 : i64} : (tensor<?x4xf32>) -> tensor<?x?xf32>
  %pads = "tosa.const"() {value = dense<[[1, 1], [0, 2]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %7 = "tosa.pad"(%b, %pads) : (tensor<2x?xf32>, tensor<2x2xi32>) -> tensor<?x?xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
