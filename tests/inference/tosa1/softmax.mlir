// Softmax over the last axis in TOSA 1.0 (reduce_max, sub, exp,
// reduce_sum, reciprocal, mul with its shift operand), then a transpose
// with the `perms` attribute and an argmax.
func.func @softmax(%x: tensor<2x8x32xf32>) -> (tensor<2x32x8xf32>, tensor<2x8xi32>) {
  %0 = tosa.reduce_max %x {axis = 2 : i32} : (tensor<2x8x32xf32>) -> tensor<2x8x1xf32>
  %1 = tosa.sub %x, %0 : (tensor<2x8x32xf32>, tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
  %2 = tosa.exp %1 : (tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
  %3 = tosa.reduce_sum %2 {axis = 2 : i32} : (tensor<2x8x32xf32>) -> tensor<2x8x1xf32>
  %4 = tosa.reciprocal %3 : (tensor<2x8x1xf32>) -> tensor<2x8x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %5 = tosa.mul %2, %4, %shift : (tensor<2x8x32xf32>, tensor<2x8x1xf32>, tensor<1xi8>) -> tensor<2x8x32xf32>
  %6 = tosa.transpose %5 {perms = array<i32: 0, 2, 1>} : (tensor<2x8x32xf32>) -> tensor<2x32x8xf32>
  %7 = tosa.argmax %5 {axis = 2 : i32} : (tensor<2x8x32xf32>) -> tensor<2x8xi32>
  return %6, %7 : tensor<2x32x8xf32>, tensor<2x8xi32>
}
