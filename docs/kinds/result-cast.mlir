func.func @f(%a: tensor<?xf32>, %b: tensor<1xf32>) -> tensor<4xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<?xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
