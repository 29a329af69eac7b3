// (?, 8) broadcasts to 8 in every well-defined run; tosa-infer-shapes gives up on the whole op.
func.func @batch(%x: tensor<?x4xf32>, %y: tensor<8x4xf32>) -> tensor<?x?xf32> {
  %0 = "tosa.add"(%x, %y) : (tensor<?x4xf32>, tensor<8x4xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
