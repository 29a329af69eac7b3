func.func @f(%b: tensor<?xf32>, %init: tensor<8x?xf32>) -> tensor<8x?xf32> {
  %0 = linalg.broadcast ins(%b : tensor<?xf32>) outs(%init : tensor<8x?xf32>) dimensions = [0]
  return %0 : tensor<8x?xf32>
}
